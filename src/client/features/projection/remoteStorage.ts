import { isProjectionInfo } from "../../../contracts/projection-base";
import type { ProjectionInfo } from "../../../contracts/projection";
import { sessionStore } from "../../platform/storage";

/** What a phone keeps after claiming a remote URL: enough to join again after a reload. */
export type RemoteGrant = { sessionId: string; remoteSecret: string };

const keyOf = (token: string) => `aula.remote.${token}`;

/**
 * Kept in sessionStorage (this tab only, gone when it closes): a reload of the same phone keeps
 * the remote, while the one-time URL opened anywhere else is refused.
 */
export function rememberRemote(token: string, grant: RemoteGrant & { info: ProjectionInfo }): void {
  // Where storage is blocked this lives in memory: the remote still works until the page is reloaded.
  sessionStore.setItem(keyOf(token), JSON.stringify(grant));
}

export function recallRemote(token: string): (RemoteGrant & { info: ProjectionInfo }) | undefined {
  try {
    const raw = sessionStore.getItem(keyOf(token));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { sessionId?: unknown; remoteSecret?: unknown; info?: unknown };
    if (typeof value.sessionId !== "string" || typeof value.remoteSecret !== "string" || !isProjectionInfo(value.info)) return undefined;
    const { lessonTitle, courseName, itemTitles } = value.info;
    return { sessionId: value.sessionId, remoteSecret: value.remoteSecret, info: { lessonTitle, courseName, itemTitles } };
  } catch {
    return undefined;
  }
}

export function forgetRemote(token: string): void {
  sessionStore.removeItem(keyOf(token));
}
