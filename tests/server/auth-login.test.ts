process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { AuthSessionSchema, SessionUserSchema, type AuthSession } from "../../src/contracts/auth";
import type { ErrorBody, Success } from "../../src/contracts/common";
import { refreshTokens } from "../../src/server/db/schema";
import type { DomainEvents } from "../../src/server/platform/events";
import { buildTestApp, type TestApp } from "../support/app";
import { buildSchool, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000 });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

const postLogin = (slug: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-edition": slug }, payload: payload as Record<string, unknown> });

describe("POST /api/auth/login", () => {
  it("signs in with email and password and returns the session", async () => {
    const tenant = await buildTenant(t.database.db, { chatbotAvailable: true });
    const school = await buildSchool(t.database.db, tenant.id);
    const user = await buildUser(t.database.db, tenant.id, { schoolId: school.id, role: "teacher", locale: "ca", chatbotEnabled: true });

    const res = await postLogin(tenant.slug, { email: user.email, password: user.password });

    expect(res.statusCode).toBe(200);
    const body = res.json<Success<AuthSession>>();
    expect(body.status).toBe("success");
    expect(AuthSessionSchema.strict().safeParse(body.data).success).toBe(true);
    expect(Object.keys(body.data.user).sort()).toEqual(Object.keys(SessionUserSchema.shape).sort());
    expect(body.data.user).toEqual({
      guid: user.id,
      email: user.email,
      firstName: "Ana",
      lastName: "García",
      role: "teacher",
      locale: "ca",
      tenantGuid: tenant.id,
      schoolGuid: school.id,
      chatbotEnabled: true,
    });
    expect(body.data.expiresIn).toBe(t.app.ctx.config.accessTokenTtlSeconds);
    expect(res.body).not.toContain("argon2");
  });

  it("signs an access token whose session is the stored refresh family", async () => {
    const tenant = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, tenant.id, { role: "student" });
    const { data } = (await postLogin(tenant.slug, { email: user.email, password: user.password })).json<Success<AuthSession>>();

    const claims = await t.app.ctx.tokens.verify(data.token);
    expect(claims).toMatchObject({ userId: user.id, tenantId: tenant.id, role: "student" });
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.familyId).toBe(claims?.sessionId);
    // Stored hashed: the token itself is nowhere in the table.
    expect(rows[0]?.tokenHash).not.toBe(data.refreshToken);
    const ttlMs = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(Math.round(ttlMs / 86_400_000)).toBe(t.app.ctx.config.refreshTokenTtlDays);
  });

  it("accepts the email in any case and with surrounding spaces", async () => {
    const tenant = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, tenant.id);
    const res = await postLogin(tenant.slug, { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it("emits user.signedIn", async () => {
    const tenant = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, tenant.id);
    const seen: Array<DomainEvents["user.signedIn"]> = [];
    const off = t.app.ctx.events.on("user.signedIn", (e) => seen.push(e));
    await postLogin(tenant.slug, { email: user.email, password: user.password });
    off();
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id, method: "credentials" }]);
  });

  it("answers 401 USER_NOT_FOUND for an unknown email", async () => {
    const tenant = await buildTenant(t.database.db);
    const res = await postLogin(tenant.slug, { email: "nobody@example.test", password: "whatever-1" });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>()).toMatchObject({ status: "error", error: { key: "USER_NOT_FOUND" } });
  });

  it("answers 401 PASSWORD_INCORRECT for a wrong password", async () => {
    const tenant = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, tenant.id);
    const res = await postLogin(tenant.slug, { email: user.email, password: "not-the-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.key).toBe("PASSWORD_INCORRECT");
  });

  it("answers 401 INVALID_LOGIN for an account without a password (SSO only)", async () => {
    const tenant = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, tenant.id, { passwordHash: null });
    const res = await postLogin(tenant.slug, { email: user.email, password: "anything-at-all" });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.key).toBe("INVALID_LOGIN");
  });

  it("never finds a user of another edition", async () => {
    const home = await buildTenant(t.database.db);
    const other = await buildTenant(t.database.db);
    const user = await buildUser(t.database.db, home.id);
    const res = await postLogin(other.slug, { email: user.email, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.key).toBe("USER_NOT_FOUND");
  });

  it("keeps two accounts with one email in two editions apart", async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const inA = await buildUser(t.database.db, a.id, { email: "same@example.test", password: "password-in-a" });
    const inB = await buildUser(t.database.db, b.id, { email: "same@example.test", password: "password-in-b" });

    expect((await postLogin(b.slug, { email: "same@example.test", password: "password-in-a" })).json<ErrorBody>().error.key).toBe(
      "PASSWORD_INCORRECT",
    );
    const res = await postLogin(b.slug, { email: "same@example.test", password: "password-in-b" });
    expect(res.json<Success<AuthSession>>().data.user).toMatchObject({ guid: inB.id, tenantGuid: b.id });
    expect(inA.id).not.toBe(inB.id);
  });

  it("finds the edition by its brand host when no x-edition header is sent", async () => {
    const tenant = await buildTenant(t.database.db, { hosts: ["brand.example.test"] });
    const user = await buildUser(t.database.db, tenant.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "brand.example.test" },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<AuthSession>>().data.user.tenantGuid).toBe(tenant.id);
  });

  it("offers the assistant only when both the user and the edition allow it", async () => {
    const tenant = await buildTenant(t.database.db, { chatbotAvailable: false });
    const user = await buildUser(t.database.db, tenant.id, { chatbotEnabled: true });
    const res = await postLogin(tenant.slug, { email: user.email, password: user.password });
    expect(res.json<Success<AuthSession>>().data.user.chatbotEnabled).toBe(false);
  });

  it.each([
    ["a malformed email", { email: "not-an-email", password: "secret-pass-1" }, "email"],
    ["an empty password", { email: "a@example.test", password: "" }, "password"],
    ["a missing password", { email: "a@example.test" }, "password"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_name, payload, field) => {
    const tenant = await buildTenant(t.database.db);
    const res = await postLogin(tenant.slug, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error.key).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it("answers 400 VALIDATION_ERROR, not 500, for malformed JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@example.test", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ status: "error", error: { key: "VALIDATION_ERROR" } });
  });
});

describe("GET /api/docs/json (auth)", () => {
  it("documents the auth endpoints with their success schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const doc = res.json<Doc>();
    expect(doc.paths["/api/auth/login"]?.post?.responses["200"]).toBeDefined();
    expect(doc.paths["/api/auth/signup"]?.post?.responses["201"]).toBeDefined();
    expect(doc.paths["/api/auth/me"]?.get?.responses["200"]).toBeDefined();
    expect(JSON.stringify(doc.paths["/api/auth/login"])).toContain("refreshToken");
  });
});
