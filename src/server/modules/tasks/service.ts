import { and, count, eq, inArray } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { taskKindOf, type JobState, type TaskKind } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { contents, courses, jobFiles, jobs, lessonItems, lessons, taskAssignments, users } from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import type { JobFacts, JobViewer } from "./policy";

/*
 * What every part of the tasks module reads: a job with its task, item, lesson, class and student,
 * and who the caller is to it. One place decides that a job is invisible (404) to anyone else.
 */

export type AssignmentRecord = typeof taskAssignments.$inferSelect;
export type JobRecord = typeof jobs.$inferSelect;

/** A job and what lists and the job view show beside it. */
export const jobRowColumns = {
  id: jobs.id,
  tenantId: jobs.tenantId,
  assignmentId: jobs.assignmentId,
  courseId: jobs.courseId,
  studentId: jobs.studentId,
  status: jobs.status,
  deliveredAt: jobs.deliveredAt,
  late: jobs.late,
  score: jobs.score,
  feedback: jobs.feedback,
  gradedBy: jobs.gradedBy,
  gradedAt: jobs.gradedAt,
  removedAt: jobs.removedAt,
  createdAt: jobs.createdAt,
  dueAt: taskAssignments.dueAt,
  maxScore: taskAssignments.maxScore,
  instructions: taskAssignments.instructions,
  assignmentRemovedAt: taskAssignments.removedAt,
  itemId: lessonItems.id,
  itemTitle: lessonItems.title,
  itemStatus: lessonItems.status,
  contentType: contents.type,
  contentTitle: contents.title,
  lessonId: lessons.id,
  lessonTitle: lessons.title,
  courseName: courses.name,
  studentFirstName: users.firstName,
  studentLastName: users.lastName,
};

/** The joins behind `jobRowColumns` (the student is the job's). */
export function joinJobFacts<T extends PgSelect>(query: T) {
  return query
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
    .innerJoin(courses, eq(courses.id, jobs.courseId))
    .innerJoin(users, eq(users.id, jobs.studentId));
}

export const selectJobRows = (db: Db) => joinJobFacts(db.select(jobRowColumns).from(jobs).$dynamic());
export type JobRow = Awaited<ReturnType<typeof selectJobRows>>[number];

export const stateOf = (row: Pick<JobRow, "status">): JobState =>
  row.status === "pending" || row.status === "graded" ? row.status : "not_started";
/** Assignable items only ever get a task, so a kind is always there; "resource" is the safe reading otherwise. */
export const kindOf = (row: Pick<JobRow, "contentType">): TaskKind => taskKindOf(row.contentType) ?? "resource";
export const isRemoved = (row: Pick<JobRow, "removedAt" | "assignmentRemovedAt">): boolean => row.removedAt !== null || row.assignmentRemovedAt !== null;

/** A job as the caller reaches it: the row, how they see it, and their access to its class. */
export type JobContext = { row: JobRow; viewer: JobViewer; access: CourseAccess };

/**
 * The job `jobId` as the caller may see it: its student (while it is assigned and its item is
 * published), the class's teachers and co-teachers, or a school admin overseeing the class. Anyone
 * else, another edition's job included, gets the same 404 as for a job that does not exist.
 */
export async function loadJobFor(db: Db, caller: Caller, jobId: string): Promise<JobContext> {
  const [row] = await selectJobRows(db)
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("Job");
  let access: CourseAccess;
  try {
    access = await loadCourseAccess(db, caller, row.courseId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw notFound("Job");
    throw err;
  }
  if (access.isStudent) {
    if (row.studentId !== caller.userId || isRemoved(row) || row.itemStatus !== "published") throw notFound("Job");
    return { row, viewer: "student", access };
  }
  if (access.canEdit) return { row, viewer: "editor", access };
  if (access.role === "observer") return { row, viewer: "observer", access };
  throw notFound("Job");
}

export async function fileCountOf(db: Db, jobId: string): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(jobFiles).where(eq(jobFiles.jobId, jobId));
  return counted?.n ?? 0;
}

export async function factsOf(db: Db, row: JobRow): Promise<JobFacts> {
  return { state: stateOf(row), kind: kindOf(row), removed: isRemoved(row), fileCount: await fileCountOf(db, row.id) };
}

/** Reads the job again after a write, as the same caller. */
export async function reloadJob(db: Db, ctx: JobContext): Promise<JobContext> {
  const [row] = await selectJobRows(db).where(eq(jobs.id, ctx.row.id)).limit(1);
  if (!row) throw notFound("Job");
  return { ...ctx, row };
}

/** The task `taskId` of this class (removed ones included: they can be assigned again). */
export async function loadCourseAssignment(db: Db, courseId: string, taskId: string): Promise<AssignmentRecord> {
  const [row] = await db
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.id, taskId), eq(taskAssignments.courseId, courseId)))
    .limit(1);
  if (!row) throw notFound("Task");
  return row;
}

/** People's display names by id. */
export async function namesOf(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.tenantId, tenantId)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}
