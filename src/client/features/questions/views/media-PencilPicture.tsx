import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { Image } from "../../../../contracts/questions";
import { CANVAS_HEIGHT, CANVAS_WIDTH } from "./media-drawing";

/*
 * The pencil question's picture frame: the canvas's proportions, the background image fitted in
 * it, and (review, projection) the saved drawing laid over it exactly where it was drawn.
 */

export const usePencilStyles = makeStyles({
  frame: {
    position: "relative",
    width: "100%",
    maxWidth: `${CANVAS_WIDTH}px`,
    aspectRatio: `${CANVAS_WIDTH} / ${CANVAS_HEIGHT}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: "#ffffff",
    boxSizing: "content-box",
  },
  large: { maxWidth: "min(100%, calc(70vh * 4 / 3))" },
  layer: { position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "contain", userSelect: "none" },
  empty: { position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center", color: tokens.colorNeutralForeground3 },
});

export function PencilPicture(props: { background: Image | undefined; drawingUrl: string | null; alt: string; large: boolean }) {
  const styles = usePencilStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={mergeClasses(styles.frame, props.large && styles.large)}>
      {props.background && <img className={styles.layer} src={props.background.url} alt={props.background.alt} />}
      {props.drawingUrl ? (
        <img className={styles.layer} src={props.drawingUrl} alt={props.alt} />
      ) : (
        !props.background && <span className={styles.empty}>{t("media.pencil.blank")}</span>
      )}
    </div>
  );
}
