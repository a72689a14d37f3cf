import { Input, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { partResult, ReviewMark } from "./parts";
import { AnswerLine, isInteractive, SolutionTag, TypedAnswer, useBasicStyles, ViewRoot } from "./basic-parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Short text (QT_17). Answering: one input named by the question's label. Projection: an empty
 * answer line, with the accepted answers when revealed. Review: the student's text, marked (the
 * scorer's single part is "text"), and the accepted answers when they may be shown.
 */

const useStyles = makeStyles({
  input: { width: "100%", maxWidth: "32em" },
  blank: {
    display: "block",
    minHeight: "1.5em",
    maxWidth: "32em",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStrokeAccessible}`,
  },
});

export default function ShortTextView({ mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_17">) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const accepted = solution?.answers.join(" / ");

  if (isInteractive(mode)) {
    return (
      <ViewRoot mode={mode} label={label} named={false}>
        <Input
          className={styles.input}
          aria-label={label}
          value={answer?.text ?? ""}
          maxLength={1000}
          autoComplete="off"
          onChange={(_, d) => onAnswer?.({ text: d.value })}
        />
      </ViewRoot>
    );
  }

  if (mode === "projection") {
    return (
      <ViewRoot mode={mode} label={label}>
        {accepted !== undefined ? (
          <div className={mergeClasses(basic.item, basic.solution)}>
            <span>{accepted}</span>
            <SolutionTag />
          </div>
        ) : (
          <span className={styles.blank}>
            <span className={basic.visuallyHidden}>{t("basic.writtenAnswer")}</span>
          </span>
        )}
      </ViewRoot>
    );
  }

  return (
    <ViewRoot mode={mode} label={label}>
      <div className={basic.row}>
        <AnswerLine name={yourAnswer}>
          <TypedAnswer text={answer?.text} />
        </AnswerLine>
        <ReviewMark correct={partResult(parts, "text")} />
      </div>
      {accepted !== undefined && <AnswerLine name={t("review.correctAnswer")}>{accepted}</AnswerLine>}
    </ViewRoot>
  );
}
