import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, ne, notExists, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { STATE_OF_TAB, type JobState, type TaskAmounts, type TaskTab } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { courseJobTallies, courseMembers, courses, jobs, jobTallies, lessonItems, taskAssignments } from "../../db/schema";
import type { Caller } from "../courses/access";
import { selectJobRows, type JobRow } from "./service";

/*
 * GET front/tasks and front/amount-tasks. A student's jobs are those of the classes they are still
 * a student of, on published items; a teacher's are the hand-ins of the students of the classes
 * they teach or co-teach. Never a job unassigned, nor one of an archived class.
 *
 * The reach is written with semi-joins on `jobs` alone (the item, lesson, content and student of a
 * job are foreign keys that always join, so they never narrow a list): the page's ids read only
 * what scopes them, and the ten rows shown are joined to what they present after. The totals come
 * from the tallies the database keeps (`tallied`). Issue 14: the lists stay flat from 10 to
 * 10,000 tasks.
 */

export type TasksView = "student" | "teacher";

const MEMBER_ROLES: Record<TasksView, string[]> = { student: ["student"], teacher: ["teacher", "coteacher"] };

/** The caller's classes in this view: not archived, where they are a student (or teach). */
const reachedCourses = (db: Db, view: TasksView, caller: Caller) =>
  db
    .select({ id: courseMembers.courseId })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.userId, caller.userId), inArray(courseMembers.role, MEMBER_ROLES[view]), eq(courses.archived, false)));

/**
 * The conditions on `jobs` that make a job the caller's in this view. A job's task and item always
 * exist (foreign keys), so "its task is not unassigned" and "its item is published" are written as
 * "there is no such exception": the few unassigned tasks and unpublished items (each with its
 * partial index) are read once, not looked up for every job.
 */
function reach(db: Db, view: TasksView, caller: Caller, courseId: string | undefined): SQL | undefined {
  const unassigned = db
    .select({ one: sql`1` })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.id, jobs.assignmentId), isNotNull(taskAssignments.removedAt)));
  const common = [
    eq(jobs.tenantId, caller.tenantId),
    isNull(jobs.removedAt),
    notExists(unassigned),
    courseId ? eq(jobs.courseId, courseId) : undefined,
    inArray(jobs.courseId, reachedCourses(db, view, caller)),
  ];
  if (view === "student") {
    const unpublished = db
      .select({ one: sql`1` })
      .from(lessonItems)
      .where(and(eq(lessonItems.id, jobs.lessonItemId), ne(lessonItems.status, "published")));
    return and(...common, eq(jobs.studentId, caller.userId), notExists(unpublished));
  }
  // The hand-in's student is still a student of the class.
  const member = db
    .select({ one: sql`1` })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, jobs.courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")));
  return and(...common, exists(member));
}

/** To do: soonest due first, undated last. Turned in and graded: the latest first. */
const orderOf = (tab: TaskTab): SQL[] => {
  switch (STATE_OF_TAB[tab]) {
    case "not_started":
      return [sql`${taskAssignments.dueAt} asc nulls last`, asc(jobs.createdAt), asc(jobs.id)];
    case "pending":
      return [sql`${jobs.deliveredAt} desc nulls last`, desc(jobs.id)];
    case "graded":
      return [sql`${jobs.gradedAt} desc nulls last`, desc(jobs.id)];
  }
};

/**
 * The caller's totals per state, from the tallies the triggers keep (schema/work.ts `job_tallies`):
 * one row per class they are in (and per class and student for a student), so a total costs the
 * same at 10 and at 10,000 tasks. The reach is the lists': classes not archived that they are a
 * student of (their own jobs) or teach (the jobs of the class's current students).
 */
async function tallied(db: Db, caller: Caller, view: TasksView, courseId: string | undefined): Promise<Record<JobState, number>> {
  const classes = and(
    eq(courseMembers.userId, caller.userId),
    inArray(courseMembers.role, MEMBER_ROLES[view]),
    courseId ? eq(courseMembers.courseId, courseId) : undefined,
  );
  const reached = and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, caller.tenantId), eq(courses.archived, false));
  const n = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  if (view === "student") {
    const [row] = await db
      .select({ not_started: n(jobTallies.todo), pending: n(jobTallies.turnedIn), graded: n(jobTallies.graded) })
      .from(courseMembers)
      .innerJoin(courses, reached)
      .innerJoin(jobTallies, and(eq(jobTallies.courseId, courseMembers.courseId), eq(jobTallies.studentId, courseMembers.userId)))
      .where(classes);
    return row ?? { not_started: 0, pending: 0, graded: 0 };
  }
  const [row] = await db
    .select({ pending: n(courseJobTallies.pending), graded: n(courseJobTallies.reviewed) })
    .from(courseMembers)
    .innerJoin(courses, reached)
    .innerJoin(courseJobTallies, eq(courseJobTallies.courseId, courseMembers.courseId))
    .where(classes);
  return { not_started: 0, pending: row?.pending ?? 0, graded: row?.graded ?? 0 };
}

export async function listTasks(
  db: Db,
  caller: Caller,
  view: TasksView,
  q: { tab: TaskTab; courseId?: string; offset: number; pageSize: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const state = STATE_OF_TAB[q.tab];
  const [page, totals] = await Promise.all([
    db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
      // Said again on the joined task: To Do then walks task_assignments_due_idx in order and stops at the page.
      .where(and(reach(db, view, caller, q.courseId), eq(jobs.status, state), isNull(taskAssignments.removedAt)))
      .orderBy(...orderOf(q.tab))
      .limit(q.pageSize)
      .offset(q.offset),
    tallied(db, caller, view, q.courseId),
  ]);
  const total = totals[state];
  const ids = page.map((r) => r.id);
  if (ids.length === 0) return { rows: [], total };
  const byId = new Map((await selectJobRows(db).where(inArray(jobs.id, ids))).map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** The badge counts, from the same tallies. */
export async function taskAmounts(db: Db, caller: Caller, view: TasksView, courseId?: string): Promise<TaskAmounts> {
  const by = await tallied(db, caller, view, courseId);
  return view === "student"
    ? { todo: by.not_started, turnedIn: by.pending, graded: by.graded, pending: 0, reviewed: 0 }
    : { todo: 0, turnedIn: 0, graded: 0, pending: by.pending, reviewed: by.graded };
}
