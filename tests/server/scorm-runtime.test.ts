process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { ScormRuntimeSchema, type ScormRuntime } from "../../src/contracts/records";
import type { ContentData } from "../../src/contracts/lessons";
import { contents, courseMembers as courseMembersTable, coursePublications, kcEvidence, lessonItems, lessons, publications, scormAttempts, units, xapiStatements } from "../../src/server/db/schema";
import { cmiTimespan, isoDuration, mergeCmi, outcomeOf, parseScormTime } from "../../src/server/modules/records/scorm-cmi";
import { queryStatements } from "../../src/server/modules/records/xapi-service";
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
let student: Person;
let outsider: Person;
let courseId: string;
let otherCourseId: string;
let scorm12: string;
let scorm2004: string;
let pdf: string;
let tagged: string;

async function content(title: string, type: string, data: ContentData): Promise<string> {
  const [row] = await db()
    .insert(contents)
    .values({ tenantId, type, title, data, storageKey: "contents/x/package" })
    .returning({ id: contents.id });
  return must(row).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenant(db());
  tenantId = tenant.id;
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  student = await buildUser(db(), tenantId, { role: "student", firstName: "Sara", lastName: "Alumna", dateOfBirth: "2012-01-01" });
  outsider = await buildUser(db(), tenantId, { role: "student", firstName: "Otto", lastName: "Fuera", dateOfBirth: "2012-01-01" });
  const course = await buildCourse(db(), tenantId, {
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: student.id, role: "student" },
    ],
  });
  courseId = course.id;
  otherCourseId = (await buildCourse(db(), tenantId, { members: [{ userId: outsider.id, role: "student" }] })).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad 1", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección 1", order: 1 }).returning();
  await db().insert(coursePublications).values({ courseId, publicationId: must(publication).id });
  scorm12 = await content("Paquete 1.2", "CTTY_15", { packageKind: "scorm12", launchPath: "index.html" });
  scorm2004 = await content("Paquete 2004", "CTTY_15", { packageKind: "scorm2004", launchPath: "index.html" });
  pdf = await content("Un PDF", "CTTY_05", {});
  tagged = await content("Paquete con KCs", "CTTY_15", { packageKind: "scorm2004", launchPath: "index.html", kcs: ["SCO.KC.A", "SCO.KC.B"] });
  await db()
    .insert(lessonItems)
    .values(
      [scorm12, scorm2004, pdf, tagged].map((contentId, position) => ({ tenantId, courseId, lessonId: must(lesson).id, contentId, position, status: "published" })),
    );
}, 180_000);
afterAll(() => t.close());

const url = (contentId: string, course = courseId) => `/api/scorm/runtime/${course}/${contentId}`;

async function launch(who: Person, contentId: string): Promise<ScormRuntime> {
  const res = await t.app.inject({ method: "GET", url: url(contentId), headers: await bearer(t.app, who) });
  expect(res.statusCode).toBe(200);
  return ScormRuntimeSchema.parse(res.json<{ data: unknown }>().data);
}

async function commit(who: Person, contentId: string, body: unknown) {
  return t.app.inject({ method: "PUT", url: url(contentId), headers: await bearer(t.app, who), payload: body as Record<string, unknown> });
}

const attemptOf = async (userId: string, contentId: string) => {
  const [row] = await db()
    .select()
    .from(scormAttempts)
    .where(and(eq(scormAttempts.userId, userId), eq(scormAttempts.contentId, contentId), eq(scormAttempts.courseId, courseId)));
  return row;
};

describe("SCORM time and status helpers", () => {
  it("parse and format SCORM 1.2 timespans and ISO 8601 durations", () => {
    expect(parseScormTime("0001:02:03.50")).toBe(3723.5);
    expect(parseScormTime("00:00:30")).toBe(30);
    expect(parseScormTime("PT1H2M3.5S")).toBe(3723.5);
    expect(parseScormTime("P1DT1S")).toBe(86_401);
    expect(parseScormTime("PT")).toBeNull();
    expect(parseScormTime("ten minutes")).toBeNull();
    expect(cmiTimespan(3723.5)).toBe("0001:02:03.50");
    expect(isoDuration(3723.5)).toBe("PT1H2M3.5S");
    expect(isoDuration(0)).toBe("PT0S");
  });

  it("map SCORM 1.2 lesson_status to completion and success", () => {
    const status = (lesson_status: string) => outcomeOf("scorm12", { core: { lesson_status } });
    expect(status("passed")).toMatchObject({ completion: "completed", success: "passed" });
    expect(status("failed")).toMatchObject({ completion: "completed", success: "failed" });
    expect(status("completed")).toMatchObject({ completion: "completed", success: null });
    expect(status("incomplete")).toMatchObject({ completion: "incomplete", success: null });
    expect(status("browsed")).toMatchObject({ completion: "incomplete", success: null });
  });

  it("merge commits deeply, keep stored values for nulls and ignore private and prototype keys", () => {
    const merged = mergeCmi(
      { core: { lesson_location: "p1", score: { raw: "10" } }, _aula: { countedSeconds: 5 } },
      JSON.parse('{"core":{"score":{"raw":"20","max":null}},"suspend_data":"x","_aula":{"countedSeconds":0},"__proto__":{"polluted":true}}'),
    );
    expect(merged).toEqual({ core: { lesson_location: "p1", score: { raw: "20" } }, suspend_data: "x", _aula: { countedSeconds: 5 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("SCORM 1.2 runtime", () => {
  it("creates the attempt on the first launch, with the learner and a fresh entry", async () => {
    expect(await attemptOf(student.id, scorm12)).toBeUndefined();
    const runtime = await launch(student, scorm12);
    expect(runtime).toMatchObject({ version: "scorm12", completionStatus: null, successStatus: null, scoreRaw: null, learnerId: student.id, learnerName: "Alumna, Sara" });
    expect(runtime.cmi.core).toMatchObject({ student_id: student.id, student_name: "Alumna, Sara", entry: "ab-initio", total_time: "0000:00:00.00" });
    const attempt = await attemptOf(student.id, scorm12);
    expect(attempt).toMatchObject({ version: "scorm12", registration: runtime.registration });
    // A second launch keeps the same attempt.
    expect((await launch(student, scorm12)).registration).toBe(runtime.registration);
    const attempted = await queryStatements(db(), tenantId, { registration: runtime.registration });
    expect(attempted.map((s) => (s.verb as { id: string }).id)).toEqual(["http://adlnet.gov/expapi/verbs/attempted"]);
  });

  it("resumes with suspend_data and lesson_location, entry resume, while incomplete", async () => {
    const res = await commit(student, scorm12, {
      cmi: { suspend_data: "page=3;answers=abc", core: { lesson_location: "page-3", lesson_status: "incomplete", session_time: "00:01:00", exit: "suspend", score: { raw: "", min: "", max: "" } } },
    });
    expect(res.statusCode).toBe(200);
    const runtime = await launch(student, scorm12);
    expect(runtime.completionStatus).toBe("incomplete");
    expect(runtime.cmi.suspend_data).toBe("page=3;answers=abc");
    expect(runtime.cmi.core).toMatchObject({ lesson_location: "page-3", lesson_status: "incomplete", entry: "resume", total_time: "0000:01:00.00" });
    // Per-session, write-only elements are not handed back.
    expect(runtime.cmi.core).not.toHaveProperty("session_time");
    expect(runtime.cmi.core).not.toHaveProperty("exit");
    expect(runtime.cmi).not.toHaveProperty("_aula");
  });

  it("accumulates session time into total time: growth within a session, the whole session after a new launch", async () => {
    await launch(student, scorm12);
    expect((await commit(student, scorm12, { cmi: { core: { session_time: "00:00:30" } } })).statusCode).toBe(200);
    expect((await commit(student, scorm12, { cmi: { core: { session_time: "00:01:30" } } })).statusCode).toBe(200);
    expect((await attemptOf(student.id, scorm12))?.totalTime).toBe("0000:02:30.00");
    expect((await commit(student, scorm12, { cmi: { core: { session_time: "00:02:00" } }, terminated: true })).statusCode).toBe(200);
    expect((await attemptOf(student.id, scorm12))?.totalTime).toBe("0000:03:00.00");
    await launch(student, scorm12);
    await commit(student, scorm12, { cmi: { core: { session_time: "00:00:45" } } });
    expect((await attemptOf(student.id, scorm12))?.totalTime).toBe("0000:03:45.00");
  });

  it("stores completion and score and records a passed statement with the registration", async () => {
    const res = await commit(student, scorm12, {
      cmi: { core: { lesson_status: "passed", score: { raw: "85", min: "0", max: "100" }, session_time: "00:05:00" } },
      terminated: true,
    });
    expect(res.statusCode).toBe(200);
    const runtime = ScormRuntimeSchema.parse(res.json<{ data: unknown }>().data);
    expect(runtime).toMatchObject({ completionStatus: "completed", successStatus: "passed", scoreRaw: 85 });
    expect(await attemptOf(student.id, scorm12)).toMatchObject({ completionStatus: "completed", successStatus: "passed", scoreRaw: "85", scoreScaled: "0.85" });

    const rows = await db().select().from(xapiStatements).where(eq(xapiStatements.registration, runtime.registration));
    const passed = rows.find((r) => r.verbId === "http://adlnet.gov/expapi/verbs/passed");
    expect(passed).toBeDefined();
    expect(must(passed).activityId).toBe(`${t.app.ctx.publicUrl}/content/${scorm12}`);
    expect(must(passed).statement).toMatchObject({
      actor: { objectType: "Agent", name: "Sara Alumna", account: { homePage: t.app.ctx.publicUrl, name: student.id } },
      object: { id: `${t.app.ctx.publicUrl}/content/${scorm12}`, definition: { name: { und: "Paquete 1.2" } } },
      result: { completion: true, success: true, score: { scaled: 0.85, raw: 85, min: 0, max: 100 }, duration: "PT5M" },
      context: { registration: runtime.registration, contextActivities: { grouping: [{ id: `${t.app.ctx.publicUrl}/course/${courseId}` }] } },
      authority: { account: { homePage: t.app.ctx.publicUrl, name: "aula-platform" } },
    });
    expect(rows.some((r) => r.verbId === "http://adlnet.gov/expapi/verbs/terminated")).toBe(true);

    // Finished: the next launch starts ab-initio even though the location is kept.
    const next = await launch(student, scorm12);
    expect(next.cmi.core).toMatchObject({ entry: "ab-initio", lesson_location: "page-3", lesson_status: "passed" });

    // The same outcome again is no new passed statement.
    await commit(student, scorm12, { cmi: { core: { lesson_status: "passed", session_time: "00:00:10" } } });
    const again = await db().select().from(xapiStatements).where(and(eq(xapiStatements.registration, runtime.registration), eq(xapiStatements.verbId, "http://adlnet.gov/expapi/verbs/passed")));
    expect(again).toHaveLength(1);
  });

  it("refuses oversized suspend_data and malformed trees with 400 VALIDATION_ERROR", async () => {
    const tooLong = await commit(student, scorm12, { cmi: { suspend_data: "x".repeat(4097) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { key: "VALIDATION_ERROR", details: [{ field: "cmi.suspend_data" }] } });
    let deep: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 12; i++) deep = { nested: deep };
    expect((await commit(student, scorm12, { cmi: deep })).statusCode).toBe(400);
    expect((await commit(student, scorm12, { cmi: { "bad key!": "x" } })).statusCode).toBe(400);
    expect((await commit(student, scorm12, { cmi: "nope" })).statusCode).toBe(400);
    expect((await commit(student, scorm12, {})).statusCode).toBe(400);
    expect((await commit(student, scorm12, { cmi: { comments: "y".repeat(300 * 1024) } })).statusCode).toBe(400);
    // Nothing of it was stored.
    expect((await attemptOf(student.id, scorm12))?.cmi).not.toHaveProperty("comments");
  });
});

describe("SCORM 2004 runtime", () => {
  it("resumes location and suspend_data, maps statuses and allows 64000 characters of suspend_data", async () => {
    const first = await launch(student, scorm2004);
    expect(first.version).toBe("scorm2004");
    expect(first.cmi).toMatchObject({ learner_id: student.id, learner_name: "Alumna, Sara", entry: "ab-initio", total_time: "PT0S" });
    const data = "d".repeat(64_000);
    const res = await commit(student, scorm2004, {
      cmi: {
        location: "slide-7",
        suspend_data: data,
        completion_status: "incomplete",
        success_status: "unknown",
        session_time: "PT2M",
        interactions: { "0": { id: "q1", type: "choice", learner_response: "b", result: "correct", correct_responses: { "0": { pattern: "b" } } } },
      },
    });
    expect(res.statusCode).toBe(200);
    const runtime = await launch(student, scorm2004);
    expect(runtime.cmi).toMatchObject({ location: "slide-7", suspend_data: data, entry: "resume", total_time: "PT2M", completion_status: "incomplete" });
    expect(runtime).toMatchObject({ completionStatus: "incomplete", successStatus: null });

    const done = await commit(student, scorm2004, {
      cmi: { completion_status: "completed", success_status: "failed", score: { scaled: 0.4, raw: 4, min: 0, max: 10 }, session_time: "PT1M" },
    });
    expect(done.json()).toMatchObject({ data: { completionStatus: "completed", successStatus: "failed", scoreRaw: 4 } });
    const failed = await queryStatements(db(), tenantId, { registration: runtime.registration, verbId: "http://adlnet.gov/expapi/verbs/failed" });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ result: { completion: true, success: false, score: { scaled: 0.4, raw: 4 }, duration: "PT1M" } });

    const tooLong = await commit(student, scorm2004, { cmi: { suspend_data: "d".repeat(64_001) } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("who may run a SCORM package", () => {
  it("lets the class's teacher keep a preview attempt of their own", async () => {
    const runtime = await launch(teacher, scorm12);
    expect(runtime).toMatchObject({ learnerId: teacher.id, completionStatus: null });
    expect(await attemptOf(teacher.id, scorm12)).toBeDefined();
  });

  it("answers 404 to non-members, students of another class and other editions", async () => {
    const asOutsider = await bearer(t.app, outsider);
    expect((await t.app.inject({ method: "GET", url: url(scorm12), headers: asOutsider })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "PUT", url: url(scorm12), headers: asOutsider, payload: { cmi: {} } })).statusCode).toBe(404);
    // Through their own class, where the package is not placed.
    expect((await t.app.inject({ method: "GET", url: url(scorm12, otherCourseId), headers: asOutsider })).statusCode).toBe(404);
    const otherTenant = await buildTenant(db());
    const stranger = await buildUser(db(), otherTenant.id, { role: "teacher" });
    expect((await t.app.inject({ method: "GET", url: url(scorm12), headers: await bearer(t.app, stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: url(scorm12) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/scorm/runtime/${courseId}/not-a-guid`, headers: asOutsider })).statusCode).toBe(400);
  });

  it("answers 404 ACTIVITY_NOT_AVAILABLE for a content that is not a SCORM package", async () => {
    const res = await t.app.inject({ method: "GET", url: url(pdf), headers: await bearer(t.app, student) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { key: "ACTIVITY_NOT_AVAILABLE" } });
  });
});

describe("with scorm-again itself", () => {
  it("round-trips its commit CMI: what a session commits, the next launch's loadFromJSON resumes", async () => {
    type Scorm12 = typeof import("scorm-again/scorm12").default;
    // The CommonJS build (as jest loads it) sets `Scorm12API` on its exports.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require("scorm-again/scorm12") as { Scorm12API?: Scorm12; default?: Scorm12 };
    const Scorm12API = must(loaded.Scorm12API ?? loaded.default, "Scorm12API");
    const other = await buildUser(db(), tenantId, { role: "student", firstName: "Rita", lastName: "Ronda", dateOfBirth: "2012-01-01" });
    await db().insert(courseMembersTable).values({ courseId, userId: other.id, role: "student" });

    const first = new Scorm12API({ logLevel: 5, autocommit: false });
    first.loadFromJSON((await launch(other, scorm12)).cmi);
    first.LMSInitialize("");
    expect(first.LMSGetValue("cmi.core.entry")).toBe("ab-initio");
    first.LMSSetValue("cmi.core.lesson_location", "chapter-2");
    first.LMSSetValue("cmi.suspend_data", "visited=1,2");
    first.LMSSetValue("cmi.core.lesson_status", "incomplete");
    first.LMSSetValue("cmi.core.session_time", "00:02:00");
    first.LMSSetValue("cmi.core.exit", "suspend");
    const body = first.renderCommitCMI(true) as Record<string, unknown>;
    expect((await commit(other, scorm12, { ...body, terminated: true })).statusCode).toBe(200);

    const second = new Scorm12API({ logLevel: 5, autocommit: false });
    second.loadFromJSON((await launch(other, scorm12)).cmi);
    second.LMSInitialize("");
    expect(second.LMSGetValue("cmi.core.entry")).toBe("resume");
    expect(second.LMSGetValue("cmi.core.lesson_location")).toBe("chapter-2");
    expect(second.LMSGetValue("cmi.suspend_data")).toBe("visited=1,2");
    expect(second.LMSGetValue("cmi.core.student_id")).toBe(other.id);
    expect(parseScormTime(second.LMSGetValue("cmi.core.total_time"))).toBe(120);
  });
});

describe("a KC-tagged package", () => {
  it("is evidence for the learner model: the first score of an attempt, once, and only a student's", async () => {
    const evidence = () => db().select().from(kcEvidence).where(and(eq(kcEvidence.source, "record"), eq(kcEvidence.questionId, tagged))).orderBy(kcEvidence.kc);
    await launch(teacher, tagged);
    await commit(teacher, tagged, { cmi: { completion_status: "completed", success_status: "passed", score: { scaled: 1 } } });
    const runtime = await launch(student, tagged);
    await commit(student, tagged, { cmi: { completion_status: "incomplete", session_time: "PT1M" } });
    await t.app.ctx.background.settled();
    expect(await evidence()).toEqual([]);
    await commit(student, tagged, { cmi: { completion_status: "completed", success_status: "failed", score: { scaled: 0.4 }, session_time: "PT2M" } });
    await commit(student, tagged, { cmi: { success_status: "passed", score: { scaled: 0.9 } } });
    await t.app.ctx.background.settled();
    const rows = await evidence();
    expect(rows.map((r) => [r.kc, r.userId, r.sourceId, r.fraction, r.correct])).toEqual([
      ["SCO.KC.A", student.id, runtime.registration, 0.4, false],
      ["SCO.KC.B", student.id, runtime.registration, 0.4, false],
    ]);
  });
});
