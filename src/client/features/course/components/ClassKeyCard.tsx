import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import { ArrowSyncRegular, CopyRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClassKey } from "../../../../contracts/course-settings-base";
import type { CourseDetail } from "../../../../contracts/course-settings";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useRegenerateClassKeyMutation } from "../courseApi";
import { ConfirmDialog } from "./ConfirmDialog";
import { formatDate, hasExpired } from "./format";
import { Panel } from "./Panel";

const useStyles = makeStyles({
  key: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: "32px",
    lineHeight: "40px",
    fontWeight: tokens.fontWeightBold,
    letterSpacing: "0.08em",
    overflowWrap: "anywhere",
  },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

/** Teachers' card with the class key students join with, to copy or replace (spec §1, §2 new-class flow). */
export function ClassKeyCard({ course }: { course: CourseDetail }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["course", "errors"]);
  const notify = useNotify();
  const [regenerate, regenerating] = useRegenerateClassKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const key = course.classKey ? formatClassKey(course.classKey) : undefined;
  const expired = hasExpired(course.classKeyExpiresAt);

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      notify({ intent: "success", title: t("key.copied") });
    } catch {
      notify({ intent: "error", title: t("key.copyFailed") });
    }
  };
  const renew = async () => {
    const result = await regenerate(course.guid);
    if ("error" in result) return;
    setConfirming(false);
    notify({ intent: "success", title: t("key.regenerated") });
  };

  return (
    <Panel title={t("key.title")}>
      {key ? (
        <Text as="p" className={styles.key}>
          {key}
        </Text>
      ) : (
        <Text as="p" className={styles.muted}>
          {t("key.none")}
        </Text>
      )}
      {expired ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t("key.expired")}</MessageBarBody>
        </MessageBar>
      ) : key ? (
        <Text as="p" size={200} className={styles.muted}>
          {course.classKeyExpiresAt ? t("key.expires", { date: formatDate(course.classKeyExpiresAt, i18n.language) }) : t("key.noExpiry")}
        </Text>
      ) : null}
      <Text as="p" size={200} className={styles.muted}>
        {t("key.howToJoin")}
      </Text>
      <div className={styles.actions}>
        {key ? (
          <Button icon={<CopyRegular />} onClick={() => void copy()}>
            {t("key.copy")}
          </Button>
        ) : null}
        <Button icon={<ArrowSyncRegular />} onClick={() => setConfirming(true)}>
          {t(key ? "key.regenerate" : "key.generate")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("key.confirmTitle")}
        body={t(key ? "key.confirmBody" : "key.confirmBodyNew")}
        confirmLabel={t(key ? "key.regenerate" : "key.generate")}
        busy={regenerating.isLoading}
        error={regenerating.error ? errorMessage(t, regenerating.error) : undefined}
        onConfirm={() => void renew()}
        onCancel={() => {
          regenerating.reset();
          setConfirming(false);
        }}
      />
    </Panel>
  );
}
