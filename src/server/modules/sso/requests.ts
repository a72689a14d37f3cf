import type { CacheItem, CacheProvider } from "@node-saml/node-saml";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ssoRequests } from "../../db/schema";

/** Row kinds in sso_requests; ids are prefixed per kind so they never collide. */
export const REQUEST_KIND = { oidc: "oidc", samlRequest: "saml-request", samlAssertion: "saml-assertion" } as const;
export const REQUEST_TTL_MS = 10 * 60_000;

type Owner = { tenantId: string; providerId: string };
export type SsoRequestRow = typeof ssoRequests.$inferSelect;

export async function saveRequest(db: Db, row: Owner & { id: string; kind: string; data: Record<string, unknown>; expiresAt: Date }): Promise<void> {
  await db.insert(ssoRequests).values(row);
}

/**
 * Claims a pending request by a conditional UPDATE: of two callbacks carrying the same state,
 * only one gets the row; unknown, used and expired ids get nothing.
 */
export async function claimRequest(db: Db, id: string, kind: string, providerId: string): Promise<SsoRequestRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(and(eq(ssoRequests.id, id), eq(ssoRequests.kind, kind), eq(ssoRequests.providerId, providerId), isNull(ssoRequests.usedAt), gt(ssoRequests.expiresAt, now)))
    .returning();
  return row;
}

/** Records an accepted assertion id; false when it was already seen (a replay). */
export async function recordAssertion(db: Db, owner: Owner, assertionId: string, until: Date): Promise<boolean> {
  const rows = await db
    .insert(ssoRequests)
    .values({ id: `${REQUEST_KIND.samlAssertion}:${owner.providerId}:${assertionId}`, kind: REQUEST_KIND.samlAssertion, ...owner, expiresAt: until, usedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: ssoRequests.id });
  return rows.length === 1;
}

/** Drops rows past their expiry; assertion ids are only needed while the assertion could be accepted. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
}

/**
 * node-saml's AuthnRequest id cache, kept in the database so the ACS may land on another instance
 * than the one that sent the request. node-saml stores the request's IssueInstant as the value.
 */
export function samlRequestCache(db: Db, owner: Owner): CacheProvider {
  const rowId = (key: string) => `${REQUEST_KIND.samlRequest}:${owner.providerId}:${key}`;
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      const createdAt = Date.now();
      await saveRequest(db, { id: rowId(key), kind: REQUEST_KIND.samlRequest, ...owner, data: { value }, expiresAt: new Date(createdAt + REQUEST_TTL_MS) });
      return { value, createdAt };
    },
    async getAsync(key: string): Promise<string | null> {
      const [row] = await db
        .select()
        .from(ssoRequests)
        .where(and(eq(ssoRequests.id, rowId(key)), isNull(ssoRequests.usedAt), gt(ssoRequests.expiresAt, new Date())))
        .limit(1);
      const value = row?.data.value;
      return typeof value === "string" ? value : null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (!key) return null;
      const [row] = await db
        .update(ssoRequests)
        .set({ usedAt: new Date() })
        .where(and(eq(ssoRequests.id, rowId(key)), isNull(ssoRequests.usedAt)))
        .returning();
      const value = row?.data.value;
      return typeof value === "string" ? value : null;
    },
  };
}
