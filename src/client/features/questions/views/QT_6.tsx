import { makeStyles, mergeClasses, Select, tokens } from "@fluentui/react-components";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import { AnswerLine, isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot, withEntry } from "./basic-parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Matrix inline (QT_6): each statement followed by a select of its choices. Answering: a native
 * select per statement (named by the statement's text); the empty first option clears it.
 * Projection: each statement with its choices listed, the right one tagged when revealed.
 * Review: the student's choice beside the right one, each statement marked.
 */

const useStyles = makeStyles({
  statement: { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
  select: { minWidth: "12em", maxWidth: "100%" },
  choices: { display: "inline-flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, listStyleType: "none", margin: 0, padding: 0 },
  choice: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

type Statement = { id: string; text: string; choices: { id: string; text: string }[] };

function StatementLine({ statement, children }: { statement: Statement; children: (textId: string) => ReactNode }) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const textId = useId();
  return (
    <li className={mergeClasses(basic.item, styles.statement)}>
      <span id={textId}>
        <MathText text={statement.text} />
      </span>
      {children(textId)}
    </li>
  );
}

export default function MatrixInlineView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_6">) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const rightChoice = (id: string) => solution?.statements.find((s) => s.id === id)?.correctChoiceId;
  const choiceText = (s: Statement, id: string | undefined) => s.choices.find((c) => c.id === id)?.text;

  const body = (s: Statement, textId: string) => {
    const chosen = answer?.statements[s.id];
    const right = rightChoice(s.id);
    if (isInteractive(mode)) {
      return (
        <Select
          className={styles.select}
          aria-labelledby={textId}
          value={chosen ?? ""}
          onChange={(_, d) => onAnswer?.({ statements: withEntry(answer?.statements, s.id, d.value) })}
        >
          <option value="">{t("basic.choose")}</option>
          {s.choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.text}
            </option>
          ))}
        </Select>
      );
    }
    if (mode === "projection") {
      return (
        <ul className={styles.choices}>
          {s.choices.map((c) => (
            <li key={c.id} className={mergeClasses(styles.choice, right === c.id && basic.solution)}>
              <MathText text={c.text} />
              {right === c.id && <SolutionTag />}
            </li>
          ))}
        </ul>
      );
    }
    const chosenText = choiceText(s, chosen);
    const rightText = choiceText(s, right);
    return (
      <>
        <AnswerLine name={yourAnswer}>{chosenText !== undefined ? <MathText text={chosenText} /> : <NoAnswer />}</AnswerLine>
        <ReviewMark correct={partResult(parts, s.id)} />
        {rightText !== undefined && (
          <AnswerLine name={t("review.correctAnswer")}>
            <MathText text={rightText} />
          </AnswerLine>
        )}
      </>
    );
  };

  return (
    <ViewRoot mode={mode} label={label}>
      <ul className={basic.list}>
        {question.data.statements.map((s) => (
          <StatementLine key={s.id} statement={s}>
            {(textId) => body(s, textId)}
          </StatementLine>
        ))}
      </ul>
    </ViewRoot>
  );
}
