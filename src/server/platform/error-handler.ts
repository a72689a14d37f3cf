import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../contracts/common";
import { isSpaRequest } from "./client-static";
import { AppError } from "./errors";

/*
 * The database's refusals that can only come from what the client sent (PostgreSQL SQLSTATEs, the
 * same from PGlite). A safety net, not the rule: the contracts (bounded lengths) and the input rule
 * (platform/input.ts) should stop such input first, so each one is logged as a warning to fix there.
 */
const CLIENT_DATA_STATES: Record<string, { status: number; key: "VALIDATION_ERROR" | "CONFLICT" }> = {
  "22001": { status: 400, key: "VALIDATION_ERROR" }, // string_data_right_truncation
  "22003": { status: 400, key: "VALIDATION_ERROR" }, // numeric_value_out_of_range
  "22007": { status: 400, key: "VALIDATION_ERROR" }, // invalid_datetime_format
  "22008": { status: 400, key: "VALIDATION_ERROR" }, // datetime_field_overflow
  "22021": { status: 400, key: "VALIDATION_ERROR" }, // character_not_in_repertoire (invalid byte sequence, NUL)
  "22P02": { status: 400, key: "VALIDATION_ERROR" }, // invalid_text_representation (bad uuid, bad JSON escape)
  "22P05": { status: 400, key: "VALIDATION_ERROR" }, // untranslatable_character (\u0000 in jsonb)
  "2201B": { status: 400, key: "VALIDATION_ERROR" }, // invalid_regular_expression
  "23514": { status: 400, key: "VALIDATION_ERROR" }, // check_violation
  "54000": { status: 400, key: "VALIDATION_ERROR" }, // program_limit_exceeded (index row too large)
  "54001": { status: 400, key: "VALIDATION_ERROR" }, // statement_too_complex (nesting, stack depth)
  "23505": { status: 409, key: "CONFLICT" }, // unique_violation (a concurrent or repeated create)
  "23503": { status: 409, key: "CONFLICT" }, // foreign_key_violation (what it refers to went away meanwhile)
};

/** The SQLSTATE of a database error, looked for through the causes a query builder wraps it in. */
export function sqlStateOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.severity === "string") {
      return candidate.code;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The message of an answer the safety net gave: tests (the fuzz suite) look for it. */
export const DATABASE_REFUSED_MESSAGE = "The database refused this input";

const body = (key: string, message: string, details?: unknown): ErrorBody => ({
  status: "error",
  error: details === undefined ? { key, message } : { key, message, details },
});

/** One place turns every thrown error into the envelope; a user's mistake is never a 500. */
export function registerErrorHandler(app: FastifyInstance, opts: { spaFallback: { send: (request: FastifyRequest, reply: FastifyReply) => unknown } | false }): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      // An error that says when to come back (TOO_MANY_ATTEMPTS) says it in the standard header too.
      const retryAfter = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.status(err.statusCode).send(body(err.key, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "invalid",
      }));
      return reply.status(400).send(body("VALIDATION_ERROR", "Invalid request", details));
    }
    const state = sqlStateOf(err);
    const refused = state ? CLIENT_DATA_STATES[state] : undefined;
    if (state && refused) {
      request.log.warn({ err, sqlState: state }, "database refused client input: bound or check it in the contract");
      return reply.status(refused.status).send(body(refused.key, DATABASE_REFUSED_MESSAGE));
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status === 429) return reply.status(429).send(body("RATE_LIMITED", "Too many requests, try again later"));
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large: still the client's mistake.
      return reply.status(status).send(body("VALIDATION_ERROR", err.message));
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body("INTERNAL_ERROR", "An error has occurred"));
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spaFallback && isSpaRequest(request.method, request.url, request.headers.accept)) {
      return opts.spaFallback.send(request, reply);
    }
    return reply.status(404).send(body("NOT_FOUND", `Route ${request.method} ${request.url} not found`));
  });
}
