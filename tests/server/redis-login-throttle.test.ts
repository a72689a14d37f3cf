process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import type { ErrorBody } from "../../src/contracts/common";
import { LOGIN_THROTTLE } from "../../src/server/platform/login-throttle";
import { buildTestApp, type TestApp } from "../support/app";

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: runs when TEST_REDIS_URL is set (.ci/run sets it).
const describeWithRedis = redisUrl ? describe : describe.skip;

describeWithRedis("failed sign-ins per account across instances (REDIS_URL)", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two instances behind one proxy on loopback, sharing one Redis; both hold the demo editions.
    const shared = { authRateLimitPerMinute: 1000, redisUrl, trustProxy: ["127.0.0.1"] };
    a = await buildTestApp(shared);
    b = await buildTestApp(shared);
  }, 180_000);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("counts failures made on either instance against one account", async () => {
    // An address of its own, so earlier runs on the same Redis cannot interfere.
    const payload = { email: `nobody-${crypto.randomUUID()}@demo.test`, password: "wrong-guess" };
    const headers = { "x-edition": "aula", "x-forwarded-for": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_THROTTLE.perAddress.freeFailures; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.app.inject({ method: "POST", url: "/api/auth/login", headers, payload });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json<ErrorBody>().error.key).toBe("TOO_MANY_ATTEMPTS");
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
