process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import type { AuthSession } from "../../src/contracts/auth";
import type { ErrorBody, Success } from "../../src/contracts/common";
import { users } from "../../src/server/db/schema";
import type { DomainEvents } from "../../src/server/platform/events";
import { buildTestApp, type TestApp } from "../support/app";
import { buildSchool, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000 });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

let n = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Iker",
  lastName: "Etxeberria",
  email: `signup-${++n}@example.test`,
  password: "long-enough-1",
  dateOfBirth: "2010-03-14",
  ...overrides,
});

const postSignup = (slug: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/signup", headers: { "x-edition": slug }, payload: payload as Record<string, unknown> });

const storedUser = async (id: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("user not stored");
  return row;
};

describe("POST /api/auth/signup", () => {
  it("creates a student, signs them in and answers 201 with the session", async () => {
    const tenant = await buildTenant(t.database.db);
    const payload = person({ locale: "eu" });
    const res = await postSignup(tenant.slug, payload);

    expect(res.statusCode).toBe(201);
    const { data } = res.json<Success<AuthSession>>();
    expect(data.user).toMatchObject({ email: payload.email, firstName: "Iker", role: "student", locale: "eu", tenantGuid: tenant.id, schoolGuid: null });
    expect(await t.app.ctx.tokens.verify(data.token)).toMatchObject({ userId: data.user.guid, tenantId: tenant.id, role: "student" });

    const row = await storedUser(data.user.guid);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.dateOfBirth).toBe("2010-03-14");

    const refreshed = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: { authorization: `Bearer ${data.refreshToken}` } });
    expect(refreshed.statusCode).toBe(200);
  });

  it("lets the new account sign in with the chosen password", async () => {
    const tenant = await buildTenant(t.database.db);
    const payload = person();
    await postSignup(tenant.slug, payload);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-edition": tenant.slug },
      payload: { email: payload.email, password: payload.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it("creates a teacher when asked and uses the edition's language by default", async () => {
    const tenant = await buildTenant(t.database.db, { defaultLanguage: "pt" });
    const res = await postSignup(tenant.slug, person({ role: "teacher" }));
    expect(res.json<Success<AuthSession>>().data.user).toMatchObject({ role: "teacher", locale: "pt" });
  });

  it("puts the new user in the edition's oldest school", async () => {
    const tenant = await buildTenant(t.database.db);
    await buildSchool(t.database.db, tenant.id, { name: "Newer", createdAt: new Date("2024-09-01T00:00:00Z") });
    const oldest = await buildSchool(t.database.db, tenant.id, { name: "Oldest", createdAt: new Date("2020-09-01T00:00:00Z") });
    const otherTenant = await buildTenant(t.database.db);
    await buildSchool(t.database.db, otherTenant.id, { name: "Elsewhere", createdAt: new Date("2010-01-01T00:00:00Z") });

    const res = await postSignup(tenant.slug, person());
    expect(res.json<Success<AuthSession>>().data.user.schoolGuid).toBe(oldest.id);
  });

  it("emits user.signedUp", async () => {
    const tenant = await buildTenant(t.database.db);
    const seen: Array<DomainEvents["user.signedUp"]> = [];
    const off = t.app.ctx.events.on("user.signedUp", (e) => seen.push(e));
    const res = await postSignup(tenant.slug, person());
    off();
    expect(seen).toEqual([{ userId: res.json<Success<AuthSession>>().data.user.guid, tenantId: tenant.id }]);
  });

  it("answers 409 USER_ALREADY_EXISTS for an email already in the edition, in any case", async () => {
    const tenant = await buildTenant(t.database.db);
    const existing = await buildUser(t.database.db, tenant.id);
    const res = await postSignup(tenant.slug, person({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.key).toBe("USER_ALREADY_EXISTS");
    const again = await postSignup(tenant.slug, person({ email: existing.email }));
    expect(again.statusCode).toBe(409);
  });

  it("answers 409 to the loser of two simultaneous signups with one email", async () => {
    const tenant = await buildTenant(t.database.db);
    const payload = person();
    const results = await Promise.all([postSignup(tenant.slug, payload), postSignup(tenant.slug, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("accepts an email that exists only in another edition", async () => {
    const tenant = await buildTenant(t.database.db);
    const other = await buildTenant(t.database.db);
    const elsewhere = await buildUser(t.database.db, other.id);
    const res = await postSignup(tenant.slug, person({ email: elsewhere.email }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Success<AuthSession>>().data.user.tenantGuid).toBe(tenant.id);
  });

  it.each([
    ["a malformed email", { email: "iker@" }, "email"],
    ["a password shorter than 8 characters", { password: "short-7" }, "password"],
    ["a missing date of birth", { dateOfBirth: undefined }, "dateOfBirth"],
    ["a date of birth in the future", { dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-01` }, "dateOfBirth"],
    ["a date of birth that is not a date", { dateOfBirth: "14/03/2010" }, "dateOfBirth"],
    ["a staff role", { role: "school_admin" }, "role"],
    ["an unknown language", { locale: "fr" }, "locale"],
    ["an empty first name", { firstName: "  " }, "firstName"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_name, overrides, field) => {
    const tenant = await buildTenant(t.database.db);
    const res = await postSignup(tenant.slug, person(overrides));
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error.key).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it("answers 400 VALIDATION_ERROR, not 500, for malformed JSON", async () => {
    const tenant = await buildTenant(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "x-edition": tenant.slug, "content-type": "application/json" },
      payload: "{firstName: Iker}",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.key).toBe("VALIDATION_ERROR");
  });
});
