import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { tenants } from "../db/schema";
import { AppError } from "./errors";

export type TenantRow = typeof tenants.$inferSelect;

/**
 * The edition (tenant) serving a request that carries no session: an `X-Edition` slug (the SPA
 * sends the one it was opened with), else the brand domain the request came to, else the default.
 * It only chooses branding and where a sign-in looks; signed-in requests take the tenant from
 * their token.
 */
export async function resolveEdition(db: Db, request: FastifyRequest, defaultSlug: string): Promise<TenantRow> {
  const slug = request.headers["x-edition"];
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
