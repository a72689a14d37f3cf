import { makeStyles, tokens } from "@fluentui/react-components";

export const useViewerStyles = makeStyles({
  column: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  frame: {
    width: "100%",
    minHeight: "70vh",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  frameProjection: { minHeight: "calc(100vh - 160px)" },
  muted: { color: tokens.colorNeutralForeground3 },
});
