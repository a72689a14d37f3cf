/**
 * Teams single sign-on. Zod-free on purpose: the tab imports these before its first screen, so
 * they must not pull zod into that load (the server builds its schemas from contracts/auth).
 * The tab gets an Entra token from the host (teams-js
 * `authentication.getAuthToken()`) and exchanges it for a platform session: POST
 * /api/auth/teams-sso with `Authorization: Bearer <Teams SSO token>` and no body.
 */
export const TEAMS_SSO_PATH = "/auth/teams-sso";

/** The delegated scope the Entra app exposes and every Teams SSO token must carry. */
export const TEAMS_SSO_SCOPE = "access_as_user";

/** Teams clients pre-authorised for that scope (no consent prompt): desktop/mobile and web. */
export const TEAMS_CLIENT_APP_IDS = {
  desktopAndMobile: "1fec8e78-bce4-4aaf-ab1b-5451cc387264",
  web: "5e3ce6c0-2b1f-4285-8d4b-75ee78787346",
} as const;

/**
 * The refusals of the exchange, with their status:
 * - TEAMS_SSO_NOT_CONFIGURED (404): the server has no Entra app configured;
 * - TEAMS_TOKEN_INVALID (401): expired, tampered, wrong audience or issuer, no access_as_user;
 * - TEAMS_TENANT_UNKNOWN (403): the Microsoft 365 organisation is not mapped to an edition;
 * - TEAMS_USER_UNKNOWN (403): no account of that edition for this person (the client shows a page
 *   telling them to ask their school admin).
 */
export const TEAMS_ERROR_KEYS = ["TEAMS_SSO_NOT_CONFIGURED", "TEAMS_TOKEN_INVALID", "TEAMS_TENANT_UNKNOWN", "TEAMS_USER_UNKNOWN"] as const;
export type TeamsErrorKey = (typeof TEAMS_ERROR_KEYS)[number];

/** The success answer is a session (`AuthSession`), exactly as from /auth/login. */

/**
 * Public settings the consent popup and nested app authentication need (MSAL). Always 200: a
 * server without Teams SSO answers `{ enabled: false }`, which is a setting, not an error (a 404
 * here would be a console error on every Teams page of such a deployment).
 */
export const TEAMS_CONFIG_PATH = "/auth/teams-config";
export type TeamsConfig = {
  /** The Entra app's client id. */
  clientId: string;
  /** api://<tab domain>/<clientId>; the scope asked for is `${appIdUri}/access_as_user`. */
  appIdUri: string;
};
export type TeamsConfigAnswer = ({ enabled: true } & TeamsConfig) | { enabled: false };
