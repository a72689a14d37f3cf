import { mergeClasses, Radio, RadioGroup } from "@fluentui/react-components";
import { ItemContent, partResult, ReviewMark } from "./parts";
import { choiceLetter, isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot, YourTag } from "./basic-parts";
import type { QuestionViewProps } from "./types";

/*
 * Single choice (QT_1). Answering: a radio group of the choices (arrow keys move and choose).
 * Projection: the choices lettered A, B, C..., the right one tagged when revealed. Review: the
 * student's choice tagged and marked right or wrong, the right one tagged when it may be shown.
 */
export default function SingleChoiceView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_1">) {
  const styles = useBasicStyles();
  const choices = question.data.choices;

  if (isInteractive(mode)) {
    return (
      <ViewRoot mode={mode} label={label} named={false}>
        <RadioGroup aria-label={label} value={answer?.choiceId ?? ""} onChange={(_, d) => onAnswer?.({ choiceId: d.value })}>
          {choices.map((c) => (
            <Radio key={c.id} value={c.id} label={<ItemContent item={c} />} />
          ))}
        </RadioGroup>
      </ViewRoot>
    );
  }

  const isRight = (id: string) => solution?.choices.some((c) => c.id === id && c.correct) ?? false;
  return (
    <ViewRoot mode={mode} label={label}>
      {mode === "review" && !answer && <NoAnswer />}
      <ul className={styles.list}>
        {choices.map((c, i) => {
          const chosen = mode === "review" && answer?.choiceId === c.id;
          return (
            <li key={c.id} className={mergeClasses(styles.item, isRight(c.id) && styles.solution)}>
              {mode === "projection" && <span className={styles.marker}>{choiceLetter(i)}</span>}
              <ItemContent item={c} />
              {chosen && <YourTag />}
              {chosen && <ReviewMark correct={partResult(parts, c.id)} />}
              {isRight(c.id) && <SolutionTag />}
            </li>
          );
        })}
      </ul>
    </ViewRoot>
  );
}
