import type { Host } from "./host";
import { createStandaloneHost } from "./standalone";

export type {
  DeepLinkTarget,
  Host,
  HostContext,
  HostFrameContext,
  HostKind,
  HostTheme,
  HostUser,
  TabConfig,
  TabConfigApi,
} from "./host";
export { deepLinkPath, pathToSubPageId, subPageIdToPath, teamsDeepLinkUrl } from "./deepLinks";

/** How long a frame's parent may take to answer teams-js' handshake before we call it standalone. */
export const TEAMS_INIT_TIMEOUT_MS = 3000;

/** Pages Teams opens in its own window (consent popup): they must always try teams-js. */
const AUTH_WINDOW_PATHS = ["/tab-auth-start", "/tab-auth-end"];

type TeamsModule = typeof import("./teams");
/** The Teams adapter and teams-js, in their own chunk: a plain browser tab never downloads them. */
const loadTeams = (): Promise<TeamsModule> => import(/* webpackChunkName: "teams-js" */ "./teams");

/** A top-level window that nothing opened and that is not an auth page cannot be in Teams. */
export function mayBeInTeams(win: Window): boolean {
  let framed: boolean;
  try {
    framed = win.self !== win.top;
  } catch {
    framed = true; // a cross-origin parent throws on access: we are framed
  }
  return framed || Boolean(win.opener) || AUTH_WINDOW_PATHS.includes(win.location.pathname);
}

/**
 * Decides once where the app runs. A top-level window with no opener is standalone at once and
 * loads no Teams code; a frame or a popup loads teams-js and races its handshake against a
 * timeout, falling back to standalone (e.g. the app framed by something that is not Teams).
 */
export async function detectHost(
  win: Window = window,
  options: { load?: () => Promise<TeamsModule>; timeoutMs?: number } = {},
): Promise<Host> {
  if (!mayBeInTeams(win)) return createStandaloneHost(win);
  try {
    const teams = await (options.load ?? loadTeams)();
    const host = await teams.createTeamsHost(win, options.timeoutMs ?? TEAMS_INIT_TIMEOUT_MS);
    return host ?? createStandaloneHost(win);
  } catch {
    return createStandaloneHost(win);
  }
}

type MsalModule = typeof import("./msal");
/** msal-browser, only for the consent popup pages: its own chunk. */
export const loadMsal = (): Promise<MsalModule> => import(/* webpackChunkName: "msal" */ "./msal");
export type { TeamsAuthConfig } from "./msal";
