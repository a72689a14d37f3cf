import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ChevronLeftRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EVIDENCE_PAGE_SIZE } from "../../../contracts/analytics-base";
import { FactList } from "../../ui/FactList";
import { ModalDialog } from "../../ui/ModalDialog";
import { useGetKcEvidenceQuery } from "./analyticsApi";
import { EvidenceTable } from "./EvidenceTable";
import type { EvidenceTarget, Model } from "./model";
import { AnalyticsError, studentNameOf, useAnalyticsFormat } from "./parts";

const useStyles = makeStyles({
  facts: { marginBottom: tokens.spacingVerticalL },
  pager: { display: "flex", alignItems: "center", justifyContent: "flex-end", gap: tokens.spacingHorizontalM },
});

/** "Which answers moved each estimate": every answer of one student on one KC, newest first, paged. */
export function EvidenceDialog({ classGuid, target, model, onClose }: { classGuid: string; target: EvidenceTarget; model: Model; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const [offset, setOffset] = useState(0);
  const { data, isError, error, refetch, isFetching } = useGetKcEvidenceQuery({ classGuid, studentGuid: target.student, kc: target.kc, offset });
  const kc = model.kc.get(target.kc);
  const title = t("evidence.title", { student: studentNameOf(model.student.get(target.student)), kc: kc ? f.kcName(kc.names, kc.code) : target.kc });

  const body = (() => {
    if (isError) return <AnalyticsError error={error} onRetry={() => void refetch()} />;
    if (!data) return <Spinner label={t("loading")} />;
    const m = data.mastery;
    const to = data.offset + data.items.length;
    return (
      <>
        <div className={styles.facts}>
          <FactList
            facts={[
              [t("evidence.facts.kc"), data.kc.code],
              [t("evidence.facts.state"), t(`states.${m.state}`)],
              [t("evidence.facts.known"), f.probability(m.known)],
              [t("evidence.facts.answers"), t("evidence.facts.correctOf", { count: m.answers, correct: f.integer(m.correct) })],
              [t("evidence.facts.recall"), m.answers === 0 ? t("noData") : f.probability(m.recall)],
              [t("evidence.facts.nextReview"), m.nextReviewAt ? f.dateTime(m.nextReviewAt) : t("noData")],
            ]}
          />
        </div>
        {data.total === 0 ? (
          <Text as="p">{t("evidence.none")}</Text>
        ) : (
          <>
            <EvidenceTable items={data.items} caption={t("evidence.caption")} />
            <nav className={styles.pager} aria-label={t("evidence.pager")}>
              <Text aria-live="polite">{t("evidence.range", { from: f.integer(data.offset + 1), to: f.integer(to), total: f.integer(data.total) })}</Text>
              <Button icon={<ChevronLeftRegular />} aria-label={t("evidence.newer")} disabledFocusable={offset === 0 || isFetching} onClick={() => setOffset(Math.max(0, offset - EVIDENCE_PAGE_SIZE))} />
              <Button icon={<ChevronRightRegular />} aria-label={t("evidence.older")} disabledFocusable={to >= data.total || isFetching} onClick={() => setOffset(offset + EVIDENCE_PAGE_SIZE)} />
            </nav>
          </>
        )}
      </>
    );
  })();

  return (
    <ModalDialog open onClose={onClose} title={title} size="xl">
      {body}
    </ModalDialog>
  );
}
