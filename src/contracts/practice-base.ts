/**
 * Student practice as the client sees it (issue 15, ADR 0035), without zod: the challenge types of
 * the recommendation cards, the session states, and the rules the player follows. practice.ts builds
 * the schemas on these and re-exports them.
 */

/** Spec "recommendation challenge types": new, review, microtest reinforcement, mixed practice, from the teacher. */
export const CHALLENGE_TYPES = ["new", "review", "microtest", "mixed", "teacher"] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/** Spec "practice session states". */
export const PRACTICE_SESSION_STATES = ["not_started", "in_progress", "completed"] as const;
export type PracticeSessionState = (typeof PRACTICE_SESSION_STATES)[number];

/** An activity: waiting for an answer, wrong once with a try left (retry), or over (right / wrong). */
export const ACTIVITY_STATES = ["pending", "retry", "right", "wrong"] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** Tries per activity: a wrong first try gets a hint and a help message; a wrong second shows the answer. */
export const PRACTICE_MAX_TRIES = 2;

/** Activities per session, by challenge. */
export const SESSION_SIZES: Readonly<Record<ChallengeType, number>> = { new: 6, review: 5, microtest: 5, mixed: 8, teacher: 6 };

/** KCs a session or a teacher's practice set may hold. */
export const MAX_SESSION_KCS = 6;

/** Spec: twelve rotating recommendation card titles (i18n practice:titles.0 .. 11). */
export const RECOMMENDATION_TITLE_COUNT = 12;
/** Spec: three canned wrong-answer help messages (i18n practice:help.0 .. 2). */
export const HELP_MESSAGE_COUNT = 3;

/** Cards on the home page (all classes); a class page shows all of its own. */
export const HOME_RECOMMENDATIONS = 4;

/** Error codes of the practice calls (errors.json). */
export const PRACTICE_ERRORS = {
  noActivities: "PRACTICE_NO_ACTIVITIES",
  kcNotInClass: "PRACTICE_KC_NOT_IN_CLASS",
  activityFinished: "PRACTICE_ACTIVITY_FINISHED",
  sessionIncomplete: "PRACTICE_SESSION_INCOMPLETE",
  sessionCompleted: "PRACTICE_SESSION_COMPLETED",
} as const;
