import type { ErrorKey } from "../../contracts/common";

/** An error the API reports to the client with a stable key and an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (key: ErrorKey, message: string, details?: unknown) => new AppError(400, key, message, details);
export const validation = (details: unknown) => new AppError(400, "VALIDATION_ERROR", "Invalid request", details);
export const unauthorized = (key: ErrorKey = "UNAUTHORIZED", message = "Authentication required") =>
  new AppError(401, key, message);
export const forbidden = (message = "You are not allowed to do this") => new AppError(403, "FORBIDDEN", message);
export const notFound = (what = "Resource") => new AppError(404, "NOT_FOUND", `${what} not found`);
export const conflict = (key: ErrorKey, message: string) => new AppError(409, key, message);
export const tooManyRequests = () => new AppError(429, "RATE_LIMITED", "Too many requests, try again later");
/** Too many failed sign-ins for one account: the next attempt is heard after `retryAfterSeconds` (sent as Retry-After too). */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, "TOO_MANY_ATTEMPTS", "Too many failed sign-ins for this account, try again later", { retryAfterSeconds });
