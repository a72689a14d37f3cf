import type { FastifyInstance, FastifyRequest } from "fastify";
import { validation } from "./errors";

/*
 * The one rule every request's input passes before any route sees it (ADR 0019). PostgreSQL can
 * hold neither U+0000 (text, and \u0000 in jsonb) nor a lone UTF-16 surrogate (jsonb refuses the
 * escape; a UTF-8 encoder turns it into U+FFFD anyway), so both become U+FFFD, the replacement
 * character, in every string of the body, the query and the path (object keys too): a pasted
 * control character costs the student nothing, and replacing instead of deleting never joins two
 * pieces into a new word a later check would read differently. Everything else is kept as sent.
 * Bodies nested deeper than MAX_INPUT_DEPTH are refused (400), so no walk over them, ours, the
 * handlers' or jsonb's, runs out of stack.
 */

/** Deepest nesting a request body may have (objects and arrays); xAPI statements need about 12. */
export const MAX_INPUT_DEPTH = 32;

export const REPLACEMENT_CHARACTER = "\uFFFD";

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

/** `value` with U+0000 and every lone surrogate replaced by U+FFFD; the same string when it has none. */
export function normaliseText(value: string): string {
  return UNSTORABLE.test(value) ? value.replace(UNSTORABLE_ALL, REPLACEMENT_CHARACTER) : value;
}

const fieldOf = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * A parsed JSON value (or a query or params object) with every string normalised, keys included.
 * Arrays and objects are changed in place, so the value keeps its identity. Throws VALIDATION_ERROR
 * naming the field when the value nests deeper than `maxDepth` or when two keys of one object
 * differ only in what normalising replaced.
 */
export function normaliseInput(value: unknown, maxDepth = MAX_INPUT_DEPTH, path = "", depth = 0): unknown {
  if (typeof value === "string") return normaliseText(value);
  if (typeof value !== "object" || value === null || Buffer.isBuffer(value)) return value;
  if (depth >= maxDepth) throw validation([{ field: path, message: `must not nest deeper than ${maxDepth} levels` }]);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = normaliseInput(value[i], maxDepth, fieldOf(path, i), depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const clean = normaliseText(key);
    const field = fieldOf(path, clean);
    const normalised = normaliseInput(record[key], maxDepth, field, depth + 1);
    if (clean === key) {
      record[key] = normalised;
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(record, clean)) throw validation([{ field, message: "is given twice" }]);
    delete record[key];
    record[clean] = normalised;
  }
  return value;
}

/** Normalises what a request carries (params, query, body) before validation; see the comment above. */
export function normaliseRequest(request: FastifyRequest): void {
  request.params = normaliseInput(request.params, 1, "params");
  request.query = normaliseInput(request.query, 2, "query");
  request.body = normaliseInput(request.body);
}

/** Registers the rule for every route, whatever its schema (the record store validates its own bodies). */
export function registerInputRule(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => normaliseRequest(request));
}
