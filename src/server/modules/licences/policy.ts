import type { Role } from "../../../contracts/common";
import { LicenceRoleConstraintSchema, type LicenceRoleConstraint } from "../../../contracts/licences";

/** The only licence type the product knows (spec §8: any other is "Code type not found"). */
export const REDEEMABLE_KIND = "publication";

/** The licence role a user role counts as: co-teachers are teachers; admins and editorial are neither. */
function licenceRoleOf(role: Role): LicenceRoleConstraint | null {
  if (role === "teacher" || role === "coteacher") return "teacher";
  if (role === "student") return "student";
  return null;
}

/** Spec §6: a licence whose role does not fit the user gives the licence role constraint error. */
export function fitsRoleConstraint(role: Role, constraint: string | null): boolean {
  if (constraint === null) return true;
  const parsed = LicenceRoleConstraintSchema.safeParse(constraint);
  return parsed.success && licenceRoleOf(role) === parsed.data;
}

/** A personal licence is only ever visible to the person who redeemed it. */
export const ownsPersonalLicence = (callerId: string, ownerId: string): boolean => callerId === ownerId;
