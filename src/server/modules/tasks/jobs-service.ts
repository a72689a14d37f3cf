import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { isLateHandIn, TASK_LIMITS } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { jobComments, jobFiles, jobs, users } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { Storage } from "../../platform/storage";
import { contentMatchesExtension, extensionOf, plainMimeOf, sanitizeFileName } from "../contents/mime";
import { fileRequired, fileTypeNotAllowed } from "../contents/cms-service";
import { assertFilesChangeable, assertGradable, assertStudentAction, deliveryVia, jobFilesLimit, round2 } from "./policy";
import { factsOf, reloadJob, type JobContext } from "./service";

/*
 * One job: its files and comments, and what its student and the class's teachers do with it
 * (turn in, take back, grade, comment, add and remove files). Every write emits its event after it
 * has been stored; a write that finds the job already in the state it asks for changes nothing.
 */

export type JobFileRow = typeof jobFiles.$inferSelect;
export type JobCommentRow = { id: string; body: string; createdAt: Date; authorId: string | null; firstName: string | null; lastName: string | null };

export async function filesOf(db: Db, jobId: string): Promise<JobFileRow[]> {
  return db.select().from(jobFiles).where(eq(jobFiles.jobId, jobId)).orderBy(asc(jobFiles.uploadedAt), asc(jobFiles.id));
}

const commentColumns = {
  id: jobComments.id,
  body: jobComments.body,
  createdAt: jobComments.createdAt,
  authorId: jobComments.authorId,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function commentsOf(db: Db, jobId: string): Promise<JobCommentRow[]> {
  return db
    .select(commentColumns)
    .from(jobComments)
    .leftJoin(users, eq(users.id, jobComments.authorId))
    .where(eq(jobComments.jobId, jobId))
    .orderBy(asc(jobComments.createdAt), asc(jobComments.id));
}

const eventBase = (ctx: JobContext) => ({ tenantId: ctx.row.tenantId, courseId: ctx.row.courseId, jobId: ctx.row.id, studentId: ctx.row.studentId });

/** PUT front/jobs/{guid} { action: "deliver" }: turned in now, late after the due date. Turning in twice changes nothing. */
export async function deliverJob(db: Db, events: EventBus, ctx: JobContext, now: Date): Promise<JobContext> {
  const facts = await factsOf(db, ctx.row);
  assertStudentAction(ctx.viewer, facts, "deliver");
  if (facts.state !== "not_started") return ctx;
  const late = isLateHandIn(ctx.row.dueAt, now);
  const [done] = await db
    .update(jobs)
    .set({ status: "pending", deliveredAt: now, late, updatedAt: now })
    .where(and(eq(jobs.id, ctx.row.id), eq(jobs.status, "not_started")))
    .returning({ id: jobs.id });
  if (done) events.emit("job.delivered", { ...eventBase(ctx), late, via: deliveryVia(facts.kind, facts.fileCount), at: now.toISOString() });
  return reloadJob(db, ctx);
}

/** PUT front/jobs/{guid} { action: "undo" }: a turned-in job not yet graded goes back to Not started. */
export async function undoJob(db: Db, ctx: JobContext, now: Date): Promise<JobContext> {
  assertStudentAction(ctx.viewer, await factsOf(db, ctx.row), "undo");
  await db
    .update(jobs)
    .set({ status: "not_started", deliveredAt: null, late: false, updatedAt: now })
    .where(and(eq(jobs.id, ctx.row.id), eq(jobs.status, "pending")));
  return reloadJob(db, ctx);
}

/** PUT front/jobs/{guid} { score, feedback }: a teacher of the class grades (or regrades) the hand-in. */
export async function gradeJob(db: Db, events: EventBus, ctx: JobContext, grade: { score: number; feedback?: string }, graderId: string, now: Date): Promise<JobContext> {
  assertGradable(ctx.viewer, await factsOf(db, ctx.row), grade.score, ctx.row.maxScore);
  await db
    .update(jobs)
    .set({
      status: "graded",
      score: round2(grade.score),
      ...(grade.feedback !== undefined ? { feedback: grade.feedback || null } : {}),
      gradedBy: graderId,
      gradedAt: now,
      updatedAt: now,
    })
    .where(eq(jobs.id, ctx.row.id));
  events.emit("job.graded", { ...eventBase(ctx), actorId: graderId, at: now.toISOString() });
  return reloadJob(db, ctx);
}

/** POST front/jobs/{guid}/comments: the student or a teacher of the class. */
export async function addComment(db: Db, events: EventBus, ctx: JobContext, authorId: string, body: string, now: Date): Promise<JobCommentRow> {
  const [created] = await db.insert(jobComments).values({ tenantId: ctx.row.tenantId, jobId: ctx.row.id, authorId, body, createdAt: now }).returning({ id: jobComments.id });
  if (!created) throw new Error("comment insert returned nothing");
  events.emit("job.commented", { tenantId: ctx.row.tenantId, courseId: ctx.row.courseId, jobId: ctx.row.id, commentId: created.id, authorId });
  const [row] = await db.select(commentColumns).from(jobComments).leftJoin(users, eq(users.id, jobComments.authorId)).where(eq(jobComments.id, created.id)).limit(1);
  if (!row) throw new Error("comment vanished");
  return row;
}

/* ---------- Files ---------- */

/** Checked before a byte of the upload is read: who, the job's state, and room for another file. */
export async function assertCanAddFile(db: Db, ctx: JobContext): Promise<void> {
  const facts = await factsOf(db, ctx.row);
  assertFilesChangeable(ctx.viewer, facts);
  if (facts.fileCount >= TASK_LIMITS.filesPerJob) throw jobFilesLimit(TASK_LIMITS.filesPerJob);
}

/**
 * The content upload's checks on a hand-in (reused, not copied): an accepted extension, content
 * that matches it, the size limit (read by the caller as the bytes arrive), then stored under the
 * job's folder.
 */
export async function storeJobFile(
  db: Db,
  storage: Storage,
  ctx: JobContext,
  file: { fileName: string; data: Buffer },
  accept: readonly string[],
  uploaderId: string,
  now: Date,
): Promise<JobFileRow> {
  if (file.data.length === 0) throw fileRequired();
  const ext = extensionOf(file.fileName);
  if (!accept.includes(ext) || !contentMatchesExtension(ext, file.data)) throw fileTypeNotAllowed(accept);
  const id = crypto.randomUUID();
  const fileName = sanitizeFileName(file.fileName, ext);
  const storageKey = `jobs/${ctx.row.id}/${id}.${ext}`;
  await storage.put(storageKey, file.data);
  const [row] = await db
    .insert(jobFiles)
    .values({ id, tenantId: ctx.row.tenantId, jobId: ctx.row.id, storageKey, fileName, mimeType: plainMimeOf(fileName), sizeBytes: file.data.length, uploadedBy: uploaderId, uploadedAt: now })
    .returning();
  if (!row) throw new Error("job file insert returned nothing");
  return row;
}

/** DELETE front/jobs/{guid}/files/{fileGuid}: the student removes a file before the job is graded. */
export async function deleteJobFile(db: Db, storage: Storage, ctx: JobContext, fileId: string): Promise<void> {
  assertFilesChangeable(ctx.viewer, await factsOf(db, ctx.row));
  const [file] = await db
    .delete(jobFiles)
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobId, ctx.row.id)))
    .returning({ storageKey: jobFiles.storageKey });
  if (!file) throw notFound("File");
  await storage.removePrefix(file.storageKey);
}

/** A handed-in file by id, for the signed file address. */
export async function loadJobFile(db: Db, fileId: string): Promise<JobFileRow | null> {
  const [row] = await db.select().from(jobFiles).where(eq(jobFiles.id, fileId)).limit(1);
  return row ?? null;
}
