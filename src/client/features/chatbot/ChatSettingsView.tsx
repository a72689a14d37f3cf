import { makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Text, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../ui/errors";
import { useGetChatSettingsQuery, useUpdateChatSettingsMutation } from "./chatbotApi";

const useStyles = makeStyles({
  view: { flexGrow: 1, overflowY: "auto", padding: tokens.spacingHorizontalM, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/**
 * The Tutor AI tab bar's Settings tab (ADR 0044): spec §1 "a user-enabled web-search setting",
 * off by default and disabled with the reason where the server has no search provider; and what
 * becomes of an attached image here (read by a model, or why not).
 */
export function ChatSettingsView() {
  const styles = useStyles();
  const { t } = useTranslation(["chatbot", "errors"]);
  const webId = useId();
  const imageId = useId();
  const settings = useGetChatSettingsQuery();
  const [update, saving] = useUpdateChatSettingsMutation();
  const data = settings.data;

  if (settings.isError) {
    return (
      <div className={styles.view}>
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(t, settings.error)}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  if (!data) {
    return (
      <div className={styles.view}>
        <Spinner size="small" label={t("settings.loading")} />
      </div>
    );
  }
  return (
    <div className={styles.view}>
      <section className={styles.section} aria-labelledby={webId}>
        <h3 id={webId} className={styles.heading}>
          {t("settings.web.title")}
        </h3>
        <Switch
          label={t("settings.web.label")}
          checked={data.webSearch}
          disabled={!data.webSearchAvailable || saving.isLoading}
          aria-describedby={`${webId}-why`}
          onChange={(_, change) => void update({ webSearch: change.checked })}
        />
        <p id={`${webId}-why`} className={styles.muted}>
          {data.webSearchAvailable ? t("settings.web.help") : t(`settings.web.reason.${data.webSearchReason ?? "NO_SEARCH_PROVIDER"}`)}
        </p>
        {saving.isError ? (
          <Text role="alert" className={styles.muted}>
            {errorMessage(t, saving.error)}
          </Text>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby={imageId}>
        <h3 id={imageId} className={styles.heading}>
          {t("settings.images.title")}
        </h3>
        <p className={styles.muted}>{data.imageReason ? t(`image.unread.${data.imageReason}`) : t("settings.images.read")}</p>
      </section>
    </div>
  );
}
