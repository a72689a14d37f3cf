import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assessmentAttempts, attemptAnswers, questions } from "../../db/schema";
import type { Background } from "../../platform/background";
import type { EventBus } from "../../platform/events";
import { applyAnswers, type ScoredAnswer } from "./service";

/*
 * What feeds the learner model (events.listen: after the emitting request has answered,
 * idempotent). An assessment handed in: its answers the server scored; an answer a teacher graded
 * later: that answer. Only questions tagged with KCs count; unanswered questions are no evidence.
 */

type Deps = { db: Db; events: EventBus; background: Background };

/** The scored or graded answers of an attempt (or one of them) with their KCs, as evidence. */
async function attemptEvidence(db: Db, attemptId: string, questionId?: string): Promise<{ tenantId: string; userId: string; answers: ScoredAnswer[] } | null> {
  const [attempt] = await db
    .select({ tenantId: assessmentAttempts.tenantId, userId: assessmentAttempts.userId, submittedAt: assessmentAttempts.submittedAt })
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.id, attemptId));
  if (!attempt) return null;
  const rows = await db
    .select({ questionId: attemptAnswers.questionId, score: attemptAnswers.score, maxScore: attemptAnswers.maxScore, savedAt: attemptAnswers.savedAt, kcs: questions.kcs })
    .from(attemptAnswers)
    .innerJoin(questions, eq(questions.contentId, attemptAnswers.questionId))
    .where(
      and(
        eq(attemptAnswers.attemptId, attemptId),
        inArray(attemptAnswers.outcome, ["scored", "graded"]),
        sql`cardinality(${questions.kcs}) > 0`,
        questionId ? eq(attemptAnswers.questionId, questionId) : undefined,
      ),
    );
  const answers = rows.map((r) => ({
    questionId: r.questionId,
    kcs: r.kcs,
    fraction: r.maxScore && r.maxScore > 0 ? Math.min(1, Math.max(0, (r.score ?? 0) / r.maxScore)) : 0,
    answeredAt: r.savedAt ?? attempt.submittedAt ?? new Date(),
  }));
  return { tenantId: attempt.tenantId, userId: attempt.userId, answers };
}

export function registerLearningListeners({ db, events, background }: Deps): Array<() => void> {
  const fromAttempt = async (attemptId: string, questionId?: string) => {
    const found = await attemptEvidence(db, attemptId, questionId);
    if (!found || found.answers.length === 0) return;
    await applyAnswers(db, { tenantId: found.tenantId, userId: found.userId, source: "assessment", sourceId: attemptId, answers: found.answers });
  };
  return [
    events.listen(background, "assessment.submitted", "learner model", ({ attemptId }) => fromAttempt(attemptId)),
    events.listen(background, "assessment.graded", "learner model", ({ attemptId, questionId }) => fromAttempt(attemptId, questionId)),
  ];
}
