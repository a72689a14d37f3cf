import { and, asc, eq, inArray } from "drizzle-orm";
import type { ClassKc, KcMastery } from "../../../contracts/learning";
import type { Db } from "../../db/client";
import { coursePublications, kcStates, knowledgeComponents, publications } from "../../db/schema";
import type { CourseAccess } from "../courses/access";
import { masteryState } from "./bkt";
import { recallAt, REVIEW_BELOW, type StoredCard } from "./recall";

/** A student's standing on one KC at `now`, from its stored state (none: not started). */
export function presentMastery(state: { known: number; answers: number; correct: number; card: unknown } | undefined, now: Date): KcMastery {
  if (!state || state.answers === 0) {
    return { state: "not_started", known: 0, answers: 0, correct: 0, recall: 0, reviewNeeded: false, nextReviewAt: null };
  }
  const card = state.card as StoredCard;
  const recall = recallAt(card, now);
  return {
    state: masteryState(state.known, state.answers),
    known: state.known,
    answers: state.answers,
    correct: state.correct,
    recall,
    reviewNeeded: card.state !== "new" && recall < REVIEW_BELOW,
    nextReviewAt: card.state === "new" ? null : card.due,
  };
}

/**
 * The KC map of a class: the KCs of its publications in program order (publication by title, then
 * its map's order; a code two publications share, once).
 */
export async function classKcMap(db: Db, course: { id: string; tenantId: string }) {
  const rows = await db
    .select({ code: knowledgeComponents.code, names: knowledgeComponents.names, unitId: knowledgeComponents.unitId, lessonIds: knowledgeComponents.lessonIds })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, eq(coursePublications.publicationId, knowledgeComponents.publicationId))
    .innerJoin(publications, eq(publications.id, knowledgeComponents.publicationId))
    .where(and(eq(coursePublications.courseId, course.id), eq(knowledgeComponents.tenantId, course.tenantId)))
    .orderBy(asc(publications.title), asc(knowledgeComponents.position));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code));
}

/**
 * The class's KC map and, for a student, their own mastery of each KC. The caller's access to the
 * class is `access` (courses/access.ts).
 */
export async function classKcs(db: Db, access: CourseAccess, userId: string, now: Date): Promise<ClassKc[]> {
  const kcs = await classKcMap(db, access.course);
  const states =
    access.isStudent && kcs.length > 0
      ? new Map(
          (
            await db
              .select({ kc: kcStates.kc, known: kcStates.known, answers: kcStates.answers, correct: kcStates.correct, card: kcStates.card })
              .from(kcStates)
              .where(and(eq(kcStates.tenantId, access.course.tenantId), eq(kcStates.userId, userId), inArray(kcStates.kc, kcs.map((k) => k.code))))
          ).map((s) => [s.kc, s]),
        )
      : null;
  return kcs.map((k) => ({
    code: k.code,
    names: k.names,
    unitGuid: k.unitId,
    lessonGuids: k.lessonIds,
    mastery: states ? presentMastery(states.get(k.code), now) : null,
  }));
}
