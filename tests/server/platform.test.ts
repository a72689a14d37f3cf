process.env.LOG_LEVEL = "silent";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { FrontofficeHealthSchema, isPdfValue } from "../../src/contracts/platform";
import { seedDemo } from "../../src/server/db/seed";
import { languageScopes } from "../../src/server/db/schema";
import { pickScope, scopeCandidates } from "../../src/server/modules/platform/service";
import { connectSources, TEAMS_VALID_DOMAINS_URL } from "../../src/server/platform/security";
import { bearerFor as bearerForUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const bearerFor = (email: string) => bearerForUser(t.app, email);

describe("GET /api/health", () => {
  it("answers without a token with platform_health_status as a JSON string", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; data: { platform_health_status: unknown } }>();
    expect(body.status).toBe("success");
    expect(typeof body.data.platform_health_status).toBe("string");
    const health = FrontofficeHealthSchema.parse(JSON.parse(String(body.data.platform_health_status)));
    expect(health.frontoffice).toMatchObject({
      version: "2025.10.31",
      status: "ok",
      database: { status: "up", driver: t.database.driver },
      startedAt: t.app.ctx.startedAt.toISOString(),
    });
    expect(health.frontoffice.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.frontoffice.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("still answers 200 with the database down and the platform degraded when the ping fails", async () => {
    const spy = jest.spyOn(t.app.ctx.database, "ping").mockRejectedValueOnce(new Error("connection refused"));
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(200);
      const health = FrontofficeHealthSchema.parse(JSON.parse(res.json<{ data: { platform_health_status: string } }>().data.platform_health_status));
      expect(health.frontoffice.status).toBe("degraded");
      expect(health.frontoffice.database.status).toBe("down");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("GET /api/languages", () => {
  it("lists the five languages in their own names, in picker order, without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/languages" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "success",
      data: [
        { code: "es", description: "Español" },
        { code: "ca", description: "Català (valencià)" },
        { code: "eu", description: "Euskara" },
        { code: "en", description: "English" },
        { code: "pt", description: "Português" },
      ],
    });
  });
});

type ScopeBody = { status: string; data: { scope: string; language: string; value: string } };

describe("GET /api/languages/scopes/:scope", () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves the platform document in the requested language to an anonymous visitor", async () => {
    const res = await get("/api/languages/scopes/privacy?lang=en");
    expect(res.statusCode).toBe(200);
    const body = res.json<ScopeBody>();
    expect(body.data).toMatchObject({ scope: "privacy", language: "en" });
    expect(body.data.value).toMatch(/^Privacy policy/);
    expect(isPdfValue(body.data.value)).toBe(false);
  });

  it("uses the edition's default language when no language is asked for", async () => {
    const res = await get("/api/languages/scopes/terms");
    expect(res.json<ScopeBody>().data).toMatchObject({ language: "es", value: expect.stringMatching(/^Condiciones de uso/) });
  });

  it("prefers the edition's own document in its default language over the platform text", async () => {
    const res = await get("/api/languages/scopes/privacy?lang=en", { "x-edition": "lumen" });
    const body = res.json<ScopeBody>();
    expect(body.data).toEqual({ scope: "privacy", language: "pt", value: "/legal/lumen-privacy.pdf" });
    expect(isPdfValue(body.data.value)).toBe(true);
  });

  it("falls back to the platform document when the edition has none for that scope", async () => {
    const res = await get("/api/languages/scopes/terms?lang=en", { "x-edition": "lumen" });
    expect(res.json<ScopeBody>().data).toMatchObject({ language: "en", value: expect.stringMatching(/^Terms of use/) });
    const credits = await get("/api/languages/scopes/credits?lang=eu", { "x-edition": "lumen" });
    expect(credits.json<ScopeBody>().data.value).toMatch(/^Kredituak[\s\S]*Fastify \(MIT\)/);
  });

  it("takes a signed-in caller's edition from the token, not from the X-Edition header", async () => {
    const lumen = await get("/api/languages/scopes/privacy?lang=es", await bearerFor("teacher@lumen.test"));
    expect(lumen.json<ScopeBody>().data.value).toBe("/legal/lumen-privacy.pdf");
    const aula = await get("/api/languages/scopes/privacy?lang=es", { ...(await bearerFor("teacher@demo.test")), "x-edition": "lumen" });
    expect(aula.json<ScopeBody>().data.value).toMatch(/^Política de privacidad/);
  });

  it("ignores an invalid token on this public route", async () => {
    const res = await get("/api/languages/scopes/privacy?lang=ca", { authorization: "Bearer not-a-token" });
    expect(res.statusCode).toBe(200);
    expect(res.json<ScopeBody>().data.value).toMatch(/^Política de privacitat/);
  });

  it("rejects an unknown scope or language with a validation error", async () => {
    expect((await get("/api/languages/scopes/cookies")).statusCode).toBe(400);
    const badLang = await get("/api/languages/scopes/privacy?lang=fr");
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json()).toMatchObject({ status: "error", error: { key: "VALIDATION_ERROR" } });
  });

  it("answers 404 when neither the edition nor the platform has the document", async () => {
    const edition = await buildTenant(t.app.ctx.db, { defaultLanguage: "eu" });
    await t.app.ctx.db.delete(languageScopes).where(eq(languageScopes.scope, "credits"));
    try {
      const res = await get("/api/languages/scopes/credits?lang=en", { "x-edition": edition.slug });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: "error", error: { key: "NOT_FOUND" } });
    } finally {
      await seedDemo(t.app.ctx.db, t.app.ctx.storage);
    }
    expect((await get("/api/languages/scopes/credits?lang=en")).statusCode).toBe(200);
  });
});

describe("language scope fallback order", () => {
  const rows = [
    { tenantId: null, language: "es", value: "platform es" },
    { tenantId: null, language: "eu", value: "platform eu" },
    { tenantId: "t1", language: "pt", value: "edition pt" },
  ];

  it("tries the edition (asked, default) before the platform (asked, edition default, es)", () => {
    expect(scopeCandidates("t1", "en", "pt")).toEqual([["t1", "en"], ["t1", "pt"], [null, "en"], [null, "pt"], [null, "es"]]);
    expect(pickScope(rows, scopeCandidates("t1", "en", "pt"))?.value).toBe("edition pt");
  });

  it("ends at the platform's default language when nothing closer exists", () => {
    expect(pickScope(rows, scopeCandidates("t2", "en", "ca"))?.value).toBe("platform es");
    expect(pickScope(rows, scopeCandidates("t2", "en", "eu"))?.value).toBe("platform eu");
    expect(pickScope([], scopeCandidates("t2", "en", "eu"))).toBeUndefined();
  });
});

describe("Content-Security-Policy connect-src", () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1);

  it("allows the app itself, its own socket origin, Microsoft sign-in and teams-js' domain list, and no other host", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const connect = directive(String(res.headers["content-security-policy"]), "connect-src");
    expect(connect).toEqual(["'self'", "ws://127.0.0.1:3000", "https://login.microsoftonline.com", TEAMS_VALID_DOMAINS_URL]);
    // Never every socket server: a bare scheme would let injected script talk to any host.
    expect(connect).not.toContain("ws:");
    expect(connect).not.toContain("wss:");
  });

  it("names the socket origin of PUBLIC_URL, wss for https", () => {
    expect(connectSources("https://aula.example.edu")).toContain("wss://aula.example.edu");
    expect(connectSources("https://aula.example.edu:8443/")).toContain("wss://aula.example.edu:8443");
    expect(connectSources("https://aula.example.edu").some((s) => s.startsWith("ws://"))).toBe(false);
  });

  it("allows the very address the installed teams-js fetches its valid domains from", () => {
    const constants = path.resolve("node_modules/@microsoft/teams-js/dist/esm/packages/teams-js/src/internal/constants.js");
    const urls = fs.readFileSync(constants, "utf8").match(/https:\/\/[^"'`]*validDomains[^"'`]*/g);
    expect(urls).toEqual([TEAMS_VALID_DOMAINS_URL]);
  });
});
