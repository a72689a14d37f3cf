import { makeStyles, tokens } from "@fluentui/react-components";

export const useViewerStyles = makeStyles({
  // Grows (and shrinks) in a full-screen frame's body, so a framed package fills exactly what is left of the window.
  column: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0, flexGrow: 1, minHeight: 0 },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  /*
   * A package sized to the window, not a fixed share of it: a frame taller than what is left hid a
   * package's own submit button below the fold (ADR 0023). Inside a page, the window less the shell;
   * full screen (FullScreenFrame), it grows or shrinks to exactly the space left.
   */
  frame: {
    width: "100%",
    flex: "1 1 auto",
    height: "calc(100dvh - 12rem)",
    minHeight: "16rem",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  frameProjection: { minHeight: "calc(100vh - 160px)" },
  muted: { color: tokens.colorNeutralForeground3 },
});
