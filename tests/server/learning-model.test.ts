process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { ClassKcsResponseSchema } from "../../src/contracts/learning";
import { courseMembers, coursePublications, kcEvidence, kcStates, knowledgeComponents, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { DEFAULT_BKT, update } from "../../src/server/modules/learning/bkt";
import { applyAnswers } from "../../src/server/modules/learning/service";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * The learner model fed by answers (issue 15): a handed-in assessment updates the student's KC
 * estimates with BKT, one answer at a time in the order given, and a teacher's later grade adds its
 * answer; every change keeps its evidence; a replayed event changes nothing.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing value");
  return v;
};
const call = async (who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(await bearer(t.app, who)), ...headers }, ...(payload !== undefined ? { payload } : {}) });
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: unknown }>().data;
const settled = () => t.app.ctx.background.settled();

let tenantId: string;
let teacher: Person;
let student: Person;
let courseId: string;
let lessonId: string;
let publicationId: string;
let unitId: string;

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher" });
  student = await buildUser(db(), tenantId, { role: "student" });
  courseId = (await buildCourse(db(), tenantId, { members: [{ userId: teacher.id, role: "teacher" }, { userId: student.id, role: "student" }] })).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  lessonId = must(lesson).id;
  publicationId = must(publication).id;
  unitId = must(unit).id;
  await db().insert(coursePublications).values({ courseId, publicationId });
}, 120_000);
afterAll(() => t.close());

const X = "MAT.TEST.X";
const Y = "MAT.TEST.Y";
const stateOf = async (kc: string) => (await db().select().from(kcStates).where(and(eq(kcStates.userId, student.id), eq(kcStates.kc, kc))))[0];
const evidenceOf = (kc: string) =>
  db().select().from(kcEvidence).where(and(eq(kcEvidence.userId, student.id), eq(kcEvidence.kc, kc))).orderBy(kcEvidence.answeredAt, kcEvidence.id);

describe("a handed-in assessment", () => {
  it("moves each KC's estimate answer by answer, keeps the evidence, adds a teacher's later grade, and ignores replays", async () => {
    // Three questions: right on X, wrong on X and Y, and a written one on Y the teacher grades later.
    const created = await call(teacher, "POST", "/cms/assessments", { title: "Control", settings: { maxAttempts: 1 } });
    const assessment = (dataOf(created) as { guid: string }).guid;
    const plan = [
      { type: "QT_1" as const, kcs: [X], answer: QUESTION_FIXTURES.QT_1.right },
      { type: "QT_1" as const, kcs: [X, Y], answer: must(QUESTION_FIXTURES.QT_1.wrong) },
      { type: "QT_18" as const, kcs: [Y], answer: QUESTION_FIXTURES.QT_18.right },
    ];
    const ids: string[] = [];
    for (const q of plan) {
      const fixture = QUESTION_FIXTURES[q.type].question;
      const res = await call(teacher, "POST", `/cms/assessments/${assessment}/questions`, { type: q.type, question_data: JSON.stringify(fixture.data), prompt: fixture.prompt, points: 1, kcs: q.kcs });
      expect(res.statusCode).toBe(200);
      ids.push((dataOf(res) as { guid: string }).guid);
    }
    await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: assessment, position: 1 });
    const attempt = (dataOf(await call(student, "POST", `/front/assessments/${assessment}/attempts`, { courseGuid: courseId })) as { guid: string }).guid;
    for (const [i, q] of plan.entries()) {
      const res = await call(student, "PUT", `/front/attempts/${attempt}/answers/${must(ids[i])}`, { seq: 1, value: { type: q.type, answer: q.answer } }, { "idempotency-key": `learning-key-${i}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await call(student, "POST", `/front/attempts/${attempt}/submit`)).statusCode).toBe(200);
    await settled();

    // X: right, then wrong, from the prior. Y: wrong (the written answer waits for the teacher).
    const p = DEFAULT_BKT;
    const x1 = update(p.prior, true, p).after;
    const x2 = update(x1, false, p).after;
    expect(must(await stateOf(X))).toMatchObject({ answers: 2, correct: 1 });
    expect(must(await stateOf(X)).known).toBeCloseTo(x2, 12);
    expect((await evidenceOf(X)).map((e) => [e.questionId, e.correct, +e.knownBefore.toFixed(6), +e.knownAfter.toFixed(6)])).toEqual([
      [ids[0], true, +p.prior.toFixed(6), +x1.toFixed(6)],
      [ids[1], false, +x1.toFixed(6), +x2.toFixed(6)],
    ]);
    const y1 = update(p.prior, false, p).after;
    expect(must(await stateOf(Y))).toMatchObject({ answers: 1, correct: 0 });
    expect(must(await stateOf(Y)).known).toBeCloseTo(y1, 12);
    // The recall card: reviewed twice on X, with its next review ahead.
    expect(must(await stateOf(X)).card).toMatchObject({ reps: 2, state: expect.stringMatching(/review|relearning/) });

    // The teacher grades the written answer in full: Y learns from it, after the others.
    expect((await call(teacher, "PUT", `/front/attempts/${attempt}/answers/${must(ids[2])}/grade`, { score: 1, feedback: "" })).statusCode).toBe(200);
    await settled();
    const y2 = update(y1, true, p).after;
    expect(must(await stateOf(Y))).toMatchObject({ answers: 2, correct: 1 });
    expect(must(await stateOf(Y)).known).toBeCloseTo(y2, 12);

    // Replays of both events change nothing.
    const before = await db().select().from(kcStates).where(eq(kcStates.userId, student.id));
    t.app.ctx.events.emit("assessment.submitted", { tenantId, courseId, lessonItemId: "x", attemptId: attempt, userId: student.id, pendingGrading: 0 });
    t.app.ctx.events.emit("assessment.graded", { tenantId, courseId, lessonItemId: "x", attemptId: attempt, userId: student.id, actorId: teacher.id, pendingGrading: 0, questionId: must(ids[2]), feedback: false });
    await settled();
    expect(await db().select().from(kcStates).where(eq(kcStates.userId, student.id))).toEqual(before);
    expect(await evidenceOf(X)).toHaveLength(2);
    expect(await evidenceOf(Y)).toHaveLength(2);
  });
});

describe("applying answers", () => {
  it("applies the same answers once when two deliveries race, in the order they were given", async () => {
    const other = await buildUser(db(), tenantId, { role: "student" });
    const at = (min: number) => new Date(Date.UTC(2027, 0, 11, 9, min));
    const answers = [
      { questionId: "q2", kcs: ["K"], fraction: 0, answeredAt: at(2) },
      { questionId: "q1", kcs: ["K"], fraction: 1, answeredAt: at(1) },
      { questionId: "q3", kcs: ["K"], fraction: 1, answeredAt: at(3) },
    ];
    const run = () => applyAnswers(db(), { tenantId, userId: other.id, source: "practice", sourceId: "session-1", answers });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.map((r) => r.applied).sort()).toEqual([0, 0, 3]);
    const p = DEFAULT_BKT;
    const expected = [true, false, true].reduce((known, right) => update(known, right, p).after, p.prior);
    const [state] = await db().select().from(kcStates).where(eq(kcStates.userId, other.id));
    expect(must(state).known).toBeCloseTo(expected, 12);
    expect(must(state)).toMatchObject({ answers: 3, correct: 2 });
  });

  it("applies a term of practice handed in twenty answers at a time, each KC counting only its own", async () => {
    // (The cost per answer, <= 5 ms, is measured on a quiet machine by tests/perf/learner-model.ts.)
    const learner = await buildUser(db(), tenantId, { role: "student" });
    const answers = Array.from({ length: 200 }, (_, i) => ({ questionId: `q${i}`, kcs: [`K${i % 5}`], fraction: i % 3 === 0 ? 0 : 1, answeredAt: new Date(Date.UTC(2027, 0, 1) + i * 60_000) }));
    for (let i = 0; i < answers.length; i += 20) {
      expect((await applyAnswers(db(), { tenantId, userId: learner.id, source: "practice", sourceId: `s${i}`, answers: answers.slice(i, i + 20) })).applied).toBe(20);
    }
    const states = await db().select().from(kcStates).where(eq(kcStates.userId, learner.id)).orderBy(kcStates.kc);
    // K0 gets answers 0, 5, 10, ...; every answer whose number is a multiple of 3 is wrong.
    expect(states.map((s) => [s.kc, s.answers, s.correct])).toEqual([
      ["K0", 40, 26],
      ["K1", 40, 27],
      ["K2", 40, 27],
      ["K3", 40, 26],
      ["K4", 40, 27],
    ]);
  });
});

describe("GET /api/front/courses/:guid/kcs", () => {
  it("lists the class's KCs in program order; a student sees their own mastery and recall, a teacher none, an outsider nothing", async () => {
    const names = (es: string) => ({ es, ca: es, eu: es, en: es, pt: es });
    await db()
      .insert(knowledgeComponents)
      .values([
        { tenantId, publicationId, code: "MAT.MAP.B", names: names("Segundo"), unitId, lessonIds: [lessonId], position: 2 },
        { tenantId, publicationId, code: "MAT.MAP.A", names: names("Primero"), unitId, lessonIds: [lessonId], position: 1 },
      ]);
    const learner = await buildUser(db(), tenantId, { role: "student" });
    await db().insert(courseMembers).values({ courseId, userId: learner.id, role: "student" });
    const now = t.app.ctx.clock.now();
    const answers = [true, true, true].map((right, i) => ({ questionId: `q${i}`, kcs: ["MAT.MAP.A"], fraction: right ? 1 : 0, answeredAt: new Date(now.getTime() - (3 - i) * 60_000) }));
    await applyAnswers(db(), { tenantId, userId: learner.id, source: "practice", sourceId: "map-1", answers });

    const res = await call(learner, "GET", `/front/courses/${courseId}/kcs`);
    expect(res.statusCode).toBe(200);
    const items = ClassKcsResponseSchema.parse(res.json()).data.items.filter((k) => k.code.startsWith("MAT.MAP."));
    expect(items.map((k) => [k.code, k.names.es, k.unitGuid, k.lessonGuids])).toEqual([
      ["MAT.MAP.A", "Primero", unitId, [lessonId]],
      ["MAT.MAP.B", "Segundo", unitId, [lessonId]],
    ]);
    // Three right answers from the defaults: 0.977, mastered; just answered, so recalled.
    expect(items[0]?.mastery).toMatchObject({ state: "mastered", answers: 3, correct: 3, reviewNeeded: false });
    expect(items[0]?.mastery?.known).toBeCloseTo(0.977351, 5);
    expect(items[0]?.mastery?.recall).toBeGreaterThan(0.9);
    expect(Date.parse(items[0]?.mastery?.nextReviewAt ?? "")).toBeGreaterThan(now.getTime());
    expect(items[1]?.mastery).toEqual({ state: "not_started", known: 0, answers: 0, correct: 0, recall: 0, reviewNeeded: false, nextReviewAt: null });

    const asTeacher = ClassKcsResponseSchema.parse((await call(teacher, "GET", `/front/courses/${courseId}/kcs`)).json()).data.items;
    expect(asTeacher.filter((k) => k.code.startsWith("MAT.MAP.")).map((k) => k.mastery)).toEqual([null, null]);
    const outsider = await buildUser(db(), tenantId, { role: "student" });
    expect((await call(outsider, "GET", `/front/courses/${courseId}/kcs`)).statusCode).toBe(404);
  });
});
