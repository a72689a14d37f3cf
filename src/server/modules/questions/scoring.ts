import { AnswerSchemaFor, type Question, type QuestionDataFor, type QuestionType } from "../../../contracts/questions";
import { AnswerInvalidError } from "./answer-error";
import { SCORERS, type ScorePart } from "./scorers";

export { AnswerInvalidError } from "./answer-error";
export type { ScorePart } from "./scorers";

/*
 * Scoring on the server (issue 6); a score sent by the client is never used. The answer is first
 * checked against its type's schema, then against its question (ids the question does not have,
 * a token used twice, too many words, files or clicks): either failure is an AnswerInvalidError.
 * A well-formed answer always gets a result, wrong or unanswered parts included.
 *
 * Partial credit, as a fraction of the question's points; score = fraction × points, rounded to
 * 2 decimals, never below 0. `correct` means full credit.
 * - Single choice, true/false, short text: all or nothing.
 * - Multiple choice: with k correct options, +1/k per correct option chosen, -1/k per wrong one
 *   chosen (so choosing everything is not a strategy).
 * - Block letter: each word all or nothing (case-insensitive, accents count, spaces between boxes
 *   ignored); the fraction of words.
 * - Matrix table and inline, cloze text / drag-and-drop / math, label image (text, dropdown,
 *   drag-and-drop), match list: the fraction of rows, gaps, labels or pairs right. Unanswered is wrong.
 *   Drag-and-drop tokens that read the same are interchangeable. Cloze math compares by
 *   mathematical equivalence (math-equivalence.ts); input it cannot read is wrong.
 * - Classify: the fraction of items in their category.
 * - Order list: (L - 1) / (n - 1), L the longest run of items in the right relative order (longest
 *   increasing subsequence). Chosen over "items in the right absolute position", which gives 0 for
 *   one item moved from first to last although every other item is in order; L / n was not chosen
 *   because it gives 1/n to a list in exactly reverse order. Parts mark the items of that run.
 * - Linking lines: (right lines - wrong lines) / lines expected.
 * - Click to find: (targets found - clicks on no target) / targets. A second click on a target
 *   already found counts neither way.
 * - Long text, upload file, pencil: no automatic score; the teacher grades them (needs_grading).
 */

export type ScoreResult =
  | { status: "scored"; score: number; maxScore: number; correct: boolean; parts: ScorePart[] }
  | { status: "needs_grading"; maxScore: number };

const round2 = (x: number) => Math.round(x * 100 + 1e-9) / 100;

/** The question's score for this answer. Throws AnswerInvalidError when the answer is malformed. */
export function scoreAnswer(question: Question, answer: unknown): ScoreResult {
  return scoreTyped(question, answer);
}

/** Generic over the type, so the answer schema, the scorer and the data are known to belong together. */
function scoreTyped<K extends QuestionType>(question: { type: K; data: QuestionDataFor<K>; points: number }, answer: unknown): ScoreResult {
  const parsed = AnswerSchemaFor(question.type).safeParse(answer);
  if (!parsed.success) throw new AnswerInvalidError(parsed.error.issues);
  const tally = SCORERS[question.type](question.data, parsed.data);
  if (tally === "teacher") return { status: "needs_grading", maxScore: question.points };
  const fraction = tally.total > 0 ? Math.max(0, Math.min(tally.net, tally.total)) / tally.total : 0;
  return { status: "scored", score: round2(fraction * question.points), maxScore: question.points, correct: fraction === 1, parts: tally.parts };
}
