import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { schools, tenants, users } from "../../db/schema";
import { bearerToken } from "../../platform/auth";
import { resolveEdition, type TenantRow } from "../../platform/edition";
import type { AccessClaims } from "../../platform/tokens";

/**
 * The caller on a public route: the claims of a valid bearer token, else null. An invalid or
 * expired token is ignored rather than refused, because public pages (privacy, branding) must
 * still load for someone whose session lapsed.
 */
export async function optionalAuth(ctx: Pick<AppContext, "tokens">, request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearerToken(request);
  return token ? ctx.tokens.verify(token) : null;
}

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/**
 * The edition serving a request: a signed-in caller's own tenant (the token is the only source of
 * truth for it), otherwise the one chosen by X-Edition, host or the configured default.
 */
export async function editionOfRequest(ctx: Pick<AppContext, "db" | "tokens" | "config">, request: FastifyRequest): Promise<TenantRow> {
  const claims = await optionalAuth(ctx, request);
  if (claims) {
    const own = await findTenant(ctx.db, claims.tenantId);
    if (own) return own;
  }
  return resolveEdition(ctx.db, request, ctx.config.defaultEdition);
}

export type CallerSchoolRow = {
  schoolId: string | null;
  entryPoint: string | null;
  canCreateCourse: boolean | null;
  canCreateGroup: boolean | null;
};

/** The caller's user row joined to their school, both within the caller's tenant; one query. */
export async function findCallerSchool(db: Db, caller: Pick<AccessClaims, "userId" | "tenantId">): Promise<CallerSchoolRow | undefined> {
  const [row] = await db
    .select({
      schoolId: schools.id,
      entryPoint: schools.lmsEntryPoint,
      canCreateCourse: schools.canCreateCourse,
      canCreateGroup: schools.canCreateGroup,
    })
    .from(users)
    .leftJoin(schools, and(eq(schools.id, users.schoolId), eq(schools.tenantId, users.tenantId)))
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  return row;
}
