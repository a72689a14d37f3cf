import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { lrsCredentials } from "../../db/schema";
import { bearerToken } from "../../platform/auth";
import { forbidden, unauthorized } from "../../platform/errors";
import { hashToken } from "../../platform/tokens";
import { accountKey, actorKey, credentialAuthority, platformAuthority } from "./xapi-agents";
import type { Json } from "./xapi-validate";

/*
 * Who is calling the record store. Authentication is by header only (never cookies):
 *  - HTTP Basic with an lrs_credentials key and secret: a launch credential (with a user) reads
 *    and writes only that learner's statements; an integration credential the whole tenant;
 *  - Bearer with a platform access token: students read and write only their own statements,
 *    every other role reads the whole tenant's.
 */

export type LrsCaller = {
  tenantId: string;
  credentialId: string | null;
  /** The authority the LRS stamps on statements this caller stores. */
  authority: Json;
  /** When set, the caller may only store and read statements whose actor has this IFI. */
  ownActorKey: string | null;
};

const ROLES_READING_TENANT = new Set(["teacher", "coteacher", "school_admin", "editorial"]);

function parseBasic(header: string): { key: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
};

export async function authenticateLrs(app: FastifyInstance, request: FastifyRequest): Promise<LrsCaller> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized("UNAUTHORIZED", "The record store needs an Authorization header (Basic or Bearer)");
  const { publicUrl, db, tokens } = app.ctx;

  const basic = parseBasic(header);
  if (basic) {
    const [credential] = await db.select().from(lrsCredentials).where(eq(lrsCredentials.key, basic.key)).limit(1);
    if (!credential || !sameHash(credential.secretHash, hashToken(basic.secret))) {
      throw unauthorized("UNAUTHORIZED", "Unknown record store key or wrong secret");
    }
    if (credential.expiresAt && credential.expiresAt.getTime() <= Date.now()) {
      throw unauthorized("UNAUTHORIZED", "This record store credential has expired");
    }
    return {
      tenantId: credential.tenantId,
      credentialId: credential.id,
      authority: credentialAuthority(publicUrl, credential),
      ownActorKey: credential.userId ? accountKey(publicUrl, credential.userId) : null,
    };
  }

  const token = bearerToken(request);
  if (!token) throw unauthorized("UNAUTHORIZED", "The Authorization header must be Basic or Bearer");
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized("SESSION_EXPIRED", "Session expired or invalid");
  return {
    tenantId: claims.tenantId,
    credentialId: null,
    authority: platformAuthority(publicUrl),
    ownActorKey: ROLES_READING_TENANT.has(claims.role) ? null : accountKey(publicUrl, claims.userId),
  };
}

/** 403 unless every statement's actor is the caller's own agent (when the caller is restricted). */
export function authorizeActors(caller: LrsCaller, statements: Json[]): void {
  if (!caller.ownActorKey) return;
  statements.forEach((s, i) => {
    if (actorKey(s.actor as Json) !== caller.ownActorKey) {
      const where = statements.length === 1 ? "statement.actor" : `statements[${i}].actor`;
      throw forbidden(`${where} must be your own agent: this credential may only store statements about its learner`);
    }
  });
}
