import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorBodySchema } from "../../../contracts/common";
import { notFound } from "../../platform/errors";
import { canonicalStatements } from "./xapi-activities";
import { statementIds } from "./xapi-agents";
import { ATTACHMENT_LIMITS, attachmentsFitting, matchAttachments, multipartAnswer, readStatementsBody, storeAttachments } from "./xapi-attachments";
import { authenticateLrs, type LrsCaller } from "./xapi-auth";
import { dispatch, type XapiCall, type XapiResource } from "./xapi-http";
import { encodeCursor, parseGet, stringParams, type StatementFormat } from "./xapi-query";
import { emitXapiEvidence } from "./xapi-evidence";
import { findStatement, queryResource, storeStatements } from "./xapi-service";
import { verifySignatures } from "./xapi-signature";
import { invalid, isUuid, validateStatement, type Json } from "./xapi-validate";

/*
 * The Statement resource (xAPI 1.0.3 Part Three §2.1) at /records (spec §7 lrs/records) and at
 * /statements (where xAPI clients look for it): PUT one, POST one or a batch (JSON, or
 * multipart/mixed with the attachments' data, signed statements verified), GET one or a page
 * (formats exact, ids, canonical; attachments=true answers multipart/mixed).
 */

const tags = ["lrs"];
const security = [{ bearer: [] }];
const errorBodies = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));

/** The body of PUT/POST as a list of statements (POST takes one or an array). */
export function bodyStatements(body: unknown, allowArray: boolean): unknown[] {
  if (Array.isArray(body)) {
    if (!allowArray) throw invalid("statement", "must be a single statement object");
    return body;
  }
  if (typeof body !== "object" || body === null) throw invalid("statement", "must be a statement object or an array of statements");
  return [body];
}

async function inFormat(app: FastifyInstance, caller: LrsCaller, statements: Json[], format: StatementFormat, request: FastifyRequest): Promise<Json[]> {
  if (format === "ids") return statements.map(statementIds);
  if (format === "canonical") return canonicalStatements(app.ctx.db, caller.tenantId, statements, request.headers["accept-language"]);
  return statements;
}

function statementResource(app: FastifyInstance): XapiResource {
  const { db, storage } = app.ctx;

  /** Reads, validates and checks the attachments and signatures of a PUT or POST; stores the attachments' data. */
  const received = async (call: XapiCall, caller: LrsCaller, allowArray: boolean): Promise<Json[]> => {
    const { body, attachments } = readStatementsBody(call, "statement");
    const raw = bodyStatements(body, allowArray);
    const single = raw.length === 1 && !Array.isArray(body);
    const items = raw.map((s, i) => {
      const path = single ? "statement" : `statements[${i}]`;
      return { statement: validateStatement(s, path), path };
    });
    matchAttachments(items, attachments);
    await verifySignatures(items, attachments);
    // The data first: a stored statement never points at attachment data that is not kept.
    await storeAttachments({ db, storage }, caller.tenantId, attachments);
    return items.map((i) => i.statement);
  };

  return {
    PUT: async (call, request, reply) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(call.params, ["statementId"]);
      const id = params.statementId;
      if (!id || !isUuid(id)) throw invalid("query.statementId", "is required and must be a UUID");
      const [statement] = await received(call, caller, false);
      if (!statement) throw invalid("statement", "is required");
      if (statement.id !== undefined && String(statement.id).toLowerCase() !== id.toLowerCase()) {
        throw invalid("statement.id", "must equal the statementId parameter");
      }
      await storeStatements(db, caller.tenantId, [{ ...statement, id: id.toLowerCase() }], caller);
      await emitXapiEvidence(db, app.ctx.events, caller, [statement]);
      return reply.status(204).send();
    },

    POST: async (call, request) => {
      const caller = await authenticateLrs(app, request);
      stringParams(call.params, []);
      const statements = await received(call, caller, true);
      const ids = await storeStatements(db, caller.tenantId, statements, caller);
      await emitXapiEvidence(db, app.ctx.events, caller, statements);
      return ids;
    },

    GET: async (call, request, reply: FastifyReply) => {
      const caller = await authenticateLrs(app, request);
      const get = parseGet(call.params);
      const answer = async (json: unknown, statements: Json[], rows: Awaited<ReturnType<typeof attachmentsFitting>>["rows"] | null) => {
        if (!get.attachments) return json;
        const multipart = await multipartAnswer(storage, json, rows ?? (await attachmentsFitting(db, caller.tenantId, statements)).rows);
        reply.header("Content-Type", multipart.contentType);
        return reply.send(multipart.body);
      };
      if (get.kind === "single") {
        const found = await findStatement(db, caller, get.id, get.voided);
        if (!found) throw notFound("Statement");
        reply.header("Last-Modified", new Date(found.statement.stored as string).toUTCString());
        const [statement] = await inFormat(app, caller, [found.statement], get.format, request);
        return answer(statement, [found.statement], null);
      }
      const query = get.query;
      const rows = await queryResource(db, caller, { ...query, limit: query.limit + 1 });
      let page = rows.slice(0, query.limit);
      let hasMore = rows.length > query.limit;
      let attachmentRows = null;
      if (get.attachments) {
        // One answer carries at most maxResponseBytes of attachment data: the rest goes to `more`.
        const fit = await attachmentsFitting(db, caller.tenantId, page.map((r) => r.statement));
        if (fit.count < page.length) {
          page = page.slice(0, fit.count);
          hasMore = true;
        }
        attachmentRows = fit.rows;
      }
      let more = "";
      const last = page[page.length - 1];
      if (hasMore && last) {
        const next = new URLSearchParams({ ...get.params, cursor: encodeCursor(last.seq) });
        more = `${request.url.split("?")[0]}?${next.toString()}`;
      }
      const statements = await inFormat(app, caller, page.map((r) => r.statement), get.format, request);
      return answer({ statements, more }, page.map((r) => r.statement), attachmentRows);
    },
  };
}

const DESCRIPTIONS = {
  GET: {
    summary: "One statement (statementId / voidedStatementId) or a filtered page of statements (xAPI GET Statements)",
    description:
      "Filters: agent, verb, activity, registration, related_activities, related_agents (a statement targeting another by StatementRef matches when its target does), since, until (on stored), limit (default 100, max 500, 0 = max), format (exact|ids|canonical, canonical picks one language per Accept-Language), ascending, attachments (true: multipart/mixed with the attachments' data). `more` is a relative URL for the next page, empty when none.",
  },
  PUT: {
    summary: "Store one statement with the given statementId (xAPI PUT Statements)",
    description: "HTTP Basic (record-store credential) or Bearer. Body: one xAPI statement as JSON, or multipart/mixed with its attachments' data. 204 when stored or already stored identically.",
  },
  POST: {
    summary: "Store one statement or a batch, all or nothing (xAPI POST Statements); also the alternate request syntax (?method=)",
    description: "HTTP Basic (record-store credential) or Bearer. JSON, or multipart/mixed with the attachments' data (signatures verified). Answers the JSON array of the statements' ids.",
  },
} as const;

export function registerStatementResource(app: FastifyInstance, path: string): void {
  const handler = dispatch(statementResource(app));
  const schema = (method: keyof typeof DESCRIPTIONS) => ({ tags, security, ...DESCRIPTIONS[method], response: errorBodies(400, 401, 403, 404, 409, 413) });
  app.put(path, { bodyLimit: ATTACHMENT_LIMITS.maxRequestBytes, schema: schema("PUT") }, handler);
  app.post(path, { bodyLimit: ATTACHMENT_LIMITS.maxRequestBytes, schema: schema("POST") }, handler);
  app.get(path, { schema: schema("GET") }, handler);
}
