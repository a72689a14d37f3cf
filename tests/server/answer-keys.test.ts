process.env.LOG_LEVEL = "silent";
import type { AssessmentClosure, AttemptResult, AttemptView, MyAttempts } from "../../src/contracts/assessments";
import { coursePublications, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * Answer keys (ADR 0018): a student sees the solutions of a handed-in attempt only once they
 * cannot use them in another one (no attempt left, or the teacher closed the assessment), or when
 * the author explicitly chose "after_each_attempt". Until then the result tells their own answers,
 * right or wrong and the score per question, and nothing of the solutions.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;
let tenantId: string;
let teacher: Person;
let coteacher: Person;
let ana: Person;
let beto: Person;
let courseId: string;
let lessonId: string;

const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing");
  return v;
};
const call = async (who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(await bearer(t.app, who)), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
const errorKey = (res: { json: <J>() => J }) => res.json<{ error: { key: string } }>().error.key;

const FEEDBACK = { correct: "Exacto: París es la capital.", incorrect: "La capital de Francia es París." };
const f1 = QUESTION_FIXTURES.QT_1;

/** A published assessment with one single-choice question (feedback that gives the answer away) in the class's lesson. */
async function placedAssessment(settings: Record<string, unknown>) {
  const created = await call(teacher, "POST", "/cms/assessments", { title: "Capitales", settings: { maxAttempts: 2, ...settings } });
  const guid = data<{ guid: string }>(created).guid;
  const q = await call(teacher, "POST", `/cms/assessments/${guid}/questions`, {
    type: "QT_1",
    question_data: JSON.stringify(f1.question.data),
    prompt: f1.question.prompt,
    feedback: FEEDBACK,
  });
  expect(q.statusCode).toBe(200);
  await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: guid, position: 1, status: "published" });
  return { guid, questionGuid: data<{ guid: string }>(q).guid };
}

/** Starts an attempt, answers the question wrongly and hands it in: the hand-in's answer. */
async function wrongAttempt(who: Person, assessmentGuid: string, questionGuid: string): Promise<AttemptResult> {
  const started = await call(who, "POST", `/front/assessments/${assessmentGuid}/attempts`, { courseGuid: courseId });
  expect(started.statusCode).toBe(200);
  const view = data<AttemptView>(started);
  const saved = await call(who, "PUT", `/front/attempts/${view.guid}/answers/${questionGuid}`, { seq: 1, value: { type: "QT_1", answer: f1.wrong } }, { "idempotency-key": `k-${view.guid}` });
  expect(saved.statusCode).toBe(200);
  const submitted = await call(who, "POST", `/front/attempts/${view.guid}/submit`);
  expect(submitted.statusCode).toBe(200);
  return data<AttemptResult>(submitted);
}

const resultOf = async (who: Person, attemptGuid: string) => data<AttemptResult>(await call(who, "GET", `/front/attempts/${attemptGuid}/result`));

/** Nothing of the answer key: no solution, no per-part marks, no question feedback (it names the answer). */
function expectNoAnswerKey(result: AttemptResult) {
  expect(result.showsSolutions).toBe(false);
  const [q] = result.questions;
  expect(q).toMatchObject({ solution: null, parts: [], feedback: null });
  expect(JSON.stringify(result)).not.toContain("París es");
  expect(JSON.stringify(q?.question)).not.toContain("correct");
}

function expectAnswerKey(result: AttemptResult) {
  expect(result.showsSolutions).toBe(true);
  expect(result.questions[0]?.solution).toMatchObject(f1.question.data);
  expect(result.questions[0]?.feedback).toBe(FEEDBACK.incorrect);
}

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher" });
  coteacher = await buildUser(db(), tenantId, { role: "teacher" });
  ana = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", dateOfBirth: "2012-01-01" });
  beto = await buildUser(db(), tenantId, { role: "student", firstName: "Beto", dateOfBirth: "2012-01-01" });
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
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  lessonId = must(lesson).id;
  await db().insert(coursePublications).values({ courseId, publicationId: must(publication).id });
}, 180_000);
afterAll(() => t.close());

describe("answers shown after hand-in (the default)", () => {
  it("keeps the answer key while an attempt is left, and gives it once the last one is handed in", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_submit" });
    const first = await wrongAttempt(ana, guid, questionGuid);
    // The student still learns how it went: their answer, wrong, and the score.
    expect(first.questions[0]).toMatchObject({ answer: { type: "QT_1", answer: f1.wrong }, outcome: "scored", correct: false, score: 0, maxScore: 1 });
    expectNoAnswerKey(first);
    expectNoAnswerKey(await resultOf(ana, first.guid));
    // The teacher always sees it.
    expect((await resultOf(teacher, first.guid)).questions[0]?.solution).toMatchObject(f1.question.data);
    // The authors' calls (question editor, projection) are not a way round for students.
    expect((await call(ana, "GET", `/cms/questions/${questionGuid}`)).statusCode).toBe(403);
    expect((await call(ana, "GET", `/cms/assessments/${guid}`)).statusCode).toBe(403);

    // While the next attempt is in progress the first one's key stays hidden too.
    const second = data<AttemptView>(await call(ana, "POST", `/front/assessments/${guid}/attempts`, { courseGuid: courseId }));
    expect(JSON.stringify(second.questions)).not.toContain("correct");
    expectNoAnswerKey(await resultOf(ana, first.guid));

    const last = data<AttemptResult>(await call(ana, "POST", `/front/attempts/${second.guid}/submit`));
    expectAnswerKey(await resultOf(ana, first.guid));
    expect(last.showsSolutions).toBe(true);
  });

  it("gives the key of a single attempt at once: nothing is left to use it in", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_submit", maxAttempts: 1 });
    expectAnswerKey(await wrongAttempt(ana, guid, questionGuid));
  });

  it("never gives it with unlimited attempts until the teacher closes the assessment", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_submit", maxAttempts: null });
    const first = await wrongAttempt(ana, guid, questionGuid);
    expectNoAnswerKey(first);
    expect((await call(teacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true })).statusCode).toBe(200);
    expectAnswerKey(await resultOf(ana, first.guid));
  });
});

describe("an explicit setting", () => {
  it("after_each_attempt shows the key after every hand-in, attempts left or not", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_each_attempt" });
    expectAnswerKey(await wrongAttempt(ana, guid, questionGuid));
  });

  it("never keeps it from students even when closed", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "never", maxAttempts: 1 });
    const result = await wrongAttempt(ana, guid, questionGuid);
    expectNoAnswerKey(result);
    await call(teacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true });
    expectNoAnswerKey(await resultOf(ana, result.guid));
  });

  it("after_due waits for the due date, or for the teacher to close it", async () => {
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_due", maxAttempts: 1, dueAt: due });
    const result = await wrongAttempt(ana, guid, questionGuid);
    expectNoAnswerKey(result);
    await call(teacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true });
    expectAnswerKey(await resultOf(ana, result.guid));
  });
});

describe("PUT /api/front/assessments/{guid}/closure", () => {
  it("closes the assessment in the class: no new attempts and the key shows; reopening undoes both", async () => {
    const { guid, questionGuid } = await placedAssessment({ showAnswers: "after_submit" });
    const first = await wrongAttempt(beto, guid, questionGuid);
    expectNoAnswerKey(first);

    // Students and people outside the class cannot close it.
    const byStudent = await call(beto, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true });
    expect(byStudent.statusCode).toBe(403);
    const open = data<AssessmentClosure>(await call(beto, "GET", `/front/assessments/${guid}/closure?courseGuid=${courseId}`));
    expect(open).toEqual({ closed: false, closedAt: null, canChange: false });

    const closed = await call(coteacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true });
    expect(closed.statusCode).toBe(200);
    expect(data<AssessmentClosure>(closed)).toMatchObject({ closed: true, canChange: true });
    // Closing twice keeps the first time.
    const again = data<AssessmentClosure>(await call(teacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: true }));
    expect(again.closedAt).toBe(data<AssessmentClosure>(closed).closedAt);

    const mine = data<MyAttempts>(await call(beto, "GET", `/front/assessments/${guid}/my-attempts?courseGuid=${courseId}`));
    expect(mine).toMatchObject({ canStart: false, attemptsLeft: 1, closedAt: again.closedAt });
    const refused = await call(beto, "POST", `/front/assessments/${guid}/attempts`, { courseGuid: courseId });
    expect(refused.statusCode).toBe(409);
    expect(errorKey(refused)).toBe("ASSESSMENT_CLOSED");
    expectAnswerKey(await resultOf(beto, first.guid));

    const reopened = data<AssessmentClosure>(await call(teacher, "PUT", `/front/assessments/${guid}/closure`, { courseGuid: courseId, closed: false }));
    expect(reopened).toEqual({ closed: false, closedAt: null, canChange: true });
    expectNoAnswerKey(await resultOf(beto, first.guid));
    expect((await call(beto, "POST", `/front/assessments/${guid}/attempts`, { courseGuid: courseId })).statusCode).toBe(200);
  });
});
