import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { STATE_OF_TAB, type TaskAmounts, type TaskTab } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { courseMembers, courses, jobs, lessonItems, taskAssignments } from "../../db/schema";
import type { Caller } from "../courses/access";
import { joinJobFacts, jobRowColumns, type JobRow } from "./service";

/*
 * GET front/tasks and front/amount-tasks. A student's jobs are those of the classes they are still
 * a student of, on published items; a teacher's are the hand-ins of the students of the classes
 * they teach or co-teach. Never a job unassigned, nor one of an archived class.
 */

export type TasksView = "student" | "teacher";

const teacherMembership = alias(courseMembers, "teacher_membership");
const studentMembership = alias(courseMembers, "student_membership");

/** The caller's reach: the membership joins and the conditions of their view. */
function scoped<T extends PgSelect>(query: T, view: TasksView, caller: Caller, courseId: string | undefined) {
  const common = [
    eq(jobs.tenantId, caller.tenantId),
    isNull(jobs.removedAt),
    isNull(taskAssignments.removedAt),
    eq(courses.archived, false),
    courseId ? eq(jobs.courseId, courseId) : undefined,
  ];
  const joined = joinJobFacts(query).innerJoin(
    studentMembership,
    and(eq(studentMembership.courseId, jobs.courseId), eq(studentMembership.userId, jobs.studentId), eq(studentMembership.role, "student")),
  );
  if (view === "student") {
    return { query: joined, where: and(...common, eq(jobs.studentId, caller.userId), eq(lessonItems.status, "published")) };
  }
  return {
    query: joined.innerJoin(
      teacherMembership,
      and(eq(teacherMembership.courseId, jobs.courseId), eq(teacherMembership.userId, caller.userId), inArray(teacherMembership.role, ["teacher", "coteacher"])),
    ),
    where: and(...common),
  };
}

/** To do: soonest due first, undated last. Turned in and graded: the latest first. */
const orderOf = (tab: TaskTab): SQL[] => {
  switch (STATE_OF_TAB[tab]) {
    case "not_started":
      return [sql`${taskAssignments.dueAt} asc nulls last`, sql`${jobs.createdAt} asc`, sql`${jobs.id} asc`];
    case "pending":
      return [sql`${jobs.deliveredAt} desc nulls last`, desc(jobs.id)];
    case "graded":
      return [sql`${jobs.gradedAt} desc nulls last`, desc(jobs.id)];
  }
};

export async function listTasks(
  db: Db,
  caller: Caller,
  view: TasksView,
  q: { tab: TaskTab; courseId?: string; offset: number; pageSize: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const state = eq(jobs.status, STATE_OF_TAB[q.tab]);
  const page = scoped(db.select(jobRowColumns).from(jobs).$dynamic(), view, caller, q.courseId);
  const counted = scoped(db.select({ n: count() }).from(jobs).$dynamic(), view, caller, q.courseId);
  const [rows, [total]] = await Promise.all([
    page.query
      .where(and(page.where, state))
      .orderBy(...orderOf(q.tab))
      .limit(q.pageSize)
      .offset(q.offset),
    counted.query.where(and(counted.where, state)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The badge counts: one grouped query. */
export async function taskAmounts(db: Db, caller: Caller, view: TasksView, courseId?: string): Promise<TaskAmounts> {
  const grouped = scoped(db.select({ status: jobs.status, n: count() }).from(jobs).$dynamic(), view, caller, courseId);
  const rows = await grouped.query.where(grouped.where).groupBy(jobs.status);
  const by = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return view === "student"
    ? { todo: by("not_started"), turnedIn: by("pending"), graded: by("graded"), pending: 0, reviewed: 0 }
    : { todo: 0, turnedIn: 0, graded: 0, pending: by("pending"), reviewed: by("graded") };
}
