import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MathGapField } from "../questions/views/media-MathField";

const useStyles = makeStyles({
  box: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  hint: { flexBasis: "100%", margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * Spec §1 "math formula input": a formula editor (MathLive's math field, or a plain box taking
 * LaTeX where it cannot run) whose formula goes into the question between dollar signs (spec §5).
 * Escape or Cancel closes it without touching the question.
 */
export function FormulaInput({ onInsert, onCancel }: { onInsert: (latex: string) => void; onCancel: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [latex, setLatex] = useState("");
  const clean = latex.replace(/\$/g, "").trim();

  // The formula field takes the focus when it appears (MathLive's element once it is built).
  useEffect(() => {
    const timer = setInterval(() => {
      const field = box.current?.querySelector<HTMLElement>("math-field, input");
      if (field) {
        field.focus();
        clearInterval(timer);
      }
    }, 50);
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      ref={box}
      role="group"
      aria-label={t("formula.group")}
      className={styles.box}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <MathGapField label={t("formula.label")} value={latex} onChange={setLatex} hintId={hintId} />
      <Button size="small" appearance="primary" disabled={clean === ""} onClick={() => onInsert(clean)}>
        {t("formula.insert")}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t("formula.cancel")}
      </Button>
      <p id={hintId} className={styles.hint}>
        {t("formula.hint")}
      </p>
    </div>
  );
}

/** The question with `$latex$` put where the caret was (a space before and after when the text around needs one), and where the caret goes next. */
export function withFormula(draft: string, at: number, latex: string): { text: string; caret: number } {
  const start = Math.max(0, Math.min(at, draft.length));
  const before = draft.slice(0, start);
  const after = draft.slice(start);
  const piece = `${before !== "" && !/\s$/.test(before) ? " " : ""}$${latex}$${after !== "" && !/^\s/.test(after) ? " " : ""}`;
  return { text: before + piece + after, caret: before.length + piece.length };
}
