process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import type { PracticeActivity, PracticeAssignment, PracticeSession, PracticeSessionItem, PracticeSummary, Recommendation } from "../../src/contracts/practice";
import type { Answer, QuestionType } from "../../src/contracts/questions";
import {
  assessmentClosures,
  assessmentQuestions,
  assessments,
  contents,
  coursePublications,
  kcEvidence,
  knowledgeComponents,
  lessonItems,
  lessons,
  practiceBank,
  publications,
  units,
  xapiStatements,
} from "../../src/server/db/schema";
import { insertQuestion } from "../../src/server/modules/assessments/questions-service";
import { applyAnswers } from "../../src/server/modules/learning/service";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { QUESTION_FIXTURES, rightAnswerValue, fixtureQuestion } from "../support/question-fixtures";

/*
 * Student practice (issue 15, ADR 0035) through the API: a session drawn from the class's bank for
 * a challenge (never an open assessment's item, easy items first for a KC not started), answered
 * with a hint and a second try, completed with mastery before and after; the learner model and the
 * record store hear of every finished activity once; recommendations follow the model; the
 * teacher's practice sets reach their students and show who did them.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing value");
  return v;
};
const call = async (who: Person, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: await bearer(t.app, who), ...(payload !== undefined ? { payload } : {}) });
const dataOf = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const settled = () => t.app.ctx.background.settled();

const X = "PRC.X";
const Y = "PRC.Y";
const Z = "PRC.Z";
const W = "PRC.W";

let tenantId: string;
let teacher: Person;
let student: Person;
let classmate: Person;
let outsider: Person;
let courseId: string;
let otherCourseId: string;
let lessonId: string;
/** Bank questions by KC, with their difficulty. */
const bank = new Map<string, Array<{ id: string; difficulty: number }>>();

/** A QT_1 (single choice) bank question on `kcs` at `difficulty`; its right choice is "p2m". */
async function bankQuestion(publicationId: string, kcs: string[], difficulty: number, type: QuestionType = "QT_1"): Promise<string> {
  const fixture = QUESTION_FIXTURES[type].question;
  const { row } = await insertQuestion(db(), { userId: teacher.id, tenantId, role: "teacher" }, {
    type,
    questionData: JSON.stringify(fixture.data),
    prompt: `${fixture.prompt} (${kcs.join("+")} d${difficulty})`,
    points: 1,
    kcs,
    media: [],
    feedback: { correct: "¡Bien!", incorrect: "Piensa en la torre Eiffel." },
  });
  await db().insert(practiceBank).values({ tenantId, publicationId, questionId: row.contentId, difficulty });
  for (const kc of kcs) bank.set(kc, [...(bank.get(kc) ?? []), { id: row.contentId, difficulty }]);
  return row.contentId;
}

const right = (): Answer => must(rightAnswerValue(fixtureQuestion("QT_1")));
const wrong = (): Answer => ({ type: "QT_1", answer: must(QUESTION_FIXTURES.QT_1.wrong) }) as Answer;

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher" });
  student = await buildUser(db(), tenantId, { role: "student" });
  classmate = await buildUser(db(), tenantId, { role: "student" });
  outsider = await buildUser(db(), tenantId, { role: "student" });
  courseId = (
    await buildCourse(db(), tenantId, {
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: student.id, role: "student" },
        { userId: classmate.id, role: "student" },
      ],
    })
  ).id;
  otherCourseId = (await buildCourse(db(), tenantId, { members: [{ userId: outsider.id, role: "student" }] })).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro de práctica" }).returning();
  const publicationId = must(publication).id;
  const [unit] = await db().insert(units).values({ publicationId, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  lessonId = must(lesson).id;
  await db().insert(coursePublications).values([{ courseId, publicationId }]);
  await db()
    .insert(knowledgeComponents)
    .values(
      [X, Y, Z, W].map((code, i) => ({ tenantId, publicationId, code, names: { es: `KC ${code}`, en: `KC ${code}` }, unitId: must(unit).id, lessonIds: [lessonId], position: i + 1 })),
    );
  for (const d of [3, 1, 2, 1, 2, 3, 2, 1]) await bankQuestion(publicationId, [X], d);
  for (const d of [1, 2, 3, 1, 2, 3]) await bankQuestion(publicationId, [Y], d);
  for (const d of [1, 2, 3]) await bankQuestion(publicationId, [Z], d);
  // W has no bank questions: it is never offered.
}, 120_000);
afterAll(() => t.close());

const generate = (who: Person, body: object) => call(who, "POST", "/front/practice/activities-generation", body);
const session = async (who: Person, id: string) => dataOf<PracticeSession>(await call(who, "GET", `/front/practice/sessions/${id}`));
const answer = (who: Person, sessionId: string, activityId: string, body: object) => call(who, "PUT", `/front/practice/sessions/${sessionId}/activities/${activityId}`, body);

describe("generating a session", () => {
  it("draws distinct bank questions of the KC, easy ones first for a KC not started, and never an open assessment's item", async () => {
    // One X question sits in an assessment the class has open: it must not be drawn.
    const [assessmentContent] = await db().insert(contents).values({ tenantId, type: "CTTY_18", title: "Control", createdBy: teacher.id }).returning();
    const assessmentId = must(assessmentContent).id;
    await db().insert(assessments).values({ contentId: assessmentId, tenantId, settings: { maxAttempts: 1 } as never });
    const held = must(bank.get(X)?.find((q) => q.difficulty === 1)).id;
    await db().insert(assessmentQuestions).values({ assessmentId, questionId: held, position: 1 });
    await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: assessmentId, position: 1 });

    const res = await generate(student, { courseGuid: courseId, challenge: "new", kcs: [X] });
    expect(res.statusCode).toBe(200);
    const { sessionId, activities } = dataOf<{ sessionId: string; activities: Array<{ exerciseId: string; activityInstanceId: string }> }>(res);
    expect(activities).toHaveLength(6);
    const ids = activities.map((a) => a.exerciseId);
    expect(new Set(ids).size).toBe(6);
    expect(ids).not.toContain(held);
    const difficulty = (id: string) => must(bank.get(X)?.find((q) => q.id === id)).difficulty;
    // Not started: target difficulty 1. The two easy X questions left come first, then the mediums.
    expect(ids.slice(0, 2).map(difficulty)).toEqual([1, 1]);
    expect(ids.slice(2, 5).map(difficulty)).toEqual([2, 2, 2]);

    const view = await session(student, sessionId);
    expect(view.state).toBe("not_started");
    expect(view.challenge).toBe("new");
    expect(view.kcs).toEqual([{ code: X, names: { es: `KC ${X}`, en: `KC ${X}` } }]);
    // The student's view carries no solution: no "correct" flags.
    expect(JSON.stringify(view.activities.map((a) => a.question))).not.toContain("correct");
    expect(view.activities.every((a) => a.state === "pending" && a.result === null && a.hint === null)).toBe(true);

    // Once the teacher closes the assessment, its question may be practised again.
    await db().insert(assessmentClosures).values({ assessmentId, courseId });
    const again = dataOf<{ activities: Array<{ exerciseId: string }> }>(await generate(student, { courseGuid: courseId, challenge: "mixed", kcs: [X] }));
    expect(again.activities.map((a) => a.exerciseId)).toContain(held);
  });

  it("interleaves the KCs of a mixed session", async () => {
    const { activities } = dataOf<{ activities: Array<{ exerciseId: string }> }>(await generate(student, { courseGuid: courseId, challenge: "mixed", kcs: [X, Y] }));
    expect(activities).toHaveLength(8);
    const kcOf = (id: string) => (bank.get(X)?.some((q) => q.id === id) ? X : Y);
    expect(activities.map((a) => kcOf(a.exerciseId))).toEqual([X, Y, X, Y, X, Y, X, Y]);
  });

  it("refuses teachers, KCs the class does not teach, KCs without questions, and bad input, with clear errors", async () => {
    expect((await generate(teacher, { courseGuid: courseId, challenge: "new", kcs: [X] })).statusCode).toBe(403);
    const foreign = await generate(student, { courseGuid: courseId, challenge: "new", kcs: ["OTHER.KC"] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { key: "PRACTICE_KC_NOT_IN_CLASS", details: { kcs: ["OTHER.KC"] } } });
    const empty = await generate(student, { courseGuid: courseId, challenge: "new", kcs: [W] });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ error: { key: "PRACTICE_NO_ACTIVITIES" } });
    expect((await generate(outsider, { courseGuid: courseId, challenge: "new", kcs: [X] })).statusCode).toBe(404);
    expect((await generate(student, { courseGuid: "not-a-guid", challenge: "new", kcs: [X] })).statusCode).toBe(400);
    expect((await generate(student, { courseGuid: courseId, challenge: "new", kcs: [] })).statusCode).toBe(400);
    expect((await generate(student, { courseGuid: courseId, challenge: "teacher", kcs: [X] })).statusCode).toBe(400);
  });
});

describe("answering and completing a session", () => {
  it("gives a hint after a wrong try, the solution after a second, feeds the model once, and summarises mastery before and after", async () => {
    const { sessionId, activities } = dataOf<{ sessionId: string; activities: Array<{ activityInstanceId: string }> }>(
      await generate(student, { courseGuid: courseId, challenge: "microtest", kcs: [Y] }),
    );
    expect(activities).toHaveLength(5);
    const [a1, a2, ...rest] = activities.map((a) => a.activityInstanceId);

    // Wrong, then the same try again (a retried request): a hint, one try counted.
    const first = await answer(student, sessionId, must(a1), { answer: wrong(), try: 1 });
    expect(first.statusCode).toBe(200);
    expect(dataOf<PracticeActivity>(first)).toMatchObject({ state: "retry", tries: 1, hint: "Piensa en la torre Eiffel.", result: null });
    expect(dataOf<PracticeActivity>(await answer(student, sessionId, must(a1), { answer: right(), try: 1 }))).toMatchObject({ state: "retry", tries: 1 });
    expect((await session(student, sessionId)).state).toBe("in_progress");
    // Wrong again: over, with the solution and the question's feedback.
    const second = dataOf<PracticeActivity>(await answer(student, sessionId, must(a1), { answer: wrong(), try: 2 }));
    expect(second).toMatchObject({ state: "wrong", tries: 2, hint: null, result: { correct: false, feedback: "Piensa en la torre Eiffel.", outcome: "scored" } });
    expect(JSON.stringify(second.result?.solution)).toContain('"correct":true');
    const late = await answer(student, sessionId, must(a1), { answer: right(), try: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { key: "PRACTICE_ACTIVITY_FINISHED" } });

    // Right at the second try: right for the student, not yet "known" for BKT.
    await answer(student, sessionId, must(a2), { answer: wrong(), try: 1 });
    expect(dataOf<PracticeActivity>(await answer(student, sessionId, must(a2), { answer: right(), try: 2 }))).toMatchObject({ state: "right", tries: 2, result: { correct: true, feedback: "¡Bien!" } });

    // A malformed answer loses nothing: 400, no try counted.
    const malformed = await answer(student, sessionId, must(rest[0]), { answer: { type: "QT_1", answer: { choiceId: 5 } }, try: 1 });
    expect(malformed.statusCode).toBe(400);
    const incomplete = await call(student, "POST", `/front/practice/sessions/${sessionId}/complete`);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json()).toMatchObject({ error: { key: "PRACTICE_SESSION_INCOMPLETE" } });
    for (const id of rest) expect(dataOf<PracticeActivity>(await answer(student, sessionId, id, { answer: right(), try: 1 })).state).toBe("right");
    // Another student cannot see or answer it.
    expect((await call(classmate, "GET", `/front/practice/sessions/${sessionId}`)).statusCode).toBe(404);
    expect((await answer(classmate, sessionId, must(rest[0]), { answer: right(), try: 5 })).statusCode).toBe(404);

    const completed = await call(student, "POST", `/front/practice/sessions/${sessionId}/complete`);
    expect(completed.statusCode).toBe(200);
    await settled();
    const summary = dataOf<PracticeSummary>(await call(student, "GET", `/front/practice/sessions/${sessionId}/summary`));
    expect(summary).toMatchObject({ activities: 5, right: 4, rightFirstTry: 3, complete: true, session: { state: "completed" } });
    const [kc] = summary.kcs;
    expect(kc).toMatchObject({ code: Y, answers: 5, right: 3, before: { known: 0.2, state: "not_started" } });
    // BKT by hand (prior 0.2, learn 0.15, guess 0.2, slip 0.1) over wrong, wrong (right only after a
    // hint), right, right, right: 0.176, 0.172, 0.561, 0.874, 0.974: mastered.
    expect(must(kc).after.known).toBeCloseTo(0.9736, 3);
    expect(must(kc).after.state).toBe("mastered");

    // Evidence once per activity, the second-try answer as not right; a second completion changes nothing.
    expect((await call(student, "POST", `/front/practice/sessions/${sessionId}/complete`)).statusCode).toBe(200);
    // A completed session takes no more answers; a retried request of a counted try still gets the activity.
    const afterwards = await answer(student, sessionId, must(a2), { answer: right(), try: 3 });
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json()).toMatchObject({ error: { key: "PRACTICE_SESSION_COMPLETED" } });
    expect(dataOf<PracticeActivity>(await answer(student, sessionId, must(a2), { answer: right(), try: 2 }))).toMatchObject({ state: "right", tries: 2 });
    t.app.ctx.events.emit("practice.answered", { tenantId, courseId, sessionId, activityId: must(a2), userId: student.id });
    await settled();
    const evidence = await db().select().from(kcEvidence).where(and(eq(kcEvidence.userId, student.id), eq(kcEvidence.sourceId, sessionId)));
    expect(evidence).toHaveLength(5);
    expect(evidence.filter((e) => e.correct)).toHaveLength(3);
    // The record store: one "answered" per activity and one "completed", with the KC as context.
    const statements = await db().select().from(xapiStatements).where(eq(xapiStatements.registration, sessionId));
    expect(statements.map((s) => s.verbId.split("/").pop()).sort()).toEqual(["answered", "answered", "answered", "answered", "answered", "completed"]);
    expect(JSON.stringify(statements[0]?.statement)).toContain(Y);
  });
});

describe("recommendations", () => {
  const cards = async (who: Person, query = `?courseGuid=${courseId}`) => dataOf<{ items: Recommendation[] }>(await call(who, "GET", `/front/practice/recommendations${query}`)).items;

  it("follow the model: review for slipping KCs, reinforcement for weak ones, the next new KC, and only KCs the bank can practise", async () => {
    const fresh = await cards(classmate);
    expect(fresh.map((c) => [c.type, c.kcs.map((k) => k.code)])).toEqual([["new", [X]]]);
    expect(fresh[0]?.titleIndex).toBeGreaterThanOrEqual(0);
    expect(fresh[0]?.titleIndex).toBeLessThan(12);

    const now = Date.now();
    const day = 86_400_000;
    // X: answered right long ago (forgotten by now); Y: three wrong answers (weak).
    await applyAnswers(db(), {
      tenantId,
      userId: classmate.id,
      source: "assessment",
      sourceId: "seeded",
      answers: [
        { questionId: "q1", kcs: [X], fraction: 1, answeredAt: new Date(now - 200 * day) },
        { questionId: "q2", kcs: [Y], fraction: 0, answeredAt: new Date(now - 120_000) },
        { questionId: "q3", kcs: [Y], fraction: 0, answeredAt: new Date(now - 60_000) },
      ],
    });
    const later = await cards(classmate);
    expect(later.map((c) => [c.type, c.kcs.map((k) => k.code)])).toEqual([
      ["review", [X]],
      ["microtest", [Y]],
      ["new", [Z]],
    ]);
    expect(must(later[0]?.recall)).toBeLessThan(0.7);
    expect(new Set(later.map((c) => c.titleIndex)).size).toBe(3);
    // Teachers get none; nor does anyone outside the class.
    expect(await cards(teacher)).toEqual([]);
    expect((await call(outsider, "GET", `/front/practice/recommendations?courseGuid=${courseId}`)).statusCode).toBe(404);
    // Home: across the student's classes.
    expect((await cards(classmate, "")).map((c) => c.type)).toEqual(["review", "microtest", "new"]);
  });

  it("offers to resume an unfinished session of the same challenge", async () => {
    const before = await cards(classmate);
    const review = must(before.find((c) => c.type === "review"));
    expect(review.sessionGuid).toBeNull();
    const { sessionId } = dataOf<{ sessionId: string }>(await generate(classmate, { courseGuid: courseId, challenge: "review", kcs: review.kcs.map((k) => k.code) }));
    expect((await cards(classmate)).find((c) => c.type === "review")?.sessionGuid).toBe(sessionId);
  });
});

describe("the teacher's practice sets", () => {
  it("reach the chosen students first, resume one session each, and show the teacher who did them", async () => {
    const bad = await call(teacher, "POST", `/front/courses/${courseId}/practice-assignments`, { kcs: [Z], studentGuids: [outsider.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { key: "TASK_STUDENT_NOT_IN_CLASS" } });
    expect((await call(student, "POST", `/front/courses/${courseId}/practice-assignments`, { kcs: [Z] })).statusCode).toBe(403);
    expect((await call(student, "GET", `/front/courses/${courseId}/practice-assignments`)).statusCode).toBe(403);

    const created = await call(teacher, "POST", `/front/courses/${courseId}/practice-assignments`, { kcs: [Z], studentGuids: [student.id], dueAt: "2030-01-15T09:00:00Z" });
    expect(created.statusCode).toBe(200);
    const set = dataOf<PracticeAssignment>(created);
    expect(set).toMatchObject({ wholeClass: false, dueAt: "2030-01-15T09:00:00.000Z", students: [{ guid: student.id, state: "not_started" }] });

    const mine = await dataOf<{ items: Recommendation[] }>(await call(student, "GET", `/front/practice/recommendations?courseGuid=${courseId}`)).items;
    expect(mine[0]).toMatchObject({ type: "teacher", kcs: [{ code: Z }], assignment: { guid: set.guid, dueAt: "2030-01-15T09:00:00.000Z" } });
    const theirs = await dataOf<{ items: Recommendation[] }>(await call(classmate, "GET", `/front/practice/recommendations?courseGuid=${courseId}`)).items;
    expect(theirs.some((c) => c.type === "teacher")).toBe(false);
    expect((await generate(classmate, { courseGuid: courseId, challenge: "teacher", assignmentGuid: set.guid })).statusCode).toBe(404);

    const start = dataOf<{ sessionId: string; activities: Array<{ activityInstanceId: string }> }>(await generate(student, { courseGuid: courseId, challenge: "teacher", assignmentGuid: set.guid }));
    const resumed = dataOf<{ sessionId: string }>(await generate(student, { courseGuid: courseId, challenge: "teacher", assignmentGuid: set.guid }));
    expect(resumed.sessionId).toBe(start.sessionId);
    expect(start.activities).toHaveLength(3);
    for (const a of start.activities) await answer(student, start.sessionId, a.activityInstanceId, { answer: right(), try: 1 });
    expect((await call(student, "POST", `/front/practice/sessions/${start.sessionId}/complete`)).statusCode).toBe(200);

    const list = dataOf<{ items: PracticeAssignment[] }>(await call(teacher, "GET", `/front/courses/${courseId}/practice-assignments`)).items;
    expect(list[0]?.students).toEqual([expect.objectContaining({ guid: student.id, state: "completed", right: 3, activities: 3 })]);
    const after = await dataOf<{ items: Recommendation[] }>(await call(student, "GET", `/front/practice/recommendations?courseGuid=${courseId}`)).items;
    expect(after.some((c) => c.type === "teacher")).toBe(false);

    expect((await call(teacher, "DELETE", `/front/courses/${courseId}/practice-assignments/${set.guid}`)).statusCode).toBe(204);
    expect((await call(teacher, "DELETE", `/front/courses/${courseId}/practice-assignments/${set.guid}`)).statusCode).toBe(404);
    expect((await call(teacher, "GET", `/front/courses/${otherCourseId}/practice-assignments`)).statusCode).toBe(404);
  });

  it("lists the student's sessions newest first", async () => {
    const items = dataOf<{ items: PracticeSessionItem[] }>(await call(student, "GET", "/front/practice/sessions")).items;
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items[0]?.state).toBe("completed");
    // Each with its class and its KCs' names (the teacher's set on Z is the newest).
    expect(items[0]).toMatchObject({ challenge: "teacher", course: { guid: courseId }, kcs: [{ code: Z, names: { es: `KC ${Z}`, en: `KC ${Z}` } }], right: 3 });
    expect(items.every((i) => i.course.guid === courseId && i.kcs.every((k) => k.names.es === `KC ${k.code}`))).toBe(true);
    expect(items.every((i) => i.activities > 0)).toBe(true);
  });
});
