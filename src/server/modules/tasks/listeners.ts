import { and, eq, isNull } from "drizzle-orm";
import { taskKindOf } from "../../../contracts/tasks";
import type { Db } from "../../db/client";
import { contents, courseMembers, jobs, lessonItems, taskAssignments } from "../../db/schema";
import type { Background } from "../../platform/background";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { deliverFinishedContent, syncAssessmentJobs } from "./assessment-sync";

/*
 * What tasks hear from the rest of the product (events.listen: after the emitting request has
 * answered, idempotent): a student joining a class gets its whole-class tasks; an assessment
 * handed in or graded turns its job in or grades it; a finished resource or package turns its job in.
 */

type Deps = { db: Db; events: EventBus; background: Background; clock: Clock };

/** A new student of the class gets every live whole-class task of it (once: a job per task and student). */
export async function giveClassTasks(deps: Pick<Deps, "db" | "events">, p: { tenantId: string; courseId: string; userId: string }, now: Date): Promise<void> {
  const { db, events } = deps;
  const [member] = await db
    .select({ role: courseMembers.role })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, p.courseId), eq(courseMembers.userId, p.userId)))
    .limit(1);
  // A replay after the student has left (or a non-student) gives nothing.
  if (member?.role !== "student") return;
  const tasks = await db
    .select({ id: taskAssignments.id, lessonItemId: taskAssignments.lessonItemId, contentType: contents.type })
    .from(taskAssignments)
    .innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(taskAssignments.tenantId, p.tenantId), eq(taskAssignments.courseId, p.courseId), eq(taskAssignments.audience, "class"), isNull(taskAssignments.removedAt)));
  if (tasks.length === 0) return;
  const inserted = await db
    .insert(jobs)
    .values(tasks.map((t) => ({ tenantId: p.tenantId, assignmentId: t.id, courseId: p.courseId, lessonItemId: t.lessonItemId, studentId: p.userId, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: jobs.id, lessonItemId: jobs.lessonItemId });
  const at = now.toISOString();
  for (const job of inserted) {
    events.emit("job.assigned", { tenantId: p.tenantId, courseId: p.courseId, jobId: job.id, studentId: p.userId, actorId: null, reassigned: false, at });
  }
  for (const job of inserted) {
    const task = tasks.find((t) => t.lessonItemId === job.lessonItemId);
    if (task && taskKindOf(task.contentType) === "assessment") {
      await syncAssessmentJobs(db, events, { tenantId: p.tenantId, lessonItemId: job.lessonItemId, jobIds: [job.id] }, null, now);
    }
  }
}

/** Subscribes the tasks listeners to the app's bus; call once per app. Returns the unsubscribers. */
export function registerTaskListeners(deps: Deps): Array<() => void> {
  const { db, events, background, clock } = deps;
  return [
    events.listen(background, "course.memberJoined", "tasks: class tasks for a new student", async (p) => {
      if (p.role !== "student") return;
      await giveClassTasks({ db, events }, p, clock.now());
    }),
    events.listen(background, "assessment.submitted", "tasks: assessment handed in", async (p) => {
      await syncAssessmentJobs(db, events, { tenantId: p.tenantId, lessonItemId: p.lessonItemId, studentIds: [p.userId] }, null, clock.now());
    }),
    events.listen(background, "assessment.graded", "tasks: assessment graded", async (p) => {
      if (p.pendingGrading > 0) return;
      await syncAssessmentJobs(db, events, { tenantId: p.tenantId, lessonItemId: p.lessonItemId, studentIds: [p.userId] }, p.actorId, clock.now());
    }),
    events.listen(background, "content.consumed", "tasks: content finished", async (p) => {
      if (p.event !== "finished") return;
      await deliverFinishedContent(db, events, p, clock.now());
    }),
  ];
}
