import type { QuestionIssue } from "../../../contracts/questions";
import { AppError } from "../../platform/errors";

/**
 * A malformed answer: the wrong shape for its type, or ids its question does not have. A 400
 * VALIDATION_ERROR whose details name each field under "answer" (as the global handler does for
 * request bodies); `issues` keeps zod's issues for callers that want them.
 */
export class AnswerInvalidError extends AppError {
  constructor(readonly issues: QuestionIssue[]) {
    super(
      400,
      "VALIDATION_ERROR",
      "Invalid answer",
      issues.map((i) => ({ field: ["answer", ...i.path.map(String)].join("."), message: i.message })),
    );
    this.name = "AnswerInvalidError";
  }
}

/** One issue found while checking an answer against its question. */
export const invalidAnswer = (path: PropertyKey[], message: string, input?: unknown) =>
  new AnswerInvalidError([{ code: "custom", path, message, input }]);
