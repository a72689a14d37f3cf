import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import {
  ArrowLeftRegular, ArrowRightRegular, ArrowSyncRegular, CloudCheckmarkRegular, CloudOffRegular, ErrorCircleRegular, SendRegular,
} from "@fluentui/react-icons";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { AttemptView } from "../../../contracts/assessments";
import type { Answer } from "../../../contracts/questions";
import { errorKeyOf } from "../../app/apiResult";
import { errorMessage } from "../../ui/errors";
import { LinkButton } from "../lesson/components/LinkButton";
import type { QueueStatus } from "./answerQueue";
import { useSubmitAttemptMutation, useUploadAttemptFileMutation } from "./assessmentsApi";
import { QuestionNavigator } from "./take-Navigator";
import { QuestionPanel } from "./take-QuestionPanel";
import { SubmitDialog, type SubmitPhase } from "./take-SubmitDialog";
import { attemptResultPath, isAnswered, questionIndexOf } from "./take-format";
import { useAnswerQueue } from "./useAnswerQueue";
import type { UploadedFile } from "./views/types";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "960px" },
  header: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalL },
  titleBlock: { flexGrow: 1, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  title: { margin: 0 },
  status: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  pager: { display: "flex", justifyContent: "space-between", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

const STATUS_ICONS: Record<QueueStatus, ReactNode> = {
  saved: <CloudCheckmarkRegular aria-hidden />,
  saving: <ArrowSyncRegular aria-hidden />,
  offline: <CloudOffRegular aria-hidden />,
  retrying: <ArrowSyncRegular aria-hidden />,
  error: <ErrorCircleRegular aria-hidden />,
};

/** The attempt being answered: progress and save status, the question navigator, one question at a time, and handing in. */
export function AttemptTaker({ attempt }: { attempt: AttemptView }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const navigate = useNavigate();
  const queue = useAnswerQueue(attempt);
  const [params, setParams] = useSearchParams();
  const questions = attempt.questions;
  const total = questions.length;
  const current = questionIndexOf(params.get("q"), total);
  const question = questions[current - 1];

  // Moving to another question puts the focus on its heading, so it is read out.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [current]);
  const go = (n: number) => {
    if (n === current) return;
    moved.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("q", String(n));
        return next;
      },
      { replace: true },
    );
  };

  // Files of upload-file and pencil answers: the attempt's signed addresses plus the ones uploaded now.
  const [uploadFile] = useUploadAttemptFileMutation();
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const upload = useCallback(
    async (file: File): Promise<UploadedFile> => {
      const stored = await uploadFile({ attemptGuid: attempt.guid, file }).unwrap();
      setUploaded((u) => ({ ...u, [stored.key]: stored.url }));
      return { key: stored.key, name: stored.name };
    },
    [uploadFile, attempt.guid],
  );
  const fileUrl = useCallback((f: UploadedFile) => uploaded[f.key] ?? attempt.fileUrls[f.key] ?? "", [uploaded, attempt.fileUrls]);

  const { put } = queue;
  const questionGuid = question?.guid;
  const onAnswer = useCallback(
    (value: Answer) => {
      if (questionGuid) put(questionGuid, value);
    },
    [put, questionGuid],
  );

  const answered = questions.filter((q) => isAnswered(queue.values[q.guid])).length;
  const failed = Object.keys(queue.errors).length;

  // Handing in: every answer saved first; without a connection it waits in the dialog with Retry.
  const [submitAttempt] = useSubmitAttemptMutation();
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const finish = () => {
    queue.clear();
    void navigate(attemptResultPath(attempt.guid));
  };
  const handIn = async () => {
    setPhase({ kind: "saving" });
    queue.retryNow();
    const settled = await queue.whenSettled();
    if (settled === "offline" || settled === "retrying") return setPhase({ kind: settled });
    if (settled === "idle") {
      setPhase({ kind: "submitting" });
      try {
        await submitAttempt(attempt.guid).unwrap();
      } catch (error) {
        if (errorKeyOf(error) !== "ATTEMPT_SUBMITTED") return setPhase({ kind: "failed", message: errorMessage(t, error) });
      }
    }
    finish();
  };

  const statusText = queue.stopped ? t("take.status.stopped") : t(`take.status.${queue.status}`);

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <Text as="h2" size={700} weight="semibold" className={styles.title}>
            {attempt.assessment.title}
          </Text>
          <Text>{t("take.header.answered", { answered, total })}</Text>
          <div role="status" aria-live="polite" data-save-status={queue.status} className={styles.status}>
            {STATUS_ICONS[queue.status]}
            <span>{statusText}</span>
          </div>
        </div>
        <Button appearance="primary" icon={<SendRegular />} onClick={() => setPhase({ kind: "confirm" })} disabled={queue.stopped}>
          {t("take.submit.button")}
        </Button>
      </div>

      {queue.stopped ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t("errors:ATTEMPT_SUBMITTED")}</MessageBarBody>
          <MessageBarActions>
            <LinkButton to={attemptResultPath(attempt.guid)}>{t("take.viewResults")}</LinkButton>
          </MessageBarActions>
        </MessageBar>
      ) : null}

      <QuestionNavigator
        items={questions.map((q) => ({ guid: q.guid, answered: isAnswered(queue.values[q.guid]), failed: q.guid in queue.errors }))}
        current={current}
        onGo={go}
      />

      {question ? (
        <QuestionPanel
          headingRef={headingRef}
          question={question}
          number={current}
          total={total}
          attemptGuid={attempt.guid}
          value={queue.values[question.guid]}
          onAnswer={onAnswer}
          upload={upload}
          fileUrl={fileUrl}
          error={queue.errors[question.guid]}
        />
      ) : (
        <Text>{t("take.noQuestions")}</Text>
      )}

      <div className={styles.pager}>
        <Button icon={<ArrowLeftRegular />} onClick={() => go(current - 1)} disabled={current <= 1}>
          {t("take.nav.previous")}
        </Button>
        {current < total ? (
          <Button icon={<ArrowRightRegular />} iconPosition="after" onClick={() => go(current + 1)}>
            {t("take.nav.next")}
          </Button>
        ) : (
          <Button appearance="primary" icon={<SendRegular />} onClick={() => setPhase({ kind: "confirm" })} disabled={queue.stopped}>
            {t("take.submit.finish")}
          </Button>
        )}
      </div>

      <SubmitDialog
        phase={phase}
        unanswered={total - answered}
        notSaved={failed}
        onConfirm={() => void handIn()}
        onCancel={() => setPhase(null)}
      />
    </div>
  );
}
