process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { AnalyticsClassesResponseSchema, ClassAnalyticsResponseSchema, KcEvidenceResponseSchema, type ClassAnalytics } from "../../src/contracts/analytics";
import { courseLessonStates, coursePublications, disciplines, knowledgeComponents, lessons, publications, units } from "../../src/server/db/schema";
import { analyticsCsv, BOM, csvCell, csvFileName, toCsv } from "../../src/server/modules/analytics/csv";
import { alertTypesOf, endsInFailures, lessonStatusOf } from "../../src/server/modules/analytics/rules";
import { applyAnswers } from "../../src/server/modules/learning/service";
import type { Clock } from "../../src/server/platform/clock";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

/*
 * Teacher analytics (issue 15, ADR 0036) over HTTP on a real database: who may read it, and, for a
 * Maths class whose students' answers went through the learner model, the statuses, alerts,
 * diagnostics and export worked out by hand from BKT's default parameters (prior 0.2, learn 0.15,
 * guess 0.2, slip 0.1):
 *
 *   RRR 0.977351 (mastered)  R 0.6  WWW 0.171523  RWWW 0.174242  WWR 0.560776  RRRRWWW 0.482765
 *
 * Class: Ana Alonso (A), Bruno Blanco (B), Carla Castro (C) and a student with no answers (D).
 * KCs in program order: K1 K2 (lesson L1), K3 (L2), K4 K5 (L3, hidden by the class), K6 (L4), K7 (L5).
 *
 *        K1     K2     K3          K4        K5        K6    K7
 *   A    RRR    R      RRR                             RRR
 *   B    WWW    RWWW   RRR (old)   RRRRWWW   WWW       R
 *   C    WWR    WWW    RRR (old)   WWW       RRRRWWW   RRR
 *
 * "Old": answered 400 days ago, so their recall is long below 0.7 (review needed); every other
 * answer was given in the last hour.
 */

const NOW = new Date("2027-01-18T10:00:00.000Z");
const clock: Clock = { now: () => new Date(NOW) };
const DAY = 86_400_000;

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing value");
  return v;
};
const get = async (who: Person, url: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: await bearer(t.app, who) });
const errorKey = (res: { json: <T>() => T }) => res.json<{ error: { key: string } }>().error.key;

let tenantId: string;
let teacher: Person;
let coteacher: Person;
let otherTeacher: Person;
let admin: Person;
const students: Record<"A" | "B" | "C" | "D", Person> = {} as Record<"A" | "B" | "C" | "D", Person>;
let mathsId: string;
let languageId: string;
let historyId: string;
let noSubjectId: string;
let lessonIds: string[];
const K = (n: number) => `MAT.T.K${n}`;

async function disciplineId(code: string): Promise<string> {
  const [row] = await db().select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.code, code));
  return must(row).id;
}

/** The answers of one student on one KC: "R" right, "W" wrong, one minute apart, starting at `start`. */
async function answer(student: Person, kc: string, pattern: string, start: Date) {
  const answers = [...pattern].map((c, i) => ({ questionId: `${kc}-q${i}`, kcs: [kc], fraction: c === "R" ? 1 : 0, answeredAt: new Date(start.getTime() + i * 60_000) }));
  await applyAnswers(db(), { tenantId, userId: student.id, source: "practice", sourceId: `${kc}-${student.id}`, answers });
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher" });
  coteacher = await buildUser(db(), tenantId, { role: "coteacher" });
  otherTeacher = await buildUser(db(), tenantId, { role: "teacher" });
  admin = await buildUser(db(), tenantId, { role: "school_admin" });
  students.A = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alonso" });
  students.B = await buildUser(db(), tenantId, { role: "student", firstName: "Bruno", lastName: "Blanco" });
  students.C = await buildUser(db(), tenantId, { role: "student", firstName: "Carla", lastName: "Castro" });
  // A name a spreadsheet would run as a formula (the export must not let it).
  students.D = await buildUser(db(), tenantId, { role: "student", firstName: "=SUM(1,2)", lastName: "Díaz" });
  const members = [
    { userId: teacher.id, role: "teacher" as const },
    { userId: coteacher.id, role: "coteacher" as const },
    ...Object.values(students).map((s) => ({ userId: s.id, role: "student" as const })),
  ];
  mathsId = (await buildCourse(db(), tenantId, { name: "Matemáticas 1º ESO B", disciplineId: await disciplineId("math"), members })).id;
  languageId = (await buildCourse(db(), tenantId, { name: "Lengua 1º ESO B", disciplineId: await disciplineId("language"), members: [{ userId: teacher.id, role: "teacher" }] })).id;
  historyId = (await buildCourse(db(), tenantId, { name: "Historia 1º ESO B", disciplineId: await disciplineId("history"), members: [{ userId: teacher.id, role: "teacher" }] })).id;
  noSubjectId = (await buildCourse(db(), tenantId, { name: "Tutoría", members: [{ userId: teacher.id, role: "teacher" }] })).id;
  await buildCourse(db(), tenantId, { name: "Matemáticas archivada", disciplineId: await disciplineId("math"), archived: true, members: [{ userId: teacher.id, role: "teacher" }] });
  await buildCourse(db(), tenantId, { name: "Matemáticas de otro", disciplineId: await disciplineId("math"), members: [{ userId: otherTeacher.id, role: "teacher" }] });

  const [publication] = await db().insert(publications).values({ tenantId, title: "Matemáticas de prueba" }).returning();
  const publicationId = must(publication).id;
  const [unit] = await db().insert(units).values({ publicationId, title: "Unidad 1", order: 1 }).returning();
  const unitId = must(unit).id;
  const created = await db()
    .insert(lessons)
    .values([1, 2, 3, 4, 5].map((order) => ({ unitId, title: `Lección ${order}`, order })))
    .returning();
  lessonIds = [...created].sort((a, b) => a.order - b.order).map((l) => l.id);
  const L = (n: number) => must(lessonIds[n - 1]);
  await db().insert(coursePublications).values({ courseId: mathsId, publicationId });
  // The class hid lesson 3: it does not follow it.
  await db().insert(courseLessonStates).values({ courseId: mathsId, lessonId: L(3), publicationId, position: 3, hidden: true });
  const names = (es: string, en = es) => ({ es, ca: es, eu: es, en, pt: es });
  const lessonOf = [0, 1, 1, 2, 3, 3, 4, 5];
  await db()
    .insert(knowledgeComponents)
    .values(
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        tenantId,
        publicationId,
        code: K(n),
        names: n === 7 ? names("Decir \"hola\", luego -1", 'Say "hi", then -1') : n === 6 ? names("-Números negativos", "-Negative numbers") : names(`Destreza ${n}`, `Skill ${n}`),
        unitId,
        lessonIds: [L(must(lessonOf[n]))],
        position: n,
      })),
    );

  const fresh = new Date(NOW.getTime() - 60 * 60_000);
  const old = new Date(NOW.getTime() - 400 * DAY);
  const plan: Array<[keyof typeof students, number, string, Date]> = [
    ["A", 1, "RRR", fresh],
    ["A", 2, "R", fresh],
    ["A", 3, "RRR", fresh],
    ["A", 6, "RRR", fresh],
    ["B", 1, "WWW", fresh],
    ["B", 2, "RWWW", fresh],
    ["B", 3, "RRR", old],
    ["B", 4, "RRRRWWW", fresh],
    ["B", 5, "WWW", fresh],
    ["B", 6, "R", fresh],
    ["C", 1, "WWR", fresh],
    ["C", 2, "WWW", fresh],
    ["C", 3, "RRR", old],
    ["C", 4, "WWW", fresh],
    ["C", 5, "RRRRWWW", fresh],
    ["C", 6, "RRR", fresh],
  ];
  for (const [who, kc, pattern, start] of plan) await answer(students[who], K(kc), pattern, start);
}, 120_000);
afterAll(() => t.close());

const RRR = 0.977351;
const R = 0.6;
const WWW = 0.171523;
const RWWW = 0.174242;
const WWR = 0.560776;
const RRRRWWW = 0.482765;

describe("who may read analytics", () => {
  it("refuses students (403) on every endpoint, and leaves no class named", async () => {
    const D = students.D;
    for (const url of ["/front/analytics", `/front/analytics/${mathsId}`, `/front/analytics/${mathsId}/students/${students.A.id}/kcs/${K(1)}/evidence`, `/front/analytics/${mathsId}/export`]) {
      const res = await get(D, url);
      expect({ url, status: res.statusCode, key: errorKey(res) }).toEqual({ url, status: 403, key: "FORBIDDEN" });
    }
  });

  it("refuses a school admin (teachers alone see analytics)", async () => {
    expect((await get(admin, "/front/analytics")).statusCode).toBe(403);
    expect((await get(admin, `/front/analytics/${mathsId}`)).statusCode).toBe(403);
  });

  it("gives a teacher of another class, or of another edition, 404", async () => {
    expect((await get(otherTeacher, `/front/analytics/${mathsId}`)).statusCode).toBe(404);
    expect((await get(otherTeacher, `/front/analytics/${mathsId}/export`)).statusCode).toBe(404);
    const elsewhere = await buildUser(db(), (await buildTenant(db())).id, { role: "teacher" });
    const res = await get(elsewhere, `/front/analytics/${mathsId}`);
    expect([res.statusCode, errorKey(res)]).toEqual([404, "NOT_FOUND"]);
  });

  it("answers a class of another subject, or of none, with 409 ANALYTICS_NOT_AVAILABLE", async () => {
    for (const id of [historyId, noSubjectId]) {
      const res = await get(teacher, `/front/analytics/${id}`);
      expect([res.statusCode, errorKey(res)]).toEqual([409, "ANALYTICS_NOT_AVAILABLE"]);
    }
  });

  it("answers bad input with 400 VALIDATION_ERROR, never a 500", async () => {
    for (const url of [
      "/front/analytics/not-a-guid",
      `/front/analytics/${mathsId}/students/nope/kcs/${K(1)}/evidence`,
      `/front/analytics/${mathsId}/students/${students.A.id}/kcs/${"X".repeat(65)}/evidence`,
      `/front/analytics/${mathsId}/students/${students.A.id}/kcs/${K(1)}/evidence?pageSize=0`,
      `/front/analytics/${mathsId}/students/${students.A.id}/kcs/${K(1)}/evidence?offset=-1`,
      `/front/analytics/${mathsId}/export?lang=fr`,
    ]) {
      const res = await get(teacher, url);
      expect({ url, status: res.statusCode, key: errorKey(res) }).toEqual({ url, status: 400, key: "VALIDATION_ERROR" });
    }
  });

  it("lets a co-teacher read the class", async () => {
    expect((await get(coteacher, `/front/analytics/${mathsId}`)).statusCode).toBe(200);
  });
});

describe("GET /api/front/analytics", () => {
  it("lists the teacher's Maths and Language classes, not archived, with their state; the other subjects not at all", async () => {
    const res = await get(teacher, "/front/analytics");
    expect(res.statusCode).toBe(200);
    const items = AnalyticsClassesResponseSchema.parse(res.json()).data.items;
    expect(items.map((c) => [c.name, c.discipline])).toEqual([
      ["Lengua 1º ESO B", "language"],
      ["Matemáticas 1º ESO B", "math"],
    ]);
    expect(items[0]).toMatchObject({ guid: languageId, students: 0, kcs: 0, masteredShare: 0, alerts: 0, worstStatus: null, lessonStatuses: { on_track: 0, at_risk: 0, alert: 0 } });
    // 6 of the 4 × 7 student × KC pairs are mastered; 14 alerts (B: 2+2+1+1+2, C: 2+1+2+1).
    expect(items[1]).toMatchObject({ guid: mathsId, students: 4, kcs: 7, alerts: 14, worstStatus: "alert", lessonStatuses: { on_track: 1, at_risk: 1, alert: 1 } });
    expect(items[1]?.masteredShare).toBeCloseTo(6 / 28, 4);
    expect(AnalyticsClassesResponseSchema.parse((await get(otherTeacher, "/front/analytics")).json()).data.items.map((c) => c.name)).toEqual(["Matemáticas de otro"]);
  });
});

describe("GET /api/front/analytics/:guid", () => {
  let data: ClassAnalytics;
  const S = (who: keyof typeof students) => students[who].id;
  beforeAll(async () => {
    const res = await get(teacher, `/front/analytics/${mathsId}`);
    expect(res.statusCode).toBe(200);
    data = ClassAnalyticsResponseSchema.parse(res.json()).data;
  });

  it("gives the class, its students by last name and the same summary as the list", () => {
    expect(data.class).toEqual({ guid: mathsId, name: "Matemáticas 1º ESO B", discipline: "math", color: expect.any(String) });
    expect(data.generatedAt).toBe(NOW.toISOString());
    expect(data.students.map((s) => s.lastName)).toEqual(["Alonso", "Blanco", "Castro", "Díaz"]);
    expect(data.summary).toMatchObject({ students: 4, kcs: 7, alerts: 14, worstStatus: "alert", lessonStatuses: { on_track: 1, at_risk: 1, alert: 1 } });
  });

  it("rates each lesson the class follows: L1 alert (2 of 3 struggling), L2 at risk (2 of 3 to review), L4 on track, L5 not practised", () => {
    const [L1, L2, , L4, L5] = lessonIds;
    expect(data.lessons.map((l) => [l.guid, l.title, l.kcs, l.status, l.practised, l.struggling, l.reviewNeeded, l.alerts])).toEqual([
      [L1, "Lección 1", [K(1), K(2)], "alert", 3, 2, 0, 6],
      [L2, "Lección 2", [K(3)], "at_risk", 3, 0, 2, 2],
      [L4, "Lección 4", [K(6)], "on_track", 3, 0, 0, 0],
      [L5, "Lección 5", [K(7)], null, 0, 0, 0, 0],
    ]);
    // Mean over the students of their mean P(L) on the lesson's KCs they practised.
    expect(data.lessons[0]?.meanKnown).toBeCloseTo(((RRR + R) / 2 + (WWW + RWWW) / 2 + (WWR + WWW) / 2) / 3, 3);
    expect(data.lessons[1]?.meanKnown).toBeCloseTo(RRR, 3);
    expect(data.lessons[2]?.meanKnown).toBeCloseTo((RRR + R + RRR) / 3, 3);
    expect(data.lessons[3]?.meanKnown).toBeNull();
  });

  it("gives each KC the class's distribution and mean P(L) among those who practised it", () => {
    expect(data.kcs.map((k) => [k.code, k.counts.mastered, k.counts.in_progress, k.counts.not_started, k.reviewNeeded])).toEqual([
      [K(1), 1, 2, 1, 0],
      [K(2), 0, 3, 1, 0],
      [K(3), 3, 0, 1, 2],
      [K(4), 0, 2, 2, 0],
      [K(5), 0, 2, 2, 0],
      [K(6), 2, 1, 1, 0],
      [K(7), 0, 0, 4, 0],
    ]);
    const means = [(RRR + WWW + WWR) / 3, (R + RWWW + WWW) / 3, RRR, (RRRRWWW + WWW) / 2, (WWW + RRRRWWW) / 2, (RRR + R + RRR) / 3];
    means.forEach((m, i) => expect(data.kcs[i]?.meanKnown).toBeCloseTo(m, 3));
    expect(data.kcs[6]?.meanKnown).toBeNull();
    expect(data.kcs[1]?.alerts).toEqual({ low_mastery: 2, repeated_failures: 2, review_needed: 0 });
    expect(data.kcs[3]?.alerts).toEqual({ low_mastery: 1, repeated_failures: 2, review_needed: 0 });
  });

  it("gives every practised student × KC its state, P(L) and alerts (the heat map), and no cell for what was not started", () => {
    const cell = (who: keyof typeof students, kc: number) => data.cells.find((c) => c.student === S(who) && c.kc === K(kc));
    expect(data.cells).toHaveLength(16);
    expect(data.cells.some((c) => c.student === S("D"))).toBe(false);
    expect(cell("A", 1)).toMatchObject({ state: "mastered", answers: 3, correct: 3, reviewNeeded: false, alerts: [] });
    expect(cell("A", 1)?.known).toBeCloseTo(RRR, 4);
    expect(cell("A", 1)?.recall).toBeGreaterThan(0.9);
    expect(cell("B", 2)).toMatchObject({ state: "in_progress", answers: 4, correct: 1, alerts: ["low_mastery", "repeated_failures"] });
    expect(cell("B", 2)?.known).toBeCloseTo(RWWW, 4);
    // Mastered, but 400 days ago: the forgetting curve asks for a review.
    expect(cell("B", 3)).toMatchObject({ state: "mastered", reviewNeeded: true, alerts: ["review_needed"] });
    expect(cell("B", 3)?.recall).toBeLessThan(0.7);
    // Three wrong after four right: repeated failures, but P(L) 0.48 is not low mastery.
    expect(cell("B", 4)).toMatchObject({ answers: 7, correct: 4, alerts: ["repeated_failures"] });
    expect(cell("B", 4)?.known).toBeCloseTo(RRRRWWW, 4);
    // Wrong twice then right: no alert.
    expect(cell("C", 1)).toMatchObject({ state: "in_progress", alerts: [] });
    expect(cell("C", 1)?.known).toBeCloseTo(WWR, 4);
  });

  it("lists the alerts: the cells that raise one, with the numbers their reasons quote", () => {
    expect(data.cells.filter((c) => c.alerts.length > 0).map((c) => [c.student, c.kc, c.alerts])).toEqual([
      [S("B"), K(1), ["low_mastery", "repeated_failures"]],
      [S("B"), K(2), ["low_mastery", "repeated_failures"]],
      [S("B"), K(3), ["review_needed"]],
      [S("B"), K(4), ["repeated_failures"]],
      [S("B"), K(5), ["low_mastery", "repeated_failures"]],
      [S("C"), K(2), ["low_mastery", "repeated_failures"]],
      [S("C"), K(3), ["review_needed"]],
      [S("C"), K(4), ["low_mastery", "repeated_failures"]],
      [S("C"), K(5), ["repeated_failures"]],
    ]);
    const bK3 = must(data.cells.find((c) => c.student === S("B") && c.kc === K(3)));
    // Its last answer, 400 days ago (the third of three, a minute apart).
    expect(bK3.lastAnswerAt).toBe(new Date(NOW.getTime() - 400 * DAY + 2 * 60_000).toISOString());
    expect(bK3.recall).toBeLessThan(0.7);
  });

  it("recommends re-teaching K2, a group for K4 and K5, and a review of K3", () => {
    expect(data.diagnostics.reteach).toEqual([{ kc: K(2), practised: 3, lowMastery: 2, share: 0.6667, students: [S("B"), S("C")] }]);
    expect(data.diagnostics.groups).toEqual([{ kcs: [K(4), K(5)], students: [S("B"), S("C")] }]);
    expect(data.diagnostics.reviews).toEqual([{ kc: K(3), students: [S("B"), S("C")] }]);
  });
});

describe("GET /api/front/analytics/:guid/students/:studentGuid/kcs/:kc/evidence", () => {
  it("gives the answers behind an alert, newest first, each with P(L) before and after", async () => {
    const res = await get(teacher, `/front/analytics/${mathsId}/students/${students.B.id}/kcs/${K(2)}/evidence`);
    const page = KcEvidenceResponseSchema.parse(res.json()).data;
    // R W W W, newest first.
    expect(page.items.map((e) => [e.questionId, e.correct, e.source])).toEqual([
      [`${K(2)}-q3`, false, "practice"],
      [`${K(2)}-q2`, false, "practice"],
      [`${K(2)}-q1`, false, "practice"],
      [`${K(2)}-q0`, true, "practice"],
    ]);
    expect(page.items[3]?.knownBefore).toBeCloseTo(0.2, 4);
    expect(page.items[3]?.knownAfter).toBeCloseTo(R, 4);
    expect(page.items[0]?.knownAfter).toBeCloseTo(RWWW, 4);
    expect(page.items[0]?.answeredAt).toBe(new Date(NOW.getTime() - 60 * 60_000 + 3 * 60_000).toISOString());
    expect(page.mastery).toMatchObject({ state: "in_progress", answers: 4, correct: 1, reviewNeeded: false });
  });

  it("gives every answer behind one estimate, newest first, paged, with the student's standing", async () => {
    const url = `/front/analytics/${mathsId}/students/${students.B.id}/kcs/${encodeURIComponent(K(4))}/evidence?pageSize=5`;
    const res = await get(teacher, url);
    expect(res.statusCode).toBe(200);
    const page = KcEvidenceResponseSchema.parse(res.json()).data;
    expect(page.student).toEqual({ guid: students.B.id, firstName: "Bruno", lastName: "Blanco" });
    expect(page.kc.code).toBe(K(4));
    expect(page.mastery).toMatchObject({ state: "in_progress", answers: 7, correct: 4 });
    expect(page.mastery.known).toBeCloseTo(RRRRWWW, 4);
    expect([page.total, page.offset, page.pageSize, page.items.length]).toEqual([7, 0, 5, 5]);
    const rest = KcEvidenceResponseSchema.parse((await get(teacher, `${url}&offset=5`)).json()).data;
    expect(rest.items.map((e) => [e.questionId, e.correct])).toEqual([
      [`${K(4)}-q1`, true],
      [`${K(4)}-q0`, true],
    ]);
    // The chain of estimates: each answer starts where the one before it ended.
    const all = [...page.items, ...rest.items].reverse();
    for (let i = 1; i < all.length; i++) expect(all[i]?.knownBefore).toBeCloseTo(all[i - 1]?.knownAfter ?? NaN, 4);
  });

  it("gives a not-started KC an empty history, and 404 for a student or a KC that is not the class's", async () => {
    const empty = KcEvidenceResponseSchema.parse((await get(teacher, `/front/analytics/${mathsId}/students/${students.D.id}/kcs/${K(7)}/evidence`)).json()).data;
    expect(empty.mastery.state).toBe("not_started");
    expect([empty.total, empty.items]).toEqual([0, []]);
    expect((await get(teacher, `/front/analytics/${mathsId}/students/${teacher.id}/kcs/${K(1)}/evidence`)).statusCode).toBe(404);
    expect((await get(teacher, `/front/analytics/${mathsId}/students/${students.A.id}/kcs/LEN.NOT.HERE/evidence`)).statusCode).toBe(404);
  });
});

describe("GET /api/front/analytics/:guid/export", () => {
  it("downloads every student × KC as UTF-8 CSV with a BOM, quoted, with no cell a spreadsheet would run", async () => {
    const res = await get(teacher, `/front/analytics/${mathsId}/export?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="analytics-matematicas-1-eso-b-2027-01-18.csv"');
    const body = res.rawPayload.toString("utf8");
    expect(body.startsWith(BOM)).toBe(true);
    const lines = body.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe("Student,KC code,KC name,State,P(L),Answers,Correct,Recall,Review needed");
    expect(lines).toHaveLength(1 + 4 * 7 + 1);
    const row = (i: number) => must(lines[i]).split(",");
    // Ana Alonso, K1: mastered after three right answers, just practised.
    expect(row(1).slice(0, 7)).toEqual(["Ana Alonso", K(1), "Skill 1", "Mastered", RRR.toFixed(4), "3", "3"]);
    expect(Number(row(1)[7])).toBeGreaterThan(0.9);
    expect(row(1)[7]).toMatch(/^\d\.\d{4}$/);
    expect(row(1)[8]).toBe("No");
    // Bruno Blanco, K3: mastered long ago, to review.
    expect(row(7 + 3).slice(0, 7)).toEqual(["Bruno Blanco", K(3), "Skill 3", "Mastered", RRR.toFixed(4), "3", "3"]);
    expect(row(7 + 3)[8]).toBe("Yes");
    // Quotes doubled, a leading minus neutralised.
    expect(lines[6]).toBe(`Ana Alonso,${K(6)},'-Negative numbers,Mastered,${RRR.toFixed(4)},3,3,${must(row(6)[7])},No`);
    expect(lines[7]).toBe(`Ana Alonso,${K(7)},"Say ""hi"", then -1",Not started,,0,0,,No`);
    // The student whose name starts with "=": an apostrophe first, and quoted for its comma.
    expect(lines[22]).toBe(`"'=SUM(1,2) Díaz",${K(1)},Skill 1,Not started,,0,0,,No`);
  });

  it("speaks the product's default language (Spanish) when no language is asked", async () => {
    const res = await get(teacher, `/front/analytics/${mathsId}/export`);
    const lines = res.rawPayload.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe("Estudiante,Código del KC,Nombre del KC,Estado,P(L),Respuestas,Correctas,Recuerdo,Necesita repaso");
    expect(lines[1]?.split(",").slice(0, 4)).toEqual(["Ana Alonso", K(1), "Destreza 1", "Dominado"]);
    expect(res.headers["content-disposition"]).toContain('filename="analitica-matematicas-1-eso-b-2027-01-18.csv"');
  });
});

describe("the rules, one by one", () => {
  const mastery = (known: number, answers: number, reviewNeeded = false) => ({ state: "in_progress" as const, known, answers, correct: 0, recall: 0.9, reviewNeeded, nextReviewAt: null });
  const wrong = { correct: false };
  const right = { correct: true };

  it("raises low mastery from three answers below 0.4, repeated failures on the last three wrong, review needed from the learner model", () => {
    expect(alertTypesOf(mastery(0.39, 3), false)).toEqual(["low_mastery"]);
    expect(alertTypesOf(mastery(0.39, 2), false)).toEqual([]);
    expect(alertTypesOf(mastery(0.4, 5), false)).toEqual([]);
    expect(alertTypesOf(mastery(0.5, 4), true)).toEqual(["repeated_failures"]);
    expect(alertTypesOf(mastery(0.99, 4, true), false)).toEqual(["review_needed"]);
    expect(alertTypesOf(mastery(0.1, 6, true), true)).toEqual(["low_mastery", "repeated_failures", "review_needed"]);
    // Newest first: the last three wrong, whatever came before; two wrong answers are not a run of three.
    expect(endsInFailures([wrong, wrong, wrong, right])).toBe(true);
    expect(endsInFailures([wrong, wrong, right, wrong])).toBe(false);
    expect(endsInFailures([wrong, wrong])).toBe(false);
  });

  it("rates a lesson by the share struggling, the mean P(L) and the share to review", () => {
    expect(lessonStatusOf({ practised: 0, struggling: 0, reviewNeeded: 0, meanKnown: null })).toBeNull();
    expect(lessonStatusOf({ practised: 10, struggling: 3, reviewNeeded: 0, meanKnown: 0.9 })).toBe("alert");
    expect(lessonStatusOf({ practised: 10, struggling: 0, reviewNeeded: 0, meanKnown: 0.39 })).toBe("alert");
    expect(lessonStatusOf({ practised: 20, struggling: 3, reviewNeeded: 0, meanKnown: 0.9 })).toBe("at_risk");
    expect(lessonStatusOf({ practised: 10, struggling: 0, reviewNeeded: 0, meanKnown: 0.59 })).toBe("at_risk");
    // Forgetting alone never makes a lesson alert.
    expect(lessonStatusOf({ practised: 10, struggling: 0, reviewNeeded: 10, meanKnown: 0.95 })).toBe("at_risk");
    expect(lessonStatusOf({ practised: 10, struggling: 1, reviewNeeded: 2, meanKnown: 0.6 })).toBe("on_track");
  });

  it("writes CSV cells safely: formulas neutralised, quotes doubled, line breaks kept inside quotes", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "\"'\rx\""]);
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(-1)).toBe("-1");
    expect(toCsv([["a", "b"]])).toBe(`${BOM}a,b\r\n`);
    expect(analyticsCsv([], "pt").split("\r\n")[0]).toBe(`${BOM}Estudante,Código do KC,Nome do KC,Estado,P(L),Respostas,Corretas,Retenção,Precisa de revisão`);
    expect(csvFileName("Llengua 1r ESO · Grup A", "ca", NOW)).toBe("analitica-llengua-1r-eso-grup-a-2027-01-18.csv");
  });
});
