import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEFAULT_TASK_MAX_SCORE, taskKindOf, type TaskAudience, type TaskCreate, type TaskUpdate } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { contents, courseMembers, jobFiles, jobs, lessonItems, lessons, taskAssignments, users } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { CourseRecord } from "../courses/access";
import { contentDeleted } from "../contents/access";
import { syncAssessmentJobs } from "./assessment-sync";
import { itemNotAssignable, maxScoreLocked, studentsNotInClass } from "./policy";
import type { AssignmentRecord } from "./service";

/*
 * The teacher's side: assigning a lesson item of the class (once per item; assigning it again
 * updates it), changing it, and unassigning it from everyone or from one student. Unassigning never
 * deletes a hand-in: the job is marked removed and comes back, files and grade included, when the
 * task reaches that student again.
 */

export type TaskPatch = Omit<TaskUpdate, "audience"> & { audience?: TaskAudience };
type Actor = { tenantId: string; userId: string | null };
type Reached = { jobId: string; studentId: string; reassigned: boolean };
type Outcome = { assigned: Reached[]; unassigned: { jobId: string; studentId: string }[]; touched: string[] };

const time = (d: Date | string | null | undefined): number | null => (d === null || d === undefined ? null : new Date(d).getTime());

/** The class's lesson item with its content's type (404 for any other class's item). */
async function loadCourseItem(db: Db, course: CourseRecord, itemId: string) {
  const [row] = await db
    .select({ id: lessonItems.id, contentType: contents.type, contentDeletedAt: contents.deletedAt })
    .from(lessonItems)
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(lessonItems.id, itemId), eq(lessonItems.courseId, course.id), eq(lessonItems.tenantId, course.tenantId)))
    .limit(1);
  if (!row) throw notFound("Lesson item");
  return row;
}

/** The class's current students, all or those among `ids`. */
async function currentStudents(db: Db, courseId: string, ids?: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, "student"), ids ? inArray(courseMembers.userId, ids) : undefined));
  return rows.map((r) => r.id);
}

/** The chosen students, each of whom must be a student of the class (400 naming those who are not). */
async function chosenStudents(db: Db, courseId: string, guids: string[]): Promise<string[]> {
  const wanted = [...new Set(guids)];
  const found = new Set(await currentStudents(db, courseId, wanted));
  const missing = wanted.filter((g) => !found.has(g));
  if (missing.length > 0) throw studentsNotInClass(missing);
  return wanted;
}

/** Whom the task reaches after the change. */
async function targetsOf(db: Db, a: AssignmentRecord, audience: TaskAudience, guids: string[] | undefined): Promise<string[]> {
  if (audience === "class") return currentStudents(db, a.courseId);
  if (guids) return chosenStudents(db, a.courseId, guids);
  // "students" kept without a new list: those it reaches now, or, for a task unassigned from
  // everyone, those that unassigning took it from (their jobs carry the same removal time).
  const rows = await db.select({ studentId: jobs.studentId, removedAt: jobs.removedAt }).from(jobs).where(eq(jobs.assignmentId, a.id));
  const removedAt = time(a.removedAt);
  return rows.filter((j) => (removedAt === null ? j.removedAt === null : time(j.removedAt) === removedAt)).map((j) => j.studentId);
}

/**
 * Gives the task to `targets`: new jobs for students it never reached, removed jobs back (a
 * reassign), a reassign for everyone not yet graded when the due date moved; with a "students"
 * audience, those no longer chosen lose it.
 */
async function reach(tx: Db, a: AssignmentRecord, targets: string[], opts: { restrictToTargets: boolean; dueChanged: boolean }, now: Date): Promise<Outcome> {
  const existing = await tx
    .select({ id: jobs.id, studentId: jobs.studentId, status: jobs.status, removedAt: jobs.removedAt })
    .from(jobs)
    .where(eq(jobs.assignmentId, a.id));
  const byStudent = new Map(existing.map((j) => [j.studentId, j]));
  const wanted = new Set(targets);
  const toInsert: string[] = [];
  const toRestore: string[] = [];
  const reassigned: Reached[] = [];
  for (const studentId of wanted) {
    const job = byStudent.get(studentId);
    if (!job) toInsert.push(studentId);
    else if (job.removedAt) toRestore.push(job.id);
    else if (opts.dueChanged && job.status !== "graded") reassigned.push({ jobId: job.id, studentId, reassigned: true });
  }
  const toRemove = opts.restrictToTargets ? existing.filter((j) => !j.removedAt && !wanted.has(j.studentId)).map((j) => j.id) : [];

  const inserted =
    toInsert.length === 0
      ? []
      : await tx
          .insert(jobs)
          .values(toInsert.map((studentId) => ({ tenantId: a.tenantId, assignmentId: a.id, courseId: a.courseId, lessonItemId: a.lessonItemId, studentId, createdAt: now, updatedAt: now })))
          .onConflictDoNothing()
          .returning({ jobId: jobs.id, studentId: jobs.studentId });
  const restored =
    toRestore.length === 0
      ? []
      : await tx
          .update(jobs)
          .set({ removedAt: null, updatedAt: now })
          .where(inArray(jobs.id, toRestore))
          .returning({ jobId: jobs.id, studentId: jobs.studentId });
  const removed =
    toRemove.length === 0
      ? []
      : await tx
          .update(jobs)
          .set({ removedAt: now, updatedAt: now })
          .where(and(inArray(jobs.id, toRemove), isNull(jobs.removedAt)))
          .returning({ jobId: jobs.id, studentId: jobs.studentId });
  return {
    assigned: [...inserted.map((j) => ({ ...j, reassigned: false })), ...restored.map((j) => ({ ...j, reassigned: true })), ...reassigned],
    unassigned: removed,
    touched: [...inserted, ...restored].map((j) => j.jobId),
  };
}

/** The events of an outcome, after its transaction has committed. */
function announce(events: EventBus, a: AssignmentRecord, actor: Actor, outcome: Outcome, now: Date): void {
  const at = now.toISOString();
  for (const j of outcome.assigned) {
    events.emit("job.assigned", { tenantId: a.tenantId, courseId: a.courseId, jobId: j.jobId, studentId: j.studentId, actorId: actor.userId, reassigned: j.reassigned, at });
  }
  for (const j of outcome.unassigned) events.emit("job.unassigned", { tenantId: a.tenantId, courseId: a.courseId, jobId: j.jobId, studentId: j.studentId });
}

/** Assessment tasks given to students who already handed the assessment in start delivered (or graded). */
async function afterReach(db: Db, events: EventBus, a: AssignmentRecord, contentType: string, outcome: Outcome, now: Date): Promise<void> {
  if (taskKindOf(contentType) !== "assessment" || outcome.touched.length === 0) return;
  await syncAssessmentJobs(db, events, { tenantId: a.tenantId, lessonItemId: a.lessonItemId, jobIds: outcome.touched }, null, now);
}

/** Applies a change to a task (a new one included) and reaches its students. */
async function applyTask(db: Db, events: EventBus, actor: Actor, a: AssignmentRecord, patch: TaskPatch, contentType: string, now: Date, isNew: boolean): Promise<AssignmentRecord> {
  const audience = patch.audience ?? (a.audience === "students" ? "students" : "class");
  if (!isNew && patch.maxScore !== undefined && patch.maxScore !== a.maxScore) {
    const [graded] = await db.select({ n: count() }).from(jobs).where(and(eq(jobs.assignmentId, a.id), eq(jobs.status, "graded")));
    if ((graded?.n ?? 0) > 0) throw maxScoreLocked();
  }
  const targets = await targetsOf(db, a, audience, patch.studentGuids);
  const dueAt = patch.dueAt === undefined ? a.dueAt : patch.dueAt === null ? null : new Date(patch.dueAt);
  const dueChanged = !isNew && time(dueAt) !== time(a.dueAt);
  const { updated, outcome } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(taskAssignments)
      .set({
        audience,
        dueAt,
        ...(patch.instructions !== undefined ? { instructions: patch.instructions } : {}),
        ...(patch.maxScore !== undefined ? { maxScore: patch.maxScore } : {}),
        removedAt: null,
        updatedAt: now,
      })
      .where(eq(taskAssignments.id, a.id))
      .returning();
    if (!row) throw notFound("Task");
    return { updated: row, outcome: await reach(tx, row, targets, { restrictToTargets: audience === "students", dueChanged }, now) };
  });
  announce(events, updated, actor, outcome, now);
  await afterReach(db, events, updated, contentType, outcome, now);
  return updated;
}

/**
 * POST front/courses/{guid}/tasks: assigns a lesson item of the class. An item already assigned
 * (even if unassigned since) is the same task, changed with what is given.
 */
export async function assignItem(db: Db, events: EventBus, actor: Actor, course: CourseRecord, body: TaskCreate, now: Date): Promise<{ task: AssignmentRecord; created: boolean }> {
  const item = await loadCourseItem(db, course, body.lessonItemGuid);
  if (item.contentDeletedAt) throw contentDeleted();
  if (!taskKindOf(item.contentType)) throw itemNotAssignable();
  const { lessonItemGuid: _item, ...patch } = body;
  // The chosen students are checked before anything is written.
  if (patch.audience === "students" && patch.studentGuids) await chosenStudents(db, course.id, patch.studentGuids);
  const [created] = await db
    .insert(taskAssignments)
    .values({
      tenantId: course.tenantId,
      courseId: course.id,
      lessonItemId: item.id,
      audience: patch.audience,
      dueAt: patch.dueAt ? new Date(patch.dueAt) : null,
      instructions: patch.instructions ?? "",
      maxScore: patch.maxScore ?? DEFAULT_TASK_MAX_SCORE,
      assignedBy: actor.userId,
      assignedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { task: await applyTask(db, events, actor, created, patch, item.contentType, now, true), created: true };
  const [existing] = await db.select().from(taskAssignments).where(eq(taskAssignments.lessonItemId, item.id)).limit(1);
  if (!existing) throw notFound("Task");
  return { task: await applyTask(db, events, actor, existing, patch, item.contentType, now, false), created: false };
}

async function contentTypeOf(db: Db, a: AssignmentRecord): Promise<string> {
  const [row] = await db.select({ type: contents.type }).from(lessonItems).innerJoin(contents, eq(contents.id, lessonItems.contentId)).where(eq(lessonItems.id, a.lessonItemId)).limit(1);
  return row?.type ?? "";
}

/** PUT front/courses/{guid}/tasks/{taskGuid}. */
export async function updateTask(db: Db, events: EventBus, actor: Actor, a: AssignmentRecord, patch: TaskUpdate, now: Date): Promise<AssignmentRecord> {
  return applyTask(db, events, actor, a, patch, await contentTypeOf(db, a), now, false);
}

/** DELETE front/courses/{guid}/tasks/{taskGuid}: nobody has it any more; the hand-ins stay. */
export async function unassignTask(db: Db, events: EventBus, a: AssignmentRecord, now: Date): Promise<void> {
  const removedAt = a.removedAt ?? now;
  const removed = await db.transaction(async (tx) => {
    if (!a.removedAt) await tx.update(taskAssignments).set({ removedAt, updatedAt: now }).where(eq(taskAssignments.id, a.id));
    return tx
      .update(jobs)
      .set({ removedAt, updatedAt: now })
      .where(and(eq(jobs.assignmentId, a.id), isNull(jobs.removedAt)))
      .returning({ jobId: jobs.id, studentId: jobs.studentId });
  });
  announce(events, a, { tenantId: a.tenantId, userId: null }, { assigned: [], unassigned: removed, touched: [] }, now);
}

/**
 * DELETE front/courses/{guid}/tasks/{taskGuid}/students/{studentGuid}: one student no longer has
 * it. A whole-class task becomes a task for the students who still have it (so students joining
 * later do not get it either).
 */
export async function unassignStudent(db: Db, events: EventBus, a: AssignmentRecord, studentId: string, now: Date): Promise<void> {
  const [job] = await db.select({ id: jobs.id, removedAt: jobs.removedAt }).from(jobs).where(and(eq(jobs.assignmentId, a.id), eq(jobs.studentId, studentId))).limit(1);
  if (!job) throw notFound("Job");
  if (job.removedAt) return;
  const removed = await db.transaction(async (tx) => {
    if (a.audience === "class") await tx.update(taskAssignments).set({ audience: "students", updatedAt: now }).where(eq(taskAssignments.id, a.id));
    return tx
      .update(jobs)
      .set({ removedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), isNull(jobs.removedAt)))
      .returning({ jobId: jobs.id, studentId: jobs.studentId });
  });
  announce(events, a, { tenantId: a.tenantId, userId: null }, { assigned: [], unassigned: removed, touched: [] }, now);
}

/* ---------- The class's tasks, as its teachers see them ---------- */

export type TaskRow = {
  task: AssignmentRecord;
  itemTitle: string | null;
  contentTitle: string;
  contentType: string;
  lessonId: string;
  lessonTitle: string;
};
export type TaskCounts = { assigned: number; notStarted: number; turnedIn: number; graded: number; late: number };
export type TaskRoster = { counts: TaskCounts; studentIds: string[] };

const taskColumns = {
  task: taskAssignments,
  itemTitle: lessonItems.title,
  contentTitle: contents.title,
  contentType: contents.type,
  lessonId: lessonItems.lessonId,
  lessonTitle: lessons.title,
};
const selectTasks = (db: Db) =>
  db
    .select(taskColumns)
    .from(taskAssignments)
    .innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId));

/** A page of the class's live tasks (or one lesson's), soonest due first, undated last. */
export async function listCourseTasks(db: Db, courseId: string, page: { offset: number; pageSize: number }, lessonId?: string): Promise<{ rows: TaskRow[]; total: number }> {
  const where = and(eq(taskAssignments.courseId, courseId), isNull(taskAssignments.removedAt), lessonId ? eq(lessonItems.lessonId, lessonId) : undefined);
  const [rows, [counted]] = await Promise.all([
    selectTasks(db)
      .where(where)
      .orderBy(sql`${taskAssignments.dueAt} asc nulls last`, desc(taskAssignments.assignedAt), asc(taskAssignments.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ n: count() }).from(taskAssignments).innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId)).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function loadTaskRow(db: Db, a: AssignmentRecord): Promise<TaskRow> {
  const [row] = await selectTasks(db).where(eq(taskAssignments.id, a.id)).limit(1);
  if (!row) throw notFound("Task");
  return row;
}

/** Per task: how many current students have it and where they are, and who they are. */
export async function rostersOf(db: Db, courseId: string, taskIds: string[]): Promise<Map<string, TaskRoster>> {
  const out = new Map<string, TaskRoster>(taskIds.map((id) => [id, { counts: { assigned: 0, notStarted: 0, turnedIn: 0, graded: 0, late: 0 }, studentIds: [] }]));
  if (taskIds.length === 0) return out;
  const rows = await db
    .select({ assignmentId: jobs.assignmentId, studentId: jobs.studentId, status: jobs.status, late: jobs.late })
    .from(jobs)
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")))
    .where(and(inArray(jobs.assignmentId, taskIds), isNull(jobs.removedAt)));
  for (const r of rows) {
    const roster = out.get(r.assignmentId);
    if (!roster) continue;
    roster.studentIds.push(r.studentId);
    roster.counts.assigned++;
    if (r.status === "graded") roster.counts.graded++;
    else if (r.status === "pending") roster.counts.turnedIn++;
    else roster.counts.notStarted++;
    if (r.late && r.status !== "not_started") roster.counts.late++;
  }
  return out;
}

export type TaskJobRow = {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  status: string;
  late: boolean;
  deliveredAt: Date | null;
  gradedAt: Date | null;
  score: number | null;
  fileCount: number;
};

/** The task's jobs of the class's current students, by last then first name. */
export async function taskJobsOf(db: Db, a: AssignmentRecord): Promise<TaskJobRow[]> {
  return db
    .select({
      id: jobs.id,
      studentId: jobs.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
      status: jobs.status,
      late: jobs.late,
      deliveredAt: jobs.deliveredAt,
      gradedAt: jobs.gradedAt,
      score: jobs.score,
      fileCount: sql<number>`(select count(*) from ${jobFiles} where ${jobFiles.jobId} = ${jobs.id})`.mapWith(Number),
    })
    .from(jobs)
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, a.courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")))
    .innerJoin(users, eq(users.id, jobs.studentId))
    .where(and(eq(jobs.assignmentId, a.id), isNull(jobs.removedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}
