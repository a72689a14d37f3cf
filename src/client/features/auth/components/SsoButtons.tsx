import { Button } from "@fluentui/react-components";
import type { CSSProperties, ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { usePublicData } from "../../../app/publicData";
import { ssoStartHref, type SsoProvider } from "../sso";

/*
 * Brand marks as inline SVG (a few hundred bytes): the login route's first load stays small and
 * the icons need no font or icon chunk.
 */
const ICONS: Record<SsoProvider["brand"], ReactElement> = {
  google: (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.1 1.4-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  ),
  microsoft: (
    <svg viewBox="0 0 21 21" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#F25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7FBA00" />
      <rect x="1" y="11" width="9" height="9" fill="#00A4EF" />
      <rect x="11" y="11" width="9" height="9" fill="#FFB900" />
    </svg>
  ),
  generic: (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.5 2a5.5 5.5 0 0 0-5.3 7L2.2 14a.75.75 0 0 0-.2.5v2.75c0 .41.34.75.75.75H5.5c.41 0 .75-.34.75-.75V16h1.25c.41 0 .75-.34.75-.75V14h1.25c.2 0 .39-.08.53-.22l.99-.99A5.5 5.5 0 1 0 12.5 2zm1.5 3a1 1 0 1 1 0 2 1 1 0 0 1 0-2z"
      />
    </svg>
  ),
};

/**
 * One button per single sign-on provider of the edition (GET /api/auth/providers). Each is a
 * full-page link to the server's start URL, which runs the OIDC or SAML flow and comes back to
 * /oidc/callback/:token or /saml/callback/:token. Microsoft (Entra) accounts use the same server
 * OIDC flow: msal-browser is kept for the Teams consent popup only. Nothing renders without providers.
 */
export function SsoButtons({ returnTo }: { returnTo: string }) {
  const { data: providers } = usePublicData("ssoProviders");
  if (!providers || providers.length === 0) return null;
  return <ProviderList providers={providers} returnTo={returnTo} />;
}

// Inline styles over Fluent's CSS variables: no makeStyles (Griffel) on the login route.
const GROUP_STYLE: CSSProperties = { display: "flex", flexDirection: "column", gap: "var(--spacingVerticalS)" };
const DIVIDER_STYLE: CSSProperties = { margin: 0, textAlign: "center", color: "var(--colorNeutralForeground3)" };

function ProviderList({ providers, returnTo }: { providers: SsoProvider[]; returnTo: string }) {
  // No Suspense: the buttons appear once the (small) namespace is there, the form never waits.
  const { t, ready } = useTranslation("teams", { useSuspense: false });
  if (!ready) return null;
  return (
    <div style={GROUP_STYLE} role="group" aria-label={t("ssoButtons.group")}>
      <p style={DIVIDER_STYLE}>{t("ssoButtons.or")}</p>
      {providers.map((p) => (
        <Button key={p.id} as="a" href={ssoStartHref(p.startUrl, returnTo)} icon={ICONS[p.brand] ?? ICONS.generic}>
          {t("ssoButtons.continueWith", { label: p.label })}
        </Button>
      ))}
    </div>
  );
}
