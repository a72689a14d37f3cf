import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../platform/errors";
import { normaliseInput, normaliseText } from "../../platform/input";
import { invalid, isSupportedVersion } from "./xapi-values";

/*
 * One xAPI request, whether it came as itself or through the alternate request syntax (xAPI 1.0.3
 * Part Three §1.3): a POST with `?method=` and a form body carrying the parameters, the headers
 * (Authorization, X-Experience-API-Version, Content-Type, If-Match, ...) and the request body as
 * `content`. Every resource handler reads a call, so both forms share one code path.
 */

export const XAPI_METHODS = ["GET", "HEAD", "PUT", "POST", "DELETE"] as const;
export type XapiMethod = (typeof XAPI_METHODS)[number];

/** The headers the alternate syntax may carry as form parameters (lower case). */
const FORM_HEADERS = new Set(["authorization", "x-experience-api-version", "content-type", "content-length", "if-match", "if-none-match"]);

export type XapiCall = {
  method: XapiMethod;
  /** Query parameters, or the form's non-header parameters with the alternate syntax. */
  params: Record<string, unknown>;
  /** The request body ("content" with the alternate syntax; UTF-8 there, per the spec). */
  body: Buffer;
  /** The body's Content-Type header as sent (with its parameters), '' when none. */
  contentType: string;
  alternate: boolean;
};

export type XapiHandler = (call: XapiCall, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type XapiResource = Partial<Record<Exclude<XapiMethod, "HEAD">, XapiHandler>>;

const EMPTY = Buffer.alloc(0);

/** The media type of a Content-Type header, lower case, without parameters. */
export const mediaType = (header: string | undefined): string => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** One parameter of a Content-Type header (boundary, charset), unquoted. */
export function mediaTypeParam(header: string, name: string): string | undefined {
  for (const piece of header.split(";").slice(1)) {
    const eq = piece.indexOf("=");
    if (eq < 0 || piece.slice(0, eq).trim().toLowerCase() !== name) continue;
    const value = piece.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

const isAlternate = (request: FastifyRequest): boolean =>
  typeof request.query === "object" && request.query !== null && "method" in (request.query as Record<string, unknown>);

/** 400 unless the request names a 1.0.x version (the alternate syntax may name it in its form). */
export function checkVersion(request: FastifyRequest): void {
  const version = request.headers["x-experience-api-version"];
  if (typeof version === "string" && isSupportedVersion(version)) return;
  throw badRequest(
    "VALIDATION_ERROR",
    version === undefined
      ? "The X-Experience-API-Version header is required (1.0.x)"
      : `X-Experience-API-Version ${String(version)} is not supported; use 1.0.x`,
    { property: "X-Experience-API-Version" },
  );
}

/** Whether the onRequest hook checks the version now (the alternate syntax is checked once its form is read). */
export const versionCheckedLater = (request: FastifyRequest): boolean => request.method === "POST" && isAlternate(request);

/**
 * The call a request makes. With the alternate syntax the form's header parameters replace the
 * request's headers (so authentication and preconditions read them as usual) and its other
 * parameters become the call's parameters; a parameter given twice stays a list, which the
 * resources refuse as they do in a query string.
 */
export function readCall(request: FastifyRequest): XapiCall {
  const body = Buffer.isBuffer(request.body) ? request.body : EMPTY;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!isAlternate(request)) {
    return { method: request.method as XapiMethod, params: query, body, contentType: request.headers["content-type"] ?? "", alternate: false };
  }
  if (request.method !== "POST") throw invalid("query.method", "is only allowed on POST (the alternate request syntax)");
  for (const key of Object.keys(query)) {
    if (key !== "method") throw invalid(`query.${key}`, "must be a form parameter with the alternate request syntax (only method goes in the query string)");
  }
  const method = typeof query.method === "string" ? query.method.toUpperCase() : "";
  if (!(XAPI_METHODS as readonly string[]).includes(method)) throw invalid("query.method", `must be one of ${XAPI_METHODS.join(", ")}`);
  if (mediaType(request.headers["content-type"]) !== "application/x-www-form-urlencoded") {
    throw invalid("Content-Type", "must be application/x-www-form-urlencoded with the alternate request syntax");
  }
  const form = new URLSearchParams(body.toString("utf8"));
  const params: Record<string, string | string[]> = {};
  let content = EMPTY;
  let contentType = "";
  for (const [rawKey, rawValue] of form) {
    const key = normaliseText(rawKey);
    const value = normaliseText(rawValue);
    const lower = key.toLowerCase();
    if (lower === "content-type") contentType = value;
    else if (FORM_HEADERS.has(lower)) request.headers[lower] = value;
    else if (key === "content") content = Buffer.from(value, "utf8");
    else {
      const before = params[key];
      params[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
  }
  checkVersion(request);
  return { method: method as XapiMethod, params, body: content, contentType, alternate: true };
}

/** A Fastify handler that reads the call and runs the resource's handler for its method (405 when it has none). */
export function dispatch(resource: XapiResource): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const call = readCall(request);
    const handler = resource[call.method === "HEAD" ? "GET" : call.method];
    if (!handler) {
      throw new AppError(405, "VALIDATION_ERROR", `${call.method} is not a method of this resource`, { property: "method" });
    }
    const result = await handler(call, request, reply);
    // HEAD through the alternate syntax: the GET's headers without its body (Fastify strips real HEADs).
    if (call.method === "HEAD" && call.alternate && !reply.sent) return reply.send();
    return result;
  };
}

/** The request body as JSON (400 naming `path` when it is empty or not JSON). */
export function jsonBody(body: Buffer, path: string): unknown {
  if (body.length === 0) throw invalid(path, "is required");
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    throw invalid(path, "must be valid JSON");
  }
  // Read past the input rule (the record store takes raw bodies): normalise like every input.
  return normaliseInput(value);
}
