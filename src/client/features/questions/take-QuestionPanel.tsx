import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { StudentQuestion } from "../../../contracts/assessments";
import type { Answer, QuestionType } from "../../../contracts/questions";
import { ReportErrorButton } from "./ErrorReportDialog";
import { formatNumber } from "./take-format";
import { MathText } from "./views/MathText";
import { QuestionView } from "./views/registry";
import type { QuestionViewProps, UploadedFile } from "./views/types";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: "flex", alignItems: "baseline", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  heading: {
    margin: 0,
    flexGrow: 1,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  prompt: { margin: 0, fontSize: tokens.fontSizeBase400, whiteSpace: "pre-wrap" },
  media: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  image: { maxWidth: "100%", maxHeight: "320px", objectFit: "contain" },
  footer: { display: "flex", justifyContent: "flex-end" },
});

export type QuestionPanelProps = {
  question: StudentQuestion;
  /** 1-based. */
  number: number;
  total: number;
  attemptGuid: string;
  value: Answer | null | undefined;
  onAnswer: (value: Answer) => void;
  upload: (file: File) => Promise<UploadedFile>;
  fileUrl: (file: UploadedFile) => string;
  /** The server refused the last change of this answer (error key). */
  error: string | undefined;
  /** The heading, focused when the student moves to another question. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** One question of the attempt: its number, points, prompt, images, the answering view and "report an error". */
export function QuestionPanel({ question, number, total, attemptGuid, value, onAnswer, upload, fileUrl, error, headingRef }: QuestionPanelProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const label = t("take.question.label", { number });
  const headingId = `take-question-${question.guid}`;
  // The view is generic in the type; the pairing of question, answer and callback is kept here.
  const viewProps = {
    question,
    mode: "answer",
    answer: value && value.type === question.type ? value.answer : undefined,
    onAnswer: (answer: unknown) => onAnswer({ type: question.type, answer } as Answer),
    upload,
    fileUrl,
    label,
  } as unknown as QuestionViewProps<QuestionType>;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Text as="h3" size={500} weight="semibold" id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
          {t("take.question.heading", { number, total })}
        </Text>
        <Text>{t("take.question.points", { count: question.points, value: formatNumber(question.points, i18n.language) })}</Text>
      </div>
      <MathText as="p" className={styles.prompt} text={question.prompt} />
      {question.media.length > 0 ? (
        <div className={styles.media}>
          {question.media.map((m) => (
            <img key={m.url} className={styles.image} src={m.url} alt={m.alt} />
          ))}
        </div>
      ) : null}
      <QuestionView key={question.guid} {...viewProps} />
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {t("take.question.notSaved", { reason: t(`errors:${error}`, { defaultValue: t("errors:INTERNAL_ERROR") }) })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.footer}>
        <ReportErrorButton exerciseId={question.guid} activityInstanceId={attemptGuid} />
      </div>
    </section>
  );
}
