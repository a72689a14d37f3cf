process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { IndividualResultsSchema, ItemResultsSchema, XapiLaunchResultSchema, type IndividualResults, type ItemResults } from "../../src/contracts/records";
import type { ContentData } from "../../src/contracts/lessons";
import { contents, coursePublications, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
const db = () => t.app.ctx.db;
const must = <T>(value: T | null | undefined, what = "value"): T => {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
};

type Person = Awaited<ReturnType<typeof buildUser>>;
let tenantId: string;
let teacher: Person;
let coteacher: Person;
let ana: Person;
let beto: Person;
let outsider: Person;
let courseId: string;
let scormContent: string;
let xapiContent: string;
let scormItem: string;
let xapiItem: string;
let draftItem: string;
const ACTIVITY = "https://example.test/activities/golf";

async function content(title: string, data: ContentData): Promise<string> {
  const [row] = await db()
    .insert(contents)
    .values({ tenantId, type: data.packageKind === "xapi" ? "CTTY_17" : "CTTY_15", title, data, storageKey: "contents/x/package" })
    .returning({ id: contents.id });
  return must(row).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  coteacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Cole", lastName: "Ga" });
  ana = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alba", dateOfBirth: "2012-01-01" });
  beto = await buildUser(db(), tenantId, { role: "student", firstName: "Beto", lastName: "Blanco", dateOfBirth: "2012-01-01" });
  outsider = await buildUser(db(), tenantId, { role: "student", firstName: "Otto", lastName: "Fuera", dateOfBirth: "2012-01-01" });
  courseId = (
    await buildCourse(db(), tenantId, {
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: coteacher.id, role: "coteacher" },
        { userId: ana.id, role: "student" },
        { userId: beto.id, role: "student" },
      ],
    })
  ).id;
  await buildCourse(db(), tenantId, { members: [{ userId: outsider.id, role: "student" }] });
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  await db().insert(coursePublications).values({ courseId, publicationId: must(publication).id });
  scormContent = await content("Paquete SCORM", { packageKind: "scorm12", launchPath: "index.html" });
  xapiContent = await content("Golf", { packageKind: "xapi", launchPath: "story.html", activityId: ACTIVITY });
  const items = await db()
    .insert(lessonItems)
    .values([
      { tenantId, courseId, lessonId: must(lesson).id, contentId: scormContent, position: 0 },
      { tenantId, courseId, lessonId: must(lesson).id, contentId: xapiContent, position: 1, title: "Golf (xAPI)" },
      { tenantId, courseId, lessonId: must(lesson).id, contentId: xapiContent, position: 2, status: "draft" },
    ])
    .returning({ id: lessonItems.id });
  [scormItem, xapiItem, draftItem] = items.map((i) => i.id) as [string, string, string];
}, 180_000);
afterAll(() => t.close());

const get = async (who: Person, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...(await bearer(t.app, who)), ...headers } });

async function itemResults(who: Person, kind: "scorm" | "xapi", item: string): Promise<ItemResults> {
  const res = await get(who, `/api/front/results/${kind}/${item}`);
  expect(res.statusCode).toBe(200);
  return ItemResultsSchema.parse(res.json<{ data: unknown }>().data);
}

async function individual(who: Person, kind: "scorm" | "xapi", item: string, userId: string, language = "es"): Promise<IndividualResults> {
  const res = await get(who, `/api/front/results/${kind}/${item}/users/${userId}`, { "accept-language": language });
  expect(res.statusCode).toBe(200);
  return IndividualResultsSchema.parse(res.json<{ data: unknown }>().data);
}

async function launchXapi(who: Person) {
  const res = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: await bearer(t.app, who), payload: { courseGuid: courseId, contentGuid: xapiContent } });
  expect(res.statusCode).toBe(200);
  const result = XapiLaunchResultSchema.parse(res.json<{ data: unknown }>().data);
  const url = new URL(result.launchUrl, "http://host.test");
  return { result, url, params: url.searchParams };
}

describe("SCORM results", () => {
  it("lists every student of the class, with and without data, from the record store", async () => {
    const runtime = `/api/scorm/runtime/${courseId}/${scormContent}`;
    const asAna = await bearer(t.app, ana);
    expect((await t.app.inject({ method: "GET", url: runtime, headers: asAna })).statusCode).toBe(200);
    const commit = await t.app.inject({
      method: "PUT",
      url: runtime,
      headers: asAna,
      payload: {
        cmi: {
          core: { lesson_status: "passed", score: { raw: "85", min: "0", max: "100" }, session_time: "00:03:00" },
          interactions: { "0": { id: "q1", type: "choice", student_response: "b", result: "correct", correct_responses: { "0": { pattern: "b" } } } },
        },
        terminated: true,
      },
    });
    expect(commit.statusCode).toBe(200);

    const results = await itemResults(teacher, "scorm", scormItem);
    expect(results).toMatchObject({ itemGuid: scormItem, courseGuid: courseId, title: "Paquete SCORM", kind: "scorm" });
    expect(results.rows.map((r) => r.user.name)).toEqual(["Ana Alba", "Beto Blanco"]);
    expect(results.rows[0]).toMatchObject({ attempted: true, completion: "completed", success: "passed", scoreScaled: 0.85, scoreRaw: 85, statements: 3 });
    expect(must(results.rows[0]).lastActivityAt).not.toBeNull();
    expect(results.rows[1]).toEqual({
      user: { guid: beto.id, name: "Beto Blanco" },
      attempted: false,
      completion: null,
      success: null,
      scoreScaled: null,
      scoreRaw: null,
      statements: 0,
      lastActivityAt: null,
    });
    // Co-teachers see them too.
    expect((await itemResults(coteacher, "scorm", scormItem)).rows).toHaveLength(2);
  });

  it("shows one learner's statements newest first, in the reader's language, with the package's interactions", async () => {
    const mine = await individual(teacher, "scorm", scormItem, ana.id, "es-ES,es;q=0.9");
    expect(mine.user).toEqual({ guid: ana.id, name: "Ana Alba" });
    expect(mine.summary).toMatchObject({ attempted: true, success: "passed" });
    expect(mine.statements.map((s) => s.verb)).toEqual(["terminó", "aprobó", "intentó"]);
    expect(mine.statements[1]).toMatchObject({ verbId: "http://adlnet.gov/expapi/verbs/passed", object: "Paquete SCORM", result: { success: true, scoreRaw: 85 } });
    expect(mine.interactions).toEqual([{ id: "q1", type: "choice", response: "b", result: "correct", correct: "b" }]);
    const english = await individual(teacher, "scorm", scormItem, ana.id, "en");
    expect(english.statements.map((s) => s.verb)).toEqual(["terminated", "passed", "attempted"]);
  });
});

describe("xAPI launches and results", () => {
  it("launches with endpoint, Basic auth, actor and registration, and keeps the registration for resuming", async () => {
    const { result, url, params } = await launchXapi(ana);
    expect(url.pathname).toMatch(new RegExp(`^/content-files/${xapiContent}\\.\\d+\\.[\\w-]+/package/story\\.html$`));
    expect(params.get("endpoint")).toBe(`${t.app.ctx.publicUrl}/api/lrs/`);
    expect(params.get("auth")).toMatch(/^Basic [A-Za-z0-9+/=]+$/);
    expect(JSON.parse(must(params.get("actor")))).toEqual({ objectType: "Agent", name: "Ana Alba", account: { homePage: t.app.ctx.publicUrl, name: ana.id } });
    expect(params.get("registration")).toBe(result.registration);
    expect(params.get("activity_id")).toBe(ACTIVITY);
    expect(Date.parse(result.expiresAt) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    const again = await launchXapi(ana);
    expect(again.result.registration).toBe(result.registration);
    expect(again.params.get("auth")).not.toBe(params.get("auth"));
    // Another learner gets their own registration.
    expect((await launchXapi(beto)).result.registration).not.toBe(result.registration);
  });

  it("refuses launches of other contents and by outsiders", async () => {
    const asAna = await bearer(t.app, ana);
    const wrong = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: asAna, payload: { courseGuid: courseId, contentGuid: scormContent } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ error: { key: "ACTIVITY_NOT_AVAILABLE" } });
    const outside = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: await bearer(t.app, outsider), payload: { courseGuid: courseId, contentGuid: xapiContent } });
    expect(outside.statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: asAna, payload: { courseGuid: courseId } })).statusCode).toBe(400);
  });

  it("takes the package's statements with the launch credential and shows them in the results", async () => {
    const { params } = await launchXapi(ana);
    const actor = JSON.parse(must(params.get("actor"))) as Record<string, unknown>;
    const registration = must(params.get("registration"));
    const context = { registration, contextActivities: { parent: [{ id: ACTIVITY }] } };
    const answered = {
      id: crypto.randomUUID(),
      actor,
      verb: { id: "http://adlnet.gov/expapi/verbs/answered", display: { "en-US": "answered", es: "respondió" } },
      object: {
        id: `${ACTIVITY}/question-1`,
        definition: {
          name: { "en-US": "Question 1", es: "Pregunta 1" },
          type: "http://adlnet.gov/expapi/activities/cmi.interaction",
          interactionType: "choice",
          correctResponsesPattern: ["par"],
          choices: [{ id: "par", description: { "en-US": "Par" } }, { id: "birdie", description: { "en-US": "Birdie" } }],
        },
      },
      result: { success: false, response: "birdie" },
      context,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    };
    const completed = {
      id: crypto.randomUUID(),
      actor,
      verb: { id: "http://adlnet.gov/expapi/verbs/completed", display: { "en-US": "completed" } },
      object: { id: ACTIVITY, definition: { name: { "en-US": "Golf Example" } } },
      result: { completion: true, success: true, score: { scaled: 0.75, raw: 3, min: 0, max: 4 }, duration: "PT4M" },
      context: { registration },
      timestamp: new Date().toISOString(),
    };
    const lrs = (payload: unknown, auth = must(params.get("auth"))) =>
      t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { authorization: auth, "x-experience-api-version": "1.0.3" }, payload: payload as object });
    const stored = await lrs([answered, completed]);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual([answered.id, completed.id]);
    // The credential is the learner's: statements about someone else are refused.
    const forged = await lrs({ ...completed, id: crypto.randomUUID(), actor: { objectType: "Agent", account: { homePage: t.app.ctx.publicUrl, name: beto.id } } });
    expect(forged.statusCode).toBe(403);

    const results = await itemResults(teacher, "xapi", xapiItem);
    expect(results).toMatchObject({ title: "Golf (xAPI)", kind: "xapi" });
    expect(results.rows.map((r) => r.user.guid)).toEqual([ana.id, beto.id]);
    expect(results.rows[0]).toMatchObject({ attempted: true, completion: "completed", success: "passed", scoreScaled: 0.75, scoreRaw: 3, statements: 2 });
    expect(results.rows[1]).toMatchObject({ attempted: false, statements: 0 });

    const mine = await individual(ana, "xapi", xapiItem, ana.id, "es");
    expect(mine.statements.map((s) => s.id)).toEqual([completed.id, answered.id]);
    expect(mine.statements.map((s) => s.verb)).toEqual(["completed", "respondió"]);
    expect(mine.statements[1]).toMatchObject({ object: "Pregunta 1", result: { success: false, response: "birdie" } });
    expect(mine.interactions).toEqual([{ id: `${ACTIVITY}/question-1`, type: "choice", response: "birdie", result: "incorrect", correct: "par" }]);
  });
});

describe("who may read results", () => {
  it("lets a student read only their own individual results", async () => {
    expect((await get(ana, `/api/front/results/xapi/${xapiItem}`)).statusCode).toBe(403);
    expect((await get(ana, `/api/front/results/scorm/${scormItem}`)).statusCode).toBe(403);
    expect((await get(ana, `/api/front/results/scorm/${scormItem}/users/${beto.id}`)).statusCode).toBe(404);
    expect((await get(beto, `/api/front/results/scorm/${scormItem}/users/${ana.id}`)).statusCode).toBe(404);
    const own = await individual(beto, "scorm", scormItem, beto.id);
    expect(own.summary).toMatchObject({ attempted: false, statements: 0 });
    expect(own.statements).toEqual([]);
    // A draft item does not exist for students.
    expect((await get(ana, `/api/front/results/xapi/${draftItem}/users/${ana.id}`)).statusCode).toBe(404);
  });

  it("answers 404 to non-members, other editions, unknown users and the wrong kind", async () => {
    expect((await get(outsider, `/api/front/results/scorm/${scormItem}`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/front/results/scorm/${scormItem}/users/${outsider.id}`)).statusCode).toBe(404);
    const stranger = await buildUser(db(), (await buildTenant(db())).id, { role: "teacher" });
    expect((await get(stranger, `/api/front/results/scorm/${scormItem}`)).statusCode).toBe(404);
    expect((await get(teacher, `/api/front/results/scorm/${scormItem}/users/${outsider.id}`)).statusCode).toBe(404);
    expect((await get(teacher, `/api/front/results/scorm/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const wrongKind = await get(teacher, `/api/front/results/xapi/${scormItem}`);
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toMatchObject({ error: { key: "ACTIVITY_NOT_AVAILABLE" } });
    expect((await get(teacher, "/api/front/results/scorm/not-a-guid")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/front/results/scorm/${scormItem}` })).statusCode).toBe(401);
  });
});
