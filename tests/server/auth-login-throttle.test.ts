process.env.LOG_LEVEL = "silent";
import type { ErrorBody } from "../../src/contracts/common";
import { LOGIN_THROTTLE } from "../../src/server/platform/login-throttle";
import { buildTestApp, type TestApp } from "../support/app";
import { testClock } from "../support/clock";
import { buildTenant, buildUser } from "../support/factories";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy on loopback, so each request names its client address.
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, trustProxy: ["127.0.0.1"] }, { clock });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

const SCHOOL = "198.51.100.7";
const ELSEWHERE = "203.0.113.9";
const { freeFailures } = LOGIN_THROTTLE.perAddress;

async function student() {
  const tenant = await buildTenant(t.database.db);
  const user = await buildUser(t.database.db, tenant.id, { role: "student" });
  const login = (password: string, from: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-edition": tenant.slug, "x-forwarded-for": from },
      payload: { email: user.email, password },
    });
  return { user, login };
}

describe("POST /api/auth/login, failures per account", () => {
  it("makes an address that failed five times wait before its next attempt, with TOO_MANY_ATTEMPTS and Retry-After", async () => {
    const { user, login } = await student();
    for (let i = 0; i < freeFailures; i++) expect((await login("wrong-guess", SCHOOL)).statusCode).toBe(401);

    // Not even the right password is looked at during the wait: the answer says nothing about it.
    const early = await login(user.password, SCHOOL);
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    expect(early.json<ErrorBody>()).toEqual({
      status: "error",
      error: { key: "TOO_MANY_ATTEMPTS", message: expect.any(String), details: { retryAfterSeconds: 1 } },
    });

    clock.advance(1000);
    expect((await login(user.password, SCHOOL)).statusCode).toBe(200);
    // The right password wiped the slate: five free failures again.
    for (let i = 0; i < freeFailures; i++) expect((await login("wrong-guess", SCHOOL)).statusCode).toBe(401);
  });

  it("doubles the wait after each further failure", async () => {
    const { login } = await student();
    for (let i = 0; i < freeFailures; i++) await login("wrong-guess", ELSEWHERE);
    clock.advance(1000);
    expect((await login("wrong-guess", ELSEWHERE)).statusCode).toBe(401);
    const next = await login("wrong-guess", ELSEWHERE);
    expect([next.statusCode, next.headers["retry-after"]]).toEqual([429, "2"]);
  });

  it("does not let someone guessing elsewhere lock the student out at school", async () => {
    const { user, login } = await student();
    for (let i = 0; i < freeFailures; i++) await login("wrong-guess", ELSEWHERE);
    expect((await login("wrong-guess", ELSEWHERE)).statusCode).toBe(429);

    const atSchool = await login(user.password, SCHOOL);
    expect(atSchool.statusCode).toBe(200);
  });

  it("counts unknown addresses too, and keeps editions apart", async () => {
    const tenant = await buildTenant(t.database.db);
    const other = await buildTenant(t.database.db);
    const attempt = (slug: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-edition": slug, "x-forwarded-for": ELSEWHERE },
        payload: { email: "nobody@school.example", password: "wrong-guess" },
      });
    for (let i = 0; i < freeFailures; i++) expect((await attempt(tenant.slug)).statusCode).toBe(401);
    expect((await attempt(tenant.slug)).statusCode).toBe(429);
    expect((await attempt(other.slug)).statusCode).toBe(401);
  });
});
