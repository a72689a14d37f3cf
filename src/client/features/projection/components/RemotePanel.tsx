import { Badge, Button, Spinner, Text } from "@fluentui/react-components";
import { ArrowClockwiseRegular, DismissRegular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectionSession } from "../../../../contracts/projection";
import type { LinkStatus } from "../projectionSocket";
import { useProjectionStyles } from "./projectionStyles";

export type RemotePanelProps = {
  session: ProjectionSession | undefined;
  /** A translated error of creating the session or regenerating its URL. */
  error: string | undefined;
  status: LinkStatus;
  remoteConnected: boolean;
  regenerating: boolean;
  onRegenerate: () => void;
  onRetry: () => void;
  onClose: () => void;
};

/** An SVG QR code of `text` as an image address; the qrcode package loads only here. */
function useQrCode(text: string | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    void import(/* webpackChunkName: "qrcode" */ "qrcode")
      .then((qr) => qr.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return text ? src : undefined;
}

/** The phone remote: QR code and short code of the one-time address, "Generate another URL", and whether a phone is connected. */
export function RemotePanel({ session, error, status, remoteConnected, regenerating, onRegenerate, onRetry, onClose }: RemotePanelProps) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const qr = useQrCode(session?.remoteUrl);

  return (
    <aside className={styles.side} aria-labelledby="projection-remote-title">
      <div className={styles.sideHead}>
        <h2 id="projection-remote-title" className={styles.sideTitle}>
          {t("remote.title")}
        </h2>
        <Button appearance="subtle" icon={<DismissRegular />} aria-label={t("remote.close")} onClick={onClose} />
      </div>
      {error ? (
        <div role="alert">
          <Text as="p">{error}</Text>
          <Button onClick={onRetry}>{t("remote.retry")}</Button>
        </div>
      ) : !session ? (
        <Spinner label={t("remote.creating")} />
      ) : (
        <>
          <Text as="p">{t("remote.intro")}</Text>
          {qr ? <img className={styles.qr} src={qr} alt={t("remote.qrAlt", { url: session.remoteUrl })} /> : <Spinner size="small" />}
          <Text as="p" className={styles.url}>
            {session.remoteUrl}
          </Text>
          <span className={styles.token} aria-label={t("remote.tokenLabel", { token: session.shortToken.split("").join(" ") })} role="img">
            {session.shortToken}
          </span>
          <Badge
            className={styles.badge}
            appearance="tint"
            color={remoteConnected ? "success" : status === "connected" ? "informative" : "warning"}
            role="status"
          >
            {remoteConnected ? t("remote.connected") : t(`remote.status.${status}`)}
          </Badge>
          <Button icon={<ArrowClockwiseRegular />} onClick={onRegenerate} disabled={regenerating}>
            {t("remote.generate")}
          </Button>
          <Text as="p" size={200}>
            {t("remote.once")}
          </Text>
        </>
      )}
    </aside>
  );
}
