import { makeStyles, tokens } from "@fluentui/react-components";

/** The gamification screen's sections: cards with a heading, on the page's background. */
export const useSectionStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  muted: { color: tokens.colorNeutralForeground2 },
  list: { listStyleType: "none", margin: 0, padding: 0 },
});
