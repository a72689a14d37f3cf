process.env.LOG_LEVEL = "silent";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";
import { buildProvider, exchange, tokenOf } from "../support/idp/providers";
import { buildResponseXml, encodeResponse, readAuthnRequest, startSamlIdp, type AssertionOptions, type LocalSamlIdp } from "../support/idp/saml";

const PUBLIC = "https://aula.test";
let t: TestApp;
let idp: LocalSamlIdp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 1000, publicUrl: PUBLIC });
  idp = await startSamlIdp();
}, 180_000);
afterAll(() => t.close());

async function setup() {
  const tenant = await buildTenant(t.database.db);
  const user = await buildUser(t.database.db, tenant.id, { email: `pupil-${tenant.slug}@school.test` });
  const provider = await buildProvider(t.database.db, tenant.id, {
    kind: "saml",
    config: { entryPoint: idp.entryPoint, idpIssuer: idp.issuer, idpCert: idp.cert },
  });
  const spEntityId = `${PUBLIC}/api/auth/saml/${provider.id}/metadata`;
  return { tenant, user, provider, spEntityId };
}

/** Starts a sign-in at the app and returns what the IdP needs to answer it. */
async function start(providerId: string, returnTo?: string) {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  const res = await t.app.inject({ method: "GET", url: `/api/auth/saml/${providerId}/start${query}` });
  expect(res.statusCode).toBe(302);
  return readAuthnRequest(String(res.headers.location));
}

const postAcs = (providerId: string, samlResponse: string, relayState = "") =>
  t.app.inject({
    method: "POST",
    url: `/api/auth/saml/${providerId}/acs`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });

async function respond(over: Partial<AssertionOptions> & { email?: string } = {}) {
  const s = await setup();
  const req = await start(s.provider.id);
  const opts: AssertionOptions = { inResponseTo: req.id, acsUrl: req.acsUrl ?? "", audience: s.spEntityId, nameId: `nid-${s.user.id}`, email: s.user.email, ...over };
  return { ...s, req, opts, xml: buildResponseXml(idp, opts) };
}

describe("SAML sign-in (GET start, POST acs)", () => {
  it("signs in a synchronised user end to end and links the NameID", async () => {
    const s = await setup();
    const req = await start(s.provider.id, "/courses/42?tab=units");
    expect(req.acsUrl).toBe(`${PUBLIC}/api/auth/saml/${s.provider.id}/acs`);
    const xml = buildResponseXml(idp, { inResponseTo: req.id, acsUrl: req.acsUrl ?? "", audience: s.spEntityId, nameId: "nid-1", email: s.user.email.toUpperCase() });

    const res = await postAcs(s.provider.id, encodeResponse(xml), req.relayState ?? "");
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(new URL(location).searchParams.get("loginContext")).toBe("/courses/42?tab=units");
    const token = tokenOf(location, "saml");
    expect(token).toBeDefined();
    expect(await exchange(t.app, token ?? "")).toEqual({ status: 200, userId: s.user.id });

    // The second time, the link (issuer + NameID) finds the user even without an e-mail.
    const again = await start(s.provider.id);
    const xml2 = buildResponseXml(idp, { inResponseTo: again.id, acsUrl: req.acsUrl ?? "", audience: s.spEntityId, nameId: "nid-1" });
    const token2 = tokenOf(String((await postAcs(s.provider.id, encodeResponse(xml2))).headers.location), "saml");
    expect(await exchange(t.app, token2 ?? "")).toEqual({ status: 200, userId: s.user.id });
  });

  it("sends a valid assertion for an unknown person to the not-synchronised page", async () => {
    const r = await respond({ email: "nobody@school.test", nameId: "stranger" });
    const res = await postAcs(r.provider.id, encodeResponse(r.xml));
    expect(res.headers.location).toBe(`${PUBLIC}/saml/callback/error`);
  });

  it("never matches a user of another edition", async () => {
    const other = await buildTenant(t.database.db);
    const outsider = await buildUser(t.database.db, other.id);
    const r = await respond({ email: outsider.email, nameId: "outsider" });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(`${PUBLIC}/saml/callback/error`);
  });

  const refused = `${PUBLIC}/auth/login/error`;

  it("refuses content tampered with after signing", async () => {
    const r = await respond();
    const victim = await buildUser(t.database.db, r.tenant.id, { email: `victim-${r.tenant.slug}@school.test` });
    const tampered = r.xml.replace(r.user.email, victim.email);
    expect(tampered).not.toBe(r.xml);
    expect((await postAcs(r.provider.id, encodeResponse(tampered))).headers.location).toBe(refused);
  });

  it("refuses a response signed by another key", async () => {
    const stranger = await startSamlIdp();
    const r = await respond({ signingKey: stranger.privateKey });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses an unsigned assertion", async () => {
    const r = await respond({ sign: false });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses a wrong audience", async () => {
    const r = await respond({ audience: "https://someone-else.test/sp" });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses an expired assertion", async () => {
    const r = await respond({ offsetMs: -2 * 3600_000 });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses an assertion from another issuer", async () => {
    const r = await respond({ issuer: "https://evil.test/idp" });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses a replay of the same response", async () => {
    const r = await respond();
    const first = await postAcs(r.provider.id, encodeResponse(r.xml));
    expect(tokenOf(String(first.headers.location), "saml")).toBeDefined();
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("refuses an assertion id seen before, even answering a new request", async () => {
    const r = await respond({ assertionId: "_fixed-assertion-id" });
    expect(tokenOf(String((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location), "saml")).toBeDefined();
    const req2 = await start(r.provider.id);
    const xml2 = buildResponseXml(idp, { ...r.opts, inResponseTo: req2.id });
    expect((await postAcs(r.provider.id, encodeResponse(xml2))).headers.location).toBe(refused);
  });

  it("refuses a response to no request of ours (unsolicited)", async () => {
    const r = await respond({ inResponseTo: "_never-sent" });
    expect((await postAcs(r.provider.id, encodeResponse(r.xml))).headers.location).toBe(refused);
  });

  it("drops an unsafe RelayState", async () => {
    const r = await respond();
    const location = String((await postAcs(r.provider.id, encodeResponse(r.xml), "//evil.test/x")).headers.location);
    expect(tokenOf(location, "saml")).toBeDefined();
    expect(new URL(location).search).toBe("");
  });
});

describe("GET /api/auth/saml/:providerId/metadata", () => {
  it("describes the SP with its entity id and ACS URL", async () => {
    const s = await setup();
    const res = await t.app.inject({ method: "GET", url: `/api/auth/saml/${s.provider.id}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/samlmetadata+xml");
    expect(res.body).toContain(`entityID="${s.spEntityId}"`);
    expect(res.body).toContain(`Location="${PUBLIC}/api/auth/saml/${s.provider.id}/acs"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
  });

  it("answers 404 for an unknown or disabled provider", async () => {
    const s = await setup();
    const off = await buildProvider(t.database.db, s.tenant.id, { kind: "saml", enabled: false, config: { entryPoint: idp.entryPoint, idpIssuer: idp.issuer, idpCert: idp.cert } });
    expect((await t.app.inject({ method: "GET", url: `/api/auth/saml/${off.id}/metadata` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/auth/saml/00000000-0000-4000-8000-000000000000/metadata` })).statusCode).toBe(404);
  });
});
