import { Button, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { ChevronDownRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ALERT_RULES, EVIDENCE_PER_ALERT, type AlertType, type AnalyticsCell } from "../../../contracts/analytics-base";
import { EmptyState } from "../../ui/States";
import { useGetKcEvidenceQuery } from "./analyticsApi";
import { EvidenceTable } from "./EvidenceTable";
import type { EvidenceTarget, Model } from "./model";
import { AnalyticsError, StatusBadge, studentNameOf, useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const useStyles = makeStyles({
  group: { marginBottom: tokens.spacingVerticalXXL },
  groupHead: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  groupTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  item: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalM },
  itemTitle: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  reasons: { margin: `0 0 ${tokens.spacingVerticalS}`, paddingInlineStart: tokens.spacingHorizontalXL },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

type Group = { key: string; title: string; lesson: string | null; alerts: AnalyticsCell[] };

/**
 * Alerts per lesson (a KC taught in two lessons shows under both), then those of KCs outside the
 * lessons the class follows: each student's KC that raises one, with its reasons, and the answers
 * behind it when opened.
 */
export function AlertsPanel({ model, onOpen }: { model: Model; onOpen: (target: EvidenceTarget) => void }) {
  const styles = useStyles();
  const { t } = useTranslation("analytics");
  const { lessons } = model.data;
  const alerts = model.data.cells.filter((c) => c.alerts.length > 0);
  if (alerts.length === 0) return <EmptyState title={t("alerts.empty")} />;
  const groups: Group[] = lessons
    .map((l) => ({ key: l.guid, title: l.title, lesson: l.guid, alerts: alerts.filter((a) => l.kcs.includes(a.kc)) }))
    .filter((g) => g.alerts.length > 0);
  const inLessons = new Set(lessons.flatMap((l) => l.kcs));
  const others = alerts.filter((a) => !inLessons.has(a.kc));
  if (others.length > 0) groups.push({ key: "others", title: t("alerts.others"), lesson: null, alerts: others });
  return (
    <>
      {groups.map((g) => (
        <section key={g.key} className={styles.group} aria-labelledby={`alerts-${g.key}`}>
          <div className={styles.groupHead}>
            <h2 id={`alerts-${g.key}`} className={styles.groupTitle}>
              {g.title}
            </h2>
            {g.lesson ? <StatusBadge status={model.lesson.get(g.lesson)?.status ?? null} /> : null}
            <span>{t("alerts.count", { count: g.alerts.length })}</span>
          </div>
          <ul className={styles.list}>
            {g.alerts.map((a) => (
              <AlertItem key={`${a.student}-${a.kc}`} alert={a} model={model} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function AlertItem({ alert, model, onOpen }: { alert: AnalyticsCell; model: Model; onOpen: (target: EvidenceTarget) => void }) {
  const styles = useStyles();
  const shared = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const kc = model.kc.get(alert.kc);
  const reason = (type: AlertType): string => {
    switch (type) {
      case "low_mastery":
        return t("alerts.reasons.low_mastery", { known: f.probability(alert.known), count: alert.answers, threshold: f.probability(ALERT_RULES.lowMastery.knownBelow) });
      case "repeated_failures":
        return t("alerts.reasons.repeated_failures", { count: ALERT_RULES.repeatedFailures.lastWrong });
      case "review_needed":
        return t("alerts.reasons.review_needed", { recall: f.percent(alert.recall), date: f.dateTime(alert.lastAnswerAt) });
    }
  };
  return (
    <li className={styles.item}>
      <h3 className={styles.itemTitle}>
        {t("alerts.item", { student: studentNameOf(model.student.get(alert.student)), kc: kc ? f.kcName(kc.names, kc.code) : alert.kc })}
        <span className={shared.muted}>{alert.kc}</span>
      </h3>
      <ul className={styles.reasons} aria-label={t("alerts.reasonsLabel")}>
        {alert.alerts.map((type) => (
          <li key={type}>
            <strong>{t(`alertTypes.${type}`)}</strong>: {reason(type)}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button
          appearance="subtle"
          icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
        >
          {t("alerts.showEvidence", { count: Math.min(EVIDENCE_PER_ALERT, alert.answers) })}
        </Button>
        <Button appearance="subtle" onClick={() => onOpen({ student: alert.student, kc: alert.kc })}>
          {t("alerts.allAnswers", { count: alert.answers })}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open ? <NewestAnswers classGuid={model.data.class.guid} alert={alert} /> : null}
      </div>
    </li>
  );
}

/** The newest answers behind an alert, asked when first shown (the same page the answers dialog opens on). */
function NewestAnswers({ classGuid, alert }: { classGuid: string; alert: AnalyticsCell }) {
  const { t } = useTranslation("analytics");
  const { data, isError, error, refetch } = useGetKcEvidenceQuery({ classGuid, studentGuid: alert.student, kc: alert.kc, offset: 0 });
  if (isError) return <AnalyticsError error={error} onRetry={() => void refetch()} />;
  if (!data) return <Spinner size="tiny" label={t("loading")} />;
  const items = data.items.slice(0, EVIDENCE_PER_ALERT);
  return <EvidenceTable items={items} caption={t("alerts.evidenceCaption", { count: items.length })} />;
}
