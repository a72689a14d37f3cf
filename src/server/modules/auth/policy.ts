import { forbidden } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";

type Account = { id: string; tenantId: string };
type Actor = Pick<AccessClaims, "userId" | "tenantId">;

const isOwner = (actor: Actor, account: Account): boolean =>
  actor.userId === account.id && actor.tenantId === account.tenantId;

/**
 * Who may do what with an account's credentials and settings. Only the owner, for now:
 * administrators resetting someone else's password belongs to the organization module.
 */
export const authPolicy = {
  readProfile: isOwner,
  updateProfile: isOwner,
  changePassword: isOwner,
} as const satisfies Record<string, (actor: Actor, account: Account) => boolean>;

export type AuthAction = keyof typeof authPolicy;

/** Throws 403 unless the policy allows `action` on `account`. */
export function authorize(action: AuthAction, actor: Actor, account: Account): void {
  if (!authPolicy[action](actor, account)) throw forbidden();
}
