process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AuthSession } from "../../src/contracts/auth";
import type { ErrorBody, Success } from "../../src/contracts/common";
import { buildApp } from "../../src/server/app";
import type { TeamsSsoConfig } from "../../src/server/config";
import { userIdentities, users } from "../../src/server/db/schema";
import type { DomainEvents } from "../../src/server/platform/events";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";
import { createSigningKey, startLocalJwks, type LocalJwks, type TeamsTokenClaims } from "../support/jwks";

const CLIENT_ID = "11111111-2222-4333-8444-555555555555";
const APP_ID_URI = `api://tab.example.test/${CLIENT_ID}`;

let t: TestApp;
let jwks: LocalJwks;
beforeAll(async () => {
  jwks = await startLocalJwks();
  const teamsSso: TeamsSsoConfig = {
    clientId: CLIENT_ID,
    appIdUri: APP_ID_URI,
    jwksUrl: jwks.jwksUrl,
    issuers: [jwks.issuerTemplate],
    allowedTenants: undefined,
  };
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, teamsSso });
}, 180_000); // a fresh database and migrations: slow on a busy machine
afterAll(async () => {
  await t.close();
  await jwks.close();
});

type Res = { statusCode: number; json<T>(): T };
const keyOf = (res: Res) => res.json<ErrorBody>().error.key;
const teamsSso = (token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/teams-sso",
    headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` },
  });

/** An edition mapped to a fresh Entra tenant, one of its people, and a token claim set for them. */
async function mappedPerson() {
  const tid = crypto.randomUUID();
  const tenant = await buildTenant(t.database.db, { entraTenantIds: [tid] });
  const user = await buildUser(t.database.db, tenant.id, { role: "student" });
  const claims: TeamsTokenClaims = { tid, oid: crypto.randomUUID(), upn: user.email.toUpperCase(), aud: CLIENT_ID };
  return { tid, tenant, user, claims };
}

const links = (userId: string) => t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

describe("POST /api/auth/teams-sso", () => {
  it("signs a known person of a mapped tenant in, links the Entra object id and emits user.signedIn (teams)", async () => {
    const { tid, tenant, user, claims } = await mappedPerson();
    const seen: Array<DomainEvents["user.signedIn"]> = [];
    const stop = t.app.ctx.events.on("user.signedIn", (e) => seen.push(e));
    const res = await teamsSso(await jwks.signTeamsToken(claims));
    stop();
    expect(res.statusCode).toBe(200);
    const session = res.json<Success<AuthSession>>().data;
    expect(session.user).toMatchObject({ guid: user.id, tenantGuid: tenant.id, email: user.email, role: "student" });
    expect(session.refreshToken.length).toBeGreaterThan(20);
    expect(seen).toEqual([{ userId: user.id, tenantId: tenant.id, method: "teams" }]);
    expect(await links(user.id)).toEqual([expect.objectContaining({ issuer: `entra:${tid}`, subject: claims.oid, tenantId: tenant.id })]);

    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${session.token}` } });
    expect(me.json<Success<{ guid: string }>>().data.guid).toBe(user.id);
    const refreshed = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: { authorization: `Bearer ${session.refreshToken}` } });
    expect(refreshed.statusCode).toBe(200);
  });

  it("uses the link on the next sign-in even when the Entra address changed", async () => {
    const { claims, user } = await mappedPerson();
    expect((await teamsSso(await jwks.signTeamsToken(claims))).statusCode).toBe(200);
    const renamed = await jwks.signTeamsToken({ ...claims, upn: "someone.else@renamed.example" });
    const res = await teamsSso(renamed);
    expect(res.statusCode).toBe(200);
    expect(res.json<Success<AuthSession>>().data.user.guid).toBe(user.id);
    expect(await links(user.id)).toHaveLength(1);
  });

  it("accepts the Application ID URI as audience (v1 token shape)", async () => {
    const { claims } = await mappedPerson();
    expect((await teamsSso(await jwks.signTeamsToken({ ...claims, aud: APP_ID_URI }))).statusCode).toBe(200);
  });

  it("does not re-link by address an account already linked to another object id of that tenant", async () => {
    const { claims, user } = await mappedPerson();
    expect((await teamsSso(await jwks.signTeamsToken(claims))).statusCode).toBe(200);
    const res = await teamsSso(await jwks.signTeamsToken({ ...claims, oid: crypto.randomUUID() }));
    expect([res.statusCode, keyOf(res)]).toEqual([403, "TEAMS_USER_UNKNOWN"]);
    expect(await links(user.id)).toHaveLength(1);
  });

  describe("refuses a token that is not a valid Teams SSO token (401 TEAMS_TOKEN_INVALID)", () => {
    const refused = async (token: string) => {
      const res = await teamsSso(token);
      expect([res.statusCode, keyOf(res)]).toEqual([401, "TEAMS_TOKEN_INVALID"]);
    };

    it("with a tampered signature", async () => {
      const { claims } = await mappedPerson();
      const token = await jwks.signTeamsToken(claims);
      const [header, , signature] = token.split(".");
      const forgedBody = Buffer.from(JSON.stringify({ ...claims, iss: jwks.issuerFor(claims.tid), scp: "access_as_user", exp: 4_000_000_000, iat: 1 })).toString("base64url");
      await refused(`${header}.${forgedBody}.${signature}`);
      const flipped = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
      await refused(flipped);
    });

    it("when expired", async () => {
      const { claims } = await mappedPerson();
      const past = Math.floor(Date.now() / 1000) - 3600;
      await refused(await jwks.signTeamsToken({ ...claims, iat: past - 3600, exp: past }));
    });

    it("for another audience", async () => {
      const { claims } = await mappedPerson();
      await refused(await jwks.signTeamsToken({ ...claims, aud: "00000003-0000-0000-c000-000000000000" }));
    });

    it("from an issuer that does not match the token's tenant", async () => {
      const { claims } = await mappedPerson();
      await refused(await jwks.signTeamsToken({ ...claims, iss: jwks.issuerFor(crypto.randomUUID()) }));
      await refused(await jwks.signTeamsToken({ ...claims, iss: `https://login.microsoftonline.com/${claims.tid}/v2.0` }));
    });

    it("without the access_as_user scope", async () => {
      const { claims } = await mappedPerson();
      await refused(await jwks.signTeamsToken({ ...claims, scp: "User.Read" }));
      await refused(await jwks.signTeamsToken({ ...claims, scp: "access_as_user_not" }));
    });

    it("signed by a key the key set does not publish", async () => {
      const { claims } = await mappedPerson();
      await refused(await jwks.signTeamsToken(claims, await createSigningKey()));
      await refused(await jwks.signTeamsToken(claims, await createSigningKey(jwks.key.kid)));
    });

    it("that is no JWT, or missing", async () => {
      await refused("not-a-jwt");
      const res = await teamsSso(undefined);
      expect([res.statusCode, keyOf(res)]).toEqual([401, "TEAMS_TOKEN_INVALID"]);
    });
  });

  it("refuses a tenant mapped to no edition (403 TEAMS_TENANT_UNKNOWN)", async () => {
    const { claims } = await mappedPerson();
    const res = await teamsSso(await jwks.signTeamsToken({ ...claims, tid: crypto.randomUUID() }));
    expect([res.statusCode, keyOf(res)]).toEqual([403, "TEAMS_TENANT_UNKNOWN"]);
  });

  it("refuses a person with no account in the mapped edition (403 TEAMS_USER_UNKNOWN), even one of another edition", async () => {
    const { claims } = await mappedPerson();
    const elsewhere = await buildUser(t.database.db, (await buildTenant(t.database.db)).id);
    for (const upn of ["nobody@school.example", elsewhere.email]) {
      const res = await teamsSso(await jwks.signTeamsToken({ ...claims, upn }));
      expect([res.statusCode, keyOf(res)]).toEqual([403, "TEAMS_USER_UNKNOWN"]);
    }
    const [row] = await t.database.db.select().from(users).where(and(eq(users.email, "nobody@school.example")));
    expect(row).toBeUndefined();
  });

  it("prefers the edition the tab was opened on when an organisation is mapped to two", async () => {
    const { tid, claims } = await mappedPerson();
    const second = await buildTenant(t.database.db, { entraTenantIds: [tid] });
    const there = await buildUser(t.database.db, second.id, { email: claims.upn?.toLowerCase() });
    const res = await teamsSso(await jwks.signTeamsToken({ ...claims, oid: crypto.randomUUID() }), { "x-edition": second.slug });
    expect(res.json<Success<AuthSession>>().data.user.guid).toBe(there.id);
  });
});

describe("GET /api/auth/teams-config", () => {
  it("gives the consent popup the public Entra app settings", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/teams-config" });
    expect(res.json()).toEqual({ status: "success", data: { enabled: true, clientId: CLIENT_ID, appIdUri: APP_ID_URI } });
  });
});

describe("Teams SSO without configuration", () => {
  it("answers 404 TEAMS_SSO_NOT_CONFIGURED to the exchange, and 200 enabled: false to the settings", async () => {
    const config = { ...t.app.ctx.config, teamsSso: { ...t.app.ctx.config.teamsSso, clientId: undefined } };
    const bare = await buildApp(config, { database: t.database });
    try {
      const res = await bare.inject({ method: "POST", url: "/api/auth/teams-sso", headers: { authorization: "Bearer x.y.z" } });
      expect([res.statusCode, keyOf(res)]).toEqual([404, "TEAMS_SSO_NOT_CONFIGURED"]);
      // Not configured is a setting, not a failed request: no console error on the tab's pages.
      const config = await bare.inject({ method: "GET", url: "/api/auth/teams-config" });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toEqual({ status: "success", data: { enabled: false } });
    } finally {
      await bare.close();
    }
  });
});
