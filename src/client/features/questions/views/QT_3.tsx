import { mergeClasses, Radio, RadioGroup } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { partResult, ReviewMark } from "./parts";
import { AnswerLine, isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot } from "./basic-parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * True/false (QT_3): the statement is the prompt. Answering: a radio group True / False.
 * Projection: both options, the right one tagged when revealed. Review: the student's answer and
 * the right one, marked (the scorer's single part is "value").
 */
export default function TrueFalseView({ mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_3">) {
  const styles = useBasicStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const word = (value: boolean) => (value ? t("basic.true") : t("basic.false"));

  if (isInteractive(mode)) {
    return (
      <ViewRoot mode={mode} label={label} named={false}>
        <RadioGroup
          aria-label={label}
          layout="horizontal"
          value={answer === undefined ? "" : String(answer.value)}
          onChange={(_, d) => onAnswer?.({ value: d.value === "true" })}
        >
          <Radio value="true" label={word(true)} />
          <Radio value="false" label={word(false)} />
        </RadioGroup>
      </ViewRoot>
    );
  }

  if (mode === "projection") {
    return (
      <ViewRoot mode={mode} label={label}>
        <ul className={styles.list}>
          {[true, false].map((value) => {
            const right = solution?.correct === value;
            return (
              <li key={String(value)} className={mergeClasses(styles.item, right && styles.solution)}>
                <span>{word(value)}</span>
                {right && <SolutionTag />}
              </li>
            );
          })}
        </ul>
      </ViewRoot>
    );
  }

  return (
    <ViewRoot mode={mode} label={label}>
      <div className={styles.row}>
        <AnswerLine name={yourAnswer}>{answer ? word(answer.value) : <NoAnswer />}</AnswerLine>
        <ReviewMark correct={partResult(parts, "value")} />
      </div>
      {solution && <AnswerLine name={t("review.correctAnswer")}>{word(solution.correct)}</AnswerLine>}
    </ViewRoot>
  );
}
