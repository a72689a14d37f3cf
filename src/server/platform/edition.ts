import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { tenants } from "../db/schema";
import { optionalAuth } from "./auth";
import { AppError } from "./errors";
import type { AccessTokens } from "./tokens";

export type TenantRow = typeof tenants.$inferSelect;

/**
 * The edition (tenant) serving a request that carries no session: an `X-Edition` slug (the SPA
 * sends the one it was opened with), else the brand domain the request came to, else the default.
 * It only chooses branding and where a sign-in looks; signed-in requests take the tenant from
 * their token.
 */
export async function resolveEdition(
  db: Db,
  request: FastifyRequest,
  defaultSlug: string,
  slug: string | string[] | undefined = request.headers["x-edition"],
): Promise<TenantRow> {
  if (typeof slug === "string" && slug.length > 0 && slug.length <= 64) {
    const [bySlug] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
    if (bySlug) return bySlug;
  }
  const host = request.hostname.split(":")[0] ?? "";
  if (host) {
    const [byHost] = await db.select().from(tenants).where(sql`${host} = any(${tenants.hosts})`).limit(1);
    if (byHost) return byHost;
  }
  const [fallback] = await db.select().from(tenants).where(eq(tenants.slug, defaultSlug)).limit(1);
  if (fallback) return fallback;
  const [any] = await db.select().from(tenants).orderBy(tenants.createdAt).limit(1);
  if (any) return any;
  throw new AppError(404, "TENANT_NOT_FOUND", "No edition is configured");
}

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/**
 * The edition serving a request: a signed-in caller's own tenant (the token is the only source of
 * truth for it), otherwise the one chosen by X-Edition, host or the configured default.
 */
export async function editionOfRequest(
  ctx: { db: Db; tokens: AccessTokens; config: { defaultEdition: string } },
  request: FastifyRequest,
): Promise<TenantRow> {
  const claims = await optionalAuth(ctx.tokens, request);
  if (claims) {
    const own = await findTenant(ctx.db, claims.tenantId);
    if (own) return own;
  }
  return resolveEdition(ctx.db, request, ctx.config.defaultEdition);
}
