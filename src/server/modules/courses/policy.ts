import type { Role } from "../../../contracts/common";
import type { CourseKind } from "../../../contracts/course-settings";
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

/** Who may create classes and add publications to them: teaching staff (spec §6). */
const CLASS_CREATORS: readonly Role[] = ["teacher", "coteacher"];
export const canCreateClasses = (role: Role): boolean => CLASS_CREATORS.includes(role);

/** Only teachers and co-teachers may be added to a class as co-teachers. */
export const canCoteach = (role: string): boolean => role === "teacher" || role === "coteacher";

/** Class keys are for students; staff are added by the class's teacher. */
export const joinsWithKey = (role: Role): boolean => role === "student";

export type SchoolFlags = { canCreateCourse: boolean | null; canCreateGroup: boolean | null };

/**
 * The school flag a class kind needs (spec §6): a class needs canCreateCourse, a group
 * canCreateGroup. A caller without a school has no flags, which counts as not allowed.
 */
export function creationRefusal(kind: CourseKind, flags: SchoolFlags | undefined): "COURSE_CREATION_DISABLED" | "GROUP_CREATION_DISABLED" | null {
  if (kind === "group") return flags?.canCreateGroup === true ? null : "GROUP_CREATION_DISABLED";
  return flags?.canCreateCourse === true ? null : "COURSE_CREATION_DISABLED";
}

export type MemberRemoval = "allowed" | "forbidden" | "owner";

/**
 * Who may remove whom: the class's teacher anyone but the creator; a co-teacher students only;
 * nobody else anyone.
 */
export function memberRemoval(actor: CourseViewerRole, target: { role: string; isOwner: boolean }): MemberRemoval {
  if (actor === "teacher") return target.isOwner ? "owner" : "allowed";
  if (actor === "coteacher") return target.role === "student" ? "allowed" : "forbidden";
  return "forbidden";
}
