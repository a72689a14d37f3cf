import { buildTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the API envelope", () => {
  it("answers an unknown API route with a 404 error envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: "error", error: { key: "NOT_FOUND" } });
  });

  it("serves the OpenAPI document at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it("allows framing only by Teams/Office hosts and itself", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self' https://teams.microsoft.com");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });
});

describe("EXTRA_FRAME_ANCESTORS", () => {
  it("adds the configured origins to frame-ancestors", async () => {
    const framed = await buildTestApp({ seedDemo: false, extraFrameAncestors: ["https://127.0.0.1:4443"] });
    try {
      const res = await framed.app.inject({ method: "GET", url: "/api/nope" });
      expect(String(res.headers["content-security-policy"])).toMatch(/frame-ancestors [^;]*https:\/\/127\.0\.0\.1:4443/);
    } finally {
      await framed.close();
    }
  });
});
