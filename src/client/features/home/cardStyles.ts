import { makeStyles, shorthands, tokens } from "@fluentui/react-components";

/** Shared look of the home screen's cards and their grid. */
export const useCardStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
    gap: tokens.spacingHorizontalL,
    listStyleType: "none",
    margin: 0,
    padding: 0,
  },
  card: {
    position: "relative",
    display: "flex",
    flexDirection: "column",
    height: "100%",
    boxSizing: "border-box",
    overflow: "hidden",
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
    ":hover": { boxShadow: tokens.shadow8 },
    ":focus-within": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  band: { height: "8px", flexShrink: 0 },
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, flexGrow: 1 },
  heading: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, margin: 0 },
  icon: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: "40px",
    height: "40px",
    borderRadius: tokens.borderRadiusCircular,
    fontSize: "22px",
    color: tokens.colorNeutralForegroundOnBrand,
  },
  title: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase400,
    margin: 0,
  },
  /** The whole card is the link's click target; the focus ring shows on the card (focus-within). */
  stretchedLink: {
    color: tokens.colorNeutralForeground1,
    textDecoration: "none",
    ":focus-visible": { outlineStyle: "none" },
    "::after": { content: '""', position: "absolute", inset: 0 },
    ":hover": { textDecoration: "underline" },
  },
  meta: { color: tokens.colorNeutralForeground2, margin: 0 },
  publications: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
  footer: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, marginTop: "auto", flexWrap: "wrap" },
  cover: { width: "100%", height: "120px", objectFit: "cover", display: "block" },
});
