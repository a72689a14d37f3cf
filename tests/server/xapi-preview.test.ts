process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { XapiLaunchResultSchema } from "../../src/contracts/records";
import { coursePublications, lessonItems, lessons, lrsCredentials, publications, units, xapiStatements } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent, buildCourse, buildTenant, buildUser } from "../support/factories";

/*
 * POST /api/xapi/launch for a class's teacher or co-teacher is a preview (ADR 0023): the package
 * runs against /api/lrs-preview/, which validates statements like the record store and keeps
 * nothing, so a teacher looking at an activity is never recorded as one of its learners.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;
let tenantId: string;
let teacher: Person;
let coteacher: Person;
let student: Person;
let courseId: string;
let contentId: string;
const ACTIVITY = "https://example.test/activities/preview-golf";

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  coteacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Cole", lastName: "Ga" });
  student = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alba", dateOfBirth: "2012-01-01" });
  courseId = (
    await buildCourse(db(), tenantId, {
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: coteacher.id, role: "coteacher" },
        { userId: student.id, role: "student" },
      ],
    })
  ).id;
  contentId = (
    await buildContent(db(), tenantId, "Golf", {
      type: "CTTY_17",
      url: null,
      storageKey: "contents/x/package",
      data: { packageKind: "xapi", launchPath: "story.html", activityId: ACTIVITY },
    })
  ).id;
  // Placed in a published lesson item, so the class's students may run it too.
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  if (!publication) throw new Error("publication not inserted");
  const [unit] = await db().insert(units).values({ publicationId: publication.id, title: "Unidad", order: 1 }).returning();
  if (!unit) throw new Error("unit not inserted");
  const [lesson] = await db().insert(lessons).values({ unitId: unit.id, title: "Lección", order: 1 }).returning();
  if (!lesson) throw new Error("lesson not inserted");
  await db().insert(coursePublications).values({ courseId, publicationId: publication.id });
  await db().insert(lessonItems).values({ tenantId, courseId, lessonId: lesson.id, contentId, position: 0 });
}, 180_000);
afterAll(() => t.close());

async function launch(who: Person) {
  const res = await t.app.inject({ method: "POST", url: "/api/xapi/launch", headers: await bearer(t.app, who), payload: { courseGuid: courseId, contentGuid: contentId } });
  expect(res.statusCode).toBe(200);
  const result = XapiLaunchResultSchema.parse(res.json<{ data: unknown }>().data);
  const params = new URL(result.launchUrl, "http://host.test").searchParams;
  return { result, params, auth: params.get("auth") ?? "", endpoint: params.get("endpoint") ?? "" };
}

const statementBy = (actor: unknown, registration: string) => ({
  id: crypto.randomUUID(),
  actor,
  verb: { id: "http://adlnet.gov/expapi/verbs/completed", display: { "en-US": "completed" } },
  object: { id: ACTIVITY, definition: { name: { "en-US": "Golf" } } },
  result: { completion: true, success: true, score: { scaled: 0.9 } },
  context: { registration },
});

const xapi = { "x-experience-api-version": "1.0.3" };
const storedFor = async (userId: string) =>
  db().select({ id: xapiStatements.id }).from(xapiStatements).where(and(eq(xapiStatements.tenantId, tenantId), eq(xapiStatements.actorUserId, userId)));
const credentialsOf = async (userId: string) => db().select({ id: lrsCredentials.id }).from(lrsCredentials).where(eq(lrsCredentials.userId, userId));

describe("POST /api/xapi/launch by a class's teacher", () => {
  it("launches a preview: the preview endpoint, a fresh registration each time, no credential kept", async () => {
    const first = await launch(teacher);
    expect(first.result.preview).toBe(true);
    expect(first.endpoint).toBe(`${t.app.ctx.publicUrl}/api/lrs-preview/`);
    expect(first.auth).toMatch(/^Basic [A-Za-z0-9+/=]+$/);
    expect(first.params.get("activity_id")).toBe(ACTIVITY);
    expect(JSON.parse(first.params.get("actor") ?? "null")).toMatchObject({ account: { name: teacher.id } });
    expect(Date.parse(first.result.expiresAt)).toBeGreaterThan(Date.now() + 7.9 * 3600_000);
    const again = await launch(teacher);
    expect(again.result.registration).not.toBe(first.result.registration);
    expect((await launch(coteacher)).result.preview).toBe(true);
    expect(await credentialsOf(teacher.id)).toHaveLength(0);
    expect(await credentialsOf(coteacher.id)).toHaveLength(0);
  });

  it("takes the package's statements, valid ones only, and stores none of them", async () => {
    const { params, auth, result } = await launch(teacher);
    const actor = JSON.parse(params.get("actor") ?? "null") as unknown;
    const statement = statementBy(actor, result.registration);
    const headers = { ...xapi, authorization: auth };

    const posted = await t.app.inject({ method: "POST", url: "/api/lrs-preview/statements", headers, payload: [statement, statementBy(actor, result.registration)] });
    expect(posted.statusCode).toBe(200);
    expect(posted.json<string[]>()[0]).toBe(statement.id);
    const put = await t.app.inject({ method: "PUT", url: `/api/lrs-preview/statements?statementId=${statement.id}`, headers, payload: statement });
    expect(put.statusCode).toBe(204);
    expect(posted.headers["access-control-allow-origin"]).toBe("*");

    const bad = await t.app.inject({ method: "POST", url: "/api/lrs-preview/statements", headers, payload: { ...statement, verb: { id: "not an iri" } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { key: "VALIDATION_ERROR" } });

    const read = await t.app.inject({ method: "GET", url: `/api/lrs-preview/statements?registration=${result.registration}`, headers });
    expect(read.json()).toEqual({ statements: [], more: "" });
    expect(await storedFor(teacher.id)).toHaveLength(0);
    expect(await db().select({ id: xapiStatements.id }).from(xapiStatements).where(eq(xapiStatements.tenantId, tenantId))).toHaveLength(0);

    // A package's saved state is taken and forgotten: the next read finds none.
    const state = `/api/lrs-preview/activities/state?activityId=${encodeURIComponent(ACTIVITY)}&agent=${encodeURIComponent(JSON.stringify(actor))}&stateId=resume`;
    expect((await t.app.inject({ method: "PUT", url: state, headers, payload: { page: 3 } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: state, headers })).statusCode).toBe(404);
  });

  it("refuses a forged preview credential, and the record store refuses the preview credential", async () => {
    const { auth, params, result } = await launch(teacher);
    const forged = `Basic ${Buffer.from(`preview:${contentId}.${Math.floor(Date.now() / 1000) + 3600}.forgedforgedforgedforgedforged12`).toString("base64")}`;
    const statement = statementBy(JSON.parse(params.get("actor") ?? "null"), result.registration);
    const refused = await t.app.inject({ method: "POST", url: "/api/lrs-preview/statements", headers: { ...xapi, authorization: forged }, payload: statement });
    expect(refused.statusCode).toBe(401);
    const none = await t.app.inject({ method: "POST", url: "/api/lrs-preview/statements", headers: xapi, payload: statement });
    expect(none.statusCode).toBe(401);
    const real = await t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...xapi, authorization: auth }, payload: statement });
    expect(real.statusCode).toBe(401);
    expect(await storedFor(teacher.id)).toHaveLength(0);
  });
});

describe("POST /api/xapi/launch by a student", () => {
  it("is a real launch: the record store, a credential of their own, and their statements are kept", async () => {
    const { result, params, auth, endpoint } = await launch(student);
    expect(result.preview).toBe(false);
    expect(endpoint).toBe(`${t.app.ctx.publicUrl}/api/lrs/`);
    expect(await credentialsOf(student.id)).toHaveLength(1);
    const statement = statementBy(JSON.parse(params.get("actor") ?? "null"), result.registration);
    const posted = await t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...xapi, authorization: auth }, payload: statement });
    expect(posted.statusCode).toBe(200);
    expect(await storedFor(student.id)).toHaveLength(1);
  });
});
