process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import type { AuthSession } from "../../src/contracts/auth";
import type { Success } from "../../src/contracts/common";
import { seedDemo } from "../../src/server/db/seed";
import { DEMO_ENTRA_TENANT_ID } from "../../src/server/db/seed/teams";
import { buildTestApp, type TestApp } from "../support/app";
import { demoUser } from "../support/api";
import { startLocalJwks, type LocalJwks } from "../support/jwks";

const CLIENT_ID = "11111111-2222-4333-8444-555555555555";

let t: TestApp;
let jwks: LocalJwks;
beforeAll(async () => {
  jwks = await startLocalJwks();
  t = await buildTestApp({
    teamsSso: { clientId: CLIENT_ID, appIdUri: undefined, jwksUrl: jwks.jwksUrl, issuers: [jwks.issuerTemplate], allowedTenants: undefined },
  });
}, 180_000);
afterAll(async () => {
  await t.close();
  await jwks.close();
});

describe("Teams SSO on the demo seed", () => {
  it("maps the demo Entra tenant to the aula edition, once, however often the seed runs", async () => {
    await seedDemo(t.database.db, t.app.ctx.storage);
    const teacher = await demoUser(t.app, "teacher@demo.test");
    const token = await jwks.signTeamsToken({ tid: DEMO_ENTRA_TENANT_ID, oid: crypto.randomUUID(), upn: "teacher@demo.test", aud: CLIENT_ID });
    const res = await t.app.inject({ method: "POST", url: "/api/auth/teams-sso", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<AuthSession>>().data.user.guid).toBe(teacher.id);
    const rows = await t.database.db.query.tenants.findMany();
    expect(rows.flatMap((r) => r.entraTenantIds)).toEqual([DEMO_ENTRA_TENANT_ID]);
  });

  it("is refused when TEAMS_ALLOWED_TENANTS leaves the tenant out", async () => {
    t.app.ctx.config.teamsSso.allowedTenants = [crypto.randomUUID()];
    try {
      const token = await jwks.signTeamsToken({ tid: DEMO_ENTRA_TENANT_ID, oid: crypto.randomUUID(), upn: "teacher@demo.test", aud: CLIENT_ID });
      const res = await t.app.inject({ method: "POST", url: "/api/auth/teams-sso", headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(403);
    } finally {
      t.app.ctx.config.teamsSso.allowedTenants = undefined;
    }
  });
});
