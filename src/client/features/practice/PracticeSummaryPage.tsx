import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowDownRegular, ArrowRightRegular, ArrowUpRegular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import type { PracticeSummary } from "../../../contracts/practice";
import { AppPageHeader } from "../../app/AppPageHeader";
import { ErrorState } from "../../ui/States";
import { kcName, percentText, useGetPracticeSummaryQuery } from "./practiceApi";
import { changeOf, SUMMARY_POLL_MS, SUMMARY_POLLS } from "./practiceRules";
import { usePracticeStart } from "./usePracticeStart";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "900px" },
  table: { borderCollapse: "collapse", width: "100%" },
  cell: { textAlign: "start", padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  change: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

/** The summary (/activities/sessions/{sessionId}/summary): activities right, and each KC's mastery before and after. */
export function PracticeSummaryPage() {
  const { sessionId = "" } = useParams();
  const { t } = useTranslation("practice");
  const [polls, setPolls] = useState(0);
  const { data, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } = useGetPracticeSummaryQuery(sessionId);
  // Not complete yet: the learner model applies the answers after they are stored. Ask again shortly
  // after each answer (never while one is on its way), at most SUMMARY_POLLS times, then show what is there.
  const waiting = data !== undefined && !data.complete && polls < SUMMARY_POLLS;
  useEffect(() => {
    if (!waiting || isFetching) return undefined;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, SUMMARY_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, isFetching, fulfilledTimeStamp, refetch]);
  if (isLoading) return <Spinner label={t("player.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  return <Summary summary={data} pending={waiting} />;
}

function Summary({ summary, pending }: { summary: PracticeSummary; pending: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const navigate = useNavigate();
  const { start, busy } = usePracticeStart();
  const pct = (x: number) => percentText(x, i18n.language);
  const { session } = summary;
  // The same challenge on the same KCs (a teacher's set is done once: its KCs again as mixed practice).
  const again = () =>
    start(
      { courseGuid: session.course.guid, challenge: session.challenge === "teacher" ? "mixed" : session.challenge, kcs: session.kcs.map((k) => k.code) },
      session.guid,
    );
  return (
    <>
      <AppPageHeader title={t("summary.title")} subtitle={`${session.course.name} · ${t(`challenge.${session.challenge}`)}`} />
      <div className={styles.root}>
        <Text as="p" size={500} weight="semibold">
          {t("summary.score", { right: summary.right, total: summary.activities })}
        </Text>
        <Text as="p">{t("summary.firstTry", { count: summary.rightFirstTry })}</Text>
        <div aria-live="polite">{pending ? <Spinner size="tiny" label={t("summary.pending")} /> : null}</div>
        <table className={styles.table}>
          <caption>
            <Text weight="semibold">{t("summary.caption")}</Text>
          </caption>
          <thead>
            <tr>
              {(["kc", "answers", "before", "after"] as const).map((c) => (
                <th key={c} scope="col" className={styles.cell}>
                  {t(`summary.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.kcs.map((k) => {
              const direction = changeOf(k.before.known, k.after.known);
              const Icon = direction === "up" ? ArrowUpRegular : direction === "down" ? ArrowDownRegular : ArrowRightRegular;
              return (
                <tr key={k.code}>
                  <th scope="row" className={styles.cell}>
                    {kcName(k, i18n.language)}
                  </th>
                  <td className={styles.cell}>{t("sessions.resultValue", { right: k.right, total: k.answers })}</td>
                  <td className={styles.cell}>{t("summary.value", { value: pct(k.before.known), state: t(`mastery.${k.before.state}`) })}</td>
                  <td className={styles.cell}>
                    <span className={styles.change}>
                      <Icon aria-hidden="true" />
                      <span>{t("summary.value", { value: pct(k.after.known), state: t(`mastery.${k.after.state}`) })}</span>
                      <span>({t(`summary.${direction}`)})</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => navigate("/chatbot-practice")}>
            {t("summary.back")}
          </Button>
          <Button disabled={busy !== null} onClick={() => void again()}>
            {t("summary.again")}
          </Button>
        </div>
      </div>
    </>
  );
}
