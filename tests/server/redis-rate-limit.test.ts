import crypto from "node:crypto";
import { buildTestApp, type TestApp } from "../support/app";

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: runs when TEST_REDIS_URL is set (.ci/run sets it).
const describeWithRedis = redisUrl ? describe : describe.skip;

describeWithRedis("sign-in rate limits across instances (REDIS_URL)", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two instances of the product behind one proxy on loopback, sharing one Redis.
    const shared = { seedDemo: false, authRateLimitPerMinute: 3, redisUrl, trustProxy: ["127.0.0.1"] };
    a = await buildTestApp(shared);
    b = await buildTestApp(shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("counts attempts made on either instance against one limit", async () => {
    // A client address of its own, so earlier runs on the same Redis cannot interfere.
    const client = `198.51.100.${crypto.randomInt(1, 254)}-${crypto.randomUUID()}`.split("-")[0] ?? "198.51.100.1";
    const headers = { "x-forwarded-for": client };
    const payload = { email: `nobody-${crypto.randomUUID()}@example.test`, password: "whatever-1" };
    const statuses: number[] = [];
    for (const app of [a, b, a, b]) {
      const res = await app.app.inject({ method: "POST", url: "/api/auth/login", headers, payload });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});
