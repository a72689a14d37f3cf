import { Body1, Button, Spinner } from "@fluentui/react-components";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHost } from "../../app/hostContext";
import { notifyReadyOnce } from "../../app/ready";
import { useAppDispatch } from "../../app/store";
import { sessionStarted } from "../auth/authSlice";
import { AuthLayout } from "../auth/components/AuthLayout";
import { takeEarlyTeamsSso } from "./earlySso";
import { classifySsoFailure, type SsoFailure } from "./ssoRules";
import { useTeamsSsoMutation } from "./teamsApi";
import { teamsUserOf } from "./teamsUser";

type State = { step: "working" } | { step: "consentFailed" } | { step: SsoFailure };

export const TAB_AUTH_START_PATH = "/tab-auth-start";

/**
 * Teams SSO before the first screen: the host's token -> POST /api/auth/teams-sso -> session.
 * The routes then render at the requested path. Failures get a page of their own, never a blank tab.
 */
export function TeamsSignIn() {
  const { t } = useTranslation("teams");
  const host = useHost();
  const dispatch = useAppDispatch();
  const [teamsSso] = useTeamsSsoMutation();
  const [state, setState] = useState<State>({ step: "working" });
  const titleId = useId();
  const started = useRef(false);

  const signIn = useCallback(async () => {
    setState({ step: "working" });
    try {
      const attempt =
        takeEarlyTeamsSso() ??
        (async () => {
          const token = await host.getToken();
          if (!token) throw new Error("NoToken");
          return teamsSso(token).unwrap();
        })();
      // The session remembers whose Teams account it came from (a shared computer's next person gets their own).
      dispatch(sessionStarted({ ...(await attempt), teamsUser: teamsUserOf(host.context) }));
    } catch (error) {
      const { kind, reason } = classifySsoFailure(error);
      setState({ step: kind });
      // Pages the user can act on (consent, "ask your school") must be shown: Teams hides the tab
      // behind its own error screen after notifyFailure.
      if (kind === "consent" || kind === "notRegistered") notifyReadyOnce(host);
      else host.notifyFailure(reason);
    }
  }, [dispatch, host, teamsSso]);

  useEffect(() => {
    // Once, even when StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    void signIn();
  }, [signIn]);

  const consent = async () => {
    try {
      await host.openAuthWindow(`${window.location.origin}${TAB_AUTH_START_PATH}`);
      await signIn();
    } catch {
      setState({ step: "consentFailed" });
    }
  };

  switch (state.step) {
    case "working":
      return (
        <AuthLayout title={t("sso.signingIn")} titleId={titleId}>
          <Spinner aria-labelledby={titleId} />
        </AuthLayout>
      );
    case "consent":
    case "consentFailed":
      return (
        <AuthLayout title={t("sso.consentTitle")}>
          {state.step === "consentFailed" ? (
            <Body1 as="p" role="alert">
              {t("consent.failed")}
            </Body1>
          ) : null}
          <Body1 as="p">{t("sso.consentText")}</Body1>
          <Button appearance="primary" onClick={() => void consent()}>
            {t("sso.consentButton")}
          </Button>
        </AuthLayout>
      );
    case "notRegistered":
      return (
        <AuthLayout title={t("sso.notRegisteredTitle")}>
          <Body1 as="p">{t("sso.notRegisteredText")}</Body1>
        </AuthLayout>
      );
    case "notConfigured":
      return (
        <AuthLayout title={t("sso.failedTitle")}>
          <Body1 as="p">{t("sso.notConfiguredText")}</Body1>
        </AuthLayout>
      );
    case "failed":
      return (
        <AuthLayout title={t("sso.failedTitle")}>
          <Body1 as="p">{t("sso.failedText")}</Body1>
          <Button appearance="primary" onClick={() => void signIn()}>
            {t("sso.retry")}
          </Button>
        </AuthLayout>
      );
  }
}
