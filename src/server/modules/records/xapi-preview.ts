import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { XapiLaunchResult } from "../../../contracts/records";
import type { FileSigner } from "../../platform/storage";
import { notFound, unauthorized } from "../../platform/errors";
import type { Launchable } from "./launch-access";
import { agentForUser } from "./xapi-agents";
import { registerXapiProtocol } from "./xapi-routes";
import { bodyStatements } from "./xapi-statement-routes";
import { invalid, isUuid, validateStatement, type Json } from "./xapi-validate";

/*
 * Previewing an xAPI package (ADR 0023). A teacher or co-teacher opening a package is looking at
 * it, not learning: nothing they do may reach the record store, where it would count them as a
 * learner (results, analytics, integrations reading the store). Their launch points the package
 * at /api/lrs-preview/, which speaks the same Statement resource, validates every statement as
 * the record store would (a package that sends bad statements fails the same way in a preview),
 * and keeps nothing: no credential row, no statements, a fresh registration each time.
 * Its Basic credential is the package's file grant (user "preview"): it proves the launch came
 * from the platform and expires with the package's address.
 */

export const PREVIEW_USER = "preview";
const PREVIEW_TTL_HOURS = 8;
/** As the record store: a batch of statements may be large. */
const BODY_LIMIT = 5 * 1024 * 1024;

type Ctx = { publicUrl: string; files: FileSigner };

/** Only the class's students keep xAPI data; every other member previews. */
export const launchesAsPreview = (launchable: Launchable): boolean => !launchable.access.isStudent;

/** The launch of a preview: same package address and actor, the preview endpoint and credential. */
export function launchXapiPreview(ctx: Ctx, launchable: Launchable, activityId: string, launchPath: string): XapiLaunchResult {
  const { content, user } = launchable;
  const ttlSeconds = PREVIEW_TTL_HOURS * 3600;
  const grant = ctx.files.grant(content.id, ttlSeconds);
  const registration = crypto.randomUUID();
  const params = new URLSearchParams({
    endpoint: `${ctx.publicUrl}/api/lrs-preview/`,
    auth: `Basic ${Buffer.from(`${PREVIEW_USER}:${grant}`).toString("base64")}`,
    actor: JSON.stringify(agentForUser(ctx.publicUrl, user)),
    registration,
    activity_id: activityId,
  });
  const launchUrl = `${ctx.files.url(content.id, `package/${launchPath}`, ttlSeconds)}?${params.toString()}`;
  const expiresAt = new Date(Number(grant.split(".")[1]) * 1000).toISOString();
  return { launchUrl, registration, expiresAt, preview: true };
}

/** 401 unless the request carries a preview credential the platform issued and that has not expired. */
function authenticatePreview(files: FileSigner, request: FastifyRequest): void {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  const decoded = match?.[1] ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const [user, grant] = decoded.split(":");
  if (user !== PREVIEW_USER || !grant || files.verify(grant) === null) {
    throw unauthorized("UNAUTHORIZED", "The preview record store needs the credential of a preview launch");
  }
}

/** The statements of a PUT (one) or POST (one or an array), validated as the record store would. */
function previewStatements(body: unknown, allowArray: boolean): Json[] {
  const raw = bodyStatements(body, allowArray);
  return Array.isArray(body) ? raw.map((r, i) => validateStatement(r, `statements[${i}]`)) : raw.map((r) => validateStatement(r));
}

const idOf = (statement: Json): string => (typeof statement.id === "string" ? statement.id.toLowerCase() : crypto.randomUUID());

/** /api/lrs-preview: the Statement resource of a preview, which validates and keeps nothing. */
export async function xapiPreviewRoutes(app: FastifyInstance): Promise<void> {
  const { files } = app.ctx;
  registerXapiProtocol(app, { alternateSyntax: false, authenticate: (request) => authenticatePreview(files, request), aboutSchema: { hide: true } });
  const schema = { hide: true };

  for (const path of ["/records", "/statements"]) {
    app.put(path, { schema, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const id = (request.query as Record<string, unknown>).statementId;
      if (typeof id !== "string" || !isUuid(id)) throw invalid("query.statementId", "is required and must be a UUID");
      const [statement] = previewStatements(request.body, false);
      if (statement?.id !== undefined && idOf(statement) !== id.toLowerCase()) throw invalid("statement.id", "must equal the statementId parameter");
      return reply.status(204).send();
    });
    app.post(path, { schema, bodyLimit: BODY_LIMIT }, async (request) => previewStatements(request.body, true).map(idOf));
    // Nothing is kept: a query finds nothing, one statement is not found.
    app.get(path, { schema }, async (request) => {
      const query = request.query as Record<string, unknown>;
      if (query.statementId !== undefined || query.voidedStatementId !== undefined) throw notFound("Statement");
      return { statements: [], more: "" };
    });
  }

  // Documents (State, profiles): a preview starts afresh each time, so there is never one to read,
  // and what a package saves is accepted and dropped.
  for (const path of ["/activities/state", "/activities/profile", "/agents/profile"]) {
    app.get(path, { schema }, async () => {
      throw notFound("Document");
    });
    app.put(path, { schema, bodyLimit: BODY_LIMIT }, async (_request, reply) => reply.status(204).send());
    app.post(path, { schema, bodyLimit: BODY_LIMIT }, async (_request, reply) => reply.status(204).send());
    app.delete(path, { schema }, async (_request, reply) => reply.status(204).send());
  }
}
