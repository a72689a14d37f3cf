import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { isLateHandIn, taskKindOf } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { assessmentAttempts, contents, jobs, lessonItems, taskAssignments } from "../../db/schema";
import type { EventBus } from "../../platform/events";
import { round2 } from "./policy";

/*
 * Jobs that follow what happens elsewhere: an assessment's attempts (handed in, then graded by the
 * assessment), and a resource or package the student finished. Each write checks the job's state
 * in its WHERE clause, so an event delivered twice (or two listeners racing) changes nothing twice.
 */

type AttemptFacts = { userId: string; submittedAt: Date | null; score: number | null; maxScore: number; pendingGrading: number };

/** The grade a job gets from its student's fully graded attempts: the best one, on the task's scale. */
export function assessmentScore(attempts: readonly AttemptFacts[], maxScore: number): number | null {
  const ratios = attempts.filter((a) => a.pendingGrading === 0 && a.score !== null && a.maxScore > 0).map((a) => (a.score ?? 0) / a.maxScore);
  if (ratios.length === 0) return null;
  return round2(Math.max(...ratios) * maxScore);
}

/**
 * Brings the live assessment jobs of one lesson item (all of them, or `jobIds`, or those of
 * `studentIds`) in line with their students' submitted attempts: turned in when one was submitted
 * (at its time, late after the due date), graded once one has nothing left to grade (the best such
 * attempt, scaled to the task's maximum score). `actorId` is the teacher whose grading finished it.
 */
export async function syncAssessmentJobs(
  db: Db,
  events: EventBus,
  scope: { tenantId: string; lessonItemId: string; jobIds?: string[]; studentIds?: string[] },
  actorId: string | null,
  now: Date,
): Promise<void> {
  const live = await db
    .select({
      id: jobs.id,
      courseId: jobs.courseId,
      studentId: jobs.studentId,
      status: jobs.status,
      score: jobs.score,
      dueAt: taskAssignments.dueAt,
      maxScore: taskAssignments.maxScore,
      contentType: contents.type,
    })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(
      and(
        eq(jobs.tenantId, scope.tenantId),
        eq(jobs.lessonItemId, scope.lessonItemId),
        isNull(jobs.removedAt),
        isNull(taskAssignments.removedAt),
        scope.jobIds ? inArray(jobs.id, scope.jobIds) : undefined,
        scope.studentIds ? inArray(jobs.studentId, scope.studentIds) : undefined,
      ),
    );
  const assessmentJobs = live.filter((j) => taskKindOf(j.contentType) === "assessment");
  if (assessmentJobs.length === 0) return;
  const attempts = await db
    .select({
      userId: assessmentAttempts.userId,
      submittedAt: assessmentAttempts.submittedAt,
      score: assessmentAttempts.score,
      maxScore: assessmentAttempts.maxScore,
      pendingGrading: assessmentAttempts.pendingGrading,
    })
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.lessonItemId, scope.lessonItemId),
        eq(assessmentAttempts.status, "submitted"),
        inArray(
          assessmentAttempts.userId,
          assessmentJobs.map((j) => j.studentId),
        ),
      ),
    );

  for (const job of assessmentJobs) {
    const mine = attempts.filter((a) => a.userId === job.studentId);
    const submittedTimes = mine.map((a) => a.submittedAt?.getTime()).filter((t): t is number => t !== undefined);
    if (submittedTimes.length === 0) continue;
    const base = { tenantId: scope.tenantId, courseId: job.courseId, jobId: job.id, studentId: job.studentId };

    if (job.status === "not_started") {
      const deliveredAt = new Date(Math.min(...submittedTimes));
      const late = isLateHandIn(job.dueAt, deliveredAt);
      const [delivered] = await db
        .update(jobs)
        .set({ status: "pending", deliveredAt, late, updatedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "not_started")))
        .returning({ id: jobs.id });
      if (delivered) events.emit("job.delivered", { ...base, late, via: "assessment", at: deliveredAt.toISOString() });
    }

    const score = assessmentScore(mine, job.maxScore);
    if (score === null) continue;
    const [graded] = await db
      .update(jobs)
      .set({ status: "graded", score, gradedBy: actorId, gradedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), isNull(jobs.removedAt), or(ne(jobs.status, "graded"), sql`${jobs.score} is distinct from ${score}`)))
      .returning({ id: jobs.id });
    if (graded) events.emit("job.graded", { ...base, actorId, at: now.toISOString() });
  }
}

/**
 * A student finished a content in a class: their live, not yet turned-in resource and package
 * jobs for the class's items of that content are turned in (via "resource" or "record").
 */
export async function deliverFinishedContent(
  db: Db,
  events: EventBus,
  p: { tenantId: string; courseId: string; userId: string; contentId: string },
  now: Date,
): Promise<void> {
  const open = await db
    .select({ id: jobs.id, dueAt: taskAssignments.dueAt, contentType: contents.type })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(
      and(
        eq(jobs.tenantId, p.tenantId),
        eq(jobs.courseId, p.courseId),
        eq(jobs.studentId, p.userId),
        eq(lessonItems.contentId, p.contentId),
        eq(jobs.status, "not_started"),
        isNull(jobs.removedAt),
        isNull(taskAssignments.removedAt),
      ),
    );
  for (const job of open) {
    const kind = taskKindOf(job.contentType);
    if (kind !== "resource" && kind !== "record") continue;
    const late = isLateHandIn(job.dueAt, now);
    const [delivered] = await db
      .update(jobs)
      .set({ status: "pending", deliveredAt: now, late, updatedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "not_started"), isNull(jobs.removedAt)))
      .returning({ id: jobs.id });
    if (delivered) {
      events.emit("job.delivered", { tenantId: p.tenantId, courseId: p.courseId, jobId: job.id, studentId: p.userId, late, via: kind, at: now.toISOString() });
    }
  }
}
