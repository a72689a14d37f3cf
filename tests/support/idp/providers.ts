import type { FastifyInstance } from "fastify";
import type { AuthSession } from "../../../src/contracts/auth";
import type { Success } from "../../../src/contracts/common";
import type { Db } from "../../../src/server/db/client";
import { identityProviders } from "../../../src/server/db/schema";

/** An identity provider row, as an administrator would insert it. */
export async function buildProvider(db: Db, tenantId: string, values: { id?: string; kind: "oidc" | "saml"; config: Record<string, unknown>; brand?: string; label?: string; enabled?: boolean }) {
  const [row] = await db
    .insert(identityProviders)
    .values({ tenantId, label: values.label ?? `Sign in with ${values.kind}`, brand: values.brand ?? "generic", ...values })
    .returning();
  if (!row) throw new Error("provider not created");
  return row;
}

/** The login token from a `/{kind}/callback/{token}` redirect, or undefined for any other target. */
export function tokenOf(location: string | undefined, kind: "oidc" | "saml"): string | undefined {
  if (!location) return undefined;
  const match = new RegExp(`/${kind}/callback/([^/?]+)`).exec(new URL(location).pathname);
  return match?.[1] === "error" ? undefined : match?.[1];
}

/** Exchanges a login token as the SPA does; the session's user id, or the HTTP status on failure. */
export async function exchange(app: FastifyInstance, token: string): Promise<{ status: number; userId?: string }> {
  const res = await app.inject({ method: "POST", url: "/api/auth/token-login", headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) return { status: res.statusCode };
  return { status: 200, userId: res.json<Success<AuthSession>>().data.user.guid };
}
