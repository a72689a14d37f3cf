import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorBodySchema } from "../../../contracts/common";
import { badRequest, notFound } from "../../platform/errors";
import { authenticateLrs, authorizeActors } from "./xapi-auth";
import { statementIds } from "./xapi-agents";
import { encodeCursor, parseGet, stringParams, type StatementFormat } from "./xapi-query";
import { findStatement, queryResource, storeStatements } from "./xapi-service";
import { invalid, isSupportedVersion, isUuid, validateStatement, type Json } from "./xapi-validate";

/*
 * The xAPI 1.0.3 record store over HTTP, mounted at /api/lrs (prefix given by the caller):
 *   GET  /about                      versions (no auth, no version header needed, per the spec)
 *   GET|PUT|POST /records            the Statement resource (spec §7 lrs/records)
 *   GET|PUT|POST /statements         the same, where xAPI clients (TinCanJS) look for it
 * Answers use xAPI's own formats, not the {status,data} envelope; errors use the platform's error
 * body. Packages run in sandboxed frames (opaque origin), so every answer allows any origin:
 * authentication is by header only, never cookies.
 *
 * Not supported: multipart attachments (attachments must have a fileUrl) and the alternate request
 * syntax (?method=); `format=canonical` answers like `exact`.
 */

export const XAPI_VERSION = "1.0.3";
export const SUPPORTED_VERSIONS = ["1.0.3", "1.0.2", "1.0.1", "1.0.0"];
const BATCH_BODY_LIMIT = 5 * 1024 * 1024;
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match";

const tags = ["lrs"];
const security = [{ bearer: [] }];
const errorBodies = (...codes: Array<400 | 401 | 403 | 404 | 409>) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));

function setXapiHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("X-Experience-API-Version", XAPI_VERSION);
  reply.header("Access-Control-Allow-Origin", "*");
  reply.header("Access-Control-Expose-Headers", "X-Experience-API-Version, X-Experience-API-Consistent-Through, Last-Modified, ETag");
  reply.header("Cross-Origin-Resource-Policy", "cross-origin");
  reply.header("Cache-Control", "no-store");
  if (request.method === "GET" || request.method === "HEAD") {
    reply.header("X-Experience-API-Consistent-Through", new Date().toISOString());
  }
}

function formatted(statement: Json, format: StatementFormat): Json {
  return format === "ids" ? statementIds(statement) : statement;
}

/** The body of PUT/POST as a list of statements (POST takes one or an array). */
function bodyStatements(body: unknown, allowArray: boolean): unknown[] {
  if (Array.isArray(body)) {
    if (!allowArray) throw invalid("statement", "must be a single statement object");
    return body;
  }
  if (typeof body !== "object" || body === null) throw invalid("statement", "must be a statement object or an array of statements");
  return [body];
}

export async function xapiRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    setXapiHeaders(request, reply);
    if (request.method === "OPTIONS" || request.url.split("?")[0]?.endsWith("/about")) return;
    const version = request.headers["x-experience-api-version"];
    if (typeof version !== "string" || !isSupportedVersion(version)) {
      throw badRequest(
        "VALIDATION_ERROR",
        version === undefined
          ? "The X-Experience-API-Version header is required (1.0.x)"
          : `X-Experience-API-Version ${String(version)} is not supported; use 1.0.x`,
        { property: "X-Experience-API-Version" },
      );
    }
  });
  // Headers set in onRequest are also on error answers; set them again in case a handler replaced them.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("X-Experience-API-Version")) setXapiHeaders(request, reply);
    return payload;
  });

  app.options("/*", { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .status(204)
      .header("Access-Control-Allow-Methods", "GET, HEAD, PUT, POST, OPTIONS")
      .header("Access-Control-Allow-Headers", ALLOWED_HEADERS)
      .header("Access-Control-Max-Age", "86400")
      .send();
  });

  app.get(
    "/about",
    { schema: { tags, summary: "xAPI About resource: the versions this record store speaks" } },
    async () => ({ version: SUPPORTED_VERSIONS }),
  );

  for (const path of ["/records", "/statements"]) registerStatementResource(app, path);
}

function registerStatementResource(app: FastifyInstance, path: string): void {
  const { db } = app.ctx;

  app.put(
    path,
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Store one statement with the given statementId (xAPI PUT Statements)",
        description: "HTTP Basic (record-store credential) or Bearer. Body: one xAPI statement. 204 when stored or already stored identically.",
        response: errorBodies(400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(request.query, ["statementId"]);
      const id = params.statementId;
      if (!id || !isUuid(id)) throw invalid("query.statementId", "is required and must be a UUID");
      const [raw] = bodyStatements(request.body, false);
      const statement = validateStatement(raw);
      if (statement.id !== undefined && String(statement.id).toLowerCase() !== id.toLowerCase()) {
        throw invalid("statement.id", "must equal the statementId parameter");
      }
      authorizeActors(caller, [statement]);
      await storeStatements(db, caller.tenantId, [{ ...statement, id: id.toLowerCase() }], caller);
      return reply.status(204).send();
    },
  );

  app.post(
    path,
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Store one statement or a batch, all or nothing (xAPI POST Statements)",
        description: "HTTP Basic (record-store credential) or Bearer. Answers the JSON array of the statements' ids.",
        response: errorBodies(400, 401, 403, 409),
      },
    },
    async (request) => {
      const caller = await authenticateLrs(app, request);
      stringParams(request.query, []);
      const raw = bodyStatements(request.body, true);
      const statements = raw.map((s, i) => validateStatement(s, raw.length === 1 && !Array.isArray(request.body) ? "statement" : `statements[${i}]`));
      authorizeActors(caller, statements);
      return storeStatements(db, caller.tenantId, statements, caller);
    },
  );

  app.get(
    path,
    {
      schema: {
        tags,
        security,
        summary: "One statement (statementId / voidedStatementId) or a filtered page of statements (xAPI GET Statements)",
        description:
          "Filters: agent, verb, activity, registration, related_activities, related_agents, since, until (on stored), limit (default 100, max 500, 0 = max), format (exact|ids|canonical), ascending. `more` is a relative URL for the next page, empty when none.",
        response: errorBodies(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await authenticateLrs(app, request);
      const get = parseGet(request.query);
      if (get.kind === "single") {
        const found = await findStatement(db, caller.tenantId, get.id, get.voided);
        if (!found || (caller.ownActorKey && found.actorKey !== caller.ownActorKey)) throw notFound("Statement");
        reply.header("Last-Modified", new Date(found.statement.stored as string).toUTCString());
        return formatted(found.statement, get.format);
      }
      const query = { ...get.query, ...(caller.ownActorKey ? { forcedActorKey: caller.ownActorKey } : {}) };
      const rows = await queryResource(db, caller.tenantId, { ...query, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      let more = "";
      const last = page[page.length - 1];
      if (rows.length > query.limit && last) {
        const next = new URLSearchParams({ ...get.params, cursor: encodeCursor(last.seq) });
        more = `${request.url.split("?")[0]}?${next.toString()}`;
      }
      return { statements: page.map((r) => formatted(r.statement, get.format)), more };
    },
  );
}
