import { Checkbox, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ItemContent, partResult, ReviewMark } from "./parts";
import { AnswerLine, choiceLetter, isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot } from "./basic-parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Multiple choice (QT_2). Answering: a fieldset of checkboxes (Tab and Space), the answer listing
 * the checked choices in the order shown. Projection: the choices lettered, the right ones tagged
 * when revealed. Review: for every choice, whether the student checked it and whether it should
 * have been, marked right or wrong (the scorer marks every choice).
 */

const useStyles = makeStyles({
  fieldset: { border: "none", margin: 0, padding: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

export default function MultipleChoiceView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_2">) {
  const styles = useBasicStyles();
  const own = useStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const hintId = useId();
  const choices = question.data.choices;
  const chosen = new Set(answer?.choiceIds ?? []);
  const hint = (
    <p id={hintId} className={styles.hint}>
      {t("basic.severalRight")}
    </p>
  );

  if (isInteractive(mode)) {
    const toggle = (id: string, checked: boolean) => {
      const next = new Set(chosen);
      if (checked) next.add(id);
      else next.delete(id);
      // In the order shown, so the saved answer does not depend on the clicking order.
      onAnswer?.({ choiceIds: choices.filter((c) => next.has(c.id)).map((c) => c.id) });
    };
    return (
      <ViewRoot mode={mode} label={label} named={false}>
        <fieldset className={own.fieldset} aria-describedby={hintId}>
          <legend className={styles.visuallyHidden}>{label}</legend>
          {hint}
          {choices.map((c) => (
            <Checkbox key={c.id} checked={chosen.has(c.id)} onChange={(_, d) => toggle(c.id, d.checked === true)} label={<ItemContent item={c} />} />
          ))}
        </fieldset>
      </ViewRoot>
    );
  }

  const isRight = (id: string) => solution?.choices.some((c) => c.id === id && c.correct) ?? false;
  const checkedWord = (checked: boolean) => (checked ? t("basic.checked") : t("basic.unchecked"));
  return (
    <ViewRoot mode={mode} label={label}>
      {mode === "projection" ? hint : !answer && <NoAnswer />}
      <ul className={styles.list}>
        {choices.map((c, i) => (
          <li key={c.id} className={mergeClasses(styles.item, isRight(c.id) && styles.solution)}>
            {mode === "projection" && <span className={styles.marker}>{choiceLetter(i)}</span>}
            <ItemContent item={c} />
            {mode === "review" && answer && <AnswerLine name={yourAnswer}>{checkedWord(chosen.has(c.id))}</AnswerLine>}
            {mode === "review" && solution && <AnswerLine name={t("review.correctAnswer")}>{checkedWord(isRight(c.id))}</AnswerLine>}
            {mode === "review" && <ReviewMark correct={partResult(parts, c.id)} />}
            {mode === "projection" && isRight(c.id) && <SolutionTag />}
          </li>
        ))}
      </ul>
    </ViewRoot>
  );
}
