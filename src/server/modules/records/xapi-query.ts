import { sql, type SQL } from "drizzle-orm";
import { xapiStatements } from "../../db/schema";
import { normaliseInput } from "../../platform/input";
import { invalid, isIri, isTimestamp, isUuid, validateAgentOrGroup, type Json } from "./xapi-validate";
import { ifiKey } from "./xapi-agents";
import type { ResourceQuery } from "./xapi-service";

/*
 * The Statement resource's query string (xAPI 1.0.3 Part Three §2.1.3), checked by hand because
 * xAPI errors must name the parameter and its own rules (JSON agents, IRIs, 1.0.x booleans).
 */

export const MAX_LIMIT = 500;
/** How far a chain of StatementRefs is followed when matching filters (a targets b targets c ...). */
export const MAX_STATEMENT_REF_DEPTH = 10;
export const DEFAULT_LIMIT = 100;

export const STATEMENT_FORMATS = ["exact", "ids", "canonical"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const QUERY_PARAMS = [
  "statementId",
  "voidedStatementId",
  "agent",
  "verb",
  "activity",
  "registration",
  "related_activities",
  "related_agents",
  "since",
  "until",
  "limit",
  "format",
  "attachments",
  "ascending",
  "cursor",
] as const;

/** A GET of the Statement resource; `attachments`: answer multipart/mixed with the attachments' data. */
export type GetRequest =
  | { kind: "single"; id: string; voided: boolean; format: StatementFormat; attachments: boolean }
  | { kind: "query"; query: ResourceQuery; format: StatementFormat; attachments: boolean; params: Record<string, string> };

/** Every parameter a single string; unknown parameters refused. */
export function stringParams(raw: unknown, allowed: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const path = `query.${key}`;
    if (!allowed.includes(key)) throw invalid(path, "is not a parameter of this resource");
    if (typeof value !== "string") throw invalid(path, "must be given once");
    params[key] = value;
  }
  return params;
}

function bool(params: Record<string, string>, key: string): boolean {
  const v = params[key];
  if (v === undefined) return false;
  if (v !== "true" && v !== "false") throw invalid(`query.${key}`, 'must be "true" or "false"');
  return v === "true";
}

function time(params: Record<string, string>, key: string): Date | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (!isTimestamp(v)) throw invalid(`query.${key}`, "must be an ISO 8601 date-time with a time zone");
  return new Date(v);
}

/** An `agent` parameter: an Agent or identified Group as JSON (400 naming `path` otherwise). */
export function parseAgent(v: string, path = "query.agent"): Json {
  let agent: unknown;
  try {
    agent = JSON.parse(v);
  } catch {
    throw invalid(path, "must be an Agent or Group as JSON");
  }
  // JSON escapes (\u0000) are only read now, past the input rule: normalise like every input.
  agent = normaliseInput(agent);
  validateAgentOrGroup(agent, path);
  if (!ifiKey(agent as Json)) throw invalid(path, "must be an Agent or an identified Group (with an identifier)");
  return agent as Json;
}

export const encodeCursor = (seq: number): string => Buffer.from(JSON.stringify({ s: seq })).toString("base64url");

function decodeCursor(v: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(v, "base64url").toString("utf8")) as { s?: unknown };
    if (typeof parsed.s === "number" && Number.isInteger(parsed.s) && parsed.s >= 0) return parsed.s;
  } catch {
    // fall through
  }
  throw invalid("query.cursor", "is not a cursor this record store issued");
}

export function parseGet(raw: unknown): GetRequest {
  const params = stringParams(raw, QUERY_PARAMS);
  const format = (params.format ?? "exact") as StatementFormat;
  if (!STATEMENT_FORMATS.includes(format)) throw invalid("query.format", `must be one of ${STATEMENT_FORMATS.join(", ")}`);
  const attachments = bool(params, "attachments");

  const single = params.statementId !== undefined ? "statementId" : params.voidedStatementId !== undefined ? "voidedStatementId" : null;
  if (single) {
    for (const key of Object.keys(params)) {
      if (key !== single && key !== "format" && key !== "attachments") {
        throw invalid(`query.${key}`, `cannot be used with ${single}`);
      }
    }
    const id = params[single] ?? "";
    if (!isUuid(id)) throw invalid(`query.${single}`, "must be a UUID");
    return { kind: "single", id, voided: single === "voidedStatementId", format, attachments };
  }

  const query: GetRequest & { kind: "query" } = {
    kind: "query",
    format,
    attachments,
    params,
    query: {
      relatedActivities: bool(params, "related_activities"),
      relatedAgents: bool(params, "related_agents"),
      ascending: bool(params, "ascending"),
      limit: DEFAULT_LIMIT,
    },
  };
  const q = query.query;
  if (params.agent !== undefined) q.agent = parseAgent(params.agent);
  if (params.verb !== undefined) {
    if (!isIri(params.verb)) throw invalid("query.verb", "must be an absolute IRI");
    q.verb = params.verb;
  }
  if (params.activity !== undefined) {
    if (!isIri(params.activity)) throw invalid("query.activity", "must be an absolute IRI");
    q.activity = params.activity;
  }
  if (params.registration !== undefined) {
    if (!isUuid(params.registration)) throw invalid("query.registration", "must be a UUID");
    q.registration = params.registration;
  }
  const since = time(params, "since");
  const until = time(params, "until");
  if (since) q.since = since;
  if (until) q.until = until;
  if (params.limit !== undefined) {
    if (!/^\d+$/.test(params.limit)) throw invalid("query.limit", "must be a non-negative integer");
    const limit = Number(params.limit);
    q.limit = limit === 0 || limit > MAX_LIMIT ? MAX_LIMIT : limit;
  }
  if (params.cursor !== undefined) q.afterSeq = decodeCursor(params.cursor);
  return query;
}

/**
 * Filter conditions with StatementRefs (Part Three §2.1.3 "Filter Conditions for StatementRefs"):
 * a statement matches when it meets `filter`, or when the statement it targets by StatementRef
 * does, following chains (a targets b targets c) up to MAX_STATEMENT_REF_DEPTH. The target may be
 * voided (a voiding statement is found by its voided statement's verb or activity); time and
 * order conditions and the reader's scope stay on the statement itself. `filter` is written on
 * xapi_statements and is evaluated both on the row and, inside the subquery, on each target.
 */
export function matchingOrTargeting(tenantId: string, filter: SQL): SQL {
  const target = xapiStatements.targetStatementId;
  return sql`(${filter} or (${target} is not null and exists (
    with recursive chain(id, depth) as (
      select ${target}, 1
      union all
      select r.target_statement_id, chain.depth + 1 from xapi_statements r join chain on r.id = chain.id
      where r.tenant_id = ${tenantId} and r.target_statement_id is not null and chain.depth < ${MAX_STATEMENT_REF_DEPTH}
    )
    select 1 from chain where exists (select 1 from ${xapiStatements} where ${xapiStatements.tenantId} = ${tenantId} and ${xapiStatements.id} = chain.id and ${filter})
  )))`;
}
