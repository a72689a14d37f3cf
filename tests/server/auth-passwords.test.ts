process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import type { AuthSession } from "../../src/contracts/auth";
import type { ErrorBody, Success } from "../../src/contracts/common";
import { oneTimeTokens, refreshTokens } from "../../src/server/db/schema";
import type { DomainEvents } from "../../src/server/platform/events";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";

const PUBLIC_URL = "https://aula.example.test";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, publicUrl: PUBLIC_URL, resetTokenTtlMinutes: 45 });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const keyOf = (res: { json<T>(): T }) => res.json<ErrorBody>().error.key;
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers, payload });

const login = (slug: string, email: string, password: string) => post("/api/auth/login", { email, password }, { "x-edition": slug });
/** Asks for a link and waits for the work that runs after the answer (the lookup, the link, the mail). */
async function recover(slug: string, payload: Record<string, unknown>) {
  const res = await post("/api/auth/recover-password", payload, { "x-edition": slug });
  await t.app.ctx.background.settled();
  return res;
}
const reset = (token: string, password: string) => post("/api/auth/reset-password", { token, password });

/** Asks for a reset link and returns the token from the mail. */
async function resetTokenFor(slug: string, email: string): Promise<string> {
  const before = t.mails.length;
  expect((await recover(slug, { email })).statusCode).toBe(200);
  expect(t.mails).toHaveLength(before + 1);
  const token = /reset-password\?token=([\w-]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1];
  if (!token) throw new Error("no token in the mail");
  return token;
}

async function account(overrides: Parameters<typeof buildUser>[2] = {}) {
  const tenant = await buildTenant(t.database.db, { name: "Aula Demo" });
  const user = await buildUser(t.database.db, tenant.id, overrides);
  return { tenant, user };
}

describe("POST /api/auth/recover-password", () => {
  it("mails a single-use link to the account and answers ok", async () => {
    const { tenant, user } = await account({ locale: "es" });
    const res = await recover(tenant.slug, { email: user.email });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", data: { ok: true } });
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[\\w-]{40,}`));
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(mail?.html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(mail?.subject).toBe("Restablece tu contraseña de Aula Demo");
    expect(mail?.text).toContain("45 minutos");

    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "password_reset", usedAt: null });
    expect(rows[0]?.tokenHash).not.toContain(token);
    const ttlMinutes = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(Math.round(ttlMinutes)).toBe(45);
  });

  it.each([
    ["es", "Restablece tu contraseña", "Hola, Ana:"],
    ["ca", "Restableix la contrasenya", "Hola, Ana:"],
    ["eu", "pasahitza", "Kaixo, Ana:"],
    ["en", "Reset your", "Hello Ana,"],
    ["pt", "Redefina a sua senha", "Olá, Ana:"],
  ] as const)("writes the mail in the user's language (%s)", async (locale, subject, greeting) => {
    const { tenant, user } = await account({ locale });
    // The page's language differs on purpose: the account's saved language wins.
    await recover(tenant.slug, { email: user.email, locale: locale === "en" ? "es" : "en" });
    const mail = t.mails.at(-1);
    expect(mail?.subject).toContain(subject);
    expect(mail?.text.startsWith(greeting)).toBe(true);
    expect(mail?.html).toContain(`lang="${locale}"`);
  });

  it("escapes the user's name in the HTML mail", async () => {
    const { tenant, user } = await account({ firstName: "<b>Ana</b>" });
    await recover(tenant.slug, { email: user.email });
    expect(t.mails.at(-1)?.html).toContain("&lt;b&gt;Ana&lt;/b&gt;");
    expect(t.mails.at(-1)?.html).not.toContain("<b>Ana</b>");
  });

  it("answers the same ok, and sends nothing, for an unknown email", async () => {
    const tenant = await buildTenant(t.database.db);
    const before = t.mails.length;
    const res = await recover(tenant.slug, { email: "nobody@example.test" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", data: { ok: true } });
    expect(t.mails).toHaveLength(before);
  });

  it("sends nothing for an account of another edition", async () => {
    const { user } = await account();
    const other = await buildTenant(t.database.db);
    const before = t.mails.length;
    expect((await recover(other.slug, { email: user.email })).statusCode).toBe(200);
    expect(t.mails).toHaveLength(before);
  });

  it("mails SSO-only accounts too, so they can set a password", async () => {
    const { tenant, user } = await account({ passwordHash: null });
    const token = await resetTokenFor(tenant.slug, user.email);
    expect((await reset(token, "brand-new-pass")).statusCode).toBe(200);
    expect((await login(tenant.slug, user.email, "brand-new-pass")).statusCode).toBe(200);
  });

  it("invalidates the earlier link when a new one is issued", async () => {
    const { tenant, user } = await account();
    const first = await resetTokenFor(tenant.slug, user.email);
    const second = await resetTokenFor(tenant.slug, user.email);
    const res = await reset(first, "brand-new-pass");
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("RESET_LINK_INVALID");
    expect((await reset(second, "brand-new-pass")).statusCode).toBe(200);
  });

  it("answers before looking the address up, so an account takes no longer than an unknown address", async () => {
    const { tenant, user } = await account();
    // Hold the work a request leaves behind, to see what had happened when the answer left.
    const held: Array<() => Promise<void>> = [];
    const run = jest.spyOn(t.app.ctx.background, "run").mockImplementation((_label, task) => void held.push(task));
    const before = t.mails.length;
    try {
      const known = await post("/api/auth/recover-password", { email: user.email }, { "x-edition": tenant.slug });
      const unknown = await post("/api/auth/recover-password", { email: "nobody@example.test" }, { "x-edition": tenant.slug });

      // The same answer, and the same thing done before it: one task handed over, nothing looked up or written.
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(run).toHaveBeenCalledTimes(2);
      expect(await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toHaveLength(0);
      expect(t.mails).toHaveLength(before);
    } finally {
      run.mockRestore();
    }
    for (const task of held) await task();
    expect(await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toHaveLength(1);
    expect(t.mails.slice(before).map((m) => m.to)).toEqual([user.email]);
  });

  it("answers 400 VALIDATION_ERROR for a malformed email", async () => {
    const tenant = await buildTenant(t.database.db);
    const res = await recover(tenant.slug, { email: "nope" });
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("VALIDATION_ERROR");
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, once, and ends every sign-in", async () => {
    const { tenant, user } = await account();
    const session = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    const token = await resetTokenFor(tenant.slug, user.email);
    const seen: Array<DomainEvents["user.passwordChanged"]> = [];
    const off = t.app.ctx.events.on("user.passwordChanged", (e) => seen.push(e));

    const res = await reset(token, "brand-new-pass");
    off();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", data: { ok: true } });
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id }]);
    expect((await login(tenant.slug, user.email, "brand-new-pass")).statusCode).toBe(200);
    expect(keyOf(await login(tenant.slug, user.email, user.password))).toBe("PASSWORD_INCORRECT");
    const refreshed = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(session.refreshToken) });
    expect(keyOf(refreshed)).toBe("SESSION_EXPIRED");

    const again = await reset(token, "another-pass-2");
    expect(again.statusCode).toBe(400);
    expect(keyOf(again)).toBe("RESET_LINK_INVALID");
    expect((await login(tenant.slug, user.email, "another-pass-2")).statusCode).toBe(401);
  });

  it("answers 400 RESET_LINK_INVALID for an expired link", async () => {
    const { tenant, user } = await account();
    const token = await resetTokenFor(tenant.slug, user.email);
    await t.database.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.userId, user.id));
    const res = await reset(token, "brand-new-pass");
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("RESET_LINK_INVALID");
    expect((await login(tenant.slug, user.email, user.password)).statusCode).toBe(200);
  });

  it("answers 400 RESET_LINK_INVALID for an unknown link", async () => {
    const res = await reset("z".repeat(43), "brand-new-pass");
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("RESET_LINK_INVALID");
  });

  it("answers 400 VALIDATION_ERROR for a short password and keeps the link usable", async () => {
    const { tenant, user } = await account();
    const token = await resetTokenFor(tenant.slug, user.email);
    const res = await reset(token, "short");
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("VALIDATION_ERROR");
    expect((await reset(token, "brand-new-pass")).statusCode).toBe(200);
  });
});

describe("POST /api/auth/change-password", () => {
  const change = (token: string, payload: Record<string, unknown>) => post("/api/auth/change-password", payload, bearer(token));

  it("changes the password and ends the user's other sign-ins only", async () => {
    const { tenant, user } = await account();
    const mine = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    const elsewhere = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    const seen: Array<DomainEvents["user.passwordChanged"]> = [];
    const off = t.app.ctx.events.on("user.passwordChanged", (e) => seen.push(e));

    const res = await change(mine.token, { currentPassword: user.password, newPassword: "brand-new-pass" });
    off();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", data: { ok: true } });
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id }]);
    expect((await login(tenant.slug, user.email, "brand-new-pass")).statusCode).toBe(200);
    expect(keyOf(await login(tenant.slug, user.email, user.password))).toBe("PASSWORD_INCORRECT");
    const refreshMine = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(mine.refreshToken) });
    expect(refreshMine.statusCode).toBe(200);
    const refreshOther = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(elsewhere.refreshToken) });
    expect(keyOf(refreshOther)).toBe("SESSION_EXPIRED");
  });

  it("invalidates outstanding reset links", async () => {
    const { tenant, user } = await account();
    const token = await resetTokenFor(tenant.slug, user.email);
    const mine = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    await change(mine.token, { currentPassword: user.password, newPassword: "brand-new-pass" });
    expect(keyOf(await reset(token, "sneaky-pass-1"))).toBe("RESET_LINK_INVALID");
  });

  it("answers 400 CURRENT_PASSWORD_INCORRECT for a wrong current password and changes nothing", async () => {
    const { tenant, user } = await account();
    const mine = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    const res = await change(mine.token, { currentPassword: "wrong-password", newPassword: "brand-new-pass" });
    expect(res.statusCode).toBe(400);
    expect(keyOf(res)).toBe("CURRENT_PASSWORD_INCORRECT");
    expect((await login(tenant.slug, user.email, user.password)).statusCode).toBe(200);
    const revoked = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(revoked.every((r) => r.revokedAt === null)).toBe(true);
  });

  it("answers 400 VALIDATION_ERROR for a short new password", async () => {
    const { tenant, user } = await account();
    const mine = (await login(tenant.slug, user.email, user.password)).json<Success<AuthSession>>().data;
    const res = await change(mine.token, { currentPassword: user.password, newPassword: "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatchObject({ key: "VALIDATION_ERROR", details: [expect.objectContaining({ field: "newPassword" })] });
  });

  it("needs a signed-in caller", async () => {
    const res = await post("/api/auth/change-password", { currentPassword: "secret-pass-1", newPassword: "brand-new-pass" });
    expect(res.statusCode).toBe(401);
    expect(keyOf(res)).toBe("UNAUTHORIZED");
  });
});
