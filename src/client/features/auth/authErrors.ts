import type { FieldProblem, FieldProblems } from "./validation";

/** The keys the login toast names as such (spec §8); any other failure is 'Invalid login'. */
const LOGIN_ERROR_KEYS: ReadonlySet<string> = new Set([
  "PASSWORD_INCORRECT",
  "USER_NOT_FOUND",
  "RATE_LIMITED",
  "TOO_MANY_ATTEMPTS",
  "NETWORK_ERROR",
]);

/**
 * The `errors` namespace key of the login failure message. RATE_LIMITED, TOO_MANY_ATTEMPTS and
 * NETWORK_ERROR keep their own messages: none is the server's verdict on the credentials.
 */
export const loginErrorMessageKey = (errorKey: string): string =>
  `errors:${LOGIN_ERROR_KEYS.has(errorKey) ? errorKey : "INVALID_LOGIN"}`;

/** Interpolation for the login failure message: the seconds to wait, when the server said (TOO_MANY_ATTEMPTS). */
export function loginErrorParams(params: Record<string, string | number>): { count?: number } {
  const seconds = params.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? { count: seconds } : {};
}

type Detail = { field: string };
const isDetail = (d: unknown): d is Detail =>
  typeof d === "object" && d !== null && "field" in d && typeof (d as { field: unknown }).field === "string";

/** The field names a VALIDATION_ERROR reports (`details: [{ field, message }]`). */
export function invalidFieldsOf(error: unknown): string[] {
  if (typeof error !== "object" || error === null || !("data" in error)) return [];
  const data = (error as { data?: { error?: { details?: unknown } } }).data;
  const details = data?.error?.details;
  if (!Array.isArray(details)) return [];
  // A nested path ("body.email") names the same field as its last segment.
  return details.filter(isDetail).map((d) => d.field.split(".").pop() ?? d.field);
}

/**
 * Maps the server's invalid fields onto the form's own fields, each with the message that form
 * uses for that field; fields the form does not show are dropped (the caller falls back to a toast).
 */
export function problemsFromServer<F extends string>(error: unknown, messages: Record<F, FieldProblem>): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const field of invalidFieldsOf(error)) {
    if (Object.hasOwn(messages, field)) problems[field as F] = messages[field as F];
  }
  return problems;
}

const NO_RETURN_TO = ["/logout", "/auth/", "/recover-password", "/reset-password"];
const PROBE_ORIGIN = "https://origin.invalid";

/**
 * A redirect target taken from a URL (`?loginContext=`), so attacker-controlled: only a
 * same-origin relative path ("/course/x?y") passes, never a scheme-relative, backslashed or
 * absolute URL, and never back into the sign-in flow.
 */
export function safeReturnPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith("/") || /\\|\p{Cc}/u.test(path)) return undefined;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  if (NO_RETURN_TO.some((p) => url.pathname === p || url.pathname.startsWith(p.endsWith("/") ? p : `${p}/`))) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
