process.env.LOG_LEVEL = "silent";
import type { RubricGeneratorResult, StudentFeedbackResult, StudentWork, ToolHistoryPage, ToolInstance } from "../../src/contracts/teacher-tools";
import { loadConfig } from "../../src/server/config";
import { and, eq } from "drizzle-orm";
import { coursePublications, jobs, knowledgeComponents, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { levelShares, sharePoints } from "../../src/server/modules/teacher-tools/rubric";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent, buildCourse, buildTenant, buildUser } from "../support/factories";
import { fileForm } from "../support/multipart";
import { startOpenAiServer, type ChatBody, type OpenAiServer, type Script } from "../support/openai-server";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * The two assessment tools of the teacher AI tools (issue 16, ADR 0039): the rubric generator,
 * built from the lesson's KCs or the teacher's objectives and weighted by what the lesson spends on
 * each, and the student feedback, built from a student's real answers, grades and learner model;
 * who may ask for them, and what a language model adds.
 */

type Person = { id: string; tenantId: string; role: string; firstName?: string; lastName?: string };
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing value");
  return v;
};
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: unknown }>().data;

const TEXT = [
  "Las fracciones representan partes de una unidad dividida en partes iguales. El numerador indica cuántas partes tomamos y el denominador en cuántas partes se divide la unidad.",
  "Para sumar fracciones con el mismo denominador se suman los numeradores y se conserva el denominador. Para sumar fracciones con distinto denominador buscamos primero un denominador común.",
  "Los decimales son otra forma de escribir las fracciones decimales. Una décima es la unidad dividida en diez partes; una centésima, en cien partes.",
].join("\n");
const KC_FRAC = "MAT.TT.FRACTIONS";
const KC_SUM = "MAT.TT.SUM";
const KC_DEC = "MAT.TT.DECIMALS";

/** A class of its own in a new edition: a teacher, two students, a lesson with a text, three KCs and a control on two of them. */
async function buildClass(t: TestApp) {
  const db = t.app.ctx.db;
  const tenantId = (await buildTenant(db)).id;
  const teacher: Person = await buildUser(db, tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  const otherTeacher: Person = await buildUser(db, tenantId, { role: "teacher" });
  const ana: Person = await buildUser(db, tenantId, { role: "student", firstName: "Ana", lastName: "Alba", locale: "ca" });
  const beto: Person = await buildUser(db, tenantId, { role: "student", firstName: "Beto", lastName: "Blanco" });
  const courseId = (
    await buildCourse(db, tenantId, {
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: ana.id, role: "student" },
        { userId: beto.id, role: "student" },
      ],
    })
  ).id;
  await buildCourse(db, tenantId, { members: [{ userId: otherTeacher.id, role: "teacher" }] });
  const [publication] = await db.insert(publications).values({ tenantId, title: "Matemáticas" }).returning();
  const [unit] = await db.insert(units).values({ publicationId: must(publication).id, title: "Números", order: 1 }).returning();
  const created = await db
    .insert(lessons)
    .values([
      { unitId: must(unit).id, title: "Fracciones y decimales", order: 1 },
      { unitId: must(unit).id, title: "Repaso de fracciones", order: 2 },
    ])
    .returning();
  const lessonId = must(created[0]).id;
  const reviewId = must(created[1]).id;
  await db.insert(coursePublications).values({ courseId, publicationId: must(publication).id });
  await db.insert(knowledgeComponents).values([
    { tenantId, publicationId: must(publication).id, code: KC_FRAC, names: { es: "Fracciones", ca: "Fraccions" }, unitId: must(unit).id, lessonIds: [lessonId, reviewId], position: 1 },
    { tenantId, publicationId: must(publication).id, code: KC_SUM, names: { es: "Sumar fracciones", ca: "Sumar fraccions" }, unitId: must(unit).id, lessonIds: [lessonId], position: 2 },
    { tenantId, publicationId: must(publication).id, code: KC_DEC, names: { es: "Decimales", ca: "Decimals" }, unitId: must(unit).id, lessonIds: [lessonId], position: 3 },
  ]);
  const page = await buildContent(db, tenantId, "Ideas clave", { type: "CTTY_09", data: { body: TEXT } });
  await db.insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: page.id, position: 1 });

  const call = async (who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api${url}`, headers: { ...(await bearer(t.app, who)), ...headers }, ...(payload !== undefined ? { payload } : {}) });

  // The control: two questions on fractions, one on sums, and one written question on no KC.
  const assessment = (dataOf(await call(teacher, "POST", "/cms/assessments", { title: "Control de fracciones", settings: { maxAttempts: 1 } })) as { guid: string }).guid;
  const plan = [
    { type: "QT_1" as const, kcs: [KC_FRAC] },
    { type: "QT_1" as const, kcs: [KC_FRAC] },
    { type: "QT_1" as const, kcs: [KC_SUM] },
    { type: "QT_18" as const, kcs: [] },
  ];
  const questionIds: string[] = [];
  for (const q of plan) {
    const fixture = QUESTION_FIXTURES[q.type].question;
    const res = await call(teacher, "POST", `/cms/assessments/${assessment}/questions`, { type: q.type, question_data: JSON.stringify(fixture.data), prompt: fixture.prompt, points: 1, kcs: q.kcs });
    expect(res.statusCode).toBe(200);
    questionIds.push((dataOf(res) as { guid: string }).guid);
  }
  await db.insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: assessment, position: 2 });
  // A homework task on the lesson.
  const homework = await buildContent(db, tenantId, "Mural de fracciones", { type: "CTTY_09", data: { body: "Haz un mural" } });
  const [homeworkItem] = await db.insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: homework.id, position: 3 }).returning({ id: lessonItems.id });
  return { tenantId, teacher, otherTeacher, ana, beto, courseId, lessonId, reviewId, assessment, questionIds, homeworkItemId: must(homeworkItem).id, call };
}
type Class = Awaited<ReturnType<typeof buildClass>>;

/** Ana answers the two fraction questions right, the sum wrong and writes the last; the teacher grades it at half with a comment. */
async function anaTakesTheControl(c: Class): Promise<string> {
  const attempt = (dataOf(await c.call(c.ana, "POST", `/front/assessments/${c.assessment}/attempts`, { courseGuid: c.courseId })) as { guid: string }).guid;
  const answers = [QUESTION_FIXTURES.QT_1.right, QUESTION_FIXTURES.QT_1.right, must(QUESTION_FIXTURES.QT_1.wrong), QUESTION_FIXTURES.QT_18.right];
  for (const [i, answer] of answers.entries()) {
    const type = i === 3 ? "QT_18" : "QT_1";
    const res = await c.call(c.ana, "PUT", `/front/attempts/${attempt}/answers/${must(c.questionIds[i])}`, { seq: 1, value: { type, answer } }, { "idempotency-key": `assess-key-${attempt}-${i}` });
    expect(res.statusCode).toBe(200);
  }
  expect((await c.call(c.ana, "POST", `/front/attempts/${attempt}/submit`)).statusCode).toBe(200);
  return attempt;
}

let t: TestApp;
let withModel: TestApp;
let server: OpenAiServer;
let script: Script = () => ({ status: 500 });
let local: Class;
let modelled: Class;

beforeAll(async () => {
  server = await startOpenAiServer((body, i) => script(body, i));
  const ai = loadConfig({ AI_PROVIDER: "openai", AI_BASE_URL: server.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0" }).ai;
  [t, withModel] = await Promise.all([buildTestApp(), buildTestApp({ ai })]);
  [local, modelled] = await Promise.all([buildClass(t), buildClass(withModel)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), withModel.close()]);
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const rubricForm = (c: Class, over: Record<string, unknown> = {}) => ({ educationLevel: "secondary", educationYear: 1, textToAdapt: TEXT, courseGuid: c.courseId, lessonGuid: c.lessonId, ...over });
const feedbackForm = (c: Class, over: Record<string, unknown> = {}) => ({ educationLevel: "secondary", educationYear: 1, courseGuid: c.courseId, studentGuid: c.ana.id, ...over });

describe("the rubric generator", () => {
  it("shares the points in quarter points by weight, summing to the maximum, and gives each level its share", () => {
    expect(sharePoints([1, 1, 1], 10)).toEqual([3.5, 3.25, 3.25]);
    expect(sharePoints([3, 1], 10)).toEqual([7.5, 2.5]);
    for (const raw of [[1], [5, 2, 9, 1], [1, 1, 1, 1, 1, 1, 1]]) expect(sharePoints(raw, 10).reduce((a, b) => a + b, 0)).toBe(10);
    expect(levelShares(4)).toEqual([1, 0.75, 0.5, 0.25]);
    expect(levelShares(3)).toEqual([1, 0.667, 0.333]);
  });

  it("locally, takes the lesson's KCs as criteria, weighted by the lesson's sentences and questions on each, with evidence and key terms, and leaves descriptors to a model", async () => {
    const res = await local.call(local.teacher, "POST", "/teacher-tools/rubric-generator", rubricForm(local));
    expect(res.statusCode).toBe(200);
    const instance = dataOf(res) as ToolInstance;
    const result = instance.result as RubricGeneratorResult;
    expect(result).toMatchObject({ numberOfLevels: 4, maxScore: 10, levelShares: [1, 0.75, 0.5, 0.25], notes: ["NO_LANGUAGE_MODEL"] });
    expect(result.criteria.map((c) => [c.name, c.source, c.kc, c.questions])).toEqual([
      ["Fracciones", "kc", KC_FRAC, 2],
      ["Sumar fracciones", "kc", KC_SUM, 1],
      ["Decimales", "kc", KC_DEC, 0],
    ]);
    expect(result.criteria.reduce((a, c) => a + c.points, 0)).toBe(10);
    // Two questions and most sentences on fractions: it weighs most.
    const [frac, sum, dec] = result.criteria as [RubricGeneratorResult["criteria"][number], RubricGeneratorResult["criteria"][number], RubricGeneratorResult["criteria"][number]];
    expect(frac.points).toBeGreaterThan(sum.points);
    expect(sum.points).toBeGreaterThan(dec.points);
    expect(frac.weight).toBeCloseTo((frac.points / 10) * 100, 1);
    for (const c of result.criteria) {
      expect(c.descriptors).toBeNull();
      expect(c.evidence.length).toBeGreaterThan(0);
      // Each evidence sentence is the lesson's own and shares a word with the criterion.
      for (const e of c.evidence) expect(TEXT).toContain(e);
    }
    expect(dec.evidence[0]).toMatch(/decimales/i);
    expect(dec.keyTerms.length).toBeGreaterThan(0);
    expect(dec.keyTerms).not.toContain("decimales");
    expect(instance.context).toMatchObject({ lessonTitle: "Fracciones y decimales" });
  });

  it("takes the teacher's objectives, one a line, matched to the KCs, with the levels and score asked for", async () => {
    const res = await local.call(
      local.teacher,
      "POST",
      "/teacher-tools/rubric-generator",
      rubricForm(local, { learningObjectives: "- Suma fracciones con distinto denominador\n\n2. Escribe decimales como fracciones", numberOfLevels: 3, maxScore: 20 }),
    );
    const instance = dataOf(res) as ToolInstance;
    // The instance keeps the objectives as the teacher wrote them (spec §3).
    expect(instance.learningObjectives).toBe("- Suma fracciones con distinto denominador\n\n2. Escribe decimales como fracciones");
    const result = instance.result as RubricGeneratorResult;
    expect(result.criteria.map((c) => [c.name, c.source])).toEqual([
      ["Suma fracciones con distinto denominador", "objective"],
      ["Escribe decimales como fracciones", "objective"],
    ]);
    expect(result.criteria[0]?.kc).toBe(KC_FRAC);
    expect(result.criteria.reduce((a, c) => a + c.points, 0)).toBe(20);
    expect(result.levelShares).toHaveLength(3);
  });

  it("refuses without objectives or KCs to start from and no model (TOOL_NO_CRITERIA), and checks its fields", async () => {
    const bare = await local.call(local.teacher, "POST", "/teacher-tools/rubric-generator", { educationLevel: "secondary", educationYear: 1, textToAdapt: TEXT });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.key).toBe("TOOL_NO_CRITERIA");
    for (const bad of [{ numberOfLevels: 2 }, { numberOfLevels: 6 }, { maxScore: 0 }, { maxScore: 101 }, { taskDescription: "x".repeat(1001) }]) {
      const res = await local.call(local.teacher, "POST", "/teacher-tools/rubric-generator", rubricForm(local, bad));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.key).toBe("VALIDATION_ERROR");
    }
  });

  it("with a model, asks for one descriptor per level for each criterion in order, or for the criteria themselves when there are none", async () => {
    script = (body: ChatBody) => {
      const schema = body.response_format?.json_schema;
      expect(schema?.name).toBe("rubric_criteria");
      const user = JSON.stringify(body.messages);
      const names = user.includes("Sumar fracciones") ? ["Fracciones", "Sumar fracciones", "Decimales"] : ["Comprende las fracciones", "Usa decimales"];
      return { json: { criteria: names.map((name) => ({ name, descriptors: [`${name}: siempre`, `${name}: casi siempre`, `${name}: a veces`, `${name}: aún no`] })) } };
    };
    const res = await modelled.call(modelled.teacher, "POST", "/teacher-tools/rubric-generator", rubricForm(modelled, { taskDescription: "Una ficha de ejercicios" }));
    expect(res.statusCode).toBe(200);
    const result = (dataOf(res) as ToolInstance).result as RubricGeneratorResult;
    expect(result.notes).toEqual([]);
    expect(result.criteria.map((c) => c.descriptors?.[0])).toEqual(["Fracciones: siempre", "Sumar fracciones: siempre", "Decimales: siempre"]);
    // The schema holds the model to the level count; the task reached it as data.
    const sent = server.requests[0]?.body as ChatBody;
    expect(JSON.stringify(sent.response_format?.json_schema?.schema)).toContain('"minItems":4');
    expect(JSON.stringify(sent.messages.at(-1))).toContain("Una ficha de ejercicios");

    const free = await modelled.call(modelled.teacher, "POST", "/teacher-tools/rubric-generator", { educationLevel: "secondary", educationYear: 1, textToAdapt: TEXT });
    const proposed = (dataOf(free) as ToolInstance).result as RubricGeneratorResult;
    expect(proposed.notes).toEqual(["CRITERIA_FROM_MODEL"]);
    expect(proposed.criteria.map((c) => [c.name, c.source])).toEqual([
      ["Comprende las fracciones", "model"],
      ["Usa decimales", "model"],
    ]);
    expect(proposed.criteria.reduce((a, c) => a + c.points, 0)).toBe(10);
  });
});

describe("the student feedback", () => {
  let attempt: string;
  beforeAll(async () => {
    attempt = await anaTakesTheControl(local);
    await t.app.ctx.background.settled();
  });

  it("lists a student's submitted work in the class for the class's teachers only", async () => {
    const url = `/teacher-tools/courses/${local.courseId}/students/${local.ana.id}/work`;
    const work = dataOf(await local.call(local.teacher, "GET", url)) as StudentWork;
    expect(work.student).toEqual({ guid: local.ana.id, name: "Ana Alba" });
    expect(work.items).toEqual([expect.objectContaining({ kind: "assessment", guid: attempt, title: "Control de fracciones", lessonTitle: "Fracciones y decimales", status: "pending", maxScore: 4 })]);
    expect((await local.call(local.otherTeacher, "GET", url)).statusCode).toBe(404);
    expect((await local.call(local.ana, "GET", url)).statusCode).toBe(403);
    // Someone not in the class is no student of it.
    expect((await local.call(local.teacher, "GET", `/teacher-tools/courses/${local.courseId}/students/${local.otherTeacher.id}/work`)).statusCode).toBe(404);
  });

  it("locally, gives each KC of the attempt its marks, answers, level, the learner model's move and lessons to review, weakest first", async () => {
    const res = await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { attemptGuid: attempt }));
    expect(res.statusCode).toBe(200);
    const instance = dataOf(res) as ToolInstance;
    const result = instance.result as StudentFeedbackResult;
    expect(instance.title).toBe("Ana Alba · Control de fracciones");
    // In Ana's own language (her locale is Catalan).
    expect(result.language).toBe("ca");
    expect(result.notes).toEqual(["PENDING_GRADING", "NO_LANGUAGE_MODEL"]);
    expect(result.message).toBeNull();
    expect(result.source).toMatchObject({ kind: "assessment", guid: attempt, title: "Control de fracciones", score: 2, maxScore: 4, pendingGrading: 1 });
    expect(result.criteria.map((c) => [c.name, c.score, c.maxScore, c.correct, c.wrong, c.level])).toEqual([
      ["Sumar fraccions", 0, 1, 0, 1, "needs_work"],
      ["Fraccions", 2, 2, 2, 0, "excellent"],
      // The written answer waits for its grade: no marks yet, and last.
      ["", null, null, 0, 0, "pending"],
    ]);
    const [sum, frac] = result.criteria;
    expect(frac?.mastery?.change).toBeGreaterThan(0);
    expect(sum?.mastery?.change).toBeLessThan(0);
    expect(frac?.review.map((r) => r.title)).toEqual(["Fracciones y decimales", "Repaso de fracciones"]);

    // Graded with a comment: the comment joins its criterion and nothing is pending.
    expect((await local.call(local.teacher, "PUT", `/front/attempts/${attempt}/answers/${must(local.questionIds[3])}/grade`, { score: 0.5, feedback: "Añade más detalles" })).statusCode).toBe(200);
    await t.app.ctx.background.settled();
    const again = (dataOf(await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { attemptGuid: attempt }))) as ToolInstance).result as StudentFeedbackResult;
    expect(again.notes).toEqual(["NO_LANGUAGE_MODEL"]);
    expect(again.criteria.find((c) => c.kc === null)).toMatchObject({ score: 0.5, maxScore: 1, partial: 1, level: "sufficient", comments: ["Añade más detalles"] });
    const history = dataOf(await local.call(local.teacher, "GET", "/teacher-tools/history")) as ToolHistoryPage;
    expect(history.items[0]).toMatchObject({ tool: "student-feedback", title: "Ana Alba · Control de fracciones" });
  });

  it("on a task, gives the hand-in's grade and the teacher's feedback, then the lesson's KCs as the learner model has them", async () => {
    const assigned = await local.call(local.teacher, "POST", `/front/courses/${local.courseId}/tasks`, { lessonItemGuid: local.homeworkItemId, audience: "class", maxScore: 10 });
    expect(assigned.statusCode).toBe(201);
    const work = () => local.call(local.teacher, "GET", `/teacher-tools/courses/${local.courseId}/students/${local.ana.id}/work`);
    expect((dataOf(await work()) as StudentWork).items.filter((i) => i.kind === "task")).toEqual([]);
    const [row] = await t.app.ctx.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.lessonItemId, local.homeworkItemId), eq(jobs.studentId, local.ana.id)));
    const job = must(row).id;
    const early = await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { jobGuid: job }));
    expect([early.statusCode, early.json().error.key]).toEqual([400, "TOOL_NOTHING_TO_REVIEW"]);

    const form = fileForm("file", "mural.pdf", Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"));
    expect((await t.app.inject({ method: "POST", url: `/api/front/jobs/${job}/files`, headers: { ...(await bearer(t.app, local.ana)), ...form.headers }, payload: form.payload })).statusCode).toBe(201);
    expect((await local.call(local.ana, "PUT", `/front/jobs/${job}`, { action: "deliver" })).statusCode).toBe(200);
    // Handed in, not graded yet: the hand-in waits for its grade.
    const ungraded = (dataOf(await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { jobGuid: job }))) as ToolInstance).result as StudentFeedbackResult;
    expect(ungraded.criteria[0]).toMatchObject({ kc: null, score: null, level: "pending" });
    expect(ungraded.notes).toContain("PENDING_GRADING");
    expect((await local.call(local.teacher, "PUT", `/front/jobs/${job}`, { score: 6, feedback: "Buen mural, revisa los decimales" })).statusCode).toBe(200);
    expect((dataOf(await work()) as StudentWork).items.find((i) => i.kind === "task")).toMatchObject({ guid: job, score: 6, maxScore: 10, status: "graded" });

    const result = (dataOf(await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { jobGuid: job }))) as ToolInstance).result as StudentFeedbackResult;
    expect(result.source).toMatchObject({ kind: "task", guid: job, score: 6, maxScore: 10, late: false, teacherFeedback: "Buen mural, revisa los decimales" });
    expect(result.criteria[0]).toMatchObject({ kc: null, name: "Mural de fracciones", score: 6, maxScore: 10, level: "sufficient", comments: ["Buen mural, revisa los decimales"] });
    // The KCs Ana has answered on (not decimals), from the learner model, weakest first.
    expect(result.criteria.slice(1).map((c) => c.kc)).toEqual([KC_SUM, KC_FRAC]);
    expect(result.criteria[1]?.mastery?.known).toBeLessThan(result.criteria[2]?.mastery?.known ?? 0);
  });

  it("refuses another class's teacher, a student, an attempt not in progress's owner, and asks for exactly one piece of work", async () => {
    expect((await local.call(local.otherTeacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { attemptGuid: attempt }))).statusCode).toBe(404);
    expect((await local.call(local.ana, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { attemptGuid: attempt }))).statusCode).toBe(403);
    // Ana's attempt is not Beto's.
    expect((await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { studentGuid: local.beto.id, attemptGuid: attempt }))).statusCode).toBe(404);
    for (const body of [feedbackForm(local), feedbackForm(local, { attemptGuid: attempt, jobGuid: attempt })]) {
      const res = await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: "attemptGuid", message: "required" }]);
    }
    // An attempt still open has nothing to review yet.
    const open = (dataOf(await local.call(local.beto, "POST", `/front/assessments/${local.assessment}/attempts`, { courseGuid: local.courseId })) as { guid: string }).guid;
    const res = await local.call(local.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(local, { studentGuid: local.beto.id, attemptGuid: open }));
    expect([res.statusCode, res.json().error.key]).toEqual([400, "TOOL_NOTHING_TO_REVIEW"]);
  });

  it("with a model, has it write to the student from the facts only, without the student's name", async () => {
    const attemptWithModel = await anaTakesTheControl(modelled);
    await withModel.app.ctx.background.settled();
    script = () => ({ json: { message: "Has fet molt bé les fraccions. Repassa la suma de fraccions a la lliçó Fracciones y decimales." } });
    const res = await modelled.call(modelled.teacher, "POST", "/teacher-tools/student-feedback", feedbackForm(modelled, { attemptGuid: attemptWithModel, specialNeeds: ["dyslexia"] }));
    expect(res.statusCode).toBe(200);
    const result = (dataOf(res) as ToolInstance).result as StudentFeedbackResult;
    expect(result.message).toMatch(/^Has fet molt bé/);
    expect(result.notes).toEqual(["PENDING_GRADING"]);
    const sent = server.requests[0]?.body as ChatBody;
    expect(sent.response_format?.json_schema?.name).toBe("student_feedback");
    const all = JSON.stringify(sent.messages);
    expect(all).toContain("Catalan");
    expect(all).toContain("marks 2 of 2");
    expect(all).toContain("dyslexia");
    expect(all).not.toContain("Ana");
    expect(all).not.toContain("Alba");
  });
});

describe("the catalogue", () => {
  it("lists both tools as runnable locally under assessment", async () => {
    const res = await local.call(local.teacher, "GET", "/teacher-tools");
    const tools = (dataOf(res) as { tools: Array<{ tool: string; category: string; mode: string }> }).tools;
    expect(tools.filter((c) => c.tool === "rubric-generator" || c.tool === "student-feedback")).toEqual([
      { tool: "rubric-generator", category: "assessment", available: true, mode: "local" },
      { tool: "student-feedback", category: "assessment", available: true, mode: "local" },
    ]);
  });
});
