import { makeStyles, tokens } from "@fluentui/react-components";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import { AnswerLine, isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot, withEntry } from "./basic-parts";
import { LetterBoxes, lettersOf, StaticBoxes } from "./basic-letters";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Block letters (QT_4): per word, its clue and one box per letter. Answering: the letter boxes
 * (see basic-letters.tsx for the keys). Projection: empty boxes, filled with the right word when
 * revealed. Review: the student's word beside the right one, each word marked.
 */

const useStyles = makeStyles({
  word: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold },
});

type Word = { id: string; length: number; clue?: string | undefined };

function WordBlock({ word, index, children }: { word: Word; index: number; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const titleId = useId();
  const clueId = useId();
  return (
    <div role="group" aria-labelledby={titleId} aria-describedby={word.clue !== undefined ? clueId : undefined} className={styles.word}>
      <span id={titleId} className={styles.title}>
        {t("basic.wordTitle", { n: index + 1, count: word.length })}
      </span>
      {word.clue !== undefined && (
        <span id={clueId}>
          {t("basic.clue")}: <MathText text={word.clue} />
        </span>
      )}
      {children}
    </div>
  );
}

export default function BlockLetterView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_4">) {
  const styles = useBasicStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const rightWord = (id: string) => solution?.words.find((w) => w.id === id)?.answer;

  const body = (word: Word, index: number) => {
    const given = answer?.words[word.id];
    const right = rightWord(word.id);
    if (isInteractive(mode)) {
      return (
        <LetterBoxes
          wordNumber={index + 1}
          length={word.length}
          value={given}
          onChange={(value) => onAnswer?.({ words: withEntry(answer?.words, word.id, value) })}
        />
      );
    }
    if (mode === "projection") {
      return right !== undefined ? (
        <div className={styles.row}>
          <StaticBoxes letters={[...right]} className={styles.solution} />
          <SolutionTag />
        </div>
      ) : (
        <StaticBoxes letters={lettersOf(undefined, word.length)} spoken={t("basic.emptyBoxes", { count: word.length })} />
      );
    }
    return (
      <div className={styles.row}>
        <AnswerLine name={yourAnswer}>
          {given !== undefined && given.trim() !== "" ? <StaticBoxes letters={lettersOf(given, word.length)} /> : <NoAnswer />}
        </AnswerLine>
        <ReviewMark correct={partResult(parts, word.id)} />
        {right !== undefined && (
          <AnswerLine name={t("review.correctAnswer")}>
            <StaticBoxes letters={[...right]} />
          </AnswerLine>
        )}
      </div>
    );
  };

  return (
    <ViewRoot mode={mode} label={label}>
      {question.data.words.map((word, index) => (
        <WordBlock key={word.id} word={word} index={index}>
          {body(word, index)}
        </WordBlock>
      ))}
    </ViewRoot>
  );
}
