import { makeStyles, shorthands, Text, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import type { CourseForm } from "../../../contracts/course-settings";

/** What every section of the class form receives. */
export type SectionProps = {
  values: CourseForm;
  update: (change: (values: CourseForm) => CourseForm) => void;
  /** The translated problem of a field (dotted body path), if any. */
  error: (path: string) => string | undefined;
  /** Date and time inputs report here whether the browser could read what was typed. */
  onRawInput: (path: string, input: HTMLInputElement, kind: "date" | "time") => void;
};

/** Fluent Field props for a problem (red message under the control, aria-invalid on it). */
export const fieldState = (message: string | undefined) => ({
  validationMessage: message,
  validationState: message ? ("error" as const) : ("none" as const),
});

/** The settings of a class, nested inside `settings`, changed one key at a time. */
export const setSetting =
  <K extends keyof CourseForm["settings"]>(key: K, value: CourseForm["settings"][K]) =>
  (v: CourseForm): CourseForm => ({ ...v, settings: { ...v.settings, [key]: value } });

export const useFormStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  fieldset: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
    borderRadius: tokens.borderRadiusLarge,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, padding: `0 ${tokens.spacingHorizontalXS}` },
  subLegend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", gap: tokens.spacingHorizontalL },
  row: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalM },
  rowField: { minWidth: "140px" },
  error: { color: tokens.colorPaletteRedForeground1 },
  hint: { color: tokens.colorNeutralForeground2 },
  options: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))", gap: tokens.spacingVerticalS },
  option: { display: "flex", flexDirection: "column" },
  optionDescription: { color: tokens.colorNeutralForeground2, paddingLeft: "36px" },
  swatches: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
  swatch: { display: "inline-block", width: "24px", height: "24px", borderRadius: tokens.borderRadiusCircular },
  glyph: { fontSize: "24px", display: "inline-flex" },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: 0,
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    border: 0,
  },
  list: { listStyleType: "none", margin: 0, padding: 0, maxHeight: "280px", overflowY: "auto" },
  listItem: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

/** A fieldset with its legend: the section's name for screen readers and sighted readers alike. */
export function Section({ legend, children, sub = false }: { legend: string; children: ReactNode; sub?: boolean }) {
  const styles = useFormStyles();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={sub ? styles.subLegend : styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A problem that belongs to a group rather than one control. */
export function GroupError({ message }: { message: string | undefined }) {
  const styles = useFormStyles();
  if (!message) return null;
  return (
    <Text role="alert" className={styles.error} size={200}>
      {message}
    </Text>
  );
}
