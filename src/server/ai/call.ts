import { setTimeout as timer } from "node:timers/promises";
import { AppError } from "../platform/errors";
import { AiProviderError } from "./errors";

/*
 * The call policy every request to a model server goes through (ADR 0037): one deadline per call
 * (AI_TIMEOUT_MS, retries and waits included) joined with the caller's AbortSignal; retries with
 * exponential backoff and full jitter on 429, 5xx and network errors (AI_MAX_RETRIES), honouring
 * Retry-After (capped); never a retry after another 4xx or after the caller cancelled. The openai
 * client's own retries are off (maxRetries: 0), so this is the only policy.
 */

export type CallPolicy = {
  /** The call's deadline, retries and waits included. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff; doubles with each retry (then jittered). Default 500 ms. */
  baseDelayMs?: number | undefined;
  /** Largest backoff. Default 8 s. */
  maxDelayMs?: number | undefined;
  /** Largest wait a Retry-After may ask for. Default 30 s. */
  maxRetryAfterMs?: number | undefined;
  /** 0 ≤ x < 1; tests may fix it. Default Math.random. */
  random?: (() => number) | undefined;
  /** Waits between attempts, ended early by `signal`; tests may record the waits instead. Default a timer. */
  sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
};

/** What a failed attempt was, as far as retrying goes. */
export type FailureKind =
  /** The server answered with this status; `retryAfterMs` when it said when to come back. */
  | { kind: "status"; status: number; retryAfterMs?: number | undefined }
  /** No answer: refused, reset, DNS. */
  | { kind: "network" }
  /** Anything else (a bug, an AppError of ours): thrown as it is, never retried. */
  | { kind: "other" };

export type Classify = (err: unknown) => FailureKind;

const DEFAULTS = { baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> => timer(ms, undefined, { signal });

/** 429 and 5xx are worth another try; every other status is an answer. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/**
 * Retry-After (seconds or an HTTP date) or retry-after-ms (OpenAI's), in ms; undefined when absent
 * or unreadable. `headers` is a fetch Headers or a plain record.
 */
export function retryAfterMs(headers: unknown, now = Date.now()): number | undefined {
  const get = (name: string): string | undefined => {
    if (!headers || typeof headers !== "object") return undefined;
    if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  const ms = get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms);
  const after = get("retry-after")?.trim();
  if (!after) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
  const at = Date.parse(after);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: a random wait in [d/2, d), d = base · 2^retry, capped. */
export function backoffMs(retry: number, policy: CallPolicy): number {
  const base = policy.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const cap = policy.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const ceiling = Math.min(cap, base * 2 ** retry);
  return ceiling / 2 + (policy.random ?? Math.random)() * (ceiling / 2);
}

/**
 * One call to a model server: its signal (the deadline joined with the caller's), `run` for the
 * attempts, and `failure` to turn any later error (a stream that breaks midway) into the same errors.
 */
export class AiCall {
  readonly signal: AbortSignal;
  private readonly deadline: AbortSignal;
  private readonly startedAt = Date.now();

  constructor(
    private readonly policy: CallPolicy,
    private readonly classify: Classify,
    private readonly callerSignal?: AbortSignal | undefined,
  ) {
    this.deadline = AbortSignal.timeout(policy.timeoutMs);
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.deadline]) : this.deadline;
  }

  /** Runs `attempt` until it succeeds, the failure is final, the retries are spent, the deadline passes or the caller cancels. */
  async run<T>(attempt: (signal: AbortSignal, attemptNumber: number) => Promise<T>): Promise<T> {
    this.callerSignal?.throwIfAborted();
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt(this.signal, retry);
      } catch (err) {
        const stop = this.stopped(err);
        if (stop) throw stop;
        const failure = this.classify(err);
        if (failure.kind === "other") throw err;
        const retryable = failure.kind === "network" || isRetryableStatus(failure.status);
        if (!retryable || retry >= this.policy.maxRetries) throw this.final(failure, err);
        const asked = failure.kind === "status" ? failure.retryAfterMs : undefined;
        const wait =
          asked === undefined ? backoffMs(retry, this.policy) : Math.min(asked, this.policy.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs);
        // A wait that outlasts the deadline only delays the same answer.
        if (Date.now() - this.startedAt + wait >= this.policy.timeoutMs) throw this.final(failure, err);
        try {
          await (this.policy.sleep ?? defaultSleep)(wait, this.signal);
        } catch (sleepErr) {
          throw this.stopped(sleepErr) ?? sleepErr;
        }
      }
    }
  }

  /** The error to throw for `err` raised outside `run` (while reading a stream). */
  failure(err: unknown): unknown {
    const stop = this.stopped(err);
    if (stop) return stop;
    if (err instanceof AppError) return err;
    const failure = this.classify(err);
    return failure.kind === "other" ? err : this.final(failure, err);
  }

  /** The caller cancelled (its own reason, unchanged), or the deadline passed (a TIMEOUT); else null. */
  private stopped(err: unknown): unknown {
    if (this.callerSignal?.aborted) return this.callerSignal.reason;
    if (this.deadline.aborted) {
      return new AiProviderError("TIMEOUT", `The model server did not answer within ${this.policy.timeoutMs} ms`, undefined, { cause: err });
    }
    return null;
  }

  private final(failure: Exclude<FailureKind, { kind: "other" }>, cause: unknown): AiProviderError {
    // The server's own words stay in `cause` (logged by the provider), out of what the client is sent.
    return failure.kind === "network"
      ? new AiProviderError("NETWORK", "The model server could not be reached", undefined, { cause })
      : new AiProviderError("UPSTREAM_STATUS", `The model server answered ${failure.status}`, failure.status, { cause });
  }
}
