import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isSafeReturnTo, type SsoKind, type SsoProvider } from "../../../contracts/sso";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { identityProviders, userIdentities, users } from "../../db/schema";
import { mintLoginToken } from "../auth/service";
import { parseProvider, type OidcProvider, type Provider, type SamlProvider } from "./config";
import { buildOidcStart, finishOidc, type OidcClients } from "./oidc";
import { presentProvider } from "./presenter";
import { claimRequest, purgeExpired, recordAssertion, REQUEST_KIND, REQUEST_TTL_MS, saveRequest } from "./requests";
import { samlFor, samlIdentity, samlUrls } from "./saml";

type Ctx = Pick<AppContext, "db" | "publicUrl">;
/** Where a browser is sent next; every SSO endpoint answers with a redirect. */
export type Redirect = { location: string };
type Identity = { subject: string; email: string | undefined; emailTrusted: boolean };

const loginError = (ctx: Ctx): Redirect => ({ location: `${ctx.publicUrl}/auth/login/error` });
/** A valid SAML sign-in for someone the school has not synchronised yet: the SPA says so. */
const samlNotSynchronised = (ctx: Ctx): Redirect => ({ location: `${ctx.publicUrl}/saml/callback/error` });

export const safeReturnTo = (value: unknown): string | undefined => (typeof value === "string" && isSafeReturnTo(value) ? value : undefined);

async function signedIn(ctx: Ctx, kind: SsoKind, who: { userId: string; tenantId: string }, returnTo: unknown): Promise<Redirect> {
  const token = await mintLoginToken(ctx.db, who);
  const back = safeReturnTo(returnTo);
  const query = back ? `?loginContext=${encodeURIComponent(back)}` : "";
  return { location: `${ctx.publicUrl}/${kind}/callback/${token}${query}` };
}

export async function listProviders(db: Db, tenantId: string, log: FastifyBaseLogger): Promise<SsoProvider[]> {
  const rows = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.enabled, true)))
    .orderBy(asc(identityProviders.createdAt));
  return rows.flatMap((row) => {
    const provider = parseProvider(row);
    if (!provider) log.warn({ providerId: row.id }, "sso: provider config is invalid; hidden from the login page");
    return provider ? [presentProvider(provider)] : [];
  });
}

async function loadProvider(db: Db, id: string): Promise<Provider | undefined> {
  const [row] = await db.select().from(identityProviders).where(and(eq(identityProviders.id, id), eq(identityProviders.enabled, true))).limit(1);
  return row ? parseProvider(row) : undefined;
}
export const loadOidcProvider = async (db: Db, id: string): Promise<OidcProvider | undefined> => {
  const p = await loadProvider(db, id);
  return p?.kind === "oidc" ? p : undefined;
};
export const loadSamlProvider = async (db: Db, id: string): Promise<SamlProvider | undefined> => {
  const p = await loadProvider(db, id);
  return p?.kind === "saml" ? p : undefined;
};

/**
 * The edition's user an external identity belongs to: an existing link first, else the user with
 * the same e-mail (only a trusted one) who is then linked. Nobody is created: accounts come from
 * the school's synchronisation.
 */
export async function linkUser(db: Db, tenantId: string, issuer: string, identity: Identity): Promise<{ userId: string; tenantId: string } | undefined> {
  const [linked] = await db
    .select({ userId: users.id })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, identity.subject), eq(userIdentities.tenantId, tenantId), eq(users.tenantId, tenantId)))
    .limit(1);
  if (linked) return { userId: linked.userId, tenantId };
  if (!identity.email || !identity.emailTrusted) return undefined;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.email})`, identity.email)))
    .limit(1);
  if (!user) return undefined;
  await db.insert(userIdentities).values({ userId: user.id, tenantId, issuer, subject: identity.subject }).onConflictDoNothing();
  return { userId: user.id, tenantId };
}

const oidcRedirectUri = (ctx: Ctx, providerId: string) => `${ctx.publicUrl}/api/auth/oidc/${providerId}/callback`;

export async function startOidc(ctx: Ctx, clients: OidcClients, provider: OidcProvider, returnTo: string | undefined, log: FastifyBaseLogger): Promise<Redirect> {
  try {
    await purgeExpired(ctx.db);
    const config = await clients.configuration(provider);
    const start = await buildOidcStart(config, provider, oidcRedirectUri(ctx, provider.row.id));
    await saveRequest(ctx.db, {
      id: start.state,
      kind: REQUEST_KIND.oidc,
      tenantId: provider.row.tenantId,
      providerId: provider.row.id,
      data: { codeVerifier: start.codeVerifier, nonce: start.nonce, returnTo: safeReturnTo(returnTo) ?? null },
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    });
    return { location: start.url.href };
  } catch (err) {
    log.warn({ err, providerId: provider.row.id }, "sso: OIDC sign-in could not start");
    return loginError(ctx);
  }
}

export async function finishOidcSignIn(ctx: Ctx, clients: OidcClients, providerId: string, query: URLSearchParams, log: FastifyBaseLogger): Promise<Redirect> {
  const refuse = (reason: string, err?: unknown) => {
    log.warn({ err, providerId, reason }, "sso: OIDC sign-in refused");
    return loginError(ctx);
  };
  const provider = await loadOidcProvider(ctx.db, providerId);
  if (!provider) return refuse("unknown provider");
  const state = query.get("state");
  if (!state) return refuse("no state");
  const request = await claimRequest(ctx.db, state, REQUEST_KIND.oidc, providerId);
  if (!request) return refuse("unknown, used or expired state");
  const { codeVerifier, nonce, returnTo } = request.data;
  if (typeof codeVerifier !== "string" || typeof nonce !== "string") return refuse("unreadable request");
  let identity;
  try {
    const config = await clients.configuration(provider);
    const callbackUrl = new URL(`${oidcRedirectUri(ctx, providerId)}?${query.toString()}`);
    identity = await finishOidc(config, callbackUrl, { state, nonce, codeVerifier });
  } catch (err) {
    return refuse("code exchange or ID token check failed", err);
  }
  const emailTrusted = identity.emailVerified || provider.config.trustEmail === true;
  const who = await linkUser(ctx.db, provider.row.tenantId, `oidc:${providerId}`, { ...identity, emailTrusted });
  if (!who) return refuse("no user of the edition matches the identity");
  return signedIn(ctx, "oidc", who, returnTo);
}

export async function samlMetadata(ctx: Ctx, provider: SamlProvider): Promise<string> {
  return samlFor(ctx.db, provider, samlUrls(ctx.publicUrl, provider)).generateServiceProviderMetadata(null);
}

export async function startSaml(ctx: Ctx, provider: SamlProvider, returnTo: string | undefined, log: FastifyBaseLogger): Promise<Redirect> {
  try {
    await purgeExpired(ctx.db);
    const saml = samlFor(ctx.db, provider, samlUrls(ctx.publicUrl, provider));
    // RelayState only carries where to go back; it is checked again on the way in.
    return { location: await saml.getAuthorizeUrlAsync(safeReturnTo(returnTo) ?? "", undefined, {}) };
  } catch (err) {
    log.warn({ err, providerId: provider.row.id }, "sso: SAML sign-in could not start");
    return loginError(ctx);
  }
}

export async function finishSamlSignIn(ctx: Ctx, providerId: string, body: Record<string, string>, log: FastifyBaseLogger): Promise<Redirect> {
  const refuse = (reason: string, err?: unknown) => {
    log.warn({ err, providerId, reason }, "sso: SAML sign-in refused");
    return loginError(ctx);
  };
  const provider = await loadSamlProvider(ctx.db, providerId);
  if (!provider) return refuse("unknown provider");
  if (typeof body.SAMLResponse !== "string") return refuse("no SAMLResponse");
  let identity;
  try {
    const saml = samlFor(ctx.db, provider, samlUrls(ctx.publicUrl, provider));
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse });
    if (!profile) return refuse("not a sign-in response");
    if (profile.issuer !== provider.config.idpIssuer) return refuse("unexpected assertion issuer");
    identity = samlIdentity(profile);
  } catch (err) {
    return refuse("response rejected", err);
  }
  const owner = { tenantId: provider.row.tenantId, providerId };
  if (!(await recordAssertion(ctx.db, owner, identity.assertionId, identity.notOnOrAfter))) return refuse("assertion replayed");
  // The IdP is the school's own, configured by an administrator, and the assertion is signed.
  const who = await linkUser(ctx.db, provider.row.tenantId, `saml:${providerId}`, { ...identity, emailTrusted: true });
  if (!who) {
    log.info({ providerId }, "sso: SAML identity matches no user of the edition (not synchronised)");
    return samlNotSynchronised(ctx);
  }
  return signedIn(ctx, "saml", who, body.RelayState);
}
