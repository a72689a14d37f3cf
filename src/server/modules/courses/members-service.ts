import { and, asc, eq, sql } from "drizzle-orm";
import { normaliseClassKey } from "../../../contracts/course-settings";
import type { Db } from "../../db/client";
import { courseMembers, courses, tenants, users } from "../../db/schema";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { Caller, CourseAccess } from "./access";
import { canCoteach, joinsWithKey, memberRemoval } from "./policy";

export type MemberRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  joinedAt: Date;
  chatbotEnabled: boolean;
};

/**
 * POST /front/courses/join: a student enters a class key. Keys are looked up only among the
 * caller's edition's live classes, so another edition's key is simply not found.
 */
export async function joinCourseByKey(db: Db, events: EventBus, caller: Caller, rawKey: string): Promise<{ courseId: string; alreadyMember: boolean }> {
  if (!joinsWithKey(caller.role)) throw new AppError(403, "CLASS_KEY_STUDENTS_ONLY", "Only students join classes with a key");
  const [course] = await db
    .select({ id: courses.id, expiresAt: courses.classKeyExpiresAt, memberRole: courseMembers.role })
    .from(courses)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId)))
    .where(and(eq(courses.tenantId, caller.tenantId), eq(courses.classKey, normaliseClassKey(rawKey)), eq(courses.archived, false)))
    .limit(1);
  if (!course) throw new AppError(404, "CLASS_KEY_NOT_FOUND", "Class key not found");
  if (course.expiresAt && course.expiresAt.getTime() <= Date.now()) throw new AppError(410, "CLASS_KEY_EXPIRED", "Class key expired");
  if (course.memberRole) return { courseId: course.id, alreadyMember: true };
  const inserted = await db
    .insert(courseMembers)
    .values({ courseId: course.id, userId: caller.userId, role: "student" })
    .onConflictDoNothing()
    .returning({ userId: courseMembers.userId });
  if (inserted.length > 0) events.emit("course.memberJoined", { tenantId: caller.tenantId, courseId: course.id, userId: caller.userId, role: "student" });
  return { courseId: course.id, alreadyMember: inserted.length === 0 };
}

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: courseMembers.role,
  joinedAt: courseMembers.joinedAt,
  chatbotEnabled: users.chatbotEnabled,
};

/** Teachers, then co-teachers, then students, each by last and first name. */
export async function listMembers(db: Db, access: CourseAccess): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(courseMembers)
    .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, access.course.tenantId)))
    .where(eq(courseMembers.courseId, access.course.id))
    .orderBy(
      sql`case ${courseMembers.role} when 'teacher' then 0 when 'coteacher' then 1 else 2 end`,
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(users.id),
    );
}

/** Whether the class's edition has the AI assistant (the members list tells staff whose it is on for). */
export async function editionHasAssistant(db: Db, access: CourseAccess): Promise<boolean> {
  const [row] = await db.select({ available: tenants.chatbotAvailable }).from(tenants).where(eq(tenants.id, access.course.tenantId)).limit(1);
  return row?.available ?? false;
}

async function findMember(db: Db, access: CourseAccess, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(courseMembers)
    .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, access.course.tenantId)))
    .where(and(eq(courseMembers.courseId, access.course.id), eq(courseMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * POST /front/courses/:guid/coteachers: the class's teacher adds a teacher of the same edition,
 * found by e-mail whatever its case.
 */
export async function addCoteacher(db: Db, caller: Caller, access: CourseAccess, email: string): Promise<MemberRow> {
  if (!access.canManageTeachers) throw forbidden();
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, caller.tenantId), sql`lower(${users.email}) = lower(${email.trim()})`))
    .limit(1);
  if (!user) throw new AppError(404, "USER_NOT_FOUND", "User not found");
  if (!canCoteach(user.role)) throw badRequest("COTEACHER_NOT_TEACHER", "Only teachers can be co-teachers");
  const inserted = await db
    .insert(courseMembers)
    .values({ courseId: access.course.id, userId: user.id, role: "coteacher" })
    .onConflictDoNothing()
    .returning({ userId: courseMembers.userId });
  if (inserted.length === 0) throw conflict("ALREADY_MEMBER", "Already a member of this class");
  const member = await findMember(db, access, user.id);
  if (!member) throw new Error("co-teacher vanished after being added");
  return member;
}

/**
 * DELETE /front/courses/:guid/members/:userGuid: the class's teacher removes anyone but the
 * class's creator; a co-teacher removes students only.
 */
export async function removeMember(db: Db, events: EventBus, access: CourseAccess, userId: string): Promise<void> {
  if (!access.canEdit) throw forbidden();
  const member = await findMember(db, access, userId);
  if (!member) throw notFound("Member");
  const verdict = memberRemoval(access.role, { role: member.role, isOwner: member.id === access.course.createdBy });
  if (verdict === "owner") throw badRequest("MEMBER_NOT_REMOVABLE", "The class's creator cannot be removed");
  if (verdict === "forbidden") throw forbidden();
  const removed = await db
    .delete(courseMembers)
    .where(and(eq(courseMembers.courseId, access.course.id), eq(courseMembers.userId, userId)))
    .returning({ userId: courseMembers.userId });
  if (removed.length > 0) events.emit("course.memberLeft", { tenantId: access.course.tenantId, courseId: access.course.id, userId });
}
