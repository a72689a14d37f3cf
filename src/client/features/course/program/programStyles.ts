import { makeStyles, shorthands, tokens } from "@fluentui/react-components";

/** The program page's look: publications as sections, units as rows that open onto their lessons. */
export const useProgramStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXL },
  publication: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  publicationHeader: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  publicationTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase500,
  },
  spacer: { flexGrow: 1 },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  unit: {
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
  },
  row: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: "44px",
    flexWrap: "wrap",
  },
  unitTitle: { margin: 0, flexGrow: 1, minWidth: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  disclosure: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    width: "100%",
    justifyContent: "flex-start",
    textAlign: "start",
    fontSize: "inherit",
    fontWeight: "inherit",
  },
  number: { color: tokens.colorNeutralForeground3, fontVariantNumeric: "tabular-nums" },
  /** Hidden from students: still listed for teachers, dimmed (a lighter text that keeps 4.5:1). */
  hidden: {
    color: tokens.colorNeutralForeground3,
    fontStyle: "italic",
    ":hover": { color: tokens.colorNeutralForeground3Hover },
  },
  hiddenUnit: { ...shorthands.borderStyle("dashed") },
  lessons: {
    listStyleType: "none",
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  lesson: {
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  lessonBody: { display: "flex", flexDirection: "column", flexGrow: 1, minWidth: 0, gap: tokens.spacingVerticalXXS },
  lessonLink: {
    color: tokens.colorBrandForegroundLink,
    fontWeight: tokens.fontWeightSemibold,
    ":hover": { color: tokens.colorBrandForegroundLinkHover },
  },
  summary: { color: tokens.colorNeutralForeground2, margin: 0 },
  controls: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  handle: { cursor: "grab", touchAction: "none" },
  dragging: { boxShadow: tokens.shadow16 },
  empty: { color: tokens.colorNeutralForeground2, margin: 0, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});
