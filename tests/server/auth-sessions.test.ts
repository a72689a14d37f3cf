process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import type { AuthSession, SessionUser } from "../../src/contracts/auth";
import type { ErrorBody, Success } from "../../src/contracts/common";
import { oneTimeTokens, refreshTokens } from "../../src/server/db/schema";
import { mintLoginToken } from "../../src/server/modules/auth/service";
import type { DomainEvents } from "../../src/server/platform/events";
import { buildTestApp, type TestApp } from "../support/app";
import { testClock } from "../support/clock";
import { buildTenant, buildUser } from "../support/factories";

const GRACE_SECONDS = 30;
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, refreshReuseGraceSeconds: GRACE_SECONDS }, { clock });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refresh = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) });
const tokenLogin = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/token-login", headers: bearer(token) });
const keyOf = (res: { json<T>(): T }) => res.json<ErrorBody>().error.key;

async function signedIn() {
  const tenant = await buildTenant(t.database.db);
  const user = await buildUser(t.database.db, tenant.id);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-edition": tenant.slug },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return { tenant, user, session: res.json<Success<AuthSession>>().data };
}

async function loginAgain(slug: string, email: string, password: string): Promise<AuthSession> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-edition": slug }, payload: { email, password } });
  return res.json<Success<AuthSession>>().data;
}

describe("POST /api/auth/refresh", () => {
  it("rotates the refresh token within the same family", async () => {
    const { user, session } = await signedIn();
    const res = await refresh(session.refreshToken);

    expect(res.statusCode).toBe(200);
    const next = res.json<Success<AuthSession>>().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.user.guid).toBe(user.id);
    const before = await t.app.ctx.tokens.verify(session.token);
    const after = await t.app.ctx.tokens.verify(next.token);
    expect(after?.sessionId).toBe(before?.sessionId);

    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.filter((r) => r.rotatedAt !== null)).toHaveLength(1);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated token is presented again after the grace window", async () => {
    const { user, session } = await signedIn();
    const next = (await refresh(session.refreshToken)).json<Success<AuthSession>>().data;

    clock.advance((GRACE_SECONDS + 1) * 1000);
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(keyOf(replay)).toBe("SESSION_EXPIRED");

    const afterReplay = await refresh(next.refreshToken);
    expect(afterReplay.statusCode).toBe(401);
    expect(keyOf(afterReplay)).toBe("SESSION_EXPIRED");
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("leaves the user's other sign-ins alone when one family is revoked", async () => {
    const { tenant, user, session } = await signedIn();
    const other = await loginAgain(tenant.slug, user.email, user.password);
    await refresh(session.refreshToken);
    clock.advance((GRACE_SECONDS + 1) * 1000);
    await refresh(session.refreshToken); // replay: revokes the first family only
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("answers two simultaneous refreshes with one token (two tabs) with the same new pair, rotating once", async () => {
    const { user, session } = await signedIn();
    const results = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json<Success<AuthSession>>().data);
    expect(a?.refreshToken).toBe(b?.refreshToken);
    expect(a?.token).toBe(b?.token);
    expect(a?.refreshToken).not.toBe(session.refreshToken);

    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.rotatedAt !== null)).toHaveLength(1);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    expect((await refresh(a?.refreshToken ?? "")).statusCode).toBe(200);
  });

  it("answers a retry within the grace window (a lost answer) with the same pair and revokes nothing", async () => {
    const { user, session } = await signedIn();
    const first = (await refresh(session.refreshToken)).json<Success<AuthSession>>().data;
    clock.advance((GRACE_SECONDS - 1) * 1000);

    const retry = await refresh(session.refreshToken);
    expect(retry.statusCode).toBe(200);
    const again = retry.json<Success<AuthSession>>().data;
    expect(again.refreshToken).toBe(first.refreshToken);
    expect(again.token).toBe(first.token);
    // The same access token, so less of its life is left.
    expect(again.expiresIn).toBeLessThanOrEqual(first.expiresIn - (GRACE_SECONDS - 1));

    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    // The stored successor is a hash, never the token handed out twice.
    expect(rows.map((r) => r.tokenHash)).not.toContain(first.refreshToken);
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
  });

  it("revokes the family when the old token comes back after its successor has itself been rotated, even within the window", async () => {
    const { user, session } = await signedIn();
    const next = (await refresh(session.refreshToken)).json<Success<AuthSession>>().data;
    const newest = (await refresh(next.refreshToken)).json<Success<AuthSession>>().data;

    const stale = await refresh(session.refreshToken);
    expect([stale.statusCode, keyOf(stale)]).toEqual([401, "SESSION_EXPIRED"]);
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("answers 401 SESSION_EXPIRED for an expired refresh token", async () => {
    const { user, session } = await signedIn();
    await t.database.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.userId, user.id));
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("SESSION_EXPIRED");
  });

  it.each([
    ["an unknown token", "x".repeat(43)],
    ["nothing at all", ""],
  ])("answers 401 SESSION_EXPIRED for %s", async (_name, token) => {
    const res = token
      ? await refresh(token)
      : await t.app.inject({ method: "POST", url: "/api/auth/refresh" });
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("SESSION_EXPIRED");
  });

  it("does not take an access token as a refresh token", async () => {
    const { session } = await signedIn();
    const res = await refresh(session.token);
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("needs a signed-in caller", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("UNAUTHORIZED");
  });

  it("ends the sign-in: its refresh token stops working, other sign-ins go on", async () => {
    const { tenant, user, session } = await signedIn();
    const other = await loginAgain(tenant.slug, user.email, user.password);
    const seen: Array<DomainEvents["user.signedOut"]> = [];
    const off = t.app.ctx.events.on("user.signedOut", (e) => seen.push(e));

    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
    off();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", data: { ok: true } });
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id }]);
    expect(keyOf(await refresh(session.refreshToken))).toBe("SESSION_EXPIRED");
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("leaves the access token valid until it expires (stateless by design)", async () => {
    const { session } = await signedIn();
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
  });
});

describe("POST /api/auth/token-login", () => {
  it("exchanges a login token for a session, once", async () => {
    const { tenant, user } = await signedIn();
    const token = await mintLoginToken(t.database.db, { userId: user.id, tenantId: tenant.id });
    const seen: Array<DomainEvents["user.signedIn"]> = [];
    const off = t.app.ctx.events.on("user.signedIn", (e) => seen.push(e));

    const res = await tokenLogin(token);
    off();

    expect(res.statusCode).toBe(200);
    const { data } = res.json<Success<AuthSession>>();
    expect(data.user).toMatchObject({ guid: user.id, tenantGuid: tenant.id });
    expect((await refresh(data.refreshToken)).statusCode).toBe(200);
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id, method: "token" }]);

    const again = await tokenLogin(token);
    expect(again.statusCode).toBe(401);
    expect(keyOf(again)).toBe("LOGIN_TOKEN_INVALID");
  });

  it("stores the login token hashed, with its time to live", async () => {
    const { tenant, user } = await signedIn();
    const token = await mintLoginToken(t.database.db, { userId: user.id, tenantId: tenant.id }, 300);
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "login", usedAt: null });
    expect(rows[0]?.tokenHash).not.toBe(token);
    const ttl = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it.each([
    ["an expired token", async (userId: string, tenantId: string) => mintLoginToken(t.database.db, { userId, tenantId }, -1)],
    ["an unknown token", async () => "y".repeat(43)],
  ])("answers 401 LOGIN_TOKEN_INVALID for %s", async (_name, make) => {
    const { tenant, user } = await signedIn();
    const res = await tokenLogin(await make(user.id, tenant.id));
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("LOGIN_TOKEN_INVALID");
  });

  it("does not accept a password-reset token as a login token", async () => {
    const { tenant, user } = await signedIn();
    await t.app.inject({ method: "POST", url: "/api/auth/recover-password", headers: { "x-edition": tenant.slug }, payload: { email: user.email } });
    await t.app.ctx.background.settled(); // the link is issued after the answer
    const link = t.mails.at(-1)?.text ?? "";
    const token = /token=([\w-]+)/.exec(link)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(keyOf(await tokenLogin(token))).toBe("LOGIN_TOKEN_INVALID");
  });

  it("answers 401 LOGIN_TOKEN_INVALID without a token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/token-login" });
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("LOGIN_TOKEN_INVALID");
  });
});

describe("GET /api/auth/me", () => {
  it("returns the signed-in user", async () => {
    const { tenant, user, session } = await signedIn();
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<SessionUser>>().data).toEqual(session.user);
    expect(res.json<Success<SessionUser>>().data).toMatchObject({ guid: user.id, tenantGuid: tenant.id });
  });

  it("answers 401 without a token or with a tampered one", async () => {
    const { session } = await signedIn();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    const tampered = `${session.token.slice(0, -4)}AAAA`;
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(tampered) });
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("SESSION_EXPIRED");
  });

  it("refuses a token signed with the real secret that has no expiry", async () => {
    const { tenant, user } = await signedIn();
    const secret = t.app.ctx.config.jwtSecret ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const key = new TextEncoder().encode(secret);
    const forever = await new SignJWT({ tid: tenant.id, role: "teacher", sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("aula-front-office")
      .setAudience("aula-api")
      .setIssuedAt()
      .sign(key);
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(forever) });
    expect([res.statusCode, keyOf(res)]).toEqual([401, "SESSION_EXPIRED"]);
    // The same token with an expiry is accepted: only the missing exp is refused.
    const bounded = await new SignJWT({ tid: tenant.id, role: "teacher", sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("aula-front-office")
      .setAudience("aula-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(bounded) })).statusCode).toBe(200);
  });

  it("never reads a user through a token that names another edition", async () => {
    const { user } = await signedIn();
    const elsewhere = await buildTenant(t.database.db);
    const token = await t.app.ctx.tokens.sign({ userId: user.id, tenantId: elsewhere.id, role: "teacher", sessionId: crypto.randomUUID() });
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(user.email);
  });
});

describe("PATCH /api/auth/me", () => {
  it("persists the language switch", async () => {
    const { session } = await signedIn();
    const res = await t.app.inject({ method: "PATCH", url: "/api/auth/me", headers: bearer(session.token), payload: { locale: "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<SessionUser>>().data.locale).toBe("en");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(me.json<Success<SessionUser>>().data.locale).toBe("en");
  });

  it("answers 400 VALIDATION_ERROR for a language the product does not offer", async () => {
    const { session } = await signedIn();
    const res = await t.app.inject({ method: "PATCH", url: "/api/auth/me", headers: bearer(session.token), payload: { locale: "fr" } });
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("VALIDATION_ERROR");
  });

  it("needs a signed-in caller", async () => {
    const res = await t.app.inject({ method: "PATCH", url: "/api/auth/me", payload: { locale: "en" } });
    expect(res.statusCode).toBe(401);
  });
});
