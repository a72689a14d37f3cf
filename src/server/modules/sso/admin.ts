import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityProviders, tenants } from "../../db/schema";
import { SsoBrandSchema, SsoKindSchema } from "../../../contracts/sso";
import { parseProvider, type ProviderRow } from "./config";

export type NewProvider = {
  edition: string;
  kind: string;
  brand: string;
  label: string;
  config: Record<string, unknown>;
  id?: string | undefined;
};

/**
 * Adds an edition's identity provider after checking its kind, brand and protocol settings with
 * the same rules sign-in applies, so a provider that could never work is refused up front.
 */
export async function addProvider(db: Db, input: NewProvider): Promise<ProviderRow> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, input.edition)).limit(1);
  if (!tenant) throw new Error(`no edition "${input.edition}"`);
  const kind = SsoKindSchema.parse(input.kind);
  const brand = SsoBrandSchema.parse(input.brand);
  const candidate = {
    id: input.id ?? crypto.randomUUID(),
    tenantId: tenant.id,
    kind,
    brand,
    label: input.label,
    config: input.config,
    enabled: true,
    createdAt: new Date(),
  } satisfies ProviderRow;
  if (!parseProvider(candidate)) throw new Error(`the ${kind} settings are incomplete or invalid`);
  const [row] = await db.insert(identityProviders).values(candidate).returning();
  if (!row) throw new Error("provider not saved");
  return row;
}

export async function listProviders(db: Db, edition: string): Promise<ProviderRow[]> {
  return db
    .select({ p: identityProviders })
    .from(identityProviders)
    .innerJoin(tenants, eq(tenants.id, identityProviders.tenantId))
    .where(eq(tenants.slug, edition))
    .then((rows) => rows.map((r) => r.p));
}

export async function setProviderEnabled(db: Db, edition: string, id: string, enabled: boolean): Promise<boolean> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, edition)).limit(1);
  if (!tenant) return false;
  const updated = await db
    .update(identityProviders)
    .set({ enabled })
    .where(and(eq(identityProviders.id, id), eq(identityProviders.tenantId, tenant.id)))
    .returning({ id: identityProviders.id });
  return updated.length === 1;
}
