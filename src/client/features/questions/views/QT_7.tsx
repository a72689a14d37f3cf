import { Input, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Filled } from "@fluentui/react-icons";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { clozeSegments } from "../../../../contracts/questions-base";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import { AnswerLine, isInteractive, TypedAnswer, useBasicStyles, ViewRoot, withEntry } from "./basic-parts";
import type { QuestionViewProps } from "./types";

/*
 * Cloze text (QT_7): the text with a blank per [[gapId]] marker. Answering: an input per gap,
 * inline, named "Gap 1", "Gap 2"... in reading order. Projection: empty blanks, filled with the
 * accepted answers when revealed. Review: the student's text in each blank, marked, with the
 * accepted answers beside it when they may be shown.
 */

const useStyles = makeStyles({
  text: { margin: 0, whiteSpace: "pre-wrap", lineHeight: "2.5" },
  gapInput: { width: "10em", maxWidth: "100%", verticalAlign: "baseline" },
  gapBox: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXXS,
    minWidth: "6em",
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStrokeAccessible}`,
    lineHeight: "1.5",
  },
  inline: { display: "inline-flex", flexWrap: "wrap", alignItems: "baseline", gap: tokens.spacingHorizontalXS, marginInline: tokens.spacingHorizontalXS },
  reveal: { color: tokens.colorPaletteGreenForeground1 },
});

export default function ClozeTextView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_7">) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const { t } = useTranslation("questions");
  const accepted = (gapId: string) => solution?.gaps.find((g) => g.id === gapId)?.answers.join(" / ");
  const segments = clozeSegments(question.data.text);
  const gapIds = segments.flatMap((seg) => ("gapId" in seg ? [seg.gapId] : []));

  const gap = (gapId: string, n: number) => {
    const name = t("basic.gap", { n });
    const given = answer?.gaps[gapId];
    const right = accepted(gapId);
    if (isInteractive(mode)) {
      return (
        <Input
          className={styles.gapInput}
          aria-label={name}
          value={given ?? ""}
          maxLength={500}
          autoComplete="off"
          onChange={(_, d) => onAnswer?.({ gaps: withEntry(answer?.gaps, gapId, d.value) })}
        />
      );
    }
    if (mode === "projection") {
      return (
        <span className={mergeClasses(styles.gapBox, right !== undefined && basic.solution)}>
          <span className={basic.visuallyHidden}>{right !== undefined ? `${name}, ${t("review.correctAnswer")}:` : name}</span>
          {right !== undefined && <CheckmarkCircle16Filled aria-hidden className={styles.reveal} />}
          {right ?? "\u00a0"}
        </span>
      );
    }
    return (
      <span className={styles.inline}>
        <span className={styles.gapBox}>
          <span className={basic.visuallyHidden}>{name}:</span>
          <TypedAnswer text={given} />
        </span>
        <ReviewMark correct={partResult(parts, gapId)} />
        {right !== undefined && <AnswerLine name={t("review.correctAnswer")}>{right}</AnswerLine>}
      </span>
    );
  };

  return (
    <ViewRoot mode={mode} label={label}>
      <p className={styles.text}>
        {segments.map((seg, i) =>
          "gapId" in seg ? <Fragment key={`gap-${seg.gapId}`}>{gap(seg.gapId, gapIds.indexOf(seg.gapId) + 1)}</Fragment> : <MathText key={i} text={seg.text} />,
        )}
      </p>
    </ViewRoot>
  );
}
