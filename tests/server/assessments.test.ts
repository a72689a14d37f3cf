process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import type { AttemptResult, AttemptView, ClassResults, IndividualResults, MyAttempts } from "../../src/contracts/assessments";
import type { QuestionType } from "../../src/contracts/questions";
import { contents, coursePublications, lessonContents, lessonItems, lessons, publications, units, xapiStatements } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { fileForm } from "../support/multipart";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * Assessments end to end through the API (issue 6): authoring, placing in a class, taking with
 * autosave, server-side scoring on submit, results, teacher grading, records and error reports.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;
let tenantId: string;
let teacher: Person;
let otherTeacher: Person;
let ana: Person;
let beto: Person;
let editor: Person;
let outsider: Person;
let courseId: string;
let lessonId: string;

const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing");
  return v;
};
const call = async (who: Person, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(await bearer(t.app, who)), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
const errorOf = (res: { json: <J>() => J }) => res.json<{ error: { key: string; details?: Array<{ field: string; message: string }> } }>().error;

const questionBody = (type: QuestionType, points = 1) => {
  const q = QUESTION_FIXTURES[type].question;
  return { type, question_data: JSON.stringify(q.data), prompt: q.prompt, points, kcs: q.kcs ?? [] };
};

/** A teacher's assessment with the given question types, placed (published) in the class's lesson. */
async function placedAssessment(types: QuestionType[], settings: Record<string, unknown> = {}, status = "published") {
  const created = await call(teacher, "POST", "/cms/assessments", { title: "Control", settings: { maxAttempts: 2, ...settings } });
  expect(created.statusCode).toBe(200);
  const guid = data<{ guid: string }>(created).guid;
  const questionGuids: string[] = [];
  for (const type of types) {
    const res = await call(teacher, "POST", `/cms/assessments/${guid}/questions`, questionBody(type, type === "QT_18" ? 2 : 1));
    expect(res.statusCode).toBe(200);
    questionGuids.push(data<{ guid: string }>(res).guid);
  }
  await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: guid, position: 10, status });
  return { guid, questionGuids };
}

let keySeq = 0;
const save = (who: Person, attempt: string, question: string, body: unknown, key = `key-${String(++keySeq).padStart(8, "0")}`) =>
  call(who, "PUT", `/front/attempts/${attempt}/answers/${question}`, body, { "idempotency-key": key });
const start = async (who: Person, guid: string) => call(who, "POST", `/front/assessments/${guid}/attempts`, { courseGuid: courseId });

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  otherTeacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Otra", lastName: "Profe" });
  editor = await buildUser(db(), tenantId, { role: "editorial", firstName: "Edi", lastName: "Torial" });
  ana = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alba", dateOfBirth: "2012-01-01" });
  beto = await buildUser(db(), tenantId, { role: "student", firstName: "Beto", lastName: "Blanco", dateOfBirth: "2012-01-01" });
  outsider = await buildUser(db(), tenantId, { role: "student", firstName: "Otto", lastName: "Fuera", dateOfBirth: "2012-01-01" });
  courseId = (
    await buildCourse(db(), tenantId, {
      members: [
        { userId: teacher.id, role: "teacher" },
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

describe("authoring", () => {
  it("creates an assessment, adds questions, reorders and removes them", async () => {
    const { guid, questionGuids } = await placedAssessment(["QT_1", "QT_3", "QT_17"], {}, "draft");
    const reordered = await call(teacher, "PUT", `/cms/assessments/${guid}`, { questionGuids: [...questionGuids].reverse(), settings: { maxAttempts: null, showAnswers: "never", shuffleQuestions: true, dueAt: null } });
    expect(reordered.statusCode).toBe(200);
    const detail = data<{ questions: { guid: string }[]; settings: { maxAttempts: number | null }; maxScore: number; editable: boolean }>(reordered);
    expect(detail.questions.map((q) => q.guid)).toEqual([...questionGuids].reverse());
    expect(detail.settings.maxAttempts).toBeNull();
    expect(detail.maxScore).toBe(3);
    expect(detail.editable).toBe(true);
    // An order that is not exactly the questions is refused.
    const bad = await call(teacher, "PUT", `/cms/assessments/${guid}`, { questionGuids: questionGuids.slice(1) });
    expect(bad.statusCode).toBe(400);
    const removed = await call(teacher, "DELETE", `/cms/assessments/${guid}/questions/${must(questionGuids[1])}`);
    expect(removed.statusCode).toBe(204);
    const after = data<{ questions: { guid: string }[] }>(await call(teacher, "GET", `/cms/assessments/${guid}`));
    expect(after.questions.map((q) => q.guid)).toEqual([questionGuids[2], questionGuids[0]]);
  });

  it("refuses invalid question_data with the field named, and answers from another type", async () => {
    const { guid } = await placedAssessment([], {}, "draft");
    const noCorrect = JSON.parse(JSON.stringify(QUESTION_FIXTURES.QT_1.question.data)) as { choices: { correct: boolean }[] };
    noCorrect.choices.forEach((c) => (c.correct = false));
    const res = await call(teacher, "POST", `/cms/assessments/${guid}/questions`, { ...questionBody("QT_1"), question_data: JSON.stringify(noCorrect) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual(expect.arrayContaining([expect.objectContaining({ field: "question_data.choices", message: "exactly_one_correct" })]));
    const notJson = await call(teacher, "POST", `/cms/assessments/${guid}/questions`, { ...questionBody("QT_1"), question_data: "{nope" });
    expect(errorOf(notJson).details).toEqual([expect.objectContaining({ message: "invalid_json" })]);
  });

  it("lets only authors create, and only owners (or editorial staff) change", async () => {
    expect((await call(ana, "POST", "/cms/assessments", { title: "X" })).statusCode).toBe(403);
    const { guid, questionGuids } = await placedAssessment(["QT_1"], {}, "draft");
    expect((await call(otherTeacher, "GET", `/cms/assessments/${guid}`)).statusCode).toBe(404);
    expect((await call(otherTeacher, "PUT", `/cms/questions/${must(questionGuids[0])}`, questionBody("QT_1"))).statusCode).toBe(404);
    const byEditor = await call(editor, "PUT", `/cms/questions/${must(questionGuids[0])}`, { ...questionBody("QT_1"), prompt: "Revisada" });
    expect(byEditor.statusCode).toBe(200);
    expect(data<{ prompt: string }>(byEditor).prompt).toBe("Revisada");
  });

  it("checks an answer against JSON for the answer-test page without storing anything", async () => {
    const f = QUESTION_FIXTURES.QT_2;
    const ok = await call(editor, "POST", "/cms/questions/check", { type: "QT_2", question_data: JSON.stringify(f.question.data), points: 2, answer: f.partial?.answer });
    // The fixture's partial score is for its own points: the same fraction of 2 points here.
    const fraction = must(f.partial).score / (f.question.points ?? 1);
    expect(data<{ status: string; score: number; maxScore: number }>(ok)).toMatchObject({ status: "scored", maxScore: 2, score: Math.round(fraction * 200) / 100 });
    const malformed = await call(editor, "POST", "/cms/questions/check", { type: "QT_2", question_data: JSON.stringify(f.question.data), answer: f.malformed });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).key).toBe("VALIDATION_ERROR");
  });
});

describe("taking an assessment", () => {
  it("hides solutions, autosaves in seq order with idempotency keys, and scores on the server", async () => {
    const { guid, questionGuids } = await placedAssessment(["QT_1", "QT_2", "QT_18"]);
    const [q1, q2, q18] = questionGuids as [string, string, string];
    const started = await start(ana, guid);
    expect(started.statusCode).toBe(200);
    const view = data<AttemptView>(started);
    expect(view.questions.map((q) => q.type)).toEqual(["QT_1", "QT_2", "QT_18"]);
    expect(JSON.stringify(view.questions)).not.toContain("correct");
    expect(JSON.stringify(view.questions)).not.toContain("modelAnswer");
    // Starting again resumes the same attempt.
    expect(data<AttemptView>(await start(ana, guid)).guid).toBe(view.guid);

    const f1 = QUESTION_FIXTURES.QT_1;
    const wrong = { seq: 1, value: { type: "QT_1", answer: f1.wrong } };
    const first = await save(ana, view.guid, q1, wrong, "replay-key-0001");
    expect(data<{ applied: boolean; seq: number }>(first)).toMatchObject({ applied: true, seq: 1 });
    // The same request again (a retry after a lost reply) changes nothing.
    expect(data<{ applied: boolean }>(await save(ana, view.guid, q1, wrong, "replay-key-0001")).applied).toBe(false);
    expect(data<{ applied: boolean }>(await save(ana, view.guid, q1, { seq: 3, value: { type: "QT_1", answer: f1.right } })).applied).toBe(true);
    // A late retry of an older save does not overwrite the newer answer.
    const stale = await save(ana, view.guid, q1, { seq: 2, value: { type: "QT_1", answer: f1.wrong } });
    expect(data<{ applied: boolean; seq: number }>(stale)).toMatchObject({ applied: false, seq: 3 });
    await save(ana, view.guid, q2, { seq: 1, value: { type: "QT_2", answer: must(QUESTION_FIXTURES.QT_2.partial).answer } });
    await save(ana, view.guid, q18, { seq: 1, value: { type: "QT_18", answer: QUESTION_FIXTURES.QT_18.right } });

    // Bad saves are refused with a reason, and lose nothing.
    expect((await call(ana, "PUT", `/front/attempts/${view.guid}/answers/${q1}`, { seq: 9, value: null })).statusCode).toBe(400); // no idempotency key
    const wrongType = await save(ana, view.guid, q1, { seq: 9, value: { type: "QT_3", answer: { value: true } } });
    expect(errorOf(wrongType).details).toEqual([expect.objectContaining({ field: "value.type" })]);
    const unknownChoice = await save(ana, view.guid, q1, { seq: 9, value: { type: "QT_1", answer: { choiceId: "zzz" } } });
    expect(unknownChoice.statusCode).toBe(400);
    expect((await save(beto, view.guid, q1, { seq: 9, value: null })).statusCode).toBe(404);

    const resumed = data<AttemptView>(await call(ana, "GET", `/front/attempts/${view.guid}`));
    expect(resumed.answers.find((a) => a.questionGuid === q1)).toMatchObject({ seq: 3, value: { type: "QT_1", answer: f1.right } });

    const submitted = await call(ana, "POST", `/front/attempts/${view.guid}/submit`);
    expect(submitted.statusCode).toBe(200);
    const result = data<AttemptResult>(submitted);
    // The fixture's partial credit on QT_2, as a fraction of the 1 point it has here.
    const partial = Math.round((must(QUESTION_FIXTURES.QT_2.partial).score / (QUESTION_FIXTURES.QT_2.question.points ?? 1)) * 100) / 100;
    // One attempt of two is left: the answer key waits (answer-keys.test.ts has the whole rule).
    expect(result).toMatchObject({ status: "submitted", score: 1 + partial, maxScore: 4, pendingGrading: 1, grade: null, showsSolutions: false });
    expect(result.questions.map((q) => q.outcome)).toEqual(["scored", "scored", "needs_grading"]);
    expect(result.questions[0]?.correct).toBe(true);
    // Submitting again returns the same attempt; saving after it is refused.
    expect(data<AttemptResult>(await call(ana, "POST", `/front/attempts/${view.guid}/submit`)).score).toBe(1 + partial);
    const late = await save(ana, view.guid, q1, { seq: 10, value: { type: "QT_1", answer: f1.wrong } });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).key).toBe("ATTEMPT_SUBMITTED");

    // Records: one "answered" per answered question with KCs, and "completed" for the assessment.
    const statements = await db().select().from(xapiStatements).where(eq(xapiStatements.tenantId, tenantId));
    const mine = statements.map((s) => s.statement as { verb: { id: string }; context: { registration: string; extensions?: Record<string, string[]> }; result?: { response?: string } });
    const answered = mine.filter((s) => s.verb.id.endsWith("/answered"));
    expect(answered).toHaveLength(3);
    expect(Object.values(must(answered[0]?.context.extensions))[0]).toEqual(QUESTION_FIXTURES.QT_1.question.kcs);
    expect(mine.filter((s) => s.verb.id.endsWith("/completed"))).toHaveLength(1);

    // The teacher grades the long text; the grade appears once nothing is pending.
    const tooMuch = await call(teacher, "PUT", `/front/attempts/${view.guid}/answers/${q18}/grade`, { score: 3, feedback: "" });
    expect(tooMuch.statusCode).toBe(400);
    const notOpen = await call(teacher, "PUT", `/front/attempts/${view.guid}/answers/${q1}/grade`, { score: 1 });
    expect(notOpen.statusCode).toBe(400);
    expect((await call(beto, "PUT", `/front/attempts/${view.guid}/answers/${q18}/grade`, { score: 1 })).statusCode).toBe(404);
    const graded = data<AttemptResult>(await call(teacher, "PUT", `/front/attempts/${view.guid}/answers/${q18}/grade`, { score: 1.5, feedback: "Bien argumentado" }));
    expect(graded).toMatchObject({ pendingGrading: 0, score: 2.5 + partial, canGrade: true });
    expect(graded.grade).toBeCloseTo(Math.round(((2.5 + partial) / 4) * 100) / 10, 5);
    expect(graded.questions[2]).toMatchObject({ outcome: "graded", score: 1.5, feedback: "Bien argumentado" });
    const own = data<AttemptResult>(await call(ana, "GET", `/front/attempts/${view.guid}/result`));
    expect(own.questions[2]?.feedback).toBe("Bien argumentado");
    expect(own.canGrade).toBe(false);
    expect((await call(beto, "GET", `/front/attempts/${view.guid}/result`)).statusCode).toBe(404);

    // The class's results and the individual view.
    const classView = data<ClassResults>(await call(teacher, "GET", `/front/assessments/${guid}/results?courseGuid=${courseId}`));
    expect(classView.rows.map((r) => r.student.firstName)).toEqual(["Ana", "Beto"]);
    expect(classView.rows[0]).toMatchObject({ attempts: 1, grade: graded.grade });
    expect(classView.rows[1]).toMatchObject({ attempts: 0, attempt: null, grade: null });
    expect(classView.questions[0]).toMatchObject({ answered: 1, fullyCorrect: 1, averageFraction: 1 });
    expect((await call(ana, "GET", `/front/assessments/${guid}/results?courseGuid=${courseId}`)).statusCode).toBe(403);
    const individual = data<IndividualResults>(await call(teacher, "GET", `/front/assessments/${guid}/results/users/${ana.id}?courseGuid=${courseId}`));
    expect(individual.attempts).toHaveLength(1);
    expect(individual.result?.guid).toBe(view.guid);

    // The gradebook's Workbook scope has a column for the assessment with Ana's grade; Beto has none.
    const book = data<{ columns: { guid: string; kind: string }[]; rows: { student: { guid: string }; scores: (number | null)[] }[] }>(
      await call(teacher, "GET", `/front/courses/${courseId}/gradebook?scope=workbook`),
    );
    const column = book.columns.findIndex((c) => c.guid === guid);
    expect(book.columns[column]?.kind).toBe("assessment");
    expect(book.rows.find((r) => r.student.guid === ana.id)?.scores[column]).toBe(graded.grade);
    expect(book.rows.find((r) => r.student.guid === beto.id)?.scores[column]).toBeNull();
    const ownBook = data<{ rows: { student: { guid: string } }[] }>(await call(ana, "GET", `/front/courses/${courseId}/gradebook?scope=workbook`));
    expect(ownBook.rows.map((r) => r.student.guid)).toEqual([ana.id]);

    const scored = (await db().select().from(xapiStatements).where(eq(xapiStatements.tenantId, tenantId))).filter((s) => s.verbId.endsWith("/scored"));
    expect(scored).toHaveLength(2); // the question, then the assessment once nothing was pending
  });

  it("keeps solutions from students when the settings say so", async () => {
    const { guid } = await placedAssessment(["QT_1"], { showAnswers: "never" });
    const view = data<AttemptView>(await start(beto, guid));
    const result = data<AttemptResult>(await call(beto, "POST", `/front/attempts/${view.guid}/submit`));
    expect(result.showsSolutions).toBe(false);
    expect(result.questions[0]).toMatchObject({ solution: null, outcome: "unanswered", score: 0, parts: [] });
    const teacherView = data<AttemptResult>(await call(teacher, "GET", `/front/attempts/${view.guid}/result`));
    expect(teacherView.questions[0]?.solution).not.toBeNull();
  });

  it("limits attempts, closes after the due date and hides unpublished or foreign assessments", async () => {
    const once = await placedAssessment(["QT_3"], { maxAttempts: 1 });
    const view = data<AttemptView>(await start(ana, once.guid));
    expect(view.attemptsLeft).toBe(0);
    await call(ana, "POST", `/front/attempts/${view.guid}/submit`);
    const again = await start(ana, once.guid);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).key).toBe("ATTEMPTS_EXHAUSTED");
    const mine = data<MyAttempts>(await call(ana, "GET", `/front/assessments/${once.guid}/my-attempts?courseGuid=${courseId}`));
    expect(mine).toMatchObject({ canStart: false, attemptsLeft: 0 });

    const past = await placedAssessment(["QT_3"], { dueAt: "2020-01-01T00:00:00.000Z" });
    expect(errorOf(await start(ana, past.guid)).key).toBe("ASSESSMENT_CLOSED");

    const draft = await placedAssessment(["QT_3"], {}, "draft");
    expect((await start(ana, draft.guid)).statusCode).toBe(404);
    expect((await start(outsider, once.guid)).statusCode).toBe(404);
    expect((await start(teacher, once.guid)).statusCode).toBe(403);
  });

  it("starts at once from a deep link, before anyone opened the lesson in the class (one copy when two race)", async () => {
    // A fresh class with the publication; the publisher's lesson holds an assessment; nobody opened the lesson.
    const [publication] = await db().insert(publications).values({ tenantId, title: "Libro nuevo" }).returning();
    const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
    const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
    const fresh = (await buildCourse(db(), tenantId, { members: [{ userId: teacher.id, role: "teacher" }, { userId: ana.id, role: "student" }, { userId: beto.id, role: "student" }] })).id;
    await db().insert(coursePublications).values({ courseId: fresh, publicationId: must(publication).id });
    const created = data<{ guid: string }>(await call(teacher, "POST", "/cms/assessments", { title: "Del libro" }));
    expect((await call(teacher, "POST", `/cms/assessments/${created.guid}/questions`, questionBody("QT_3"))).statusCode).toBe(200);
    await db().update(contents).set({ createdBy: null }).where(eq(contents.id, created.guid)); // the publisher's
    await db().insert(lessonContents).values({ lessonId: must(lesson).id, contentId: created.guid, position: 1 });

    const startIn = (who: Person) => call(who, "POST", `/front/assessments/${created.guid}/attempts`, { courseGuid: fresh });
    const [a, b] = await Promise.all([startIn(ana), startIn(beto)]);
    expect([must(a).statusCode, must(b).statusCode]).toEqual([200, 200]);
    expect(data<AttemptView>(must(a)).lessonGuid).toBe(must(lesson).id);
    const copies = await db().select().from(lessonItems).where(and(eq(lessonItems.courseId, fresh), eq(lessonItems.contentId, created.guid)));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.status).toBe("published");
    // Opening the lesson afterwards finds the class's copy and makes no other.
    const items = await call(teacher, "GET", `/front/lessons/${must(lesson).id}/items?courseGuid=${fresh}`);
    expect(data<unknown[]>(items)).toHaveLength(1);
  });

  it("starts one attempt when two starts race", async () => {
    const { guid } = await placedAssessment(["QT_3"]);
    const [a, b] = await Promise.all([start(beto, guid), start(beto, guid)]);
    expect(data<AttemptView>(must(a)).guid).toBe(data<AttemptView>(must(b)).guid);
  });

  it("takes files for upload answers only of accepted types, and serves them to the student and the teacher", async () => {
    const { guid, questionGuids } = await placedAssessment(["QT_19"]);
    const view = data<AttemptView>(await start(ana, guid));
    const accept = QUESTION_FIXTURES.QT_19.question.data.accept;
    const ext = must(accept[0]);
    const content = ext === "pdf" ? "%PDF-1.4\n%test\n" : "hola";
    const form = fileForm("file", `trabajo.${ext}`, content);
    const uploaded = await t.app.inject({ method: "POST", url: `/api/front/attempts/${view.guid}/files`, headers: { ...(await bearer(t.app, ana)), ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode).toBe(200);
    const file = data<{ key: string; name: string; url: string }>(uploaded);
    const refused = fileForm("file", "virus.exe", "MZ");
    const bad = await t.app.inject({ method: "POST", url: `/api/front/attempts/${view.guid}/files`, headers: { ...(await bearer(t.app, ana)), ...refused.headers }, payload: refused.payload });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).key).toBe("FILE_TYPE_NOT_ALLOWED");
    const served = await t.app.inject({ method: "GET", url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(content);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // An answer naming a file of another attempt is refused.
    const foreign = await save(ana, view.guid, must(questionGuids[0]), { seq: 1, value: { type: "QT_19", answer: { files: [{ key: "00000000-0000-4000-8000-000000000000.pdf", name: "x.pdf" }] } } });
    expect(foreign.statusCode).toBe(400);
    expect((await save(ana, view.guid, must(questionGuids[0]), { seq: 2, value: { type: "QT_19", answer: { files: [{ key: file.key, name: file.name }] } } })).statusCode).toBe(200);
    const result = data<AttemptResult>(await call(ana, "POST", `/front/attempts/${view.guid}/submit`));
    expect(result.questions[0]?.outcome).toBe("needs_grading");
    expect(Object.keys(result.fileUrls)).toEqual([file.key]);
    // A forged grant is refused.
    expect((await t.app.inject({ method: "GET", url: file.url.replace(/\/attempt-files\/[^/]+\//, "/attempt-files/att-x.1.y/") })).statusCode).toBe(404);
  });
});

describe("question images", () => {
  it("stores an author's image at a stable address and refuses what is not an image", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const form = fileForm("file", "mapa.png", png);
    const res = await t.app.inject({ method: "POST", url: "/api/cms/question-images", headers: { ...(await bearer(t.app, teacher)), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const { url } = data<{ url: string }>(res);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    const fake = fileForm("file", "mapa.png", "not a png");
    expect((await t.app.inject({ method: "POST", url: "/api/cms/question-images", headers: { ...(await bearer(t.app, teacher)), ...fake.headers }, payload: fake.payload })).statusCode).toBe(400);
    const byStudent = await t.app.inject({ method: "POST", url: "/api/cms/question-images", headers: { ...(await bearer(t.app, ana)), ...form.headers }, payload: form.payload });
    expect(byStudent.statusCode).toBe(403);
  });
});

describe("error reports", () => {
  it("stores a report and lists it for editorial staff only", async () => {
    const { questionGuids } = await placedAssessment(["QT_1"], {}, "draft");
    const body = { exerciseId: must(questionGuids[0]), activityInstanceId: "attempt-1", errorType: "Errata", errorTypeId: "typo", description: "Falta una tilde" };
    const sent = await call(ana, "POST", "/front/error-reports", body);
    expect(sent.statusCode).toBe(200);
    expect((await call(ana, "POST", "/front/error-reports", { ...body, errorTypeId: "boring" })).statusCode).toBe(400);
    expect((await call(ana, "POST", "/front/error-reports", { ...body, exerciseId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await call(teacher, "GET", "/cms/error-reports")).statusCode).toBe(403);
    const list = data<{ items: { guid: string; errorTypeId: string; reporter: { name: string }; question: { type: string } }[]; total: number }>(await call(editor, "GET", "/cms/error-reports?status=open"));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ errorTypeId: "typo", reporter: { name: "Ana Alba" }, question: { type: "QT_1" } });
    const resolved = await call(editor, "PATCH", `/cms/error-reports/${must(list.items[0]).guid}`, { status: "resolved" });
    expect(data<{ status: string }>(resolved).status).toBe("resolved");
    expect(data<{ total: number }>(await call(editor, "GET", "/cms/error-reports?status=open")).total).toBe(0);
  });
});

it("keeps every query in the caller's edition", async () => {
  const otherTenant = (await buildTenant(db())).id;
  const stranger = await buildUser(db(), otherTenant, { role: "editorial" });
  const { guid } = await placedAssessment(["QT_1"], {}, "draft");
  expect((await call(stranger, "GET", `/cms/assessments/${guid}`)).statusCode).toBe(404);
  const rows = await db().select().from(lessonItems).where(and(eq(lessonItems.contentId, guid), eq(lessonItems.tenantId, tenantId)));
  expect(rows).toHaveLength(1);
});
