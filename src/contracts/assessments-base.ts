/*
 * What the client needs of the assessments contract without zod (ADR 0028): the settings and
 * status values, the idempotency header, the attempt file limit and the error report options.
 * assessments.ts builds its schemas on these and re-exports them.
 */

/**
 * When students see the right answers of a submitted attempt (ADR 0018). Never while they could
 * still use them in another attempt, unless the author explicitly chose "after_each_attempt":
 * - "never": not to students (teachers always see them);
 * - "after_submit" (the default): once the student's last attempt is handed in, i.e. no attempt
 *   is left (all used, or past the due date), or when the class's teacher closes the assessment;
 * - "after_due": after the due date, or when the class's teacher closes the assessment;
 * - "after_each_attempt": after every handed-in attempt, even with attempts left.
 * Either way not while the student has another attempt in progress (except "after_each_attempt").
 */
export const SHOW_ANSWERS = ["never", "after_submit", "after_due", "after_each_attempt"] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

export const ATTEMPT_STATUSES = ["in_progress", "submitted"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** The header that makes an answer save safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Upload-file answers: size limit per file; pencil drawings are PNGs well under it. */
export const ATTEMPT_FILE_BYTES = 20 * 1024 * 1024;

export const QUESTION_OUTCOMES = ["unanswered", "scored", "needs_grading", "graded"] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];

/** Exercise error reports (spec §9 options). */
export const ERROR_REPORT_TYPES = ["typo", "dont_know", "blank", "wrong_solution", "images_not_loading", "other"] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];
export const ERROR_REPORT_STATUSES = ["open", "resolved"] as const;
