import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Spinner, Text, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import type { PracticeActivity, PracticeSession } from "../../../contracts/practice";
import { PRACTICE_ERRORS } from "../../../contracts/practice-base";
import type { Answer } from "../../../contracts/questions";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorKeyOf } from "../../app/apiResult";
import { useAppDispatch } from "../../app/store";
import { errorMessage } from "../../ui/errors";
import { ErrorState } from "../../ui/States";
import { ReportErrorButton } from "../questions/ErrorReportDialog";
import { OutcomeLine, ReviewedAnswer } from "../questions/results-attempt";
import { isAnswered } from "../questions/take-format";
import { QuestionPanel } from "../questions/take-QuestionPanel";
import { MathText } from "../questions/views/MathText";
import { activityPath, kcName, practiceApi, summaryPath, useAnswerActivityMutation, useCompletePracticeMutation, useGetPracticeSessionQuery } from "./practiceApi";
import { helpKey } from "./practiceRules";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "900px" },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, justifyContent: "flex-end", flexWrap: "wrap" },
  progress: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  progressHeading: {
    margin: 0,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  report: { display: "flex", justifyContent: "flex-end" },
});

/** Practice has no file answers: the bank holds auto-scored types only. */
const noUpload = () => Promise.reject(new Error("practice takes no files"));

/**
 * The practice player (/activities/sessions/{sessionId}/activities/{activityInstanceId}): one
 * activity per address. Check scores it at once: a wrong first try shows one of the three help
 * messages and the hint, a wrong second the solution; Next and Finish move on.
 */
export function PracticeActivityPage() {
  const { sessionId = "", activityInstanceId = "" } = useParams();
  const { t } = useTranslation("practice");
  const { data: session, isLoading, isError, refetch } = useGetPracticeSessionQuery(sessionId);
  if (isLoading) return <Spinner label={t("player.loading")} />;
  if (isError || !session) return <ErrorState onRetry={() => void refetch()} />;
  const index = session.activities.findIndex((a) => a.activityInstanceId === activityInstanceId);
  const activity = session.activities[index];
  if (!activity) return <ErrorState onRetry={() => void refetch()} message={t("player.notFound")} />;
  return <Player key={activity.activityInstanceId} session={session} activity={activity} index={index} />;
}

function Player({ session, activity, index }: { session: PracticeSession; activity: PracticeActivity; index: number }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState<Answer | null>(activity.state === "retry" ? activity.answer : null);
  // A try the server refused (its error key, shown by the question panel), an empty check, a failed finish.
  const [error, setError] = useState<string | undefined>(undefined);
  const [empty, setEmpty] = useState(false);
  const [finishError, setFinishError] = useState<string | undefined>(undefined);
  const { refetch } = useGetPracticeSessionQuery(session.guid);
  const [answer, { isLoading: checking }] = useAnswerActivityMutation();
  const [complete, { isLoading: finishing }] = useCompletePracticeMutation();
  const total = session.activities.length;
  const over = activity.state === "right" || activity.state === "wrong";
  const next = session.activities[index + 1];
  // The help messages rotate with the session's wrong tries so far.
  const help = t(helpKey(session.activities));
  const kc = session.kcs.find((k) => k.code === activity.kc);

  // The check that ends the activity takes its button away: the focus goes to Next (or Finish), not to the page's start.
  const moveOn = useRef<HTMLButtonElement>(null);
  // Next puts the focus on the new activity's heading, so it is read out (its button is gone with the old one).
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = (useLocation().state as { moved?: boolean } | null)?.moved === true;
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);
  const wasOver = useRef(over);
  useEffect(() => {
    if (over && !wasOver.current) moveOn.current?.focus();
    wasOver.current = over;
  }, [over]);

  const check = async () => {
    if (!value || !isAnswered(value)) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setError(undefined);
    try {
      await answer({ sessionGuid: session.guid, activityGuid: activity.activityInstanceId, answer: value, try: activity.tries + 1 }).unwrap();
    } catch (e) {
      const key = errorKeyOf(e);
      // Over already (answered in another tab): show it as it stands.
      if (key === PRACTICE_ERRORS.activityFinished) void refetch();
      else setError(key);
    }
  };
  const finish = async () => {
    setFinishError(undefined);
    try {
      const summary = await complete(session.guid).unwrap();
      // The summary page finds complete's answer in its cache instead of asking again.
      dispatch(practiceApi.util.upsertQueryEntries([{ endpointName: "getPracticeSummary", arg: session.guid, value: summary }]));
      await navigate(summaryPath(session.guid));
    } catch (e) {
      setFinishError(errorMessage(t, e));
    }
  };

  return (
    <>
      <AppPageHeader title={kc ? kcName(kc, i18n.language) : t(`challenge.${session.challenge}`)} subtitle={`${session.course.name} · ${t(`challenge.${session.challenge}`)}`} />
      <div className={styles.root}>
        <div className={styles.progress}>
          <Text as="h2" id="practice-progress" ref={heading} tabIndex={-1} size={400} weight="semibold" className={styles.progressHeading}>
            {t("player.progress", { n: index + 1, total })}
          </Text>
          <ProgressBar aria-labelledby="practice-progress" value={(index + (over ? 1 : 0)) / total} max={1} thickness="large" />
        </div>
        {over && activity.result ? (
          <section aria-label={t("player.progress", { n: index + 1, total })}>
            <OutcomeLine result={activity.result} />
            <MathText as="p" text={activity.question.prompt} />
            <ReviewedAnswer result={activity.result} label={t("player.progress", { n: index + 1, total })} fileUrls={{}} />
            <div className={styles.report}>
              <ReportErrorButton exerciseId={activity.exerciseId} activityInstanceId={activity.activityInstanceId} />
            </div>
          </section>
        ) : (
          <QuestionPanel
            question={activity.question}
            number={index + 1}
            total={total}
            attemptGuid={activity.activityInstanceId}
            value={value}
            onAnswer={(v) => {
              setValue(v);
              setError(undefined);
              setEmpty(false);
            }}
            upload={noUpload}
            fileUrl={() => ""}
            error={error}
          />
        )}
        <div aria-live="polite">
          {activity.state === "retry" ? (
            <MessageBar intent="warning">
              <MessageBarBody>
                <Text as="p" weight="semibold">
                  {help}
                </Text>
                {activity.hint ? <MathText as="p" text={t("player.hint", { hint: activity.hint })} /> : null}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {activity.state === "right" ? (
            <MessageBar intent="success">
              <MessageBarBody>
                <Text as="p" weight="semibold">
                  {t("player.right")}
                </Text>
                {activity.result?.feedback ? <MathText as="p" text={activity.result.feedback} /> : null}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {activity.state === "wrong" ? (
            <MessageBar intent="error">
              <MessageBarBody>
                <Text as="p" weight="semibold">
                  {t("player.wrong")}
                </Text>
                {activity.result?.feedback ? <MathText as="p" text={activity.result.feedback} /> : null}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {empty ? (
            <MessageBar intent="info">
              <MessageBarBody>{t("player.answerFirst")}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        {finishError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{finishError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          {!over ? (
            <Button appearance="primary" disabled={checking} onClick={() => void check()}>
              {t("player.check")}
            </Button>
          ) : next ? (
            <Button ref={moveOn} appearance="primary" onClick={() => navigate(activityPath(session.guid, next.activityInstanceId), { state: { moved: true } })}>
              {t("player.next")}
            </Button>
          ) : (
            <Button ref={moveOn} appearance="primary" disabled={finishing} onClick={() => void finish()}>
              {t("player.finish")}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
