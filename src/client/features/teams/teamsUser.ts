import type { HostContext, HostUser } from "../../platform";
import type { AuthRecord } from "../auth/authStorage";

const sameText = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The Teams user a session started in this tab belongs to: the Entra tenant plus the object id
 * or the login hint. Undefined when the host names nobody (then no session can be bound to it).
 */
export function teamsUserOf(context: HostContext): HostUser | undefined {
  const { tenantId, objectId, loginHint } = context.user ?? {};
  if (!tenantId || !(objectId || loginHint)) return undefined;
  return {
    tenantId,
    ...(objectId ? { objectId } : {}),
    ...(loginHint ? { loginHint } : {}),
  };
}

/**
 * Whether a stored session may be used by the Teams user now in the tab: the same tenant and the
 * same object id (or, when either side lacks one, the same login hint). A session with no Teams
 * user (signed in some other way, or by an older version) never qualifies: Teams SSO replaces it.
 */
export function belongsToTeamsUser(record: AuthRecord, context: HostContext): boolean {
  const current = teamsUserOf(context);
  const stored = record.teamsUser;
  if (!current || !stored || !sameText(stored.tenantId, current.tenantId)) return false;
  if (stored.objectId && current.objectId) return sameText(stored.objectId, current.objectId);
  return sameText(stored.loginHint, current.loginHint);
}
