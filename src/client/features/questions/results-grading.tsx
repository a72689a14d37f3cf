import { Button, Field, Input, makeStyles, Spinner, Text, Textarea, tokens } from "@fluentui/react-components";
import { SaveRegular } from "@fluentui/react-icons";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AttemptResult, QuestionResult } from "../../../contracts/assessments";
import { errorMessage } from "../../ui/errors";
import { useNotify } from "../../ui/toast";
import { useGradeAnswerMutation } from "./assessmentsApi";
import { checkScore, formatPoints } from "./results-format";

/*
 * The teacher's grade for one open answer (long text, upload file, pencil) or a change to a
 * grade already given: points (0..the question's maximum, in quarter steps with the arrows) and
 * feedback for the student. Checked here before sending; the server checks again.
 */

const useStyles = makeStyles({
  form: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: { margin: 0 },
  score: { maxWidth: "12rem" },
  actions: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export type GradeFormProps = {
  attemptGuid: string;
  result: QuestionResult;
  number: number;
  /** Called with the attempt as the server has it after the grade. */
  onGraded: (result: AttemptResult) => void;
};

export function GradeForm({ attemptGuid, result, number, onGraded }: GradeFormProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const notify = useNotify();
  const headingId = useId();
  const [grade, { isLoading }] = useGradeAnswerMutation();
  const graded = result.outcome === "graded";
  const [score, setScore] = useState(graded && result.score !== null ? String(result.score) : "");
  const [feedback, setFeedback] = useState(graded ? (result.feedback ?? "") : "");
  const [scoreError, setScoreError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | undefined>();
  const scoreRef = useRef<HTMLInputElement>(null);
  const max = result.maxScore;
  const maxText = formatPoints(max, i18n.language);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setSaveError(undefined);
    const checked = checkScore(score, max);
    if (!checked.ok) {
      setScoreError(checked.reason === "required" ? t("results.grading.scoreRequired") : t("results.grading.scoreRange", { max: maxText }));
      scoreRef.current?.focus();
      return;
    }
    setScoreError(undefined);
    try {
      const sent = { score: checked.value, feedback: feedback.trim() };
      const updated = await grade({ attemptGuid, questionGuid: result.question.guid, grade: sent }).unwrap();
      // The form stays (and keeps the focus), showing what was saved.
      setScore(String(sent.score));
      setFeedback(sent.feedback);
      notify({ intent: "success", title: t("results.grading.saved", { number }) });
      onGraded(updated);
    } catch (error) {
      setSaveError(errorMessage(t, error));
    }
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} noValidate onSubmit={(e) => void onSubmit(e)}>
      <Text as="h4" id={headingId} weight="semibold" className={styles.heading}>
        {t(graded ? "results.grading.titleGraded" : "results.grading.title", { number })}
      </Text>
      <Field
        className={styles.score}
        label={t("results.grading.score", { max: maxText })}
        required
        validationMessage={scoreError}
        validationState={scoreError ? "error" : "none"}
      >
        <Input
          ref={scoreRef}
          type="number"
          inputMode="decimal"
          min={0}
          max={max}
          step={0.25}
          value={score}
          onChange={(_e, data) => {
            setScore(data.value);
            if (scoreError) setScoreError(undefined);
          }}
        />
      </Field>
      <Field label={t("results.grading.feedback")} hint={t("results.grading.feedbackHint")}>
        <Textarea value={feedback} maxLength={5000} resize="vertical" onChange={(_e, data) => setFeedback(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={isLoading ? <Spinner size="tiny" /> : <SaveRegular />} disabledFocusable={isLoading}>
          {isLoading ? t("results.grading.saving") : t("results.grading.save")}
        </Button>
        {saveError ? (
          <Text role="alert" className={styles.error}>
            {saveError}
          </Text>
        ) : null}
      </div>
    </form>
  );
}
