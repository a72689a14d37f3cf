import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs, taskAssignments } from "../db/schema";
import type { EventBus } from "../platform/events";

/** Jobs reminded per run and kind; the rest wait for the next tick. */
export const REMINDER_BATCH = 500;
/** The one-day reminder goes out when the due date is this close (notification type "one_day"). */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000;
/**
 * A late notice goes out for a due date passed within the last week: an older one (the worker was
 * down, the task was created already late) is no news to the student, and the bound keeps each
 * run's scan to the week's tasks instead of every task ever due.
 */
export const LATE_NOTICE_WINDOW_MS = 7 * DUE_SOON_MS;

export type Reminder = { jobId: string; tenantId: string; courseId: string; studentId: string; dueAt: Date };

/** The column that records which due date a reminder was sent for. */
type Marker = "remindedForDueAt" | "lateNoticeForDueAt";

/**
 * Claims the jobs one reminder is due for and records, in the same UPDATE, the due date it is sent
 * for. The candidates are locked with FOR UPDATE SKIP LOCKED, and the UPDATE checks the marker
 * again, so several instances running at once each take different jobs and none sends one twice.
 * A due date moved later (or earlier) differs from the marker, so the job is reminded again.
 */
async function claim(db: Db, marker: Marker, window: SQL | undefined, limit: number): Promise<Reminder[]> {
  const unsent = sql`${jobs[marker]} is distinct from ${taskAssignments.dueAt}`;
  const sentFor = sql`${taskAssignments.dueAt}`;
  const candidates = db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .where(and(isNull(jobs.removedAt), isNull(taskAssignments.removedAt), eq(jobs.status, "not_started"), window, unsent))
    .orderBy(asc(taskAssignments.dueAt))
    .limit(limit)
    .for("update", { of: jobs, skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set(marker === "remindedForDueAt" ? { remindedForDueAt: sentFor } : { lateNoticeForDueAt: sentFor })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.id, jobs.assignmentId), inArray(jobs.id, candidates), eq(jobs.status, "not_started"), window, unsent))
    .returning({ jobId: jobs.id, tenantId: jobs.tenantId, courseId: jobs.courseId, studentId: jobs.studentId, dueAt: taskAssignments.dueAt });
  return claimed.flatMap((row) => (row.dueAt ? [{ ...row, dueAt: row.dueAt }] : []));
}

/** Not started, due within the next 24 hours, not reminded for this due date: "job.dueSoon". */
export const claimDueSoon = (db: Db, now: Date, limit = REMINDER_BATCH) =>
  claim(db, "remindedForDueAt", and(gt(taskAssignments.dueAt, now), lte(taskAssignments.dueAt, new Date(now.getTime() + DUE_SOON_MS))), limit);

/** Not started and past its due date (within the last week), not noticed for this due date: "job.overdue". */
export const claimOverdue = (db: Db, now: Date, limit = REMINDER_BATCH) =>
  claim(db, "lateNoticeForDueAt", and(gt(taskAssignments.dueAt, new Date(now.getTime() - LATE_NOTICE_WINDOW_MS)), lte(taskAssignments.dueAt, now)), limit);

/** One run: claims the one-day reminders and the late notices and emits one event per job (notifications listen). */
export async function runTaskReminders(db: Db, events: EventBus, now: Date = new Date()): Promise<{ dueSoon: Reminder[]; overdue: Reminder[] }> {
  const dueSoon = await claimDueSoon(db, now);
  for (const r of dueSoon) {
    events.emit("job.dueSoon", { tenantId: r.tenantId, courseId: r.courseId, jobId: r.jobId, studentId: r.studentId, dueAt: r.dueAt.toISOString() });
  }
  const overdue = await claimOverdue(db, now);
  for (const r of overdue) {
    events.emit("job.overdue", { tenantId: r.tenantId, courseId: r.courseId, jobId: r.jobId, studentId: r.studentId, dueAt: r.dueAt.toISOString() });
  }
  return { dueSoon, overdue };
}
