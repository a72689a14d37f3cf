import type { AuthSession } from "../../../contracts/auth";
import type { AppStore } from "../../app/store";
import type { Host } from "../../platform";
import { loggedOut } from "../auth/authSlice";
import { clearSessionState, type AuthRecord } from "../auth/authStorage";
import { clearSamlFlag } from "../auth/sso";
import { teamsSsoApplies } from "./ssoRules";
import { teamsApi } from "./teamsApi";
import { belongsToTeamsUser } from "./teamsUser";

let early: Promise<AuthSession> | undefined;

/**
 * Starts Teams SSO at boot, in parallel with translations and the edition, so the session is
 * (nearly) there when the first screen mounts: Teams shows its loading indicator until notifySuccess.
 */
export function startTeamsSso(store: AppStore, host: Host): void {
  early = (async () => {
    const token = await host.getToken();
    if (!token) throw new Error("NoToken");
    return store.dispatch(teamsApi.endpoints.teamsSso.initiate(token)).unwrap();
  })();
  // Handled by whoever takes it (TeamsSignIn); never an unhandled rejection meanwhile.
  early.catch(() => undefined);
}

/**
 * Revokes a discarded session on the server while its access token is still valid (best effort:
 * the record is already gone from this browser, which is what protects the next person).
 */
function revokeQuietly(record: AuthRecord, fetchImpl: typeof fetch | undefined): void {
  if (!fetchImpl || record.expiresAt <= Date.now()) return;
  void fetchImpl("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${record.token}` }, keepalive: true }).catch(
    () => undefined,
  );
}

/**
 * At boot, inside Teams: a stored session is kept only when it belongs to the Teams user in the tab
 * (ADR 0021). On a shared computer the previous person's session is discarded (and revoked), never
 * shown to the next one; then, with no session, Teams SSO starts.
 */
export function prepareTeamsSession(store: AppStore, host: Host, pathname: string, fetchImpl: typeof fetch | undefined = globalThis.fetch): void {
  if (!teamsSsoApplies(host.context, pathname)) return;
  const record = store.getState().auth.record;
  if (record && !belongsToTeamsUser(record, host.context)) {
    revokeQuietly(record, fetchImpl);
    store.dispatch(loggedOut());
    clearSessionState();
    clearSamlFlag();
  }
  if (!store.getState().auth.record) startTeamsSso(store, host);
}

/** The attempt started at boot, once; undefined afterwards (retries start their own). */
export function takeEarlyTeamsSso(): Promise<AuthSession> | undefined {
  const attempt = early;
  early = undefined;
  return attempt;
}
