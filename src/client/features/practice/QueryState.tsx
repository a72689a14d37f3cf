import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../ui/errors";

/**
 * What practice's lists show while their data is not there: a spinner while loading, and on failure
 * the call's error in words with a retry (`failedKey` is a practice string taking `{{error}}`).
 */
export function QueryState({
  isLoading,
  isError,
  error,
  onRetry,
  failedKey,
  loadingKey = "player.loading",
}: {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  failedKey: string;
  loadingKey?: string;
}) {
  const { t } = useTranslation("practice");
  if (isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t(failedKey, { error: errorMessage(t, error) })}</MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={onRetry}>
            {t("common:actions.retry")}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return isLoading ? <Spinner size="small" label={t(loadingKey)} /> : null;
}
