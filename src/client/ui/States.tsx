import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowClockwiseRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    textAlign: "center",
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground2,
  },
  icon: { fontSize: "48px", color: tokens.colorNeutralForeground3 },
});

export type EmptyStateProps = { title: string; body?: string; icon?: ReactNode; action?: ReactNode };

/** Nothing to show yet: says so, and what to do about it. */
export function EmptyState({ title, body, icon, action }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {icon ? <span className={styles.icon} aria-hidden="true">{icon}</span> : null}
      <Text as="h2" size={500} weight="semibold">
        {title}
      </Text>
      {body ? <Text as="p">{body}</Text> : null}
      {action}
    </div>
  );
}

/** A failed load: "Oops something went wrong" with Retry (spec §8). */
export function ErrorState({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const styles = useStyles();
  const { t } = useTranslation("common");
  return (
    <div className={styles.root} role="alert">
      <Text as="h2" size={500} weight="semibold">
        {t("states.error.title")}
      </Text>
      {message ? <Text as="p">{message}</Text> : null}
      <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        {t("actions.retry")}
      </Button>
    </div>
  );
}
