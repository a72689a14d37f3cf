import type { Role } from "../../../contracts/common";
import { CourseMemberRoleSchema, type CourseViewerRole } from "../../../contracts/courses";

/** The Programs tab: every staff role; students have no home tabs (spec §2). */
const PUBLICATION_BROWSERS: readonly Role[] = ["teacher", "coteacher", "school_admin", "editorial"];
export const canBrowsePublications = (role: Role): boolean => PUBLICATION_BROWSERS.includes(role);

/** School admins oversee every class of their own school, enrolled in it or not. */
export const seesWholeSchool = (role: Role): boolean => role === "school_admin";

/** The caller's role on a class card: their membership, else "observer" (only school admins get here). */
export function viewerRole(memberRole: string | null): CourseViewerRole {
  const parsed = CourseMemberRoleSchema.safeParse(memberRole);
  return parsed.success ? parsed.data : "observer";
}
