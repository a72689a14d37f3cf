process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import { ssoRequests, userIdentities } from "../../src/server/db/schema";
import type { SsoProvider } from "../../src/contracts/sso";
import type { Success } from "../../src/contracts/common";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";
import { signInAtIdp, startOidcIdp, type LocalOidcIdp, type OidcTestAccount } from "../support/idp/oidc";
import { buildProvider, exchange, tokenOf } from "../support/idp/providers";

let t: TestApp;
let idp: LocalOidcIdp;
let publicUrl = "";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

const callbackOf = (providerId: string) => `${publicUrl}/api/auth/oidc/${providerId}/callback`;
// The IdP registers its client once, so provider ids are chosen before it starts.
const providerIds = Array.from({ length: 16 }, () => crypto.randomUUID());
const nextProviderId = () => {
  const id = providerIds.shift();
  if (!id) throw new Error("no provider id left: raise the pool");
  return id;
};

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, publicUrl });
  await t.app.listen({ port, host: "127.0.0.1" });
  idp = await startOidcIdp({ redirectUris: providerIds.map(callbackOf) });
}, 180_000);
afterAll(async () => {
  await idp.close();
  await t.close();
});

async function setup(config: Record<string, unknown> = {}) {
  const tenant = await buildTenant(t.database.db);
  const user = await buildUser(t.database.db, tenant.id, { email: `teacher-${tenant.slug}@school.test` });
  const provider = await buildProvider(t.database.db, tenant.id, {
    id: nextProviderId(),
    kind: "oidc",
    brand: "google",
    label: "Google",
    config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, ...config },
  });
  return { tenant, user, provider };
}

function account(claims: OidcTestAccount): string {
  idp.accounts.set(claims.sub, claims);
  return claims.sub;
}

/** start -> IdP login -> the app's callback URL (not yet followed). */
async function toCallback(providerId: string, login: string, returnTo?: string): Promise<string> {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  const res = await fetch(`${publicUrl}/api/auth/oidc/${providerId}/start${query}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  return signInAtIdp(idp, String(res.headers.get("location")), login);
}

const follow = async (url: string) => String((await fetch(url, { redirect: "manual" })).headers.get("location"));
const refused = () => `${publicUrl}/auth/login/error`;

describe("OIDC sign-in (GET start, GET callback)", () => {
  it("signs in end to end with PKCE, state and nonce, and links the subject", async () => {
    const s = await setup();
    const login = account({ sub: `sub-${s.user.id}`, email: s.user.email, email_verified: true });
    const callback = await toCallback(s.provider.id, login, "/courses?x=1");
    expect(callback.startsWith(callbackOf(s.provider.id))).toBe(true);
    const location = await follow(callback);
    expect(new URL(location).searchParams.get("loginContext")).toBe("/courses?x=1");
    const token = tokenOf(location, "oidc");
    expect(await exchange(t.app, token ?? "")).toEqual({ status: 200, userId: s.user.id });
    const links = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, s.user.id));
    expect(links.map((l) => [l.issuer, l.subject])).toEqual([[`oidc:${s.provider.id}`, login]]);
  });

  it("refuses a replayed callback (state is single use)", async () => {
    const s = await setup();
    const callback = await toCallback(s.provider.id, account({ sub: `r-${s.user.id}`, email: s.user.email, email_verified: true }));
    expect(tokenOf(await follow(callback), "oidc")).toBeDefined();
    expect(await follow(callback)).toBe(refused());
  });

  it("refuses a tampered state", async () => {
    const s = await setup();
    const callback = new URL(await toCallback(s.provider.id, account({ sub: `t-${s.user.id}`, email: s.user.email, email_verified: true })));
    callback.searchParams.set("state", "forged-state");
    expect(await follow(callback.href)).toBe(refused());
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const s = await setup();
    const callback = await toCallback(s.provider.id, account({ sub: `n-${s.user.id}`, email: s.user.email, email_verified: true }));
    const state = new URL(callback).searchParams.get("state") ?? "";
    const [row] = await t.database.db.select().from(ssoRequests).where(eq(ssoRequests.id, state));
    await t.database.db.update(ssoRequests).set({ data: { ...row?.data, nonce: "another-nonce" } }).where(eq(ssoRequests.id, state));
    expect(await follow(callback)).toBe(refused());
  });

  it("does not link by an unverified e-mail, unless the provider trusts e-mails", async () => {
    const s = await setup();
    const login = account({ sub: `u-${s.user.id}`, email: s.user.email, email_verified: false });
    expect(await follow(await toCallback(s.provider.id, login))).toBe(refused());

    const trusting = await buildProvider(t.database.db, s.tenant.id, {
      id: nextProviderId(),
      kind: "oidc",
      config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, trustEmail: true },
    });
    const token = tokenOf(await follow(await toCallback(trusting.id, login)), "oidc");
    expect(await exchange(t.app, token ?? "")).toEqual({ status: 200, userId: s.user.id });
  });

  it("creates no account for an unknown person", async () => {
    const s = await setup();
    const login = account({ sub: "stranger", email: "stranger@school.test", email_verified: true });
    expect(await follow(await toCallback(s.provider.id, login))).toBe(refused());
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, "stranger"))).toEqual([]);
  });

  it("never matches a user of another edition", async () => {
    const s = await setup();
    const other = await buildTenant(t.database.db);
    const outsider = await buildUser(t.database.db, other.id);
    const login = account({ sub: `o-${outsider.id}`, email: outsider.email, email_verified: true });
    expect(await follow(await toCallback(s.provider.id, login))).toBe(refused());
  });
});

describe("GET /api/auth/providers", () => {
  it("lists the edition's enabled providers without their config", async () => {
    const s = await setup();
    await buildProvider(t.database.db, s.tenant.id, { kind: "saml", enabled: false, config: {} });
    const res = await t.app.inject({ method: "GET", url: "/api/auth/providers", headers: { "x-edition": s.tenant.slug } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<SsoProvider[]>>().data).toEqual([
      { id: s.provider.id, kind: "oidc", brand: "google", label: "Google", startUrl: `/api/auth/oidc/${s.provider.id}/start` },
    ]);
    expect(res.body).not.toContain(idp.clientSecret);
  });
});
