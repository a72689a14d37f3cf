import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Filled, Person16Regular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionViewMode } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Pieces shared by the "form" question views (single and multiple choice, true/false, block
 * letters, matrices, cloze text, short and long text): the root group, the projection size, and
 * the tags review and projection modes write beside an answer ("Your answer", "Correct answer"),
 * always in words as well as colour.
 */

export const useBasicStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  /** Projection: read from the back of the classroom. */
  large: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
  /** A read-only item (review, projection): a bordered line. */
  item: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  /** The right answer, shown: green background and a thicker border (the tag says it in words). */
  solution: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteGreenBorder2}`,
  },
  marker: { fontWeight: tokens.fontWeightSemibold, minWidth: "1.5em" },
  tag: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXXS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    // Relative, so tags grow with the projection size.
    fontSize: "0.8em",
    lineHeight: "1.6",
    fontWeight: tokens.fontWeightSemibold,
    border: `${tokens.strokeWidthThin} solid currentColor`,
  },
  tagYours: { color: tokens.colorBrandForeground1 },
  tagSolution: { color: tokens.colorPaletteGreenForeground1 },
  line: { display: "inline-flex", flexWrap: "wrap", alignItems: "baseline", gap: tokens.spacingHorizontalXS },
  lineKey: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, fontStyle: "italic" },
  hint: { color: tokens.colorNeutralForeground2, fontSize: "0.875em", margin: 0 },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
});

/** answer and preview take input; projection and review only show. */
export const isInteractive = (mode: QuestionViewMode): boolean => mode === "answer" || mode === "preview";

/**
 * The view's outer group, named by the question's label; bigger in projection. `named={false}`
 * when the view's own control group (radio group, fieldset) already carries the label.
 */
export function ViewRoot({ mode, label, children, named = true }: { mode: QuestionViewMode; label: string; children: ReactNode; named?: boolean }) {
  const styles = useBasicStyles();
  return (
    <div
      role={named ? "group" : undefined}
      aria-label={named ? label : undefined}
      className={mergeClasses(styles.root, mode === "projection" && styles.large)}
    >
      {children}
    </div>
  );
}

/** "Correct answer" with a check mark: marks the right item in projection and review. */
export function SolutionTag() {
  const styles = useBasicStyles();
  const { t } = useTranslation("questions");
  return (
    <span className={mergeClasses(styles.tag, styles.tagSolution)}>
      <CheckmarkCircle16Filled aria-hidden />
      {t("review.correctAnswer")}
    </span>
  );
}

/** "Your answer" (or "Student's answer" for a teacher): marks what the student chose, in review. */
export function YourTag() {
  const styles = useBasicStyles();
  const yourAnswer = useAnswerCaption();
  return (
    <span className={mergeClasses(styles.tag, styles.tagYours)}>
      <Person16Regular aria-hidden />
      {yourAnswer}
    </span>
  );
}

/** "Not answered", in muted italics. */
export function NoAnswer() {
  const styles = useBasicStyles();
  const { t } = useTranslation("questions");
  return <span className={styles.muted}>{t("review.noAnswer")}</span>;
}

/** "Label: value" on one line (e.g. "Your answer: Paris"). */
export function AnswerLine({ name, children }: { name: string; children: ReactNode }) {
  const styles = useBasicStyles();
  return (
    <span className={styles.line}>
      <span className={styles.lineKey}>{name}:</span>
      <span>{children}</span>
    </span>
  );
}

/** A typed answer, or "Not answered" when empty. */
export function TypedAnswer({ text }: { text: string | undefined }) {
  return text !== undefined && text.trim() !== "" ? <span>{text}</span> : <NoAnswer />;
}

/** A / B / C... markers for the choices shown in projection. */
export const choiceLetter = (index: number): string => String.fromCharCode(65 + (index % 26));

/** An id -> value map without `key` when `value` is empty, with it set otherwise. */
export function withEntry(map: Readonly<Record<string, string>> | undefined, key: string, value: string): Record<string, string> {
  const next = { ...map };
  if (value === "") delete next[key];
  else next[key] = value;
  return next;
}
