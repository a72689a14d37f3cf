import { parseTrustProxy } from "../../src/server/config";
import { buildTestApp, type TestApp } from "../support/app";

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless told, and never every proxy", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    const oneHop = parseTrustProxy("1");
    expect(typeof oneHop === "function" && [oneHop("10.0.0.1", 0), oneHop("10.0.0.2", 1)]).toEqual([true, false]);
    expect(parseTrustProxy("10.0.0.1, 10.0.0.0/8")).toEqual(["10.0.0.1", "10.0.0.0/8"]);
  });
});

describe("POST /api/auth/login behind no trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 2 });
  }, 180_000);
  afterAll(() => t.close());

  it("cannot dodge the sign-in limit by inventing X-Forwarded-For addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        payload: { email: "nobody@example.test", password: "whatever-1" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[2]).toBe(429);
  });
});
