import { EventEmitter } from "node:events";
import type { Background } from "./background";

/** Domain events. Realtime pushes, notifications and gamification listen here, never to routes. */
export type DomainEvents = {
  "user.signedUp": { userId: string; tenantId: string };
  "user.signedIn": { userId: string; tenantId: string; method: "credentials" | "token" | "teams" };
  "user.signedOut": { userId: string; tenantId: string };
  "user.passwordChanged": { userId: string; tenantId: string };
  /** A class's lesson items changed: added, edited, reordered, deleted, or published by the job. */
  "lessonItems.changed": { tenantId: string; courseId: string; lessonId: string };
  /** A class's classroom resources (lms/resource-materials) changed. */
  "resourceMaterials.changed": { tenantId: string; courseId: string };
  /** A content was created, edited, given a file, cloned or deleted (the content manager): the assistant's index reads it again. */
  "content.changed": { tenantId: string; contentId: string };
  /** A user opened or finished a content within a class (POST /api/consumptions). */
  "content.consumed": { tenantId: string; userId: string; courseId: string; contentId: string; event: "opened" | "finished" };

  // Daily work (issue 14). One event per job, so each listener's work is keyed by the job; `at`
  // (ISO time of the action) tells a replay (same `at`) from a second assignment or a regrade.
  /** A student joined a class (class key, licence, or added by a teacher). */
  "course.memberJoined": { tenantId: string; courseId: string; userId: string; role: string };
  /** Someone was taken out of a class (by its teacher): their tabs leave its room. */
  "course.memberLeft": { tenantId: string; courseId: string; userId: string };
  /** A class was archived: it leaves every list, and every tab leaves its room. */
  "course.archived": { tenantId: string; courseId: string };
  /**
   * What the calendars of these classes, or of every class of these schools, show has changed: a
   * holiday, an extra class, or the class itself (timetable, dates, name, colour). Open calendars
   * reload.
   */
  "calendar.changed": { tenantId: string; courseIds: string[]; schoolIds: string[] };
  /** A task reached a student (`reassigned`: it had been unassigned before, or its due date moved). */
  "job.assigned": { tenantId: string; courseId: string; jobId: string; studentId: string; actorId: string | null; reassigned: boolean; at: string };
  /** A student's board changed (ADR 0032): their other tabs and the class's teachers reload it; `origin` is the tab that made it. */
  "kanban.changed": { tenantId: string; userId: string; courseId: string | null; origin: string | null };
  "job.unassigned": { tenantId: string; courseId: string; jobId: string; studentId: string };
  /** A student turned a job in (files, a finished resource, a submitted assessment, a completed record). */
  "job.delivered": { tenantId: string; courseId: string; jobId: string; studentId: string; late: boolean; via: "files" | "resource" | "assessment" | "record"; at: string };
  /** The grade of a job is published to its student (a hand-in graded, an assessment fully graded). */
  "job.graded": { tenantId: string; courseId: string; jobId: string; studentId: string; actorId: string | null; at: string };
  "job.commented": { tenantId: string; courseId: string; jobId: string; commentId: string; authorId: string };
  /** From the reminder job, once per job and due date. */
  "job.dueSoon": { tenantId: string; courseId: string; jobId: string; studentId: string; dueAt: string };
  "job.overdue": { tenantId: string; courseId: string; jobId: string; studentId: string; dueAt: string };
  /** A submitted assessment attempt: `pendingGrading` answers still wait for the teacher. */
  "assessment.submitted": { tenantId: string; courseId: string; lessonItemId: string; attemptId: string; userId: string; pendingGrading: number };
  /** A teacher graded an answer of a submitted attempt (`pendingGrading` left after it). */
  "assessment.graded": { tenantId: string; courseId: string; lessonItemId: string; attemptId: string; userId: string; actorId: string; pendingGrading: number; questionId: string; feedback: boolean };
  /** A practice activity is over (right, or out of tries): the learner model applies it (issue 15). */
  "practice.answered": { tenantId: string; courseId: string; sessionId: string; activityId: string; userId: string };
  /** A student's SCORM attempt on a KC-tagged package got its first score or pass/fail (`fraction` 0..1). */
  "record.scored": { tenantId: string; courseId: string; userId: string; contentId: string; registration: string; kcs: string[]; fraction: number; at: string };
  /** The learner model applied scored answers (its `kc_evidence` rows): gamification rewards what they show. */
  "learning.applied": { tenantId: string; courseId: string; userId: string; evidenceIds: number[] };
  /** Gamification wrote ledger entries for a student (issue 18): the realtime layer pushes them to the student's gamification socket. */
  "gamification.awarded": { tenantId: string; userId: string; entryIds: number[] };
  /** A student completed a practice session (gamification, a teacher's practice set). */
  "practice.completed": { tenantId: string; courseId: string; sessionId: string; userId: string; assignmentId: string | null };
  "stream.posted": { tenantId: string; courseId: string; postId: string; authorId: string };
  "stream.commented": { tenantId: string; courseId: string; postId: string; commentId: string; authorId: string };
  /**
   * A message from the edition's administration (notification type "tenant"): to the whole edition
   * (`schoolId` null: its editorial staff) or to the people of one school (its school admins).
   */
  "tenant.announced": { tenantId: string; announcementId: string; authorId: string; schoolId: string | null; title: string; link: string | null };
  /** A notification row was stored: the realtime layer pushes it to the user's tabs. */
  "notification.created": { tenantId: string; userId: string; notificationId: number };
};

export type DomainEventName = keyof DomainEvents;

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /**
   * An asynchronous listener (database work): it runs as a background task after the emitting
   * request has answered, its failure is logged and never reaches the emitter, and tests await it
   * with `background.settled()`. Listeners must be idempotent: an event may be delivered again.
   */
  listen<K extends keyof DomainEvents>(
    background: Background,
    name: K,
    label: string,
    listener: (payload: DomainEvents[K]) => Promise<void>,
  ): () => void {
    return this.on(name, (payload) => background.run(`${label} (${name})`, () => listener(payload)));
  }
}
