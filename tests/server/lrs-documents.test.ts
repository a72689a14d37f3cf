process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { XapiLaunchResultSchema } from "../../src/contracts/records";
import { XAPI_ACTIVITY_ID, XAPI_STATE_ID } from "../../src/server/db/seed/files";
import { DOCUMENT_LIMITS } from "../../src/server/modules/records/xapi-documents";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { agentForUser } from "../../src/server/modules/records/xapi-service";
import { contents, coursePublications, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

/*
 * The xAPI document resources (State, Activity Profile, Agent Profile) and the Agents and
 * Activities resources (ADR 0017), over HTTP: a class whose lesson holds an xAPI package, and
 * two of its students.
 */

type Json = Record<string, unknown>;
type Auth = { authorization: string };
type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const V = { "x-experience-api-version": "1.0.3" };
const ACTIVITY = "http://example.test/activities/documents";

let t: TestApp;
let courseId: string;
let xapiContent: string;
let integration: Auth;
let lumenIntegration: Auth;
let student1: Auth;
let student2: Auth;
let student1Agent: Json;
let student2Agent: Json;
let student1Name: string;

const uuid = () => crypto.randomUUID();
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing");
  return v;
};
const basic = (c: { key: string; secret: string }): Auth => ({ authorization: `Basic ${Buffer.from(`${c.key}:${c.secret}`).toString("base64")}` });
const sha1 = (text: string) => crypto.createHash("sha1").update(text).digest("hex");
const errorOf = (res: Res) => (res.json() as { error: { key: string; message: string } }).error;
const mailbox = (name: string) => ({ objectType: "Agent", mbox: `mailto:${name}@example.test` });

type Send = { auth: Auth; body?: string | Buffer; type?: string; headers?: Record<string, string> };
async function call(method: "GET" | "HEAD" | "PUT" | "POST" | "DELETE", path: string, params: Record<string, string>, send: Send): Promise<Res> {
  const query = new URLSearchParams(params).toString();
  return t.app.inject({
    method,
    url: `/api/lrs/${path}${query ? `?${query}` : ""}`,
    headers: { ...V, ...send.auth, ...(send.type ? { "content-type": send.type } : {}), ...(send.headers ?? {}) },
    ...(send.body !== undefined ? { payload: send.body } : {}),
  });
}
const json = (value: unknown) => ({ body: JSON.stringify(value), type: "application/json" });
const stateOf = (agent: Json, extra: Record<string, string> = {}) => ({ activityId: ACTIVITY, agent: JSON.stringify(agent), ...extra });

/** A real launch of the seeded xAPI package by a student, as the viewer asks for it. */
async function launch(who: Auth): Promise<{ auth: Auth; actor: Json; registration: string; activityId: string; endpoint: string }> {
  const res = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: who, payload: { courseGuid: courseId, contentGuid: xapiContent } });
  expect({ status: res.statusCode, body: res.statusCode === 200 ? "" : res.body }).toEqual({ status: 200, body: "" });
  const url = new URL(XapiLaunchResultSchema.parse(res.json<{ data: unknown }>().data).launchUrl, "http://host.test");
  const param = (k: string) => must(url.searchParams.get(k));
  return { auth: { authorization: param("auth") }, actor: JSON.parse(param("actor")) as Json, registration: param("registration"), activityId: param("activity_id"), endpoint: param("endpoint") };
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  const tenantId = (await buildTenant(db)).id;
  const student = { role: "student" as const, dateOfBirth: "2012-01-01" };
  const s1 = await buildUser(db, tenantId, { ...student, firstName: "Lucía", lastName: "Martín" });
  const s2 = await buildUser(db, tenantId, { ...student, firstName: "Pablo", lastName: "Sánchez" });
  courseId = (await buildCourse(db, tenantId, { members: [{ userId: s1.id, role: "student" }, { userId: s2.id, role: "student" }] })).id;
  // The demo's xAPI package (its files are seeded) as an item of a lesson of the class.
  const [publication] = await db.insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db.insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db.insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  await db.insert(coursePublications).values({ courseId, publicationId: must(publication).id });
  const [content] = await db
    .insert(contents)
    .values({ tenantId, type: "CTTY_17", title: "Reto", data: { packageKind: "xapi", launchPath: "index.html", activityId: XAPI_ACTIVITY_ID }, storageKey: "contents/x/package" })
    .returning({ id: contents.id });
  xapiContent = must(content).id;
  await db.insert(lessonItems).values({ tenantId, courseId, lessonId: must(lesson).id, contentId: xapiContent, position: 0 });

  student1 = await bearer(t.app, s1);
  student2 = await bearer(t.app, s2);
  student1Agent = agentForUser(t.app.ctx.publicUrl, s1);
  student2Agent = agentForUser(t.app.ctx.publicUrl, s2);
  student1Name = "Lucía Martín";
  integration = basic(await mintIntegrationCredential(db, { tenantId, name: "Documents", scopes: ["all"] }));
  lumenIntegration = basic(await mintIntegrationCredential(db, { tenantId: (await buildTenant(db)).id, name: "Other edition", scopes: ["all"] }));
}, 240_000);
afterAll(() => t.close());

describe("the xAPI viewer resumes through the State resource", () => {
  it("reads in the next launch the state a learner wrote in the last one; another learner can neither read nor overwrite it", async () => {
    const first = await launch(student1);
    expect(first.activityId).toBe(XAPI_ACTIVITY_ID);
    expect(first.endpoint).toBe(`${t.app.ctx.publicUrl}/api/lrs/`);
    const params = { stateId: XAPI_STATE_ID, activityId: first.activityId, agent: JSON.stringify(first.actor), registration: first.registration };
    const bookmark = { answers: { xiv: "1", cuarenta: "2" } };
    expect((await call("PUT", "activities/state", params, { auth: first.auth, ...json(bookmark) })).statusCode).toBe(204);

    const next = await launch(student1);
    expect(next.registration).toBe(first.registration);
    expect(next.auth).not.toEqual(first.auth);
    const read = await call("GET", "activities/state", { ...params, registration: next.registration }, { auth: next.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(bookmark);
    expect(read.headers.etag).toBe(`"${sha1(JSON.stringify(bookmark))}"`);
    // The learner's own session reads it too (the State resource is theirs, not only the package's).
    expect((await call("GET", "activities/state", params, { auth: student1 })).json()).toEqual(bookmark);

    const other = await launch(student2);
    expect(other.registration).not.toBe(first.registration);
    for (const auth of [other.auth, student2]) {
      const peek = await call("GET", "activities/state", params, { auth });
      expect(peek.statusCode).toBe(403);
      expect(errorOf(peek).message).toContain("query.agent");
      expect((await call("PUT", "activities/state", params, { auth, ...json({ answers: {} }) })).statusCode).toBe(403);
      expect((await call("DELETE", "activities/state", params, { auth })).statusCode).toBe(403);
    }
    // Under their own agent the other learner has no state for the same activity and registration.
    const own = await call("GET", "activities/state", { ...params, agent: JSON.stringify(other.actor) }, { auth: other.auth });
    expect(own.statusCode).toBe(404);
    expect((await call("GET", "activities/state", params, { auth: next.auth })).json()).toEqual(bookmark);
  });
});

describe("State resource", () => {
  it("stores, merges JSON on POST, lists ids with since, and deletes one or all", async () => {
    const agent = mailbox("state-a");
    const s = (extra: Record<string, string> = {}) => stateOf(agent, extra);
    expect((await call("PUT", "activities/state", s({ stateId: "bookmark" }), { auth: integration, ...json({ page: 3, seen: [1, 2] }) })).statusCode).toBe(204);
    const got = await call("GET", "activities/state", s({ stateId: "bookmark" }), { auth: integration });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toContain("application/json");
    expect(got.headers["last-modified"]).toEqual(expect.any(String));
    expect(got.json()).toEqual({ page: 3, seen: [1, 2] });

    expect((await call("POST", "activities/state", s({ stateId: "bookmark" }), { auth: integration, ...json({ page: 4, score: 7 }) })).statusCode).toBe(204);
    expect((await call("GET", "activities/state", s({ stateId: "bookmark" }), { auth: integration })).json()).toEqual({ page: 4, seen: [1, 2], score: 7 });

    // A document that is not JSON is kept as sent, and cannot be merged into, nor merged into JSON.
    expect((await call("PUT", "activities/state", s({ stateId: "notes" }), { auth: integration, body: "free text", type: "text/plain" })).statusCode).toBe(204);
    const notes = await call("GET", "activities/state", s({ stateId: "notes" }), { auth: integration });
    expect(notes.headers["content-type"]).toBe("text/plain");
    expect(notes.body).toBe("free text");
    const mergeIntoText = await call("POST", "activities/state", s({ stateId: "notes" }), { auth: integration, ...json({ a: 1 }) });
    expect(mergeIntoText.statusCode).toBe(400);
    expect((await call("POST", "activities/state", s({ stateId: "bookmark" }), { auth: integration, body: "x", type: "text/plain" })).statusCode).toBe(400);
    expect((await call("POST", "activities/state", s({ stateId: "bookmark" }), { auth: integration, ...json([1, 2]) })).statusCode).toBe(400);

    const ids = await call("GET", "activities/state", s(), { auth: integration });
    expect(ids.json()).toEqual(["bookmark", "notes"]);
    const stored = new Date(must(notes.headers["last-modified"]) as string);
    const before = new Date(stored.getTime() - 5000).toISOString();
    expect((await call("GET", "activities/state", s({ since: before }), { auth: integration })).json()).toEqual(["bookmark", "notes"]);
    expect((await call("GET", "activities/state", s({ since: new Date(Date.now() + 60_000).toISOString() }), { auth: integration })).json()).toEqual([]);

    // Registrations keep states apart; a state without registration is another one.
    const registration = uuid();
    await call("PUT", "activities/state", s({ stateId: "bookmark", registration }), { auth: integration, ...json({ page: 1 }) });
    expect((await call("GET", "activities/state", s({ stateId: "bookmark", registration }), { auth: integration })).json()).toEqual({ page: 1 });
    expect((await call("GET", "activities/state", s({ stateId: "bookmark" }), { auth: integration })).json()).toEqual({ page: 4, seen: [1, 2], score: 7 });

    expect((await call("DELETE", "activities/state", s({ stateId: "notes" }), { auth: integration })).statusCode).toBe(204);
    expect((await call("GET", "activities/state", s({ stateId: "notes" }), { auth: integration })).statusCode).toBe(404);
    expect((await call("DELETE", "activities/state", s(), { auth: integration })).statusCode).toBe(204);
    expect((await call("GET", "activities/state", s(), { auth: integration })).json()).toEqual([]);
    // Deleting the states without registration left the registration's own.
    expect((await call("GET", "activities/state", s({ registration }), { auth: integration })).json()).toEqual(["bookmark"]);
  });

  it("honours If-Match and If-None-Match (412), and lets a PUT replace a state without them", async () => {
    const p = stateOf(mailbox("state-etag"), { stateId: "s" });
    expect((await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 1 }), headers: { "if-match": `"${sha1("x")}"` } })).statusCode).toBe(412);
    expect((await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 1 }), headers: { "if-none-match": "*" } })).statusCode).toBe(204);
    const again = await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 2 }), headers: { "if-none-match": "*" } });
    expect(again.statusCode).toBe(412);
    expect(errorOf(again).key).toBe("PRECONDITION_FAILED");
    const etag = `"${sha1(JSON.stringify({ v: 1 }))}"`;
    expect((await call("GET", "activities/state", p, { auth: integration })).headers.etag).toBe(etag);
    expect((await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 2 }), headers: { "if-match": `"${sha1("stale")}"` } })).statusCode).toBe(412);
    expect((await call("POST", "activities/state", p, { auth: integration, ...json({ w: 1 }), headers: { "if-match": `"${sha1("stale")}"` } })).statusCode).toBe(412);
    expect((await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 2 }), headers: { "if-match": etag } })).statusCode).toBe(204);
    expect((await call("PUT", "activities/state", p, { auth: integration, ...json({ v: 3 }) })).statusCode).toBe(204);
    expect((await call("DELETE", "activities/state", p, { auth: integration, headers: { "if-match": etag } })).statusCode).toBe(412);
    expect((await call("GET", "activities/state", p, { auth: integration })).json()).toEqual({ v: 3 });
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const p = stateOf(mailbox("state-head"), { stateId: "h" });
    await call("PUT", "activities/state", p, { auth: integration, ...json({ h: true }) });
    const head = await call("HEAD", "activities/state", p, { auth: integration });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(`"${sha1(JSON.stringify({ h: true }))}"`);
    expect(head.body).toBe("");
    expect((await call("HEAD", "activities/state", { ...p, stateId: "missing" }, { auth: integration })).statusCode).toBe(404);
  });

  it("refuses bad parameters and bodies with a 400 naming them, and oversized documents with a 413", async () => {
    const agent = JSON.stringify(mailbox("state-bad"));
    const cases: Array<[Record<string, string>, string]> = [
      [{ agent, stateId: "s" }, "query.activityId"],
      [{ activityId: "not an iri", agent, stateId: "s" }, "query.activityId"],
      [{ activityId: ACTIVITY, stateId: "s" }, "query.agent"],
      [{ activityId: ACTIVITY, agent: "{not json", stateId: "s" }, "query.agent"],
      [{ activityId: ACTIVITY, agent: JSON.stringify({ name: "nobody" }), stateId: "s" }, "query.agent"],
      [{ activityId: ACTIVITY, agent, stateId: "s", registration: "nope" }, "query.registration"],
      [{ activityId: ACTIVITY, agent }, "query.stateId"],
      [{ activityId: ACTIVITY, agent, stateId: "x".repeat(DOCUMENT_LIMITS.maxIdBytes + 1) }, "query.stateId"],
      [{ activityId: ACTIVITY, agent, stateId: "s", colour: "red" }, "query.colour"],
    ];
    for (const [params, property] of cases) {
      const res = await call("PUT", "activities/state", params, { auth: integration, ...json({ a: 1 }) });
      expect({ property, status: res.statusCode, message: errorOf(res).message.startsWith(property) }).toEqual({ property, status: 400, message: true });
    }
    const p = stateOf(mailbox("state-bad"), { stateId: "s" });
    expect((await call("PUT", "activities/state", p, { auth: integration, body: "{broken", type: "application/json" })).statusCode).toBe(400);
    const since = await call("GET", "activities/state", stateOf(mailbox("state-bad"), { since: "yesterday" }), { auth: integration });
    expect(errorOf(since).message).toContain("query.since");
    const big = await call("PUT", "activities/state", p, { auth: integration, body: Buffer.alloc(DOCUMENT_LIMITS.maxBytes + 1, 97), type: "text/plain" });
    expect(big.statusCode).toBe(413);
    expect((await call("GET", "activities/state", p, { auth: integration })).statusCode).toBe(404);
  });

  it("keeps editions apart", async () => {
    const p = stateOf(mailbox("state-tenant"), { stateId: "s" });
    await call("PUT", "activities/state", p, { auth: integration, ...json({ aula: true }) });
    expect((await call("GET", "activities/state", p, { auth: lumenIntegration })).statusCode).toBe(404);
    await call("PUT", "activities/state", p, { auth: lumenIntegration, ...json({ lumen: true }) });
    expect((await call("GET", "activities/state", p, { auth: integration })).json()).toEqual({ aula: true });
  });
});

describe("Activity Profile and Agent Profile resources", () => {
  it("refuses (409) a PUT over an existing profile without a precondition, and replaces it with the right ETag", async () => {
    const p = { activityId: ACTIVITY, profileId: "shared" };
    expect((await call("PUT", "activities/profile", p, { auth: integration, ...json({ level: 1 }) })).statusCode).toBe(204);
    const blind = await call("PUT", "activities/profile", p, { auth: integration, ...json({ level: 2 }) });
    expect(blind.statusCode).toBe(409);
    expect(errorOf(blind).key).toBe("PRECONDITION_REQUIRED");
    const etag = must((await call("GET", "activities/profile", p, { auth: integration })).headers.etag) as string;
    expect((await call("PUT", "activities/profile", p, { auth: integration, ...json({ level: 2 }), headers: { "if-match": `"${sha1("other")}"` } })).statusCode).toBe(412);
    expect((await call("PUT", "activities/profile", p, { auth: integration, ...json({ level: 2 }), headers: { "if-match": etag } })).statusCode).toBe(204);
    // POST merges without a precondition.
    expect((await call("POST", "activities/profile", p, { auth: integration, ...json({ colour: "blue" }) })).statusCode).toBe(204);
    expect((await call("GET", "activities/profile", p, { auth: integration })).json()).toEqual({ level: 2, colour: "blue" });
    // Any caller of the edition may read an activity's profiles (they belong to no learner).
    expect((await call("GET", "activities/profile", { activityId: ACTIVITY }, { auth: student1 })).json()).toEqual(["shared"]);
    expect((await call("DELETE", "activities/profile", { activityId: ACTIVITY }, { auth: integration })).statusCode).toBe(400);
    expect((await call("DELETE", "activities/profile", p, { auth: integration })).statusCode).toBe(204);
    expect((await call("GET", "activities/profile", p, { auth: integration })).statusCode).toBe(404);
  });

  it("keeps agent profiles to their agent", async () => {
    const own = { agent: JSON.stringify(student1Agent), profileId: "preferences" };
    expect((await call("PUT", "agents/profile", own, { auth: student1, ...json({ theme: "dark" }) })).statusCode).toBe(204);
    expect((await call("GET", "agents/profile", own, { auth: student1 })).json()).toEqual({ theme: "dark" });
    expect((await call("GET", "agents/profile", { agent: own.agent }, { auth: student1 })).json()).toEqual(["preferences"]);
    expect((await call("GET", "agents/profile", own, { auth: student2 })).statusCode).toBe(403);
    expect((await call("PUT", "agents/profile", { agent: JSON.stringify(student2Agent), profileId: "p" }, { auth: student1, ...json({}) })).statusCode).toBe(403);
    expect((await call("GET", "agents/profile", own, { auth: integration })).json()).toEqual({ theme: "dark" });
    expect((await call("PUT", "agents/profile", own, { auth: student1, ...json({ theme: "light" }) })).statusCode).toBe(409);
  });
});

describe("Agents and Activities resources", () => {
  it("answers the Person object of an agent, to itself or a tenant-wide caller", async () => {
    const res = await call("GET", "agents", { agent: JSON.stringify(student1Agent) }, { auth: integration });
    expect(res.statusCode).toBe(200);
    const person = res.json() as Json;
    expect(person).toMatchObject({ objectType: "Person", account: [student1Agent.account] });
    expect(person.name).toEqual(expect.arrayContaining([student1Name]));
    expect((await call("GET", "agents", { agent: JSON.stringify(student1Agent) }, { auth: student1 })).statusCode).toBe(200);
    expect((await call("GET", "agents", { agent: JSON.stringify(student1Agent) }, { auth: student2 })).statusCode).toBe(403);
    const mbox = await call("GET", "agents", { agent: JSON.stringify({ mbox: "mailto:someone@example.test", name: "Some One" }) }, { auth: integration });
    expect(mbox.json()).toEqual({ objectType: "Person", name: ["Some One"], mbox: ["mailto:someone@example.test"] });
    expect((await call("GET", "agents", {}, { auth: integration })).statusCode).toBe(400);
  });

  it("answers the canonical definition of an activity: the definitions statements carried, merged", async () => {
    const id = `http://example.test/activities/canonical-${uuid()}`;
    const statement = (definition: Json) => ({ actor: mailbox("definer"), verb: { id: "http://adlnet.gov/expapi/verbs/experienced" }, object: { id, definition } });
    await t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...V, ...integration, "content-type": "application/json" }, payload: JSON.stringify(statement({ name: { en: "Fractions" }, type: "http://adlnet.gov/expapi/activities/lesson" })) });
    await t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...V, ...integration, "content-type": "application/json" }, payload: JSON.stringify(statement({ name: { es: "Fracciones" }, description: { es: "Sumar fracciones" } })) });
    const res = await call("GET", "activities", { activityId: id }, { auth: student1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      objectType: "Activity",
      id,
      definition: { name: { en: "Fractions", es: "Fracciones" }, description: { es: "Sumar fracciones" }, type: "http://adlnet.gov/expapi/activities/lesson" },
    });
    expect((await call("GET", "activities", { activityId: "http://example.test/never-seen" }, { auth: integration })).statusCode).toBe(404);
    expect((await call("GET", "activities", { activityId: id }, { auth: lumenIntegration })).statusCode).toBe(404);
  });
});
