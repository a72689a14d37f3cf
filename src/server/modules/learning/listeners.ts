import { and, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assessmentAttempts, attemptAnswers, courses, holidays, practiceActivities, practiceSessions, questions } from "../../db/schema";
import type { Background } from "../../platform/background";
import type { EventBus } from "../../platform/events";
import type { IsHoliday } from "./recall";
import { applyAnswers, type EvidenceSource, type ScoredAnswer } from "./service";

/*
 * What feeds the learner model (events.listen: after the emitting request has answered,
 * idempotent). An assessment handed in: its answers the server scored; an answer a teacher graded
 * later: that answer; a practice activity that is over: its answer; a KC-tagged SCORM package's
 * score. Only questions (and packages) tagged with KCs count; unanswered questions are no
 * evidence. Reviews are scheduled around the holidays of the class the answer was given in (its own
 * and its school's).
 */

type Deps = { db: Db; events: EventBus; background: Background };
type Found = { tenantId: string; userId: string; courseId: string; answers: ScoredAnswer[] };

const fractionOf = (score: number | null, maxScore: number | null) => (maxScore && maxScore > 0 ? Math.min(1, Math.max(0, (score ?? 0) / maxScore)) : 0);

/** The scored or graded answers of an attempt (or one of them) with their KCs, as evidence. */
async function attemptEvidence(db: Db, attemptId: string, questionId?: string): Promise<Found | null> {
  const rows = await db
    .select({
      tenantId: assessmentAttempts.tenantId,
      userId: assessmentAttempts.userId,
      courseId: assessmentAttempts.courseId,
      submittedAt: assessmentAttempts.submittedAt,
      questionId: attemptAnswers.questionId,
      score: attemptAnswers.score,
      maxScore: attemptAnswers.maxScore,
      savedAt: attemptAnswers.savedAt,
      kcs: questions.kcs,
    })
    .from(assessmentAttempts)
    .innerJoin(attemptAnswers, eq(attemptAnswers.attemptId, assessmentAttempts.id))
    .innerJoin(questions, eq(questions.contentId, attemptAnswers.questionId))
    .where(
      and(
        eq(assessmentAttempts.id, attemptId),
        inArray(attemptAnswers.outcome, ["scored", "graded"]),
        sql`cardinality(${questions.kcs}) > 0`,
        questionId ? eq(attemptAnswers.questionId, questionId) : undefined,
      ),
    );
  const [first] = rows;
  if (!first) return null;
  return {
    tenantId: first.tenantId,
    userId: first.userId,
    courseId: first.courseId,
    answers: rows.map((r) => ({ questionId: r.questionId, kcs: r.kcs, fraction: fractionOf(r.score, r.maxScore), answeredAt: r.savedAt ?? r.submittedAt ?? new Date() })),
  };
}

/**
 * A finished practice activity as evidence. Right at the first try is right; right at the second,
 * after a hint, counts as helped: FSRS grades it Hard and BKT takes it as not yet known (the
 * first-attempt rule of cognitive tutors).
 */
async function practiceEvidence(db: Db, activityId: string): Promise<Found | null> {
  const [row] = await db
    .select({
      tenantId: practiceSessions.tenantId,
      userId: practiceSessions.userId,
      courseId: practiceSessions.courseId,
      questionId: practiceActivities.questionId,
      fraction: practiceActivities.fraction,
      correct: practiceActivities.correct,
      tries: practiceActivities.tries,
      finishedAt: practiceActivities.finishedAt,
      kcs: questions.kcs,
    })
    .from(practiceActivities)
    .innerJoin(practiceSessions, eq(practiceSessions.id, practiceActivities.sessionId))
    .innerJoin(questions, eq(questions.contentId, practiceActivities.questionId))
    .where(and(eq(practiceActivities.id, activityId), isNotNull(practiceActivities.finishedAt)));
  if (!row || !row.finishedAt || row.kcs.length === 0) return null;
  return {
    tenantId: row.tenantId,
    userId: row.userId,
    courseId: row.courseId,
    answers: [{ questionId: row.questionId, kcs: row.kcs, fraction: row.correct ? 1 : (row.fraction ?? 0), helped: row.correct === true && row.tries > 1, answeredAt: row.finishedAt }],
  };
}

/** The class's holidays and its school's from `from` on, as a day test (dates compared as UTC days). */
export async function holidaysOf(db: Db, courseId: string, from: Date): Promise<IsHoliday> {
  const day = from.toISOString().slice(0, 10);
  const rows = await db
    .select({ startDate: holidays.startDate, endDate: holidays.endDate })
    .from(holidays)
    .innerJoin(courses, eq(courses.id, courseId))
    .where(and(or(eq(holidays.courseId, courseId), and(isNotNull(courses.schoolId), eq(holidays.schoolId, courses.schoolId))), gte(holidays.endDate, day)));
  if (rows.length === 0) return () => false;
  return (at: Date) => {
    const d = at.toISOString().slice(0, 10);
    return rows.some((h) => h.startDate <= d && d <= h.endDate);
  };
}

export function registerLearningListeners({ db, events, background }: Deps): Array<() => void> {
  const apply = async (found: Found | null, source: EvidenceSource, sourceId: string) => {
    if (!found || found.answers.length === 0) return;
    const isHoliday = await holidaysOf(db, found.courseId, found.answers[0]?.answeredAt ?? new Date());
    const { evidenceIds } = await applyAnswers(db, { tenantId: found.tenantId, userId: found.userId, source, sourceId, answers: found.answers, isHoliday });
    // Only what this delivery applied (a replay applies nothing): gamification rewards it.
    if (evidenceIds.length > 0) events.emit("learning.applied", { tenantId: found.tenantId, courseId: found.courseId, userId: found.userId, evidenceIds });
  };
  return [
    events.listen(background, "assessment.submitted", "learner model", async ({ attemptId }) => apply(await attemptEvidence(db, attemptId), "assessment", attemptId)),
    events.listen(background, "assessment.graded", "learner model", async ({ attemptId, questionId }) =>
      apply(await attemptEvidence(db, attemptId, questionId), "assessment", attemptId),
    ),
    // A KC-tagged SCORM package's first score in an attempt (the registration): one answer on its KCs.
    events.listen(background, "record.scored", "learner model", async (p) =>
      apply(
        { tenantId: p.tenantId, userId: p.userId, courseId: p.courseId, answers: [{ questionId: p.contentId, kcs: p.kcs, fraction: p.fraction, answeredAt: new Date(p.at) }] },
        "record",
        p.registration,
      ),
    ),
    events.listen(background, "practice.answered", "learner model", async ({ sessionId, activityId }) => apply(await practiceEvidence(db, activityId), "practice", sessionId)),
  ];
}
