import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../contracts/common";
import { isSpaRequest } from "./client-static";
import { AppError } from "./errors";

const body = (key: string, message: string, details?: unknown): ErrorBody => ({
  status: "error",
  error: details === undefined ? { key, message } : { key, message, details },
});

/** One place turns every thrown error into the envelope; a user's mistake is never a 500. */
export function registerErrorHandler(app: FastifyInstance, opts: { spaFallback: boolean }): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(body(err.key, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "invalid",
      }));
      return reply.status(400).send(body("VALIDATION_ERROR", "Invalid request", details));
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
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(body("NOT_FOUND", `Route ${request.method} ${request.url} not found`));
  });
}
