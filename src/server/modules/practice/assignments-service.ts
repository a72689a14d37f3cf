import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PracticeAssignment } from "../../../contracts/practice";
import { PRACTICE_ERRORS } from "../../../contracts/practice-base";
import type { Db } from "../../db/client";
import { courseMembers, practiceActivities, practiceAssignments, practiceSessions, users } from "../../db/schema";
import { badRequest, notFound } from "../../platform/errors";
import type { CourseAccess } from "../courses/access";
import { studentsNotInClass } from "../tasks/policy";
import { classKcNames, type KcNames } from "./kc-names";

/*
 * "From the teacher" (issue 15, item 4): a class's teacher assigns a practice set on chosen KCs to
 * the whole class or to some of its students, and sees who did it. The students get it as a
 * recommendation card (recommendations.ts); each practises it in one session of their own.
 */

type AssignmentRow = typeof practiceAssignments.$inferSelect;

export async function createAssignment(
  db: Db,
  access: CourseAccess,
  actorId: string,
  input: { kcs: string[]; studentGuids: string[]; dueAt: string | null },
): Promise<PracticeAssignment> {
  const names = await classKcNames(db, access.course);
  const kcs = [...new Set(input.kcs)];
  const unknown = kcs.filter((k) => !names.has(k));
  if (unknown.length > 0) throw badRequest(PRACTICE_ERRORS.kcNotInClass, "A skill is not taught in this class", { kcs: unknown });
  const studentIds = [...new Set(input.studentGuids)];
  if (studentIds.length > 0) {
    const members = await db
      .select({ userId: courseMembers.userId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, access.course.id), eq(courseMembers.role, "student"), inArray(courseMembers.userId, studentIds)));
    const found = new Set(members.map((m) => m.userId));
    const missing = studentIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw studentsNotInClass(missing);
  }
  const [row] = await db
    .insert(practiceAssignments)
    .values({ tenantId: access.course.tenantId, courseId: access.course.id, createdBy: actorId, kcs, studentIds, dueAt: input.dueAt ? new Date(input.dueAt) : null })
    .returning();
  if (!row) throw new Error("practice assignment insert returned nothing");
  const [presented] = await presentAssignments(db, access, [row], names);
  return presented as PracticeAssignment;
}

export async function listAssignments(db: Db, access: CourseAccess): Promise<PracticeAssignment[]> {
  const rows = await db
    .select()
    .from(practiceAssignments)
    .where(and(eq(practiceAssignments.courseId, access.course.id), eq(practiceAssignments.tenantId, access.course.tenantId)))
    .orderBy(desc(practiceAssignments.createdAt));
  return presentAssignments(db, access, rows, await classKcNames(db, access.course));
}

export async function deleteAssignment(db: Db, access: CourseAccess, assignmentId: string): Promise<void> {
  const deleted = await db
    .delete(practiceAssignments)
    .where(and(eq(practiceAssignments.id, assignmentId), eq(practiceAssignments.courseId, access.course.id)))
    .returning({ id: practiceAssignments.id });
  if (deleted.length === 0) throw notFound("Practice set");
}

/** Each set with who it is for (its students, or the class's current students) and how far each got. */
async function presentAssignments(db: Db, access: CourseAccess, rows: readonly AssignmentRow[], names: Map<string, KcNames>): Promise<PracticeAssignment[]> {
  if (rows.length === 0) return [];
  const [students, sessions, creators] = await Promise.all([
    db
      .select({ guid: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(and(eq(courseMembers.courseId, access.course.id), eq(courseMembers.role, "student")))
      .orderBy(asc(users.lastName), asc(users.firstName)),
    db
      .select({
        assignmentId: practiceSessions.assignmentId,
        userId: practiceSessions.userId,
        status: practiceSessions.status,
        completedAt: practiceSessions.completedAt,
        activities: sql<number>`count(${practiceActivities.id})::int`,
        right: sql<number>`count(*) filter (where ${practiceActivities.correct})::int`,
      })
      .from(practiceSessions)
      .leftJoin(practiceActivities, eq(practiceActivities.sessionId, practiceSessions.id))
      .where(inArray(practiceSessions.assignmentId, rows.map((r) => r.id)))
      .groupBy(practiceSessions.id)
      .orderBy(asc(practiceSessions.createdAt)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))])),
  ]);
  return rows.map((a) => {
    const creator = creators.find((c) => c.id === a.createdBy);
    const targets = a.studentIds.length === 0 ? students : students.filter((s) => a.studentIds.includes(s.guid));
    return {
      guid: a.id,
      kcs: a.kcs.map((code) => ({ code, names: names.get(code) ?? {} })),
      wholeClass: a.studentIds.length === 0,
      dueAt: a.dueAt ? a.dueAt.toISOString() : null,
      createdAt: a.createdAt.toISOString(),
      createdBy: creator ? `${creator.firstName} ${creator.lastName}`.trim() : "",
      students: targets.map((s) => {
        // The last session counts (a completed one, or the one in progress).
        const own = sessions.filter((x) => x.assignmentId === a.id && x.userId === s.guid);
        const session = own.find((x) => x.status === "completed") ?? own[own.length - 1];
        return {
          ...s,
          state: (session?.status ?? "not_started") as PracticeAssignment["students"][number]["state"],
          right: session?.right ?? 0,
          activities: session?.activities ?? 0,
          completedAt: session?.completedAt ? session.completedAt.toISOString() : null,
        };
      }),
    };
  });
}
