import { makeStyles, ToggleButton, tokens } from "@fluentui/react-components";
import { ZoomInRegular, ZoomOutRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewerProps } from "./types";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, alignItems: "flex-start" },
  box: { maxWidth: "100%", overflow: "auto", borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  fit: { display: "block", maxWidth: "100%", maxHeight: "80vh", height: "auto" },
  zoomed: { display: "block", maxWidth: "none" },
});

export default function ImageViewer({ content, onFinished }: ViewerProps) {
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const [zoomed, setZoomed] = useState(false);
  return (
    <div className={styles.root}>
      <ToggleButton checked={zoomed} onClick={() => setZoomed((z) => !z)} icon={zoomed ? <ZoomOutRegular /> : <ZoomInRegular />}>
        {zoomed ? t("image.fit") : t("image.zoom")}
      </ToggleButton>
      <div className={styles.box} tabIndex={zoomed ? 0 : undefined} role={zoomed ? "region" : undefined} aria-label={zoomed ? content.title : undefined}>
        <img
          src={content.view.fileUrl ?? ""}
          alt={content.view.alt || content.title}
          className={zoomed ? styles.zoomed : styles.fit}
          onLoad={onFinished}
        />
      </div>
    </div>
  );
}
