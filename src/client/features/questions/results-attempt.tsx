import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import {
  CheckmarkCircle16Filled,
  CircleHalfFill16Filled,
  Clock16Regular,
  ClipboardCheckmark16Regular,
  DismissCircle16Filled,
  SubtractCircle16Regular,
} from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AttemptResult, QuestionResult } from "../../../contracts/assessments";
import { ReportErrorButton } from "./ErrorReportDialog";
import { GradeForm } from "./results-grading";
import { formatDateTime, formatGrade, formatPoints, outcomeTone, type OutcomeTone } from "./results-format";
import { MathText } from "./views/MathText";
import { QuestionView } from "./views/registry";
import { AnswerOwnerProvider } from "./views/review-owner";
import type { QuestionViewProps, UploadedFile } from "./views/types";

/*
 * One submitted attempt as its student (or a teacher) reviews it: the score and grade, then every
 * question with the student's answer in the type's review view, how it went in words and icon,
 * the feedback, and — for teachers who may — the grading form of each open answer.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  facts: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(10rem, 1fr))",
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  fact: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  note: {
    padding: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL },
  question: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  questionHead: { display: "flex", alignItems: "baseline", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  heading: { margin: 0, flexGrow: 1 },
  media: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  image: { maxWidth: "100%", maxHeight: "280px", objectFit: "contain" },
  outcome: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, fontWeight: tokens.fontWeightSemibold },
  right: { color: tokens.colorPaletteGreenForeground1 },
  partial: { color: tokens.colorPaletteMarigoldForeground1 },
  wrong: { color: tokens.colorPaletteRedForeground1 },
  neutral: { color: tokens.colorNeutralForeground2 },
  feedback: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, margin: 0 },
  footer: { display: "flex", justifyContent: "flex-end" },
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** Score, grade (or pending grading), attempt number and when it was submitted. */
export function AttemptFacts({ result }: { result: AttemptResult }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const lng = i18n.language;
  return (
    <dl className={styles.facts} aria-label={t("results.attempt.summary")}>
      <Fact term={t("results.attempt.number")}>{result.number}</Fact>
      <Fact term={t("results.attempt.score")}>
        {result.score === null
          ? t("results.none")
          : t("results.points", { score: formatPoints(result.score, lng), max: formatPoints(result.maxScore, lng), count: result.maxScore })}
      </Fact>
      <Fact term={t("results.attempt.grade")}>
        {result.pendingGrading > 0
          ? `${t("results.attempt.pendingGrading")} (${t("results.attempt.pendingCount", { count: result.pendingGrading })})`
          : result.grade === null
            ? t("results.none")
            : formatGrade(result.grade, lng)}
      </Fact>
      <Fact term={t("results.attempt.submitted")}>
        {result.submittedAt ? (
          <time dateTime={result.submittedAt}>{formatDateTime(result.submittedAt, lng)}</time>
        ) : (
          t("results.attempt.notSubmitted")
        )}
      </Fact>
    </dl>
  );
}

/**
 * Why the right answers are not shown, per the assessment's settings: never, or not yet (they wait
 * until no attempt is left, the due date, or the teacher closing the assessment). The result then
 * has no solutions; each question still shows the student's answer and whether it was right.
 */
export function AnswersHiddenNote({ result }: { result: AttemptResult }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const { showAnswers, dueAt } = result.assessment.settings;
  const text =
    showAnswers === "never"
      ? t("results.answersHidden.never")
      : showAnswers === "after_due"
        ? dueAt
          ? t("results.answersHidden.afterDueOn", { date: formatDateTime(dueAt, i18n.language) })
          : t("results.answersHidden.afterDue")
        : t("results.answersHidden.afterSubmit");
  return (
    <Text as="p" role="note" className={styles.note}>
      {text}
    </Text>
  );
}

const OUTCOME_ICONS: Record<OutcomeTone, ReactNode> = {
  right: <CheckmarkCircle16Filled aria-hidden />,
  partial: <CircleHalfFill16Filled aria-hidden />,
  wrong: <DismissCircle16Filled aria-hidden />,
  unanswered: <SubtractCircle16Regular aria-hidden />,
  pending: <Clock16Regular aria-hidden />,
  graded: <ClipboardCheckmark16Regular aria-hidden />,
};

/** How the answer went, in words and an icon (never colour alone), with its points. */
export function OutcomeLine({ result }: { result: QuestionResult }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const tone = outcomeTone(result);
  const colour = tone === "right" ? styles.right : tone === "partial" ? styles.partial : tone === "wrong" ? styles.wrong : styles.neutral;
  const max = formatPoints(result.maxScore, i18n.language);
  const points =
    result.score === null
      ? t("results.outcome.worth", { max, count: result.maxScore })
      : t("results.outcome.points", { score: formatPoints(result.score, i18n.language), max, count: result.maxScore });
  return (
    <Text as="p" className={mergeClasses(styles.outcome, colour)}>
      {OUTCOME_ICONS[tone]}
      <span>
        {t(`results.outcome.${tone}`)}
        {" · "}
        {points}
      </span>
    </Text>
  );
}

/** The type's own review view, given this result's question, answer, solution and marks (practice shows it too). */
export function ReviewedAnswer({ result, label, fileUrls }: { result: QuestionResult; label: string; fileUrls: Record<string, string> }) {
  // The result pairs question, answer and solution of one type; the view is generic over it.
  const props = {
    question: result.question,
    mode: "review",
    answer: result.answer?.answer,
    solution: result.solution,
    parts: result.parts,
    fileUrl: (file: UploadedFile) => fileUrls[file.key] ?? "",
    label,
  } as QuestionViewProps<QuestionResult["question"]["type"]>;
  return <QuestionView {...props} />;
}

export type QuestionResultItemProps = {
  attempt: AttemptResult;
  result: QuestionResult;
  number: number;
  /** Students may report an error in the question. */
  reportable: boolean;
  /** Given when the caller may grade: called with the updated attempt. */
  onGraded?: ((result: AttemptResult) => void) | undefined;
};

export function QuestionResultItem({ attempt, result, number, reportable, onGraded }: QuestionResultItemProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const label = t("results.attempt.questionLabel", { number });
  const headingId = `result-question-${result.question.guid}`;
  const gradable = onGraded && attempt.canGrade && (result.outcome === "needs_grading" || result.outcome === "graded");
  return (
    <li>
      <article className={styles.question} aria-labelledby={headingId}>
        <div className={styles.questionHead}>
          <Text as="h3" id={headingId} size={400} weight="semibold" className={styles.heading}>
            {label}
          </Text>
          <OutcomeLine result={result} />
        </div>
        <MathText as="p" text={result.question.prompt} />
        {result.question.media.length ? (
          <div className={styles.media}>
            {result.question.media.map((m) => (
              <img key={m.url} className={styles.image} src={m.url} alt={m.alt} />
            ))}
          </div>
        ) : null}
        <ReviewedAnswer result={result} label={label} fileUrls={attempt.fileUrls} />
        {result.feedback ? (
          <div className={styles.feedback}>
            <Text weight="semibold">{result.outcome === "graded" ? t("results.feedback.teacher") : t("results.feedback.question")}</Text>
            <MathText as="p" text={result.feedback} />
          </div>
        ) : null}
        {gradable ? (
          <GradeForm
            key={`${attempt.guid}:${result.question.guid}`}
            attemptGuid={attempt.guid}
            result={result}
            number={number}
            onGraded={onGraded}
          />
        ) : null}
        {reportable ? (
          <div className={styles.footer}>
            <ReportErrorButton exerciseId={result.question.guid} activityInstanceId={attempt.guid} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

export type AttemptResultViewProps = {
  result: AttemptResult;
  /** The reader is the attempt's student ("Tu respuesta"); otherwise a teacher reads "Respuesta del alumno". */
  own: boolean;
  reportable: boolean;
  onGraded?: ((result: AttemptResult) => void) | undefined;
};

/** The whole attempt: its facts, the note when answers are hidden, and every question. */
export function AttemptResultView({ result, own, reportable, onGraded }: AttemptResultViewProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  return (
    <AnswerOwnerProvider owner={own ? "self" : "student"}>
      <div className={styles.root}>
        <AttemptFacts result={result} />
        {result.showsSolutions ? null : <AnswersHiddenNote result={result} />}
        <section className={styles.root} aria-labelledby={`questions-${result.guid}`}>
          <Text as="h2" id={`questions-${result.guid}`} size={500} weight="semibold" className={styles.heading}>
            {t("results.attempt.questions")}
          </Text>
          <ol className={styles.list}>
            {result.questions.map((q, i) => (
              <QuestionResultItem key={`${result.guid}:${q.question.guid}`} attempt={result} result={q} number={i + 1} reportable={reportable} onGraded={onGraded} />
            ))}
          </ol>
        </section>
      </div>
    </AnswerOwnerProvider>
  );
}
