import type { ErrorBody, Success } from "../../contracts/common";

/*
 * What a call answered, read the same way whether RTK Query made it (signed-in screens) or a plain
 * fetch did (app/http.ts: the edition, the providers and the sign-in calls, before RTK Query loads).
 * A failure is `{ status, data }`: the HTTP status and the error envelope, or "FETCH_ERROR" /
 * "TIMEOUT_ERROR" when the server never answered (RTK Query's FetchBaseQueryError shape).
 */

/** Unwraps `{status:"success", data}`; use as `transformResponse` on every endpoint. */
export const unwrap = <T>(body: Success<T>): T => body.data;

/** The stable error key of a failed call ("NETWORK_ERROR" when the server never answered). */
export function errorKeyOf(error: unknown): string {
  if (error && typeof error === "object" && "data" in error) {
    const data = (error as { data?: Partial<ErrorBody> }).data;
    if (data && typeof data === "object" && data.error && typeof data.error.key === "string") return data.error.key;
  }
  if (error && typeof error === "object" && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (status === "FETCH_ERROR" || status === "TIMEOUT_ERROR") return "NETWORK_ERROR";
  }
  return "INTERNAL_ERROR";
}

/** Interpolation values an error carries (`details` when it is a flat object of strings and numbers, e.g. FILE_TOO_LARGE's max). */
export function errorParamsOf(error: unknown): Record<string, string | number> {
  if (!error || typeof error !== "object" || !("data" in error)) return {};
  const details = (error as { data?: Partial<ErrorBody> }).data?.error?.details;
  if (!details || typeof details !== "object" || Array.isArray(details)) return {};
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) if (typeof v === "string" || typeof v === "number") params[k] = v;
  return params;
}
