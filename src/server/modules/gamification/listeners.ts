import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { practiceSessions } from "../../db/schema";
import type { Background } from "../../platform/background";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { evidenceCandidates, practiceCandidate, taskCandidate } from "./rules";
import { award, earnsInClass, loadEvidence, rulesOf } from "./service";

/*
 * Gamification hears the domain, never a route (issue 18, ADR 0046): what the learner model
 * applied (mastery gained, a KC mastered, a review done when due, a question solved at the first
 * try), a task handed in on time, a practice session completed. Only for a student of a gamified
 * edition in a class with gamification on (spec §6). Idempotent: every award has its key in the
 * ledger, so a replayed event pays nothing.
 */

type Deps = { db: Db; events: EventBus; background: Background; clock: Clock };

export function registerGamificationListeners({ db, events, background, clock }: Deps): Array<() => void> {
  return [
    events.listen(background, "learning.applied", "gamification", async ({ tenantId, courseId, userId, evidenceIds }) => {
      if (!(await earnsInClass(db, tenantId, userId, courseId))) return;
      const rules = await rulesOf(db, tenantId);
      const candidates = evidenceCandidates(rules, await loadEvidence(db, userId, evidenceIds));
      await award(db, events, rules, { tenantId, userId, courseId, candidates }, clock.now());
    }),
    events.listen(background, "job.delivered", "gamification", async ({ tenantId, courseId, studentId, jobId, late, at }) => {
      if (late || !(await earnsInClass(db, tenantId, studentId, courseId))) return;
      const rules = await rulesOf(db, tenantId);
      await award(db, events, rules, { tenantId, userId: studentId, courseId, candidates: [taskCandidate(rules, jobId, new Date(at))] }, clock.now());
    }),
    events.listen(background, "practice.completed", "gamification", async ({ tenantId, courseId, userId, sessionId }) => {
      if (!(await earnsInClass(db, tenantId, userId, courseId))) return;
      const rules = await rulesOf(db, tenantId);
      const now = clock.now();
      // The day the session was completed counts it (not the day a replay is heard).
      const [session] = await db.select({ completedAt: practiceSessions.completedAt }).from(practiceSessions).where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId))).limit(1);
      await award(db, events, rules, { tenantId, userId, courseId, candidates: [practiceCandidate(rules, sessionId, session?.completedAt ?? now)] }, now);
    }),
  ];
}
