import { MessageBar, MessageBarBody, mergeClasses, Spinner } from "@fluentui/react-components";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useXapiLaunchMutation } from "../viewersApi";
import { NotAvailable } from "./NotAvailable";
import { PACKAGE_SANDBOX } from "./frames";
import { useViewerStyles } from "./styles";
import type { ViewerProps } from "./types";

/**
 * An xAPI package: the server gives the launch address (endpoint, auth, actor, registration);
 * statements go to the record store. A teacher's launch is a preview that records nothing, and says so.
 */
export default function XapiPlayer({ content, courseGuid, mode }: ViewerProps) {
  const styles = useViewerStyles();
  const { t } = useTranslation("viewer");
  const [launch, result] = useXapiLaunchMutation();

  useEffect(() => {
    if (courseGuid) void launch({ courseGuid, contentGuid: content.guid });
  }, [launch, courseGuid, content.guid]);

  if (!courseGuid) return <NotAvailable />;
  if (result.isError) return <ErrorState message={errorMessage(t, result.error)} onRetry={() => void launch({ courseGuid, contentGuid: content.guid })} />;
  if (!result.data) return <Spinner label={t("xapi.loading")} />;
  return (
    <div className={styles.column}>
      <iframe
        className={mergeClasses(styles.frame, mode === "projection" && styles.frameProjection)}
        src={result.data.launchUrl}
        title={t("frame.title", { title: content.title })}
        sandbox={PACKAGE_SANDBOX}
        referrerPolicy="no-referrer"
      />
      <MessageBar intent={result.data.preview ? "warning" : "info"}>
        <MessageBarBody>{t(result.data.preview ? "xapi.preview" : "xapi.recorded")}</MessageBarBody>
      </MessageBar>
    </div>
  );
}
