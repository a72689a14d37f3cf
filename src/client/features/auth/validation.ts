import { LIMITS } from "../../../contracts/limits";
import { isValidDateOfBirth, isValidEmail } from "../../../contracts/rules";

export { isValidDateOfBirth, isValidEmail };

/**
 * Client-side checks for the auth forms (spec §5). Each returns the i18n key (in the `auth`
 * namespace) of the message, or undefined when valid. The server stays authoritative; its
 * VALIDATION_ERROR details map back onto these same fields.
 *
 * Why not the contracts' zod schemas: importing them pulls zod (~90 KiB gzip) into the sign-in
 * route, whose first load has a 175 KiB budget (ADR 0007). The shared rules live in contracts/rules.ts.
 */
export type FieldProblem = { key: string; values?: Record<string, number> };
export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

const problem = (key: string, values?: Record<string, number>): FieldProblem => (values ? { key, values } : { key });
const REQUIRED = problem("validation.required");

export function checkRequired(value: string): FieldProblem | undefined {
  return value.trim() ? undefined : REQUIRED;
}

export function checkEmail(value: string): FieldProblem | undefined {
  if (!value.trim()) return REQUIRED;
  return isValidEmail(value) ? undefined : problem("validation.emailInvalid");
}

/** A password being chosen (signup, reset, change): the length rules apply. */
export function checkNewPassword(value: string): FieldProblem | undefined {
  if (!value) return REQUIRED;
  if (value.length < LIMITS.passwordMinChars) return problem("validation.passwordTooShort", { length: LIMITS.passwordMinChars });
  if (value.length > LIMITS.passwordMaxChars) return problem("validation.maxChars", { count: LIMITS.passwordMaxChars });
  return undefined;
}

export function checkRepeat(password: string, repeat: string): FieldProblem | undefined {
  if (!repeat) return REQUIRED;
  return repeat === password ? undefined : problem("validation.passwordMismatch");
}

export function checkName(value: string): FieldProblem | undefined {
  if (!value.trim()) return REQUIRED;
  return value.trim().length > LIMITS.nameMaxChars ? problem("validation.maxChars", { count: LIMITS.nameMaxChars }) : undefined;
}

/** `value` is what a date input holds: "" when empty or incomplete, else YYYY-MM-DD. */
export function checkDateOfBirth(value: string): FieldProblem | undefined {
  if (!value) return problem("validation.dateOfBirthRequired");
  return isValidDateOfBirth(value) ? undefined : problem("validation.dateInvalid");
}

export const hasProblems = <F extends string>(problems: FieldProblems<F>): boolean =>
  Object.values(problems).some((p) => p !== undefined);

/** The first field, in form order, that has a problem: it receives focus. */
export const firstInvalid = <F extends string>(order: readonly F[], problems: FieldProblems<F>): F | undefined =>
  order.find((f) => problems[f] !== undefined);
