import { Button, mergeClasses } from "@fluentui/react-components";
import { OpenRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { NotAvailable } from "./NotAvailable";
import { EMBED_SANDBOX, PACKAGE_SANDBOX } from "./frames";
import { useViewerStyles } from "./styles";
import type { ViewerProps } from "./types";

/**
 * Framed content: an interactive address (embed, with its own origin) or an uploaded HTML page
 * or package (html, opaque origin, never allow-same-origin).
 */
export default function FrameViewer({ content, mode }: ViewerProps) {
  const styles = useViewerStyles();
  const { t } = useTranslation("viewer");
  const embed = content.view.viewer === "embed";
  const src = embed ? content.view.url : content.view.launchUrl;
  if (!src) return <NotAvailable />;
  return (
    <div className={styles.column}>
      <iframe
        className={mergeClasses(styles.frame, mode === "projection" && styles.frameProjection)}
        src={src}
        title={t("frame.title", { title: content.title })}
        sandbox={embed ? EMBED_SANDBOX : PACKAGE_SANDBOX}
        referrerPolicy="no-referrer"
        allow={embed ? "fullscreen" : undefined}
      />
      <div className={styles.row}>
        <Button as="a" href={src} target="_blank" rel="noopener noreferrer" icon={<OpenRegular />}>
          {t("openNewTab")}
        </Button>
      </div>
    </div>
  );
}
