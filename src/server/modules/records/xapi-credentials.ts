import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { lrsCredentials } from "../../db/schema";
import { hashToken } from "../../platform/tokens";
import type { XapiScope } from "./xapi-auth";

/*
 * The record store's HTTP Basic credentials: a learner's launch of a package, or an integration.
 * Only the secret's sha256 is kept (xapi-auth checks it).
 */

const newKeyAndSecret = () => ({ key: crypto.randomBytes(18).toString("base64url"), secret: crypto.randomBytes(32).toString("base64url") });

export type LaunchCredentialInput = {
  tenantId: string;
  userId: string;
  contentId: string;
  courseId: string;
  registration: string;
  ttlHours: number;
};

/**
 * A short-lived HTTP Basic credential for one learner's launch of an xAPI package. Only the
 * secret's sha256 is kept; statements stored with it must be about that learner.
 */
export async function mintLaunchCredential(db: Db, input: LaunchCredentialInput): Promise<{ key: string; secret: string; expiresAt: Date }> {
  const { key, secret } = newKeyAndSecret();
  const expiresAt = new Date(Date.now() + input.ttlHours * 3600_000);
  await db.insert(lrsCredentials).values({
    tenantId: input.tenantId,
    key,
    secretHash: hashToken(secret),
    name: "Launch",
    userId: input.userId,
    contentId: input.contentId,
    courseId: input.courseId,
    registration: input.registration,
    expiresAt,
  });
  return { key, secret, expiresAt };
}

/**
 * A long-lived credential for an integration (no user): it reads and writes the tenant's
 * statements as its xAPI scopes grant (xapi-auth integrationScopes), nothing without any.
 */
export async function mintIntegrationCredential(
  db: Db,
  input: { tenantId: string; name: string; scopes: readonly XapiScope[]; expiresAt?: Date | null },
): Promise<{ id: string; key: string; secret: string }> {
  const { key, secret } = newKeyAndSecret();
  const [row] = await db
    .insert(lrsCredentials)
    .values({ tenantId: input.tenantId, key, secretHash: hashToken(secret), name: input.name, scopes: [...input.scopes], expiresAt: input.expiresAt ?? null })
    .returning({ id: lrsCredentials.id });
  if (!row) throw new Error("credential not stored");
  return { id: row.id, key, secret };
}
