import { Button } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";

/**
 * Part of the entry on purpose (styles: app/global.css): it is what shows when chunks cannot be
 * loaded, so it must not be a chunk itself; and it stays small (no icon, plain text elements), as
 * the login route's first load carries it. `chunk`: the screen's code could not be downloaded
 * (usually a new version was deployed) and Retry reloads the page.
 */
export function LoadFailed({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) {
  const { t } = useTranslation("common");
  return (
    <div className="app-load-failed" role="alert">
      <h2 className="app-load-failed__title">{t(chunk ? "states.chunkError.title" : "states.error.title")}</h2>
      {chunk ? <p className="app-load-failed__body">{t("states.chunkError.body")}</p> : null}
      <Button appearance="primary" onClick={onRetry}>
        {t("actions.retry")}
      </Button>
    </div>
  );
}
