import type { AuthSession } from "../../../contracts/auth";
import type { AppStore } from "../../app/store";
import type { Host } from "../../platform";
import { teamsApi } from "./teamsApi";

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

/** The attempt started at boot, once; undefined afterwards (retries start their own). */
export function takeEarlyTeamsSso(): Promise<AuthSession> | undefined {
  const attempt = early;
  early = undefined;
  return attempt;
}
