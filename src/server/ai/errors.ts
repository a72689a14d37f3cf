import type { AiUnavailableReason } from "../../contracts/ai-base";
import { AppError } from "../platform/errors";

/*
 * The AI layer's errors are AppErrors, so the one error handler (platform/error-handler.ts) maps
 * them like every other: a stable key, an HTTP status, details the client can read.
 */

/** What was asked needs something the provider does not have (the local provider: a language model). 409. */
export class AiUnavailableError extends AppError {
  readonly code = "AI_UNAVAILABLE";
  constructor(
    readonly reason: AiUnavailableReason,
    message = "This needs a language model, and none is configured",
  ) {
    super(409, "AI_UNAVAILABLE", message, { reason });
    this.name = "AiUnavailableError";
  }
}

/** The tenant has spent today's token budget (AI_DAILY_TOKEN_BUDGET). 429, with Retry-After: the next UTC midnight. */
export class AiBudgetError extends AppError {
  readonly code = "AI_BUDGET_EXHAUSTED";
  constructor(
    readonly dailyTokens: number,
    readonly usedToday: number,
    retryAfterSeconds: number,
  ) {
    super(429, "AI_BUDGET_EXHAUSTED", "Today's AI token budget for this school is spent", { dailyTokens, usedToday, retryAfterSeconds });
    this.name = "AiBudgetError";
  }
}

/** Why a call to the model failed, as a stable code (logs, details). */
export type AiFailure =
  /** The model server answered with an error status (after the retries, for 429 and 5xx). */
  | "UPSTREAM_STATUS"
  /** No answer: connection refused or reset (after the retries). */
  | "NETWORK"
  /** AI_TIMEOUT_MS passed, retries included. */
  | "TIMEOUT"
  /** The answer was not JSON, or not what the schema says. */
  | "INVALID_OUTPUT"
  /** The model declined (an OpenAI refusal, or a content filter). */
  | "REFUSED";

/** The model server failed us: 502 (504 on a timeout), never the client's mistake. */
export class AiProviderError extends AppError {
  readonly code = "AI_PROVIDER_ERROR";
  constructor(
    readonly failure: AiFailure,
    message: string,
    /** The upstream HTTP status, when there was one. */
    readonly upstreamStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(failure === "TIMEOUT" ? 504 : 502, "AI_PROVIDER_ERROR", message, {
      failure,
      ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
    });
    this.name = "AiProviderError";
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
