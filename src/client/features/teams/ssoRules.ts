import { errorKeyOf } from "../../app/apiResult";
import type { HostContext } from "../../platform";

/** What the tab shows when Teams SSO did not produce a session. */
export type SsoFailure =
  /** The user (or admin) has not consented to our scope: offer the consent popup. */
  | "consent"
  /** Signed in to Microsoft 365, but no account of this edition (or organisation not linked). */
  | "notRegistered"
  /** The server has no Entra app configured. */
  | "notConfigured"
  /** Anything else (token refused, network): offer to retry. */
  | "failed";

/** Host (teams-js) and Entra error strings that a consent popup can fix. */
const CONSENT_ERRORS = [
  "resourcerequiresconsent",
  "resourcerequiresmfa",
  "tokenrevoked",
  "invalid_grant",
  "consent_required",
  "interaction_required",
];

/** teams-js rejects with an Error whose message is the host's error string; RTK with `{data}`. */
export function hostErrorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return "";
}

/** Sorts a failed SSO attempt (the host's getToken or POST /api/auth/teams-sso) into what to show. */
export function classifySsoFailure(error: unknown): { kind: SsoFailure; reason: string } {
  const key = errorKeyOf(error);
  if (key === "TEAMS_USER_UNKNOWN" || key === "TEAMS_TENANT_UNKNOWN") return { kind: "notRegistered", reason: key };
  if (key === "TEAMS_SSO_NOT_CONFIGURED") return { kind: "notConfigured", reason: key };
  const text = key !== "INTERNAL_ERROR" ? key : hostErrorText(error);
  const lower = text.toLowerCase();
  if (CONSENT_ERRORS.some((c) => lower.includes(c))) return { kind: "consent", reason: text };
  return { kind: "failed", reason: text || key };
}

/** Paths that run without Teams SSO: sign-in flows, the consent popup and public pages. */
const NO_SSO_PREFIXES = ["/auth/", "/oidc/", "/saml/", "/tab-auth-", "/logout", "/status", "/terms", "/privacy", "/credits"];

export const pathSkipsTeamsSso = (pathname: string): boolean => NO_SSO_PREFIXES.some((p) => pathname.startsWith(p));

/** Whether this load signs in with Teams SSO: inside Teams, outside the consent popup and sign-in flows. */
export const teamsSsoApplies = (context: HostContext, pathname: string): boolean =>
  context.kind === "teams" && context.frameContext !== "authentication" && !pathSkipsTeamsSso(pathname);
