process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ItemResultsSchema, XapiLaunchResultSchema } from "../../src/contracts/records";
import { contents, coursePublications, kcEvidence, lessonItems, lessons, publications, units, xapiStatements } from "../../src/server/db/schema";
import { courseActivityId } from "../../src/server/modules/records/scorm-statements";
import { platformWriter, type XapiScope } from "../../src/server/modules/records/xapi-auth";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { agentForUser, storeStatements } from "../../src/server/modules/records/xapi-service";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildSchool, buildTenant, buildUser } from "../support/factories";

/*
 * Who may write and read which statements of the record store (ADR 0016).
 */

type Json = Record<string, unknown>;
type Auth = { authorization: string };
type Person = Awaited<ReturnType<typeof buildUser>>;

let t: TestApp;
const db = () => t.app.ctx.db;
const must = <T>(value: T | null | undefined, what = "value"): T => {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
};
const uuid = () => crypto.randomUUID();
const V = { "x-experience-api-version": "1.0.3" };
const ACTIVITY = "https://example.test/activities/rally";

let tenantId: string;
let otherTenantId: string;
/** Tere teaches Maths (school A: Ana, Beto); Ulla teaches History (school B: Ana, Carla); Nadia teaches nothing. */
let tere: Person;
let ulla: Person;
let nadia: Person;
let sara: Person;
let edu: Person;
let ana: Person;
let beto: Person;
let carla: Person;
let maths: string;
let history: string;
let xapiItem: string;
let xapiContent: string;

const basic = (c: { key: string; secret: string }): Auth => ({ authorization: `Basic ${Buffer.from(`${c.key}:${c.secret}`).toString("base64")}` });
const agent = (p: Person) => agentForUser(t.app.ctx.publicUrl, p);
const classActivity = (courseId: string) => ({ objectType: "Activity", id: courseActivityId(t.app.ctx.publicUrl, courseId) });

function statement(actor: Json, over: Json = {}): Json {
  return {
    id: uuid(),
    actor,
    verb: { id: "http://adlnet.gov/expapi/verbs/experienced", display: { en: "experienced" } },
    object: { objectType: "Activity", id: ACTIVITY },
    ...over,
  };
}
const inClass = (courseId: string) => ({ context: { contextActivities: { grouping: [classActivity(courseId)] } } });

async function lrs(method: "GET" | "PUT" | "POST", url: string, auth: Auth, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...V, ...auth, ...(payload !== undefined ? { "content-type": "application/json" } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}
const as = (p: Person) => bearer(t.app, p);
const post = async (who: Auth, body: unknown) => lrs("POST", "/api/lrs/statements", who, body);
async function readIds(who: Auth): Promise<string[]> {
  const res = await lrs("GET", "/api/lrs/statements?limit=0", who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { statements: Json[] }).statements.map((s) => String(s.id));
}

async function integration(tenant: string, scopes: XapiScope[]): Promise<Auth> {
  return basic(await mintIntegrationCredential(db(), { tenantId: tenant, name: `Integration ${scopes.join(" ")}`, scopes }));
}

async function launch(who: Person): Promise<{ registration: string; auth: Auth }> {
  const res = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: await as(who), payload: { courseGuid: maths, contentGuid: xapiContent } });
  expect(res.statusCode).toBe(200);
  const url = new URL(XapiLaunchResultSchema.parse(res.json<{ data: unknown }>().data).launchUrl, "http://host.test");
  return { registration: must(url.searchParams.get("registration")), auth: { authorization: must(url.searchParams.get("auth")) } };
}

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  otherTenantId = (await buildTenant(db())).id;
  const schoolA = (await buildSchool(db(), tenantId)).id;
  const schoolB = (await buildSchool(db(), tenantId)).id;
  const student = { role: "student" as const, dateOfBirth: "2012-01-01" };
  tere = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", schoolId: schoolA });
  ulla = await buildUser(db(), tenantId, { role: "teacher", firstName: "Ulla", schoolId: schoolB });
  nadia = await buildUser(db(), tenantId, { role: "teacher", firstName: "Nadia", schoolId: schoolA });
  sara = await buildUser(db(), tenantId, { role: "school_admin", firstName: "Sara", schoolId: schoolA });
  edu = await buildUser(db(), tenantId, { role: "editorial", firstName: "Edu" });
  ana = await buildUser(db(), tenantId, { ...student, firstName: "Ana", schoolId: schoolA });
  beto = await buildUser(db(), tenantId, { ...student, firstName: "Beto", schoolId: schoolA });
  carla = await buildUser(db(), tenantId, { ...student, firstName: "Carla", schoolId: schoolB });
  maths = (
    await buildCourse(db(), tenantId, {
      schoolId: schoolA,
      members: [
        { userId: tere.id, role: "teacher" },
        { userId: ana.id, role: "student" },
        { userId: beto.id, role: "student" },
      ],
    })
  ).id;
  history = (
    await buildCourse(db(), tenantId, {
      schoolId: schoolB,
      members: [
        { userId: ulla.id, role: "teacher" },
        { userId: ana.id, role: "student" },
        { userId: carla.id, role: "student" },
      ],
    })
  ).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  await db().insert(coursePublications).values({ courseId: maths, publicationId: must(publication).id });
  const [content] = await db()
    .insert(contents)
    .values({ tenantId, type: "CTTY_17", title: "Rally", data: { packageKind: "xapi", launchPath: "story.html", activityId: ACTIVITY }, storageKey: "contents/x/package" })
    .returning({ id: contents.id });
  xapiContent = must(content).id;
  const [item] = await db().insert(lessonItems).values({ tenantId, courseId: maths, lessonId: must(lesson).id, contentId: xapiContent, position: 0 }).returning({ id: lessonItems.id });
  xapiItem = must(item).id;
}, 180_000);
afterAll(() => t.close());

describe("who may store statements about a learner", () => {
  it("refuses a teacher without classes, whatever the statement names (403)", async () => {
    const asNadia = await as(nadia);
    const { registration } = await launch(ana);
    for (const body of [statement(agent(ana)), statement(agent(ana), inClass(maths)), statement(agent(ana), { context: { registration } })]) {
      const res = await post(asNadia, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { key: "FORBIDDEN" } });
    }
    expect((await post(asNadia, statement(agent(nadia)))).statusCode).toBe(200);
  });

  it("lets a teacher record about a student only through a class they teach", async () => {
    const asTere = await as(tere);
    const { registration } = await launch(ana);
    // Bound to Maths by its class activity or by Ana's launch registration in Maths.
    expect((await post(asTere, statement(agent(ana), inClass(maths)))).statusCode).toBe(200);
    expect((await post(asTere, statement(agent(ana), { context: { registration } }))).statusCode).toBe(200);
    // Not bound to a class, bound to a class Tere does not teach, or about someone not in the class.
    expect((await post(asTere, statement(agent(ana)))).statusCode).toBe(403);
    expect((await post(asTere, statement(agent(ana), inClass(history)))).statusCode).toBe(403);
    expect((await post(asTere, statement(agent(carla), inClass(maths)))).statusCode).toBe(403);
    expect((await post(asTere, statement(agent(carla), { context: { registration } }))).statusCode).toBe(403);
    // One statement outside the scope refuses the whole batch.
    const batch = await post(asTere, [statement(agent(beto), inClass(maths)), statement(agent(carla), inClass(maths))]);
    expect(batch.statusCode).toBe(403);
    expect(batch.json()).toMatchObject({ error: { message: expect.stringContaining("statements[1].actor") } });
    // A school admin oversees a class but does not teach it.
    expect((await post(await as(sara), statement(agent(ana), inClass(maths)))).statusCode).toBe(403);
  });

  it("lets learners store only about themselves, and void only what they may write", async () => {
    const asAna = await as(ana);
    expect((await post(asAna, statement(agent(beto), inClass(maths)))).statusCode).toBe(403);
    const [own] = (await post(asAna, statement(agent(ana)))).json() as string[];
    const [aboutBeto] = (await post(await as(tere), statement(agent(beto), inClass(maths)))).json() as string[];
    const voiding = (target: string) => statement(agent(ana), { verb: { id: "http://adlnet.gov/expapi/verbs/voided" }, object: { objectType: "StatementRef", id: target } });
    expect((await post(asAna, voiding(must(aboutBeto)))).statusCode).toBe(403);
    expect((await post(asAna, voiding(uuid()))).statusCode).toBe(403);
    expect((await post(asAna, voiding(must(own)))).statusCode).toBe(200);
  });
});

describe("who may read which statements", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // The platform's own statements (as SCORM and assessments store them), each bound to its class.
    const platform = platformWriter(t.app.ctx.publicUrl);
    const rows: Array<[string, Json]> = [
      ["anaMaths", statement(agent(ana), { ...inClass(maths), result: { response: "my own words" } })],
      ["betoMaths", statement(agent(beto), inClass(maths))],
      ["anaHistory", statement(agent(ana), { ...inClass(history), result: { response: "private essay" } })],
      ["carlaHistory", statement(agent(carla), inClass(history))],
      ["anaNoClass", statement(agent(ana))],
      ["tereOwn", statement(agent(tere))],
      ["stranger", statement({ mbox: "mailto:stranger@example.test" })],
    ];
    const stored = await storeStatements(db(), tenantId, rows.map(([, s]) => s), platform);
    rows.forEach(([name], i) => (ids[name] = must(stored[i])));
  });

  const seen = async (who: Person) => new Set((await readIds(await as(who))).filter((id) => Object.values(ids).includes(id)));
  const named = (...names: string[]) => new Set(names.map((n) => must(ids[n], n)));

  it("lets a learner read only their own statements", async () => {
    expect(await seen(ana)).toEqual(named("anaMaths", "anaHistory", "anaNoClass"));
    expect(await seen(carla)).toEqual(named("carlaHistory"));
  });

  it("lets a teacher read the statements of the classes they teach, not the same learner's other classes", async () => {
    expect(await seen(tere)).toEqual(named("anaMaths", "betoMaths", "tereOwn"));
    expect(await seen(ulla)).toEqual(named("anaHistory", "carlaHistory"));
    expect(await seen(nadia)).toEqual(new Set());
    const asTere = await as(tere);
    expect((await lrs("GET", `/api/lrs/statements?statementId=${ids.anaHistory}`, asTere)).statusCode).toBe(404);
    expect((await lrs("GET", `/api/lrs/statements?statementId=${ids.anaMaths}`, asTere)).statusCode).toBe(200);
    // Asking for a learner by agent still stays within the scope.
    const byAgent = await lrs("GET", `/api/lrs/statements?agent=${encodeURIComponent(JSON.stringify(agent(ana)))}`, asTere);
    expect((byAgent.json() as { statements: Json[] }).statements.map((s) => s.id).filter((id) => Object.values(ids).includes(String(id)))).toEqual([ids.anaMaths]);
  });

  it("lets a school admin read their school's statements only", async () => {
    // Ana and Beto are of school A (Ana's history statement included); Carla's class and Carla are of school B.
    expect(await seen(sara)).toEqual(named("anaMaths", "betoMaths", "anaHistory", "anaNoClass", "tereOwn"));
  });

  it("lets an editor read nothing of students", async () => {
    expect(await seen(edu)).toEqual(new Set());
    expect((await lrs("GET", `/api/lrs/statements?statementId=${ids.anaMaths}`, await as(edu))).statusCode).toBe(404);
  });

  it("never matches a filter through a referenced statement the reader may not read", async () => {
    // Beto refers to Carla's History statement; filtering on its verb must not reveal it to him.
    const answered = "http://adlnet.gov/expapi/verbs/answered";
    const [hidden] = await storeStatements(db(), tenantId, [statement(agent(carla), { ...inClass(history), verb: { id: answered } })], platformWriter(t.app.ctx.publicUrl));
    const asBeto = await as(beto);
    const ref = statement(agent(beto), { object: { objectType: "StatementRef", id: must(hidden) } });
    expect((await post(asBeto, ref)).statusCode).toBe(200);
    const byVerb = await lrs("GET", `/api/lrs/statements?verb=${encodeURIComponent(answered)}`, asBeto);
    expect((byVerb.json() as { statements: Json[] }).statements.map((s) => s.id)).not.toContain(ref.id);
    // Carla's teacher reads both ends, so the reference matches for her.
    const ownRef = statement(agent(carla), { ...inClass(history), object: { objectType: "StatementRef", id: must(hidden) } });
    await storeStatements(db(), tenantId, [ownRef], platformWriter(t.app.ctx.publicUrl));
    const forUlla = await lrs("GET", `/api/lrs/statements?verb=${encodeURIComponent(answered)}`, await as(ulla));
    expect((forUlla.json() as { statements: Json[] }).statements.map((s) => s.id)).toEqual(expect.arrayContaining([hidden, ownRef.id]));
  });

  it("limits a launch credential to its learner", async () => {
    // A launch credential is the learner's: it reads nothing of their classmates.
    const { auth } = await launch(ana);
    const viaLaunch = await readIds(auth);
    expect(viaLaunch).toEqual(expect.arrayContaining([ids.anaMaths, ids.anaHistory]));
    expect(viaLaunch).not.toContain(ids.betoMaths);
  });
});

describe("integration credentials", () => {
  it("read and write only as granted", async () => {
    const [aboutAna] = (await post(await integration(tenantId, ["statements/write"]), statement(agent(ana)))).json() as string[];
    const writeOnly = await integration(tenantId, ["statements/write"]);
    expect((await lrs("GET", "/api/lrs/statements", writeOnly)).statusCode).toBe(403);
    expect((await lrs("GET", `/api/lrs/statements?statementId=${aboutAna}`, writeOnly)).statusCode).toBe(403);

    const readOnly = await integration(tenantId, ["statements/read"]);
    expect((await post(readOnly, statement(agent(ana)))).statusCode).toBe(403);
    expect(await readIds(readOnly)).toContain(aboutAna);

    const mine = await integration(tenantId, ["statements/write", "statements/read/mine"]);
    const [ownId] = (await post(mine, statement({ mbox: "mailto:sync@example.test" }))).json() as string[];
    expect(await readIds(mine)).toEqual([ownId]);

    const nothing = await integration(tenantId, []);
    expect((await lrs("GET", "/api/lrs/statements", nothing)).statusCode).toBe(403);
    expect((await post(nothing, statement({ mbox: "mailto:sync@example.test" }))).statusCode).toBe(403);
  });
});

describe("statement ids per tenant", () => {
  it("stores another tenant's id as a different statement and never shows one tenant's to the other", async () => {
    const here = await integration(tenantId, ["all"]);
    const there = await integration(otherTenantId, ["all"]);
    const id = uuid();
    expect((await lrs("PUT", `/api/lrs/statements?statementId=${id}`, here, statement({ mbox: "mailto:first@example.test" }, { id }))).statusCode).toBe(204);
    const other = await lrs("PUT", `/api/lrs/statements?statementId=${id}`, there, statement({ mbox: "mailto:second@example.test" }, { id }));
    expect(other.statusCode).toBe(204);
    // Re-sent in the same tenant with other content it is a conflict there, and only there.
    expect((await lrs("PUT", `/api/lrs/statements?statementId=${id}`, there, statement({ mbox: "mailto:third@example.test" }, { id }))).statusCode).toBe(409);
    const read = async (auth: Auth) => (await lrs("GET", `/api/lrs/statements?statementId=${id}`, auth)).json() as Json;
    expect((await read(here)).actor).toMatchObject({ mbox: "mailto:first@example.test" });
    expect((await read(there)).actor).toMatchObject({ mbox: "mailto:second@example.test" });
    const rows = await db().select({ tenantId: xapiStatements.tenantId }).from(xapiStatements).where(eq(xapiStatements.id, id));
    expect(rows.map((r) => r.tenantId).sort()).toEqual([tenantId, otherTenantId].sort());
    // A batch carrying the other tenant's id is not refused either.
    const batchId = uuid();
    await post(here, statement({ mbox: "mailto:first@example.test" }, { id: batchId }));
    expect((await post(there, [statement({ mbox: "mailto:x@example.test" }), statement({ mbox: "mailto:y@example.test" }, { id: batchId })])).statusCode).toBe(200);
  });
});

describe("results screens", () => {
  it("count only statements of a real launch of the item, not forged ones", async () => {
    const { registration, auth } = await launch(beto);
    const real = statement(agent(beto), {
      verb: { id: "http://adlnet.gov/expapi/verbs/failed" },
      result: { success: false, score: { scaled: 0.2 } },
      context: { registration },
    });
    expect((await post(auth, real)).statusCode).toBe(200);
    const forgedPass = (over: Json = {}) =>
      statement(agent(beto), { verb: { id: "http://adlnet.gov/expapi/verbs/passed" }, result: { success: true, completion: true, score: { scaled: 1 } }, ...over });
    // An integration allowed to write, without a launch; Beto himself with a registration the platform never issued.
    expect((await post(await integration(tenantId, ["statements/write"]), forgedPass())).statusCode).toBe(200);
    expect((await post(await as(beto), forgedPass({ context: { registration: uuid() } }))).statusCode).toBe(200);

    const res = await t.app.inject({ method: "GET", url: `/api/front/results/xapi/${xapiItem}`, headers: await as(tere) });
    expect(res.statusCode).toBe(200);
    const row = ItemResultsSchema.parse(res.json<{ data: unknown }>().data).rows.find((r) => r.user.guid === beto.id);
    expect(row).toMatchObject({ attempted: true, success: "failed", scoreScaled: 0.2, statements: 1 });
  });
});

describe("a KC-tagged xAPI package", () => {
  it("is evidence for the learner model: a scored statement about the package's activity from the student's launch", async () => {
    await db().update(contents).set({ data: { packageKind: "xapi", launchPath: "story.html", activityId: ACTIVITY, kcs: ["XAPI.KC"] } }).where(eq(contents.id, xapiContent));
    const { registration, auth } = await launch(beto);
    const context = { registration, contextActivities: { grouping: [classActivity(maths)] } };
    const passed = { id: "http://adlnet.gov/expapi/verbs/passed", display: { en: "passed" } };
    // About another activity (a slide): no evidence. About the package, with a score: evidence.
    expect((await post(auth, statement(agent(beto), { verb: passed, object: { objectType: "Activity", id: `${ACTIVITY}/slide-2` }, result: { score: { scaled: 1 } }, context }))).statusCode).toBe(200);
    await t.app.ctx.background.settled();
    const evidence = () => db().select().from(kcEvidence).where(eq(kcEvidence.userId, beto.id));
    expect(await evidence()).toEqual([]);
    expect((await post(auth, [statement(agent(beto), { verb: passed, result: { score: { scaled: 0.8 }, success: true }, context })])).statusCode).toBe(200);
    await t.app.ctx.background.settled();
    expect((await evidence()).map((e) => [e.kc, e.source, e.sourceId, e.questionId, e.fraction])).toEqual([["XAPI.KC", "record", registration, xapiContent, 0.8]]);
  });
});
