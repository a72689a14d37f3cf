/**
 * The learner model as the client sees it (issue 15): per knowledge component (KC), its mastery
 * (spec: mastered / in progress / not started) and recall. Zod-free: the client imports these.
 */

export const MASTERY_STATES = ["mastered", "in_progress", "not_started"] as const;
export type MasteryState = (typeof MASTERY_STATES)[number];

/** One student's standing on one KC. */
export type KcMastery = {
  state: MasteryState;
  /** BKT: P(the KC is known), 0..1. */
  known: number;
  answers: number;
  correct: number;
  /** FSRS: predicted recall now, 0..1 (0 before any answer). */
  recall: number;
  /** Spec alert 'review needed': practised before, predicted recall now below 0.7. */
  reviewNeeded: boolean;
  /** When FSRS schedules the next review (ISO), null before any answer. */
  nextReviewAt: string | null;
};

/** A KC of the class's publications, in program order, with the caller's own mastery (students). */
export type ClassKc = {
  code: string;
  /** Its name in each of the product's languages (es, ca, eu, en, pt). */
  names: Record<string, string>;
  unitGuid: string | null;
  lessonGuids: string[];
  /** The caller's mastery: students only (null for everyone else). */
  mastery: KcMastery | null;
};
