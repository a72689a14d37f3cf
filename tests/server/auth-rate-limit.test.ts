process.env.LOG_LEVEL = "silent";
import type { ErrorBody } from "../../src/contracts/common";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 3 });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(() => t.close());

/** Change-password and redeem are only reachable signed in, so every attempt carries a real access token. */
async function headersFor(url: string, slug: string): Promise<Record<string, string>> {
  if (url !== "/api/auth/change-password" && url !== "/api/front/redeem") return { "x-edition": slug };
  const tenant = await buildTenant(t.database.db);
  const user = await buildUser(t.database.db, tenant.id);
  const token = await t.app.ctx.tokens.sign({ userId: user.id, tenantId: tenant.id, role: "teacher", sessionId: crypto.randomUUID() });
  return { authorization: `Bearer ${token}` };
}

describe.each([
  ["/api/auth/login", { email: "nobody@example.test", password: "whatever-1" }],
  ["/api/auth/signup", { email: "bad" }],
  ["/api/auth/recover-password", { email: "nobody@example.test" }],
  ["/api/auth/reset-password", { token: "q".repeat(43), password: "brand-new-pass" }],
  ["/api/auth/change-password", { currentPassword: "wrong-guess", newPassword: "brand-new-pass" }],
  // Licence codes are guessable secrets too.
  ["/api/front/redeem", { code: "GUESS-0000" }],
])("POST %s", (url, payload) => {
  it("answers 429 RATE_LIMITED in the error envelope after the configured attempts per minute", async () => {
    const tenant = await buildTenant(t.database.db);
    const headers = await headersFor(url, tenant.slug);
    const attempt = () => t.app.inject({ method: "POST", url, headers, payload });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).not.toContain(429);
    expect(statuses).not.toContain(500);

    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json<ErrorBody>()).toEqual({ status: "error", error: { key: "RATE_LIMITED", message: expect.any(String) } });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/refresh", () => {
  it("is not rate limited: clients refresh as often as their access tokens expire", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: { authorization: "Bearer nope" } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });
});
