import { makeStyles, mergeClasses, Textarea, tokens } from "@fluentui/react-components";
import { Warning16Filled } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countWords } from "../../../../contracts/questions-base";
import { isInteractive, NoAnswer, useBasicStyles, ViewRoot } from "./basic-parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Long text (QT_18), graded by the teacher. Answering: a textarea named by the question's label,
 * with a live word count ("N / max words" when there is a limit) it is described by, and a
 * warning announced when the text goes over the limit. Projection: the word limit, and the model
 * answer when revealed. Review: the student's text and its word count, and the model answer when
 * it may be shown.
 */

const useStyles = makeStyles({
  textarea: { width: "100%" },
  footer: { display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: tokens.spacingHorizontalM },
  counter: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, fontVariantNumeric: "tabular-nums" },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  warning: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground1 },
  text: {
    margin: 0,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { margin: 0, fontSize: "inherit", fontWeight: tokens.fontWeightSemibold },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

export default function LongTextView({ question, mode, answer, onAnswer, solution, label }: QuestionViewProps<"QT_18">) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const counterId = useId();
  const modelId = useId();
  const maxWords = question.data.maxWords;
  const text = answer?.text ?? "";
  const words = countWords(text);
  const excess = maxWords !== undefined ? words - maxWords : 0;
  const over = excess > 0;
  const count = maxWords !== undefined ? t("basic.wordsOfMax", { words, max: maxWords }) : t("basic.words", { count: words });

  if (isInteractive(mode)) {
    return (
      <ViewRoot mode={mode} label={label} named={false}>
        <Textarea
          className={styles.textarea}
          aria-label={label}
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          resize="vertical"
          rows={8}
          maxLength={50_000}
          value={text}
          onChange={(_, d) => onAnswer?.({ text: d.value })}
        />
        <div className={styles.footer}>
          <span id={counterId} className={mergeClasses(styles.counter, over && styles.over)}>
            {count}
          </span>
          <span role="alert">
            {over && (
              <span className={styles.warning}>
                <Warning16Filled aria-hidden />
                {t("basic.overLimit", { count: excess, max: maxWords })}
              </span>
            )}
          </span>
        </div>
      </ViewRoot>
    );
  }

  const model = solution?.modelAnswer;
  return (
    <ViewRoot mode={mode} label={label}>
      {mode === "projection" ? (
        <p className={basic.hint}>{maxWords !== undefined ? t("basic.maxWords", { count: maxWords }) : t("basic.writtenAnswer")}</p>
      ) : (
        <section className={styles.section} aria-label={yourAnswer}>
          {text.trim() !== "" ? <p className={styles.text}>{text}</p> : <NoAnswer />}
          <span className={styles.counter}>{count}</span>
        </section>
      )}
      {model !== undefined && (
        <section className={styles.section} aria-labelledby={modelId}>
          <h4 id={modelId} className={styles.heading}>
            {t("basic.modelAnswer")}
          </h4>
          <p className={styles.text}>{model}</p>
        </section>
      )}
    </ViewRoot>
  );
}
