import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorBodySchema } from "../../../contracts/common";
import { users, xapiStatements } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../platform/errors";
import { findActivity } from "./xapi-activities";
import { actorKey, personOf } from "./xapi-agents";
import { authenticateLrs, reachesAgent, type LrsCaller, type LrsScope } from "./xapi-auth";
import {
  deleteDocument,
  deleteDocuments,
  DOCUMENT_LIMITS,
  getDocument,
  listDocumentIds,
  parseEtagList,
  writeDocument,
  type DocumentKind,
  type DocumentScope,
  type Preconditions,
} from "./xapi-documents";
import { dispatch, jsonBody, mediaType, type XapiCall, type XapiResource } from "./xapi-http";
import { parseAgent, stringParams } from "./xapi-query";
import { invalid, isIri, isTimestamp, isUuid, type Json } from "./xapi-values";

/*
 * The document resources and the Agents and Activities resources (xAPI 1.0.3 Part Three §2.3,
 * §2.5, §2.6), under /api/lrs:
 *   /activities/state     State: activityId, agent, registration?, stateId (GET one or the ids, PUT, POST, DELETE)
 *   /activities/profile   Activity Profile: activityId, profileId
 *   /agents/profile       Agent Profile: agent, profileId
 *   /agents               the Person object of an agent
 *   /activities           the canonical Activity object
 * Access: State and Agent Profile documents are the agent's own: a launch credential or a
 * signed-in user reaches only their own agent's, a tenant-wide caller every agent's
 * (xapi-auth reachesAgent). Activity profiles and definitions belong to no one: any caller who may
 * read (write) statements may read (write) them.
 */

const tags = ["lrs"];
const security = [{ bearer: [] }];
const errorBodies = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));
/** Room for a document sent url-encoded through the alternate request syntax. */
const DOCUMENT_BODY_LIMIT = DOCUMENT_LIMITS.maxBytes * 3 + 64 * 1024;
/** Names the Agents resource gathers from statements for one agent. */
const MAX_PERSON_NAMES = 20;

type DocumentResource = {
  kind: DocumentKind;
  idParam: "stateId" | "profileId";
  usesActivity: boolean;
  usesAgent: boolean;
  usesRegistration: boolean;
  /** PUT over an existing document needs a precondition (the profiles, §2.3.4). */
  requirePrecondition: boolean;
};

const STATE: DocumentResource = { kind: "state", idParam: "stateId", usesActivity: true, usesAgent: true, usesRegistration: true, requirePrecondition: false };
const ACTIVITY_PROFILE: DocumentResource = { kind: "activity_profile", idParam: "profileId", usesActivity: true, usesAgent: false, usesRegistration: false, requirePrecondition: true };
const AGENT_PROFILE: DocumentResource = { kind: "agent_profile", idParam: "profileId", usesActivity: false, usesAgent: true, usesRegistration: false, requirePrecondition: true };

const bytes = (v: string): number => Buffer.byteLength(v, "utf8");

function requiredParam(params: Record<string, string>, key: string): string {
  const v = params[key];
  if (v === undefined || v === "") throw invalid(`query.${key}`, "is required");
  return v;
}

function activityParam(params: Record<string, string>): string {
  const activityId = requiredParam(params, "activityId");
  if (!isIri(activityId)) throw invalid("query.activityId", "must be an absolute IRI");
  if (bytes(activityId) > DOCUMENT_LIMITS.maxKeyBytes) throw invalid("query.activityId", `must be at most ${DOCUMENT_LIMITS.maxKeyBytes} bytes`);
  return activityId;
}

function agentParam(params: Record<string, string>): Json {
  const agent = parseAgent(requiredParam(params, "agent"));
  if (bytes(actorKey(agent)) > DOCUMENT_LIMITS.maxKeyBytes) throw invalid("query.agent", `has an identifier longer than ${DOCUMENT_LIMITS.maxKeyBytes} bytes`);
  return agent;
}

function sinceParam(params: Record<string, string>): Date | undefined {
  const since = params.since;
  if (since === undefined) return undefined;
  if (!isTimestamp(since)) throw invalid("query.since", "must be an ISO 8601 date-time with a time zone");
  return new Date(since);
}

function documentIdParam(params: Record<string, string>, key: string, required: boolean): string | undefined {
  const id = params[key];
  if (id === undefined) {
    if (required) throw invalid(`query.${key}`, "is required");
    return undefined;
  }
  if (id === "" || bytes(id) > DOCUMENT_LIMITS.maxIdBytes) throw invalid(`query.${key}`, `must be 1 to ${DOCUMENT_LIMITS.maxIdBytes} bytes`);
  return id;
}

/** The scope a request addresses and the agent it is about (validated; no access decided yet). */
function scopeOf(resource: DocumentResource, params: Record<string, string>): { scope: DocumentScope; agent: Json | null } {
  const activityId = resource.usesActivity ? activityParam(params) : "";
  const agent = resource.usesAgent ? agentParam(params) : null;
  let registration = "";
  if (resource.usesRegistration && params.registration !== undefined) {
    if (!isUuid(params.registration)) throw invalid("query.registration", "must be a UUID");
    registration = params.registration.toLowerCase();
  }
  return { scope: { kind: resource.kind, activityId, agentKey: agent ? actorKey(agent) : "", registration }, agent };
}

/** 403 unless the caller's scope reaches the document (its agent's own, or any for activity profiles). */
function authorizeDocument(caller: LrsCaller, scope: LrsScope, agent: Json | null): void {
  if (agent ? reachesAgent(scope, caller.publicUrl, agent) : scope.kind !== "none") return;
  throw forbidden(agent ? "query.agent must be your own agent: this caller may only use its own learner's documents" : "This caller may not use the record store's documents");
}

function preconditionsOf(request: FastifyRequest): Preconditions {
  return { ifMatch: parseEtagList(request.headers["if-match"]), ifNoneMatch: parseEtagList(request.headers["if-none-match"]) };
}

function documentBody(call: XapiCall): { contents: Buffer; contentType: string } {
  if (call.body.length > DOCUMENT_LIMITS.maxBytes) {
    throw new AppError(413, "FILE_TOO_LARGE", `A document may hold at most ${DOCUMENT_LIMITS.maxBytes} bytes`, { property: "body" });
  }
  const contentType = call.contentType.trim() === "" ? "application/octet-stream" : call.contentType.trim();
  if (mediaType(contentType) === "application/json") jsonBody(call.body, "body");
  return { contents: call.body, contentType };
}

function documentResource(app: FastifyInstance, resource: DocumentResource): XapiResource {
  const { db } = app.ctx;
  const base = [resource.idParam, ...(resource.usesActivity ? ["activityId"] : []), ...(resource.usesAgent ? ["agent"] : []), ...(resource.usesRegistration ? ["registration"] : [])];
  const write = (mode: "put" | "post") => async (call: XapiCall, request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authenticateLrs(app, request);
    const params = stringParams(call.params, base);
    const { scope, agent } = scopeOf(resource, params);
    const documentId = documentIdParam(params, resource.idParam, true) ?? "";
    const body = documentBody(call);
    authorizeDocument(caller, caller.write, agent);
    await writeDocument(db, caller.tenantId, scope, documentId, { mode, ...body, preconditions: preconditionsOf(request), requirePrecondition: resource.requirePrecondition });
    return reply.status(204).send();
  };
  return {
    GET: async (call, request, reply) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(call.params, [...base, "since"]);
      const { scope, agent } = scopeOf(resource, params);
      const documentId = documentIdParam(params, resource.idParam, false);
      if (documentId !== undefined && params.since !== undefined) throw invalid("query.since", `cannot be used with ${resource.idParam}`);
      const since = sinceParam(params);
      authorizeDocument(caller, caller.read, agent);
      if (documentId === undefined) return listDocumentIds(db, caller.tenantId, scope, since);
      const doc = await getDocument(db, caller.tenantId, scope, documentId);
      if (!doc) throw notFound("Document");
      reply.header("Content-Type", doc.contentType).header("ETag", `"${doc.etag}"`).header("Last-Modified", doc.updated.toUTCString());
      return reply.send(doc.contents);
    },
    PUT: write("put"),
    POST: write("post"),
    DELETE: async (call, request, reply) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(call.params, base);
      const { scope, agent } = scopeOf(resource, params);
      // Only the State resource deletes every document of its scope at once.
      const documentId = documentIdParam(params, resource.idParam, resource.kind !== "state");
      authorizeDocument(caller, caller.write, agent);
      if (documentId === undefined) await deleteDocuments(db, caller.tenantId, scope);
      else await deleteDocument(db, caller.tenantId, scope, documentId, preconditionsOf(request));
      return reply.status(204).send();
    },
  };
}

/** The names an agent goes by: as asked, as a platform user (an account on the platform's address), as an actor of statements. */
async function namesOf(app: FastifyInstance, tenantId: string, agent: Json): Promise<string[]> {
  const { db, publicUrl } = app.ctx;
  const names = typeof agent.name === "string" ? [agent.name] : [];
  const account = agent.account as Json | undefined;
  if (account?.homePage === publicUrl && isUuid(account.name)) {
    const [user] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, account.name)))
      .limit(1);
    if (user) names.push(`${user.firstName} ${user.lastName}`.trim());
  }
  const seen = await db
    .selectDistinct({ name: sql<string | null>`${xapiStatements.statement} -> 'actor' ->> 'name'` })
    .from(xapiStatements)
    .where(and(eq(xapiStatements.tenantId, tenantId), eq(xapiStatements.actorKey, actorKey(agent))))
    .limit(MAX_PERSON_NAMES);
  return [...names, ...seen.map((s) => s.name).filter((n): n is string => typeof n === "string")];
}

function agentsResource(app: FastifyInstance): XapiResource {
  return {
    GET: async (call, request) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(call.params, ["agent"]);
      const agent = agentParam(params);
      authorizeDocument(caller, caller.read, agent);
      return personOf(agent, await namesOf(app, caller.tenantId, agent));
    },
  };
}

function activitiesResource(app: FastifyInstance): XapiResource {
  return {
    GET: async (call, request) => {
      const caller = await authenticateLrs(app, request);
      const params = stringParams(call.params, ["activityId"]);
      const activityId = activityParam(params);
      authorizeDocument(caller, caller.read, null);
      const activity = await findActivity(app.ctx.db, caller.tenantId, activityId);
      if (!activity) throw notFound("Activity");
      return activity;
    },
  };
}

const SUMMARIES: Record<string, { what: string; methods: Record<string, string> }> = {
  "/activities/state": {
    what: "State resource",
    methods: {
      GET: "One state document (stateId), or the ids of the agent's states in the activity (since)",
      PUT: "Store a state document",
      POST: "Merge a JSON state document into the stored one (or store it)",
      DELETE: "Delete one state document (stateId) or every state of the activity, agent and registration",
    },
  },
  "/activities/profile": {
    what: "Activity Profile resource",
    methods: {
      GET: "One activity profile (profileId), or the ids of the activity's profiles (since)",
      PUT: "Store an activity profile (If-Match / If-None-Match required to replace one)",
      POST: "Merge a JSON activity profile into the stored one (or store it)",
      DELETE: "Delete an activity profile",
    },
  },
  "/agents/profile": {
    what: "Agent Profile resource",
    methods: {
      GET: "One agent profile (profileId), or the ids of the agent's profiles (since)",
      PUT: "Store an agent profile (If-Match / If-None-Match required to replace one)",
      POST: "Merge a JSON agent profile into the stored one (or store it)",
      DELETE: "Delete an agent profile",
    },
  },
  "/agents": { what: "Agents resource", methods: { GET: "The Person object of an agent (agent)" } },
  "/activities": { what: "Activities resource", methods: { GET: "The canonical Activity object (activityId)" } },
};

/** Registers each resource's methods; POST is always there, for the alternate request syntax. */
export function registerDocumentResources(app: FastifyInstance): void {
  const resources: Record<string, XapiResource> = {
    "/activities/state": documentResource(app, STATE),
    "/activities/profile": documentResource(app, ACTIVITY_PROFILE),
    "/agents/profile": documentResource(app, AGENT_PROFILE),
    "/agents": agentsResource(app),
    "/activities": activitiesResource(app),
  };
  for (const [path, resource] of Object.entries(resources)) {
    const handler = dispatch(resource);
    const docs = SUMMARIES[path];
    const schema = (method: string) => ({
      tags,
      security,
      summary: `${docs?.methods[method] ?? "Alternate request syntax (?method=)"} (xAPI ${docs?.what ?? path})`,
      response: errorBodies(400, 401, 403, 404, 409, 412, 413),
    });
    app.get(path, { schema: schema("GET") }, handler);
    app.post(path, { bodyLimit: DOCUMENT_BODY_LIMIT, schema: schema("POST") }, handler);
    if (resource.PUT) app.put(path, { bodyLimit: DOCUMENT_BODY_LIMIT, schema: schema("PUT") }, handler);
    if (resource.DELETE) app.delete(path, { schema: schema("DELETE") }, handler);
  }
}

