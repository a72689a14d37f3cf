import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { tenants } from "../schema";
import type { EditionSlug } from "./editions";

/**
 * The demo Microsoft 365 organisation (Entra tenant id) mapped to the "aula" edition. It is not a
 * real tenant: Microsoft never issues tokens for it, so only a local key set (tests, the e2e Teams
 * host simulator; tests/support/jwks.ts) can sign Teams SSO tokens that name it.
 */
export const DEMO_ENTRA_TENANT_ID = "00000000-de00-4000-8000-0000000a01a0";
export const DEMO_ENTRA_EDITION: EditionSlug = "aula";

/** Adds the demo Entra tenant to the demo edition's mapping; idempotent, keeps other mappings. */
export async function seedTeams(db: Db): Promise<void> {
  await db
    .update(tenants)
    .set({ entraTenantIds: sql`array_append(${tenants.entraTenantIds}, ${DEMO_ENTRA_TENANT_ID})` })
    .where(and(eq(tenants.slug, DEMO_ENTRA_EDITION), sql`not (${DEMO_ENTRA_TENANT_ID} = any(${tenants.entraTenantIds}))`));
}
