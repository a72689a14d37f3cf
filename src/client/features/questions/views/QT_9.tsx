import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { Fragment, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { clozeSegments } from "../../../../contracts/questions-base";
import { MathGapField, useMathFieldSupport } from "./media-MathField";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * QT_9 cloze math: the text (with its math) and a math field per gap ("Hueco 1"), whose value is
 * LaTeX (MathLive) or plain notation (the fallback box). Answer {gaps: {gapId: latex}}; an emptied
 * gap is left out. Review shows each answer as a formula beside the accepted ones.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  text: { lineHeight: "2.6", margin: 0 },
  large: { fontSize: tokens.fontSizeBase600, lineHeight: "2.4" },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  gap: {
    display: "inline-flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    margin: `0 ${tokens.spacingHorizontalXS}`,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    lineHeight: tokens.lineHeightBase400,
    verticalAlign: "middle",
  },
  number: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  blank: { display: "inline-block", minWidth: "4em", borderBottom: `2px solid ${tokens.colorNeutralForeground1}` },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A formula as MathText source. */
const asMath = (latex: string) => `\\(${latex}\\)`;

export default function ClozeMath({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_9">) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const hintId = useId();
  const segments = clozeSegments(question.data.text);
  const [gaps, setGaps] = useState<Record<string, string>>(() => ({ ...answer?.gaps }));
  const interactive = mode === "answer" || mode === "preview";
  const mathField = useMathFieldSupport();
  const numbers = new Map<string, number>();
  for (const s of segments) if ("gapId" in s) numbers.set(s.gapId, numbers.size + 1);

  const change = (gapId: string, value: string) => {
    const next = { ...gaps };
    if (value.trim() === "") delete next[gapId];
    else next[gapId] = value;
    setGaps(next);
    onAnswer?.({ gaps: next });
  };
  const accepted = (gapId: string) => solution?.gaps.find((g) => g.id === gapId)?.answers;

  const gapNode = (gapId: string, n: number) => {
    const name = t("media.math.gap", { n });
    if (interactive) return <MathGapField label={name} value={gaps[gapId] ?? ""} onChange={(v) => change(gapId, v)} hintId={mathField === false ? hintId : undefined} />;
    const right = accepted(gapId);
    const given = answer?.gaps[gapId];
    return (
      <span className={styles.gap} role="group" aria-label={name}>
        <span className={styles.number} aria-hidden>
          {n}
        </span>
        {mode === "review" &&
          (given !== undefined && given.trim() !== "" ? (
            <span>
              <span className={styles.muted}>{yourAnswer}: </span>
              <MathText text={asMath(given)} />
            </span>
          ) : (
            <span className={styles.muted}>{t("review.noAnswer")}</span>
          ))}
        {mode === "projection" && !right && <span className={styles.blank} />}
        {mode === "review" && <ReviewMark correct={partResult(parts, gapId)} />}
        {right && (
          <span>
            <span className={styles.muted}>{t(right.length > 1 ? "media.math.accepted" : "review.correctAnswer")}: </span>
            {right.map((r, i) => (
              <Fragment key={i}>
                {i > 0 && " / "}
                <MathText text={asMath(r)} />
              </Fragment>
            ))}
          </span>
        )}
      </span>
    );
  };

  return (
    <div role="group" aria-label={label} className={styles.root}>
      {interactive && mathField === false && (
        <p id={hintId} className={styles.hint}>
          {t("media.math.plainHint")}
        </p>
      )}
      <div className={mergeClasses(styles.text, mode === "projection" && styles.large)}>
        {segments.map((s, i) =>
          "text" in s ? <MathText key={i} text={s.text} /> : <Fragment key={i}>{gapNode(s.gapId, numbers.get(s.gapId) ?? 0)}</Fragment>,
        )}
      </div>
    </div>
  );
}
