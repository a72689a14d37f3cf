process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant } from "../support/factories";

/*
 * The Statement resource beyond storing and filtering (ADR 0017): the alternate request syntax,
 * format=canonical with Accept-Language, StatementRef filter conditions and authority validation.
 */

type Json = Record<string, unknown>;
type Auth = { authorization: string };
type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const V = { "x-experience-api-version": "1.0.3" };
const VOIDED = "http://adlnet.gov/expapi/verbs/voided";
let t: TestApp;
let integration: Auth;

const uuid = () => crypto.randomUUID();
const errorOf = (res: Res) => (res.json() as { error: { key: string; message: string } }).error;
const mbox = (name: string) => ({ objectType: "Agent", mbox: `mailto:${name}@example.test` });
const statement = (over: Json = {}): Json => ({
  actor: mbox("ana"),
  verb: { id: "http://adlnet.gov/expapi/verbs/attempted", display: { "en-US": "attempted", es: "intentó" } },
  object: { id: "http://example.test/activities/a1" },
  ...over,
});

async function post(body: unknown, auth: Auth = integration): Promise<Res> {
  return t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...V, ...auth, "content-type": "application/json" }, payload: JSON.stringify(body) });
}
async function get(query: string, headers: Record<string, string> = {}): Promise<Res> {
  return t.app.inject({ method: "GET", url: `/api/lrs/statements?${query}`, headers: { ...V, ...integration, ...headers } });
}
const idsOf = (res: Res) => (res.json() as { statements: Json[] }).statements.map((s) => s.id);
/** A request in the alternate syntax: POST ?method=, everything else in a form. */
async function alternate(path: string, method: string, form: Record<string, string>, query = ""): Promise<Res> {
  return t.app.inject({
    method: "POST",
    url: `/api/lrs/${path}?method=${method}${query}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenantId = (await buildTenant(t.app.ctx.db)).id;
  const credential = await mintIntegrationCredential(t.app.ctx.db, { tenantId, name: "Statements", scopes: ["all"] });
  integration = { authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}` };
}, 240_000);
afterAll(() => t.close());

describe("alternate request syntax (?method=)", () => {
  it("stores with PUT and reads with GET through a form carrying the headers, parameters and content", async () => {
    const id = uuid();
    const headers = { Authorization: integration.authorization, "X-Experience-API-Version": "1.0.3", "Content-Type": "application/json" };
    const put = await alternate("statements", "PUT", { ...headers, statementId: id, content: JSON.stringify(statement()) });
    expect(put.statusCode).toBe(204);
    const read = await alternate("statements", "GET", { ...headers, statementId: id });
    expect(read.statusCode).toBe(200);
    expect((read.json() as Json).id).toBe(id);
    expect(read.headers["x-experience-api-version"]).toBe("1.0.3");

    const state = { Authorization: integration.authorization, "X-Experience-API-Version": "1.0.3", activityId: "http://example.test/a", agent: JSON.stringify(mbox("alt")), stateId: "s" };
    expect((await alternate("activities/state", "PUT", { ...state, "Content-Type": "application/json", content: '{"page":2}' })).statusCode).toBe(204);
    const doc = await alternate("activities/state", "GET", state);
    expect(doc.json()).toEqual({ page: 2 });
    expect((await alternate("activities/state", "DELETE", state)).statusCode).toBe(204);
    expect((await alternate("activities/state", "GET", state)).statusCode).toBe(404);
  });

  it("takes its headers from the form: no version or no credential there is refused", async () => {
    const noVersion = await alternate("statements", "GET", { Authorization: integration.authorization });
    expect(noVersion.statusCode).toBe(400);
    expect(errorOf(noVersion).message).toContain("X-Experience-API-Version");
    expect((await alternate("statements", "GET", { "X-Experience-API-Version": "1.0.3" })).statusCode).toBe(401);
  });

  it("refuses other query parameters, an unknown method, a method on a GET, and a body that is not a form", async () => {
    const form = { Authorization: integration.authorization, "X-Experience-API-Version": "1.0.3" };
    const extra = await alternate("statements", "GET", form, "&limit=1");
    expect(extra.statusCode).toBe(400);
    expect(errorOf(extra).message).toContain("query.limit");
    expect((await alternate("statements", "PATCH", form)).statusCode).toBe(400);
    const onGet = await t.app.inject({ method: "GET", url: "/api/lrs/statements?method=GET", headers: { ...V, ...integration } });
    expect(onGet.statusCode).toBe(400);
    expect(errorOf(onGet).message).toContain("query.method");
    const json = await t.app.inject({ method: "POST", url: "/api/lrs/statements?method=GET", headers: { ...V, ...integration, "content-type": "application/json" }, payload: "{}" });
    expect(json.statusCode).toBe(400);
    expect((await alternate("agents", "DELETE", { ...form, agent: JSON.stringify(mbox("x")) })).statusCode).toBe(405);
  });
});

describe("format=canonical", () => {
  it("answers the canonical activity definitions with one language per map, chosen by Accept-Language", async () => {
    const registration = uuid();
    const activity = `http://example.test/activities/canonical-${uuid()}`;
    await post(statement({ object: { id: activity, definition: { name: { "en-US": "Fractions" }, description: { "en-US": "Adding fractions" } } }, context: { registration } }));
    await post(statement({ object: { id: activity, definition: { name: { es: "Fracciones", "ca-ES": "Fraccions" } } }, context: { registration } }));
    const canonical = async (language: string) => {
      const res = await get(`registration=${registration}&format=canonical&ascending=true`, { "accept-language": language });
      expect(res.statusCode).toBe(200);
      return (res.json() as { statements: Json[] }).statements;
    };
    const [first, second] = await canonical("es-ES,es;q=0.9,en;q=0.5");
    // Both carry the merged canonical definition, not the one each was sent with.
    for (const s of [first, second]) {
      expect(s?.object).toEqual({ id: activity, definition: { name: { es: "Fracciones" }, description: { "en-US": "Adding fractions" } } });
      expect(s?.verb).toEqual({ id: "http://adlnet.gov/expapi/verbs/attempted", display: { es: "intentó" } });
      expect(s?.actor).toEqual(mbox("ana"));
    }
    const [english] = await canonical("en");
    expect((english?.object as Json).definition).toEqual({ name: { "en-US": "Fractions" }, description: { "en-US": "Adding fractions" } });
    expect(english?.verb).toEqual({ id: "http://adlnet.gov/expapi/verbs/attempted", display: { "en-US": "attempted" } });
    const [catalan] = await canonical("ca;q=1, es;q=0.2");
    expect(((catalan?.object as Json).definition as Json).name).toEqual({ "ca-ES": "Fraccions" });
    // The exact format keeps what was sent.
    const exact = (await get(`registration=${registration}&ascending=true`)).json() as { statements: Json[] };
    expect((exact.statements[0]?.object as Json).definition).toEqual({ name: { "en-US": "Fractions" }, description: { "en-US": "Adding fractions" } });
  });
});

describe("filters and StatementRefs", () => {
  it("finds a voiding statement by the voided statement's verb, activity and registration, and follows chains of references", async () => {
    const registration = uuid();
    const verb = `http://example.test/verbs/rare-${uuid()}`;
    const activity = `http://example.test/activities/ref-${uuid()}`;
    const [target] = (await post(statement({ verb: { id: verb }, object: { id: activity }, context: { registration } }))).json() as string[];
    const [voider] = (await post(statement({ actor: mbox("teacher"), verb: { id: VOIDED }, object: { objectType: "StatementRef", id: target } }))).json() as string[];
    const [comment] = (await post(statement({ actor: mbox("bob"), verb: { id: "http://example.test/verbs/commented" }, object: { objectType: "StatementRef", id: voider } }))).json() as string[];

    // The voided statement itself is never returned; those targeting it are.
    expect(idsOf(await get(`verb=${encodeURIComponent(verb)}&ascending=true`))).toEqual([voider, comment]);
    expect(idsOf(await get(`activity=${encodeURIComponent(activity)}&ascending=true`))).toEqual([voider, comment]);
    expect(idsOf(await get(`registration=${registration}&ascending=true`))).toEqual([voider, comment]);
    // The conditions together: the target must meet all of them (its actor is ana, not bob who commented).
    expect(idsOf(await get(`verb=${encodeURIComponent(verb)}&agent=${encodeURIComponent(JSON.stringify(mbox("ana")))}&ascending=true`))).toEqual([voider, comment]);
    expect(idsOf(await get(`verb=${encodeURIComponent(verb)}&agent=${encodeURIComponent(JSON.stringify(mbox("bob")))}`))).toEqual([]);
    // Time conditions stay on the statement itself.
    const stored = Date.parse(String(((await get(`statementId=${comment}`)).json() as Json).stored));
    expect(idsOf(await get(`verb=${encodeURIComponent(verb)}&since=${encodeURIComponent(new Date(stored - 1).toISOString())}`))).toEqual([comment]);
  });
});

describe("authority", () => {
  const group = (members: Json[], extra: Json = {}) => ({ objectType: "Group", member: members, ...extra });

  it("accepts an Agent or an anonymous Group of two Agents, and refuses an identified Group or a Group of another size", async () => {
    expect((await post(statement({ authority: mbox("lrp") }))).statusCode).toBe(200);
    expect((await post(statement({ authority: group([mbox("app"), mbox("user")]) }))).statusCode).toBe(200);
    const cases: Array<[Json, string]> = [
      [group([mbox("app"), mbox("user")], { mbox: "mailto:group@example.test" }), "statement.authority"],
      [group([mbox("app"), mbox("user"), mbox("third")]), "statement.authority.member"],
      [group([mbox("alone")]), "statement.authority.member"],
    ];
    for (const [authority, property] of cases) {
      const res = await post(statement({ authority }));
      expect({ status: res.statusCode, key: errorOf(res).key, starts: errorOf(res).message.startsWith(`${property} `) }).toEqual({ status: 400, key: "VALIDATION_ERROR", starts: true });
    }
  });
});
