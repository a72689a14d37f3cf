import { Body1, Spinner } from "@fluentui/react-components";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHost } from "../../app/hostContext";
import { loadMsal } from "../../platform";
import { AuthLayout } from "../auth/components/AuthLayout";

export const TAB_AUTH_END_PATH = "/tab-auth-end";
/** The reason the opener receives when consent did not happen (spec: 'Consent failed'). */
export const CONSENT_FAILED = "Consent failed";

/** Runs `work` once per mount, even under StrictMode's double effects. */
function useOnce(work: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    work();
  });
}

/**
 * /tab-auth-start (the consent popup Teams opens): sends the window to Microsoft Entra to consent
 * to our scope; Entra sends it back to /tab-auth-end.
 */
export function TabAuthStartPage() {
  const { t } = useTranslation("teams");
  const host = useHost();
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  useOnce(() => {
    void (async () => {
      const msal = await loadMsal();
      const config = await msal.loadTeamsAuthConfig();
      if (!config) throw new Error("TEAMS_SSO_NOT_CONFIGURED");
      await msal.startConsentRedirect(config, `${window.location.origin}${TAB_AUTH_END_PATH}`, host.context.userHint);
    })().catch(() => {
      setFailed(true);
      host.completeAuth?.({ ok: false, reason: CONSENT_FAILED });
    });
  });
  if (failed) return <ConsentResult ok={false} />;
  return (
    <AuthLayout title={t("consent.redirecting")} titleId={titleId}>
      <Spinner aria-labelledby={titleId} />
    </AuthLayout>
  );
}

/** /tab-auth-end: completes the Entra redirect and reports the outcome to the tab that asked. */
export function TabAuthEndPage() {
  const { t } = useTranslation("teams");
  const host = useHost();
  const [ok, setOk] = useState<boolean | undefined>(undefined);
  const titleId = useId();
  useOnce(() => {
    void (async () => {
      const msal = await loadMsal();
      const config = await msal.loadTeamsAuthConfig();
      if (!config) return false;
      const outcome = await msal.completeConsentRedirect(config, `${window.location.origin}${TAB_AUTH_END_PATH}`);
      return outcome.ok;
    })()
      .catch(() => false)
      .then((success) => {
        setOk(success);
        host.completeAuth?.(success ? { ok: true, result: "consented" } : { ok: false, reason: CONSENT_FAILED });
      });
  });
  if (ok === undefined) {
    return (
      <AuthLayout title={t("consent.completing")} titleId={titleId}>
        <Spinner aria-labelledby={titleId} />
      </AuthLayout>
    );
  }
  return <ConsentResult ok={ok} />;
}

function ConsentResult({ ok }: { ok: boolean }) {
  const { t } = useTranslation("teams");
  return (
    <AuthLayout title={ok ? t("consent.succeeded") : t("consent.failed")}>
      <Body1 as="p" role="status">
        {t("consent.closeWindow")}
      </Body1>
    </AuthLayout>
  );
}
