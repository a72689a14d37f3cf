import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { PracticeSessionItem } from "../../../contracts/practice";
import { AppPageHeader } from "../../app/AppPageHeader";
import { RecommendationCards } from "./RecommendationCards";
import { dayText, summaryPath, useGetPracticeSessionsQuery } from "./practiceApi";
import { usePracticeStart } from "./usePracticeStart";
import { QueryState } from "./QueryState";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXL },
  table: { borderCollapse: "collapse", width: "100%" },
  cell: { textAlign: "start", padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  scroller: { overflowX: "auto" },
});

/** /chatbot-practice: the student's recommendation cards across their classes and their recent sessions. */
export function PracticePage() {
  const styles = useStyles();
  const { t } = useTranslation("practice");
  return (
    <>
      <AppPageHeader subtitle={t("page.subtitle")} />
      <div className={styles.root}>
        <RecommendationCards courseGuid={null} />
        <RecentSessions />
      </div>
    </>
  );
}

function RecentSessions() {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const { data, isLoading, isError, error, refetch } = useGetPracticeSessionsQuery();
  const { resume, busy } = usePracticeStart();
  const date = (iso: string) => dayText(iso, i18n.language);
  return (
    <section aria-labelledby="practice-sessions-heading">
      <Text as="h2" id="practice-sessions-heading" size={500} weight="semibold">
        {t("sessions.title")}
      </Text>
      <QueryState isLoading={isLoading} isError={isError} error={error} onRetry={() => void refetch()} failedKey="sessions.loadFailed" />
      {data && data.items.length === 0 ? <Text as="p">{t("sessions.empty")}</Text> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroller} role="region" aria-labelledby="practice-sessions-heading" tabIndex={0}>
          <table className={styles.table} aria-label={t("sessions.caption")}>
            <thead>
              <tr>
                {(["date", "class", "challenge", "state", "result", "action"] as const).map((c) => (
                  <th key={c} scope="col" className={styles.cell}>
                    {t(`sessions.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((s) => (
                <tr key={s.guid}>
                  <th scope="row" className={styles.cell}>
                    {date(s.completedAt ?? s.createdAt)}
                  </th>
                  <td className={styles.cell}>{s.course.name}</td>
                  <td className={styles.cell}>{t(`challenge.${s.challenge}`)}</td>
                  <td className={styles.cell}>{t(`state.${s.state}`)}</td>
                  <td className={styles.cell}>{t("sessions.resultValue", { right: s.right, total: s.activities })}</td>
                  <td className={styles.cell}>
                    {s.state === "completed" ? (
                      <Link to={summaryPath(s.guid)}>{t("sessions.summary")}</Link>
                    ) : (
                      <ContinueButton session={s} busy={busy} onResume={(guid) => void resume(guid, guid)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** An unfinished session reopens at its first activity still to answer: the session is read when pressed, not one request per row. */
function ContinueButton({ session, busy, onResume }: { session: PracticeSessionItem; busy: string | null; onResume: (guid: string) => void }) {
  const { t, i18n } = useTranslation("practice");
  const label = `${t("sessions.continue")}: ${session.course.name}, ${dayText(session.createdAt, i18n.language)}`;
  return (
    <Button size="small" disabled={busy !== null} aria-label={label} onClick={() => onResume(session.guid)}>
      {t("sessions.continue")}
    </Button>
  );
}
