import { Body1 } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { markSamlSession } from "../auth/sso";
import { AuthLayout, AuthLinks } from "../auth/components/AuthLayout";
import { RouteLink } from "../auth/components/RouteLink";
import { TokenLoginPage } from "../auth/pages/TokenLoginPage";

/** /saml/callback/:token: the token sign-in, remembering that this session came from SAML. */
export function SamlCallbackPage() {
  // Before the exchange starts (state initialiser: once, during the first render).
  useState(() => markSamlSession());
  return <TokenLoginPage />;
}

/** /saml/callback/error: the SAML account is not synchronised yet (spec §8). */
export function SamlErrorPage() {
  const { t } = useTranslation("teams");
  return (
    <AuthLayout title={t("saml.errorTitle")}>
      <Body1 as="p" role="alert">
        {t("saml.notSynchronised")}
      </Body1>
      <AuthLinks>
        <RouteLink to="/auth/login">{t("saml.backToLogin")}</RouteLink>
      </AuthLinks>
    </AuthLayout>
  );
}
