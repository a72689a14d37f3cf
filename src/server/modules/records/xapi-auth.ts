import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { courseMembers, courses, lrsCredentials, users } from "../../db/schema";
import { bearerToken } from "../../platform/auth";
import { unauthorized } from "../../platform/errors";
import { hashToken, type AccessClaims } from "../../platform/tokens";
import { canEditAs } from "../courses/access";
import { seesWholeSchool, viewerRole } from "../courses/policy";
import { accountKey, credentialAuthority, ifiKey, platformAuthority } from "./xapi-agents";
import type { Json } from "./xapi-validate";

/*
 * Who is calling the record store, and what they may read and write (ADR 0016). Authentication
 * is by header only (never cookies):
 *  - HTTP Basic with an lrs_credentials key and secret: a launch credential (with a user) reads
 *    and writes only that learner's statements; an integration credential what it was granted;
 *  - Bearer with a platform access token: the user's own statements, those of the classes they
 *    teach, and a school admin's school's.
 * The scope is computed here once per request and applied in one place, xapi-service.ts, for
 * reads (readCondition) and writes (authorizeWrites).
 */

/**
 * What a caller reaches:
 *  - tenant: every statement of the tenant (the platform itself; integrations granted it);
 *  - credential: the statements this credential stored (an integration's statements/read/mine);
 *  - learner: statements about this user only (a launch credential);
 *  - member: a signed-in user: statements about themself; reading, those of the classes they
 *    teach (about the class's members) and, for a school admin, their school's; writing, records
 *    about a student of a class they teach, bound to that class;
 *  - none: nothing (403).
 */
export type LrsScope =
  | { kind: "tenant" }
  | { kind: "credential"; credentialId: string }
  | { kind: "learner"; userId: string }
  | { kind: "member"; userId: string; taughtCourseIds: readonly string[]; schoolId: string | null }
  | { kind: "none" };

/** What storing statements needs to know about who stores them (also the platform's own writers). */
export type LrsWriter = {
  tenantId: string;
  /** The platform's public address: accounts on it are the platform's users. */
  publicUrl: string;
  credentialId: string | null;
  /** The authority the LRS stamps on statements this caller stores. */
  authority: Json;
  write: LrsScope;
};

export type LrsCaller = LrsWriter & { read: LrsScope };

/** xAPI OAuth scopes (xAPI 1.0.3 Part Four §6.4) an integration credential may be granted. */
export const XAPI_SCOPES = ["statements/write", "statements/read/mine", "statements/read", "all/read", "all", "state", "define", "profile"] as const;
export type XapiScope = (typeof XAPI_SCOPES)[number];

const NONE: LrsScope = { kind: "none" };
const TENANT: LrsScope = { kind: "tenant" };

/** The statement scopes an integration credential's grants give. */
export function integrationScopes(credentialId: string, scopes: readonly string[]): { read: LrsScope; write: LrsScope } {
  const has = (s: XapiScope) => scopes.includes(s);
  const read: LrsScope =
    has("all") || has("all/read") || has("statements/read") ? TENANT : has("statements/read/mine") ? { kind: "credential", credentialId } : NONE;
  const write: LrsScope = has("all") || has("statements/write") ? TENANT : NONE;
  return { read, write };
}

/** The platform itself (SCORM runtime, assessments): stores about anyone of the tenant. */
export const platformWriter = (publicUrl: string): Omit<LrsWriter, "tenantId"> => ({
  publicUrl,
  credentialId: null,
  authority: platformAuthority(publicUrl),
  write: TENANT,
});

/**
 * A signed-in user's scope: the classes they teach are those where their membership lets them
 * edit the class (courses/access canEditAs), not archived; a school admin (courses/policy
 * seesWholeSchool) also reaches their school.
 */
export async function memberScope(db: Db, claims: Pick<AccessClaims, "userId" | "tenantId" | "role">): Promise<LrsScope & { kind: "member" }> {
  const memberships = await db
    .select({ courseId: courseMembers.courseId, role: courseMembers.role })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.userId, claims.userId), eq(courses.tenantId, claims.tenantId), eq(courses.archived, false)));
  let schoolId: string | null = null;
  if (seesWholeSchool(claims.role)) {
    const [row] = await db
      .select({ schoolId: users.schoolId })
      .from(users)
      .where(and(eq(users.id, claims.userId), eq(users.tenantId, claims.tenantId)))
      .limit(1);
    schoolId = row?.schoolId ?? null;
  }
  return {
    kind: "member",
    userId: claims.userId,
    taughtCourseIds: memberships.filter((m) => canEditAs(viewerRole(m.role))).map((m) => m.courseId),
    schoolId,
  };
}

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
    const learner: LrsScope | null = credential.userId ? { kind: "learner", userId: credential.userId } : null;
    const scopes = learner ? { read: learner, write: learner } : integrationScopes(credential.id, credential.scopes);
    return { tenantId: credential.tenantId, publicUrl, credentialId: credential.id, authority: credentialAuthority(publicUrl, credential), ...scopes };
  }

  const token = bearerToken(request);
  if (!token) throw unauthorized("UNAUTHORIZED", "The Authorization header must be Basic or Bearer");
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized("SESSION_EXPIRED", "Session expired or invalid");
  const scope = await memberScope(db, claims);
  return { tenantId: claims.tenantId, publicUrl, credentialId: null, authority: platformAuthority(publicUrl), read: scope, write: scope };
}

/** The user a scope is about or acts as (learner, member), else null. */
export const scopeUserId = (scope: LrsScope): string | null => (scope.kind === "learner" || scope.kind === "member" ? scope.userId : null);

/**
 * Whether a scope reaches an agent's own documents (State, Agent Profile): the whole tenant, or
 * the caller's own agent (an account on the platform's address named by their user id).
 */
export function reachesAgent(scope: LrsScope, publicUrl: string, agent: Json): boolean {
  if (scope.kind === "tenant") return true;
  const userId = scopeUserId(scope);
  return userId !== null && ifiKey(agent) === accountKey(publicUrl, userId);
}
