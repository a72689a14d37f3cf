import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { CopyRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatIso } from "../../i18n/format";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useCreateFeedMutation, useGetFeedQuery, useRevokeFeedMutation, type FeedCreated } from "./calendarApi";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  grow: { flexGrow: 1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  steps: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/**
 * "Subscribe in Outlook or Google Calendar" (README "Subscribe to your calendar (ICS)"): whether a
 * feed exists, create or replace it (its address shown once, with Copy and the webcal link) and
 * stop it.
 */
export function FeedDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["calendar", "common", "errors"]);
  const notify = useNotify();
  const status = useGetFeedQuery();
  const [create, creating] = useCreateFeedMutation();
  const [revoke, revoking] = useRevokeFeedMutation();
  const [created, setCreated] = useState<FeedCreated | undefined>();
  const busy = creating.isLoading || revoking.isLoading;
  const exists = created !== undefined || (status.data?.exists ?? false);

  const onCreate = async () => {
    try {
      setCreated(await create().unwrap());
    } catch (failure) {
      notify({ intent: "error", title: errorMessage(t, failure) });
    }
  };
  const onRevoke = async () => {
    try {
      await revoke().unwrap();
      setCreated(undefined);
      notify({ intent: "success", title: t("feed.revoked") });
    } catch (failure) {
      notify({ intent: "error", title: errorMessage(t, failure) });
    }
  };
  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      notify({ intent: "success", title: t("feed.copied") });
    } catch {
      notify({ intent: "error", title: t("feed.copyFailed") });
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      size="small"
      title={t("feed.title")}
      actions={
        <>
          {exists ? (
            <Button disabled={busy} onClick={() => void onRevoke()}>
              {t("feed.revoke")}
            </Button>
          ) : null}
          <Button appearance="primary" disabled={busy || status.isLoading} icon={creating.isLoading ? <Spinner size="tiny" /> : undefined} onClick={() => void onCreate()}>
            {t(exists ? "feed.rotate" : "feed.create")}
          </Button>
          <Button onClick={onClose}>{t("common:actions.close")}</Button>
        </>
      }
    >
      <div className={styles.body}>
        <Text as="p">{t("feed.intro")}</Text>
        <Text as="p" className={styles.warning}>
          {t("feed.secret")}
        </Text>
        <p role="status">
          {status.isLoading
            ? t("feed.checking")
            : status.isError
              ? errorMessage(t, status.error)
              : exists
                ? t("feed.exists", { date: formatIso(created?.createdAt ?? status.data?.createdAt ?? "", i18n.language, { dateStyle: "long" }) })
                : t("feed.none")}
        </p>
        {created ? (
          <>
            <div className={styles.row}>
              <Field className={styles.grow} label={t("feed.address")} hint={t("feed.onlyNow")}>
                <Input readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
              </Field>
              <Button icon={<CopyRegular />} onClick={() => void onCopy()}>
                {t("feed.copy")}
              </Button>
            </div>
            <a href={created.webcalUrl}>{t("feed.webcal")}</a>
            <ol className={styles.steps}>
              <li>{t("feed.google")}</li>
              <li>{t("feed.outlook")}</li>
              <li>{t("feed.apple")}</li>
            </ol>
          </>
        ) : null}
      </div>
    </ModalDialog>
  );
}
