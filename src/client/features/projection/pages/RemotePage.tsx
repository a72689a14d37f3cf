import { Button, makeStyles, mergeClasses, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, EyeOffRegular, EyeRegular } from "@fluentui/react-icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { ProjectionInfo } from "../../../../contracts/projection";
import { errorKeyOf } from "../../../app/apiResult";
import { useClaimProjectionRemoteMutation } from "../projectionApi";
import { useProjectionLink, type ProjectionCredentials } from "../projectionSocket";
import { forgetRemote, recallRemote, rememberRemote, type RemoteGrant } from "../remoteStorage";

const useStyles = makeStyles({
  root: {
    minHeight: "100dvh",
    boxSizing: "border-box",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    maxWidth: "560px",
    margin: "0 auto",
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  course: { color: tokens.colorNeutralForeground3 },
  current: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  itemTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  position: { fontSize: tokens.fontSizeBase500, fontVariantNumeric: "tabular-nums" },
  buttons: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalM },
  big: { minHeight: "64px", fontSize: tokens.fontSizeBase500 },
  wide: { gridColumn: "1 / -1" },
  used: { fontSize: tokens.fontSizeBase500 },
  visuallyHidden: { position: "absolute", width: "1px", height: "1px", margin: "-1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" },
});

type Grant = RemoteGrant & { info: ProjectionInfo };

/** /remote/{shortToken} (no sign-in): the phone claims the one-time URL, then drives the projection. */
export function RemotePage() {
  const { shortToken = "" } = useParams();
  const token = shortToken.toUpperCase();
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const [claim] = useClaimProjectionRemoteMutation();
  const [grant, setGrant] = useState<Grant | undefined>(() => recallRemote(token));
  const [claimError, setClaimError] = useState<string>();
  const claimed = useRef<string | undefined>(undefined);

  // One claim per token and page: a reload of the same phone reuses the stored secret instead.
  useEffect(() => {
    if (grant || claimed.current === token) return;
    claimed.current = token;
    claim(token)
      .unwrap()
      .then((result) => {
        const next: Grant = {
          sessionId: result.sessionId,
          remoteSecret: result.remoteSecret,
          info: { lessonTitle: result.lessonTitle, courseName: result.courseName, itemTitles: result.itemTitles },
        };
        rememberRemote(token, next);
        setGrant(next);
      })
      .catch((error: unknown) => setClaimError(errorKeyOf(error)));
  }, [claim, grant, token]);

  const credentials = useMemo<ProjectionCredentials | undefined>(
    () => (grant ? { kind: "remote", remoteSecret: grant.remoteSecret } : undefined),
    [grant],
  );
  const link = useProjectionLink(grant?.sessionId, credentials);
  const refused = link.status === "failed" && (link.error === "PROJECTION_URL_USED" || link.error === "PROJECTION_EXPIRED") ? link.error : undefined;
  useEffect(() => {
    if (refused) forgetRemote(token);
  }, [refused, token]);

  const errorKey = claimError ?? refused;
  if (errorKey) {
    return (
      <main className={styles.root}>
        <h1 className={styles.heading}>{t("remotePage.title")}</h1>
        <MessageBar intent="error" layout="multiline" className={styles.used}>
          <MessageBarBody>
            <MessageBarTitle>{t(`errors:${errorKey}`, { defaultValue: t("errors:INTERNAL_ERROR") })}</MessageBarTitle>
          </MessageBarBody>
        </MessageBar>
        <Text as="p">{t("remotePage.askAgain")}</Text>
      </main>
    );
  }
  if (!grant) {
    return (
      <main className={styles.root}>
        <Spinner label={t("remotePage.claiming")} />
      </main>
    );
  }

  const info = link.info ?? grant.info;
  const state = link.state;
  const count = state?.itemCount ?? info.itemTitles.length;
  const position = state?.position ?? 0;
  const current = count ? Math.min(position, count - 1) + 1 : 0;
  const itemTitle = info.itemTitles[position];
  const ready = link.status === "connected" && state !== undefined;
  const revealed = state?.revealed ?? false;

  return (
    <main className={styles.root}>
      <div>
        <Text as="p" className={styles.course}>
          {info.courseName}
        </Text>
        <h1 className={styles.heading}>{info.lessonTitle}</h1>
      </div>
      <section className={styles.current} aria-label={t("remotePage.current")}>
        <Text className={styles.position}>{count ? t("remotePage.position", { current, total: count }) : t("remotePage.noItems")}</Text>
        {itemTitle ? <h2 className={styles.itemTitle}>{itemTitle}</h2> : null}
        {revealed ? <Text>{t("slide.revealed")}</Text> : null}
      </section>
      <div className={styles.buttons}>
        <Button
          className={styles.big}
          size="large"
          icon={<ArrowLeftRegular />}
          disabled={!ready || position <= 0}
          onClick={() => void link.send({ command: "previous" })}
        >
          {t("controls.previous")}
        </Button>
        <Button
          className={styles.big}
          size="large"
          appearance="primary"
          icon={<ArrowRightRegular />}
          iconPosition="after"
          disabled={!ready || position >= count - 1}
          onClick={() => void link.send({ command: "next" })}
        >
          {t("controls.next")}
        </Button>
        <Button
          className={mergeClasses(styles.big, styles.wide)}
          size="large"
          icon={revealed ? <EyeOffRegular /> : <EyeRegular />}
          aria-pressed={revealed}
          disabled={!ready || count === 0}
          onClick={() => void link.send({ command: revealed ? "hide" : "reveal" })}
        >
          {revealed ? t("controls.hide") : t("controls.reveal")}
        </Button>
      </div>
      <Text as="p" role="status">
        {ready ? "" : t(`remote.status.${link.status}`)}
      </Text>
      <div aria-live="polite" aria-atomic="true" className={styles.visuallyHidden}>
        {state && count ? t("slide.announce", { current, total: count, title: itemTitle ?? "" }) : ""}
      </div>
    </main>
  );
}
