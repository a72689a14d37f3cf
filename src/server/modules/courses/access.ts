import { and, eq } from "drizzle-orm";
import type { CourseViewerRole } from "../../../contracts/courses";
import type { Db } from "../../db/client";
import { courseMembers, courses, users } from "../../db/schema";
import { forbidden, notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { seesWholeSchool, viewerRole } from "./policy";

export type Caller = Pick<AccessClaims, "userId" | "tenantId" | "role">;
export type CourseRecord = typeof courses.$inferSelect;

/** The caller's own school (null without one), read within their edition. */
export async function callerSchool(db: Db, caller: Pick<Caller, "userId" | "tenantId">): Promise<string | null> {
  const [row] = await db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)));
  return row?.schoolId ?? null;
}

/** How the caller may act on one class. Every class-scoped route starts from this. */
export type CourseAccess = {
  course: CourseRecord;
  /** Member role, or "observer" for a school admin overseeing their school's class. */
  role: CourseViewerRole;
  /** Settings, program, publications, key, removing students, moderating the stream. */
  canEdit: boolean;
  /** Adding and removing co-teachers: the class's teacher only. */
  canManageTeachers: boolean;
  isStudent: boolean;
};

export const canEditAs = (role: CourseViewerRole): boolean => role === "teacher" || role === "coteacher";

/**
 * The class `courseId` as the caller may see it, in one query: it must belong to the caller's
 * edition and the caller must be a member, or a school admin of the class's school. Anything else,
 * another edition's class included, is a 404 so that ids of other tenants' classes leak nothing.
 */
export async function loadCourseAccess(db: Db, caller: Caller, courseId: string): Promise<CourseAccess> {
  const [row] = await db
    .select({ course: courses, memberRole: courseMembers.role, callerSchoolId: users.schoolId })
    .from(courses)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId)))
    .leftJoin(users, and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .where(and(eq(courses.id, courseId), eq(courses.tenantId, caller.tenantId), eq(courses.archived, false)))
    .limit(1);
  if (!row) throw notFound("Class");
  const overseen = seesWholeSchool(caller.role) && row.course.schoolId !== null && row.course.schoolId === row.callerSchoolId;
  if (!row.memberRole && !overseen) throw notFound("Class");
  const role = viewerRole(row.memberRole);
  return {
    course: row.course,
    role,
    canEdit: canEditAs(role),
    canManageTeachers: role === "teacher",
    isStudent: role === "student",
  };
}

/** Same, but the caller must be able to edit the class (teacher or co-teacher): 403 otherwise. */
export async function loadEditableCourse(db: Db, caller: Caller, courseId: string): Promise<CourseAccess> {
  const access = await loadCourseAccess(db, caller, courseId);
  if (!access.canEdit) throw forbidden();
  return access;
}
