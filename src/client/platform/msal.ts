/**
 * msal-browser 5, loaded only by the consent popup pages (/tab-auth-start, /tab-auth-end) and by
 * the Teams host when the host recommends nested app authentication. Its own chunk ("msal").
 */
import {
  createNestablePublicClientApplication,
  createStandardPublicClientApplication,
  type Configuration,
  type IPublicClientApplication,
} from "@azure/msal-browser";
import { TEAMS_CONFIG_PATH, type TeamsConfig, type TeamsConfigAnswer } from "../../contracts/teams";

/** The Entra app the Teams tab signs in with (GET /api/auth/teams-config); authority defaults to multi-tenant. */
export type TeamsAuthConfig = TeamsConfig & { authority?: string };

export const TEAMS_CONFIG_URL = `/api${TEAMS_CONFIG_PATH}`;

/** An answer of a server with Teams SSO on (`enabled: false` means it has none). */
const isConfig = (v: unknown): v is TeamsConfigAnswer & { enabled: true } =>
  typeof v === "object" &&
  v !== null &&
  (v as TeamsConfigAnswer).enabled === true &&
  typeof (v as TeamsAuthConfig).clientId === "string" &&
  typeof (v as TeamsAuthConfig).appIdUri === "string";

/** The public Teams sign-in settings, or undefined when the server has none (not configured). */
export async function loadTeamsAuthConfig(fetchImpl: typeof fetch = fetch): Promise<TeamsAuthConfig | undefined> {
  try {
    const res = await fetchImpl(TEAMS_CONFIG_URL, { headers: { accept: "application/json" } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { data?: unknown };
    return isConfig(body.data) ? { clientId: body.data.clientId, appIdUri: body.data.appIdUri } : undefined;
  } catch {
    return undefined;
  }
}

export const accessScope = (config: TeamsAuthConfig): string => `${config.appIdUri.replace(/\/$/, "")}/access_as_user`;

const msalConfig = (config: TeamsAuthConfig, redirectUri: string): Configuration => ({
  auth: {
    clientId: config.clientId,
    authority: config.authority ?? "https://login.microsoftonline.com/common",
    redirectUri,
  },
  // Where the browser blocks sessionStorage, msal-browser falls back to its own memory storage.
  cache: { cacheLocation: "sessionStorage" },
});

let standard: Promise<IPublicClientApplication> | undefined;
const standardClient = (config: TeamsAuthConfig, redirectUri: string) =>
  (standard ??= createStandardPublicClientApplication(msalConfig(config, redirectUri)));

/** Nested app authentication (the host brokers the token); undefined when it cannot answer silently. */
export async function acquireNestedToken(config: TeamsAuthConfig, loginHint: string | undefined): Promise<string | undefined> {
  const pca = await createNestablePublicClientApplication(msalConfig(config, window.location.origin));
  const scopes = [accessScope(config)];
  const account = pca.getActiveAccount() ?? pca.getAllAccounts()[0];
  const result = account ? await pca.acquireTokenSilent({ scopes, account }) : await pca.ssoSilent({ scopes, loginHint });
  return result.accessToken || undefined;
}

/** /tab-auth-start: sends the popup to Entra to consent to our scope; it comes back to `redirectUri`. */
export async function startConsentRedirect(config: TeamsAuthConfig, redirectUri: string, loginHint?: string): Promise<void> {
  const pca = await standardClient(config, redirectUri);
  await pca.loginRedirect({ scopes: [accessScope(config)], loginHint, redirectUri, prompt: "consent" });
}

export type ConsentOutcome = { ok: true } | { ok: false; reason: string };

/** /tab-auth-end: completes the redirect; errors are told apart by errorCode, not message. */
export async function completeConsentRedirect(config: TeamsAuthConfig, redirectUri: string): Promise<ConsentOutcome> {
  try {
    const pca = await standardClient(config, redirectUri);
    const result = await pca.handleRedirectPromise();
    return result ? { ok: true } : { ok: false, reason: "no_response" };
  } catch (error) {
    const code = (error as { errorCode?: unknown }).errorCode;
    return { ok: false, reason: typeof code === "string" ? code : "consent_failed" };
  }
}
