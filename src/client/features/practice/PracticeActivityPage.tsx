import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Spinner, Text, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import type { PracticeActivity, PracticeSession } from "../../../contracts/practice";
import { HELP_MESSAGE_COUNT } from "../../../contracts/practice-base";
import type { Answer } from "../../../contracts/questions";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorKeyOf } from "../../app/apiResult";
import { ErrorState } from "../../ui/States";
import { OutcomeLine, ReviewedAnswer } from "../questions/results-attempt";
import { QuestionPanel } from "../questions/take-QuestionPanel";
import { MathText } from "../questions/views/MathText";
import { activityPath, kcName, summaryPath, useAnswerActivityMutation, useCompletePracticeMutation, useGetPracticeSessionQuery } from "./practiceApi";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "900px" },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, justifyContent: "flex-end", flexWrap: "wrap" },
  progress: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  progressHeading: { margin: 0 },
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
  const [value, setValue] = useState<Answer | null>(activity.state === "retry" ? activity.answer : null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [answer, { isLoading: checking }] = useAnswerActivityMutation();
  const [complete, { isLoading: finishing }] = useCompletePracticeMutation();
  const total = session.activities.length;
  const over = activity.state === "right" || activity.state === "wrong";
  const next = session.activities[index + 1];
  // The help messages rotate with the session's wrong tries so far.
  const wrongTries = session.activities.reduce((n, a) => n + (a.state === "wrong" ? 2 : a.state === "retry" ? 1 : a.state === "right" ? a.tries - 1 : 0), 0);
  const help = t(`help.${(wrongTries - 1 + HELP_MESSAGE_COUNT) % HELP_MESSAGE_COUNT}`);
  const kc = session.kcs.find((k) => k.code === activity.kc);

  const check = async () => {
    if (!value) {
      setError("VALIDATION_ERROR");
      return;
    }
    setError(undefined);
    try {
      await answer({ sessionGuid: session.guid, activityGuid: activity.activityInstanceId, answer: value, try: activity.tries + 1 }).unwrap();
    } catch (e) {
      setError(errorKeyOf(e));
    }
  };
  const finish = async () => {
    try {
      await complete(session.guid).unwrap();
      navigate(summaryPath(session.guid));
    } catch (e) {
      setError(errorKeyOf(e));
    }
  };

  return (
    <>
      <AppPageHeader title={kc ? kcName(kc, i18n.language) : t(`challenge.${session.challenge}`)} subtitle={`${session.course.name} · ${t(`challenge.${session.challenge}`)}`} />
      <div className={styles.root}>
        <div className={styles.progress}>
          <Text as="h2" id="practice-progress" size={400} weight="semibold" className={styles.progressHeading}>
            {t("player.progress", { n: index + 1, total })}
          </Text>
          <ProgressBar aria-labelledby="practice-progress" value={(index + (over ? 1 : 0)) / total} max={1} thickness="large" />
        </div>
        {over && activity.result ? (
          <section aria-label={t("player.progress", { n: index + 1, total })}>
            <OutcomeLine result={activity.result} />
            <MathText as="p" text={activity.question.prompt} />
            <ReviewedAnswer result={activity.result} label={t("player.progress", { n: index + 1, total })} fileUrls={{}} />
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
          {error === "VALIDATION_ERROR" && !value ? (
            <MessageBar intent="info">
              <MessageBarBody>{t("player.answerFirst")}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        <div className={styles.actions}>
          {!over ? (
            <Button appearance="primary" disabled={checking} onClick={() => void check()}>
              {t("player.check")}
            </Button>
          ) : next ? (
            <Button appearance="primary" onClick={() => navigate(activityPath(session.guid, next.activityInstanceId))}>
              {t("player.next")}
            </Button>
          ) : (
            <Button appearance="primary" disabled={finishing} onClick={() => void finish()}>
              {t("player.finish")}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
