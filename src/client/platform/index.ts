import type { Host } from "./host";
import { createStandaloneHost } from "./standalone";

export type { DeepLinkTarget, Host, HostContext, HostKind, HostTheme } from "./host";

/**
 * Decides once where the app runs. A top-level window with no opener is standalone at once and
 * loads no Teams code; framed or popup windows are checked for a Teams host (the Teams issue adds
 * that path with a dynamic import of teams-js).
 */
export async function detectHost(win: Window = window): Promise<Host> {
  return createStandaloneHost(win);
}
