process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  JobCommentSchema,
  JobDetailSchema,
  JobFileSchema,
  TaskAmountsSchema,
  TaskDetailSchema,
  TaskListPageSchema,
  TaskPageSchema,
  type JobDetail,
  type TaskDetail,
  type TaskListPage,
} from "../../src/contracts/tasks";
import { contents, courseMembers, coursePublications, courses, jobs, lessonItems, lessons, publications, tenants, units } from "../../src/server/db/schema";
import { uploadLimits } from "../../src/server/modules/contents/cms-service";
import type { DomainEvents } from "../../src/server/platform/events";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent, buildCourse, buildSchool, buildTenant, buildUser } from "../support/factories";
import { fileForm } from "../support/multipart";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * Tasks and hand-ins (issue 14): assigning lesson items to a class or to chosen students, the
 * job's life (files, turning in, late, undo, grading, comments), what follows events (a student
 * joining, an assessment handed in and graded, a resource finished), the role-aware lists and
 * badges, and who may see a job (nobody else: 404).
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
type Res = { statusCode: number; json: <T>() => T; body: string; headers: Record<string, unknown>; rawPayload: Buffer };
const must = <T>(v: T | null | undefined, what = "value"): T => {
  if (v === null || v === undefined) throw new Error(`missing ${what}`);
  return v;
};

const call = async (who: Person, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object): Promise<Res> =>
  t.app.inject({ method, url: `/api${url}`, headers: await bearer(t.app, who), ...(payload !== undefined ? { payload } : {}) });
const dataOf = (res: Res) => res.json<{ data: unknown }>().data;
const keyOf = (res: Res) => res.json<{ error: { key: string } }>().error.key;
const settled = () => t.app.ctx.background.settled();

const JOB_EVENTS = ["job.assigned", "job.unassigned", "job.delivered", "job.graded", "job.commented"] as const;
type JobEventName = (typeof JOB_EVENTS)[number];
const heard: Array<{ name: JobEventName; payload: DomainEvents[JobEventName] }> = [];
const eventsOf = <K extends JobEventName>(name: K, jobId?: string): DomainEvents[K][] =>
  heard.filter((e) => e.name === name && (!jobId || e.payload.jobId === jobId)).map((e) => e.payload as DomainEvents[K]);

let tenantId: string;
let teacher: Person;
let coteacher: Person;
let s1: Person;
let s2: Person;
let late: Person;
let otherTeacher: Person;
let otherStudent: Person;
let admin: Person;
let foreignTeacher: Person;
let courseId: string;
let classKey: string;
let otherCourseId: string;
let lessonId: string;
let lesson2Id: string;

async function item(type: string, title: string, lesson = lessonId, course = courseId, extra: Partial<typeof contents.$inferInsert> = {}): Promise<{ itemId: string; contentId: string }> {
  const content = await buildContent(db(), tenantId, title, { type, url: type === "CTTY_06" ? "https://example.org/x" : null, data: type === "CTTY_09" ? { body: "Escribe" } : {}, ...extra });
  const [row] = await db().insert(lessonItems).values({ tenantId, courseId: course, lessonId: lesson, contentId: content.id, position: 1 }).returning({ id: lessonItems.id });
  return { itemId: must(row).id, contentId: content.id };
}

const assign = (body: object, who: Person = teacher, course = courseId) => call(who, "POST", `/front/courses/${course}/tasks`, body);
const taskOf = (res: Res): TaskDetail => TaskDetailSchema.parse(dataOf(res));
const jobOf = (res: Res): JobDetail => JobDetailSchema.parse(dataOf(res));
const listOf = async (who: Person, query = ""): Promise<TaskListPage> => {
  const res = await call(who, "GET", `/front/tasks${query}`);
  expect(res.statusCode).toBe(200);
  return TaskListPageSchema.parse(dataOf(res));
};
const jobFor = (task: TaskDetail, student: Person): string => must(task.jobs.find((j) => j.student.guid === student.id), "job").guid;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const upload = async (who: Person, jobId: string, name: string, content: Buffer | string) => {
  const form = fileForm("file", name, content);
  return t.app.inject({ method: "POST", url: `/api/front/jobs/${jobId}/files`, headers: { ...(await bearer(t.app, who)), ...form.headers }, payload: form.payload });
};

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of JOB_EVENTS) t.app.ctx.events.on(name, (payload) => void heard.push({ name, payload }));
  tenantId = (await buildTenant(db())).id;
  const school = await buildSchool(db(), tenantId);
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  coteacher = await buildUser(db(), tenantId, { role: "coteacher", firstName: "Coro", lastName: "Apoyo" });
  s1 = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alba" });
  s2 = await buildUser(db(), tenantId, { role: "student", firstName: "Beto", lastName: "Blanco" });
  late = await buildUser(db(), tenantId, { role: "student", firstName: "Carla", lastName: "Cruz" });
  otherTeacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Otra", lastName: "Profe" });
  otherStudent = await buildUser(db(), tenantId, { role: "student", firstName: "Otto", lastName: "Fuera" });
  admin = await buildUser(db(), tenantId, { role: "school_admin", firstName: "Adri", lastName: "Admin", schoolId: school.id });
  const course = await buildCourse(db(), tenantId, {
    schoolId: school.id,
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: s1.id, role: "student" },
      { userId: s2.id, role: "student" },
    ],
  });
  courseId = course.id;
  classKey = course.classKey;
  otherCourseId = (await buildCourse(db(), tenantId, { members: [{ userId: otherTeacher.id, role: "teacher" }, { userId: otherStudent.id, role: "student" }] })).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  const [unit] = await db().insert(units).values({ publicationId: must(publication).id, title: "Unidad", order: 1 }).returning();
  const created = await db()
    .insert(lessons)
    .values([
      { unitId: must(unit).id, title: "Lección 1", order: 1 },
      { unitId: must(unit).id, title: "Lección 2", order: 2 },
    ])
    .returning();
  lessonId = must(created[0]).id;
  lesson2Id = must(created[1]).id;
  await db().insert(coursePublications).values([
    { courseId, publicationId: must(publication).id },
    { courseId: otherCourseId, publicationId: must(publication).id },
  ]);
  const [lumen] = await db().select().from(tenants).where(eq(tenants.slug, "lumen"));
  foreignTeacher = await buildUser(db(), must(lumen).id, { role: "teacher" });
}, 120_000);
afterAll(() => t.close());

describe("POST /api/front/courses/:guid/tasks", () => {
  it("assigns a lesson item to the whole class or to chosen students, with one job per student reached", async () => {
    const homework = await item("CTTY_09", "Redacción");
    const reading = await item("CTTY_05", "Lectura", lesson2Id);
    const before = heard.length;
    const due = inDays(3);
    const res = await assign({ lessonItemGuid: homework.itemId, audience: "class", dueAt: due, instructions: "  Dos páginas  ", maxScore: 20 });
    expect(res.statusCode).toBe(201);
    const task = taskOf(res);
    expect(task).toMatchObject({
      courseGuid: courseId,
      lesson: { guid: lessonId, title: "Lección 1" },
      item: { guid: homework.itemId, title: "Redacción", type: "CTTY_09", kind: "files" },
      audience: "class",
      studentGuids: [],
      dueAt: new Date(due).toISOString(),
      instructions: "Dos páginas",
      maxScore: 20,
      removed: false,
      counts: { assigned: 2, notStarted: 2, turnedIn: 0, graded: 0, late: 0 },
    });
    expect(task.jobs.map((j) => j.student.name)).toEqual(["Ana Alba", "Beto Blanco"]);
    const assigned = heard.slice(before).filter((e) => e.name === "job.assigned");
    expect(assigned).toHaveLength(2);
    expect(assigned.map((e) => e.payload)).toEqual(
      expect.arrayContaining([s1, s2].map((s) => expect.objectContaining({ tenantId, courseId, studentId: s.id, actorId: teacher.id, reassigned: false, jobId: jobFor(task, s) }))),
    );

    const chosen = taskOf(await assign({ lessonItemGuid: reading.itemId, audience: "students", studentGuids: [s1.id] }, coteacher));
    expect(chosen).toMatchObject({ audience: "students", studentGuids: [s1.id], dueAt: null, maxScore: 10, item: { kind: "resource" } });
    expect(chosen.jobs.map((j) => j.student.guid)).toEqual([s1.id]);

    // Each student sees what reaches them; the lesson's list shows which of its items are assigned.
    expect((await listOf(s1)).items.map((i) => i.item.title).sort()).toEqual(["Lectura", "Redacción"]);
    expect((await listOf(s2)).items.map((i) => i.item.title)).toEqual(["Redacción"]);
    const byLesson = TaskPageSchema.parse(dataOf(await call(teacher, "GET", `/front/courses/${courseId}/lessons/${lesson2Id}/tasks`)));
    expect(byLesson.items.map((i) => i.item.guid)).toEqual([reading.itemId]);
    const all = TaskPageSchema.parse(dataOf(await call(teacher, "GET", `/front/courses/${courseId}/tasks?pageSize=100`)));
    expect(all.items.map((i) => i.guid)).toEqual(expect.arrayContaining([task.guid, chosen.guid]));

    // Assigning the same item again is the same task, changed.
    const again = await assign({ lessonItemGuid: reading.itemId, audience: "students", studentGuids: [s1.id, s2.id] });
    expect(again.statusCode).toBe(200);
    expect(taskOf(again)).toMatchObject({ guid: chosen.guid, counts: { assigned: 2 } });
  });

  it("refuses bad input with a key, and other classes' items and people", async () => {
    const homework = await item("CTTY_09", "Ficha");
    const question = await item("CTTY_19", "Pregunta suelta");
    const foreignItem = await item("CTTY_09", "De otra clase", lessonId, otherCourseId);
    const cases: Array<[object, number, string]> = [
      [{ lessonItemGuid: homework.itemId, audience: "students" }, 400, "VALIDATION_ERROR"],
      [{ lessonItemGuid: homework.itemId, audience: "class", studentGuids: [s1.id] }, 400, "VALIDATION_ERROR"],
      [{ lessonItemGuid: homework.itemId, audience: "class", dueAt: "mañana" }, 400, "VALIDATION_ERROR"],
      [{ lessonItemGuid: homework.itemId, audience: "class", maxScore: 0 }, 400, "VALIDATION_ERROR"],
      [{ lessonItemGuid: homework.itemId, audience: "class", instructions: "x".repeat(5001) }, 400, "VALIDATION_ERROR"],
      [{ lessonItemGuid: homework.itemId, audience: "students", studentGuids: [s1.id, otherStudent.id] }, 400, "TASK_STUDENT_NOT_IN_CLASS"],
      [{ lessonItemGuid: homework.itemId, audience: "students", studentGuids: [coteacher.id] }, 400, "TASK_STUDENT_NOT_IN_CLASS"],
      [{ lessonItemGuid: question.itemId, audience: "class" }, 400, "TASK_ITEM_NOT_ASSIGNABLE"],
      [{ lessonItemGuid: foreignItem.itemId, audience: "class" }, 404, "NOT_FOUND"],
    ];
    for (const [body, status, key] of cases) {
      const res = await assign(body);
      expect([res.statusCode, keyOf(res)]).toEqual([status, key]);
    }
    expect(await db().select().from(jobs).where(eq(jobs.lessonItemId, homework.itemId))).toEqual([]);
    expect((await assign({ lessonItemGuid: homework.itemId, audience: "class" }, s1)).statusCode).toBe(403);
    expect((await assign({ lessonItemGuid: homework.itemId, audience: "class" }, otherTeacher)).statusCode).toBe(404);
    expect((await assign({ lessonItemGuid: homework.itemId, audience: "class" }, foreignTeacher)).statusCode).toBe(404);
    expect((await call(s1, "GET", `/front/courses/${courseId}/tasks`)).statusCode).toBe(403);
    expect((await call(teacher, "GET", `/front/courses/${courseId}/lessons/${crypto.randomUUID()}/tasks`)).statusCode).toBe(404);
  });
});

describe("joining later, unassigning and assigning again", () => {
  it("gives a student who joins later the whole-class tasks only", async () => {
    const forAll = taskOf(await assign({ lessonItemGuid: (await item("CTTY_06", "Vídeo de repaso")).itemId, audience: "class" }));
    const forOne = taskOf(await assign({ lessonItemGuid: (await item("CTTY_06", "Solo Ana")).itemId, audience: "students", studentGuids: [s1.id] }));
    const joined = await call(late, "POST", "/front/courses/join", { key: classKey });
    expect(joined.statusCode).toBe(200);
    await settled();
    const titles = (await listOf(late, "?pageSize=50")).items.map((i) => i.item.title);
    expect(titles).toContain("Vídeo de repaso");
    expect(titles).not.toContain("Solo Ana");
    const mine = eventsOf("job.assigned").filter((e) => e.studentId === late.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorId === null && !e.reassigned)).toBe(true);
    const detail = taskOf(await call(teacher, "GET", `/front/courses/${courseId}/tasks/${forAll.guid}`));
    expect(detail.counts.assigned).toBe(3);
    // A replayed join gives nothing twice.
    const count = mine.length;
    t.app.ctx.events.emit("course.memberJoined", { tenantId, courseId, userId: late.id, role: "student" });
    await settled();
    expect(eventsOf("job.assigned").filter((e) => e.studentId === late.id)).toHaveLength(count);
    expect(taskOf(await call(teacher, "GET", `/front/courses/${courseId}/tasks/${forOne.guid}`)).counts.assigned).toBe(1);
  });

  it("keeps the hand-in when a task is unassigned and brings it back on reassign", async () => {
    const homework = await item("CTTY_09", "Mural");
    const task = taskOf(await assign({ lessonItemGuid: homework.itemId, audience: "class", dueAt: inDays(5) }));
    const anaJob = jobFor(task, s1);
    expect((await upload(s1, anaJob, "mural.pdf", PDF)).statusCode).toBe(201);
    expect(jobOf(await call(s1, "PUT", `/front/jobs/${anaJob}`, { action: "deliver" })).state).toBe("pending");

    expect((await call(teacher, "DELETE", `/front/courses/${courseId}/tasks/${task.guid}/students/${s1.id}`)).statusCode).toBe(204);
    expect(eventsOf("job.unassigned", anaJob)).toEqual([{ tenantId, courseId, jobId: anaJob, studentId: s1.id }]);
    expect((await call(s1, "GET", `/front/jobs/${anaJob}`)).statusCode).toBe(404);
    expect((await listOf(s1, "?tab=turned_in&pageSize=50")).items.map((i) => i.guid)).not.toContain(anaJob);
    const afterOne = taskOf(await call(teacher, "GET", `/front/courses/${courseId}/tasks/${task.guid}`));
    // No longer for the whole class: the students who keep it are its audience.
    expect(afterOne).toMatchObject({ audience: "students", counts: { assigned: 2 } });
    expect(afterOne.studentGuids.sort()).toEqual([s2.id, late.id].sort());
    // The teacher still reads the kept hand-in.
    expect(jobOf(await call(teacher, "GET", `/front/jobs/${anaJob}`))).toMatchObject({ removed: true, rights: { grade: false } });

    const back = await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task.guid}`, { audience: "students", studentGuids: [s1.id, s2.id] });
    expect(back.statusCode).toBe(200);
    expect(eventsOf("job.assigned", anaJob).at(-1)).toMatchObject({ reassigned: true, actorId: teacher.id });
    expect(eventsOf("job.unassigned").filter((e) => e.studentId === late.id && e.jobId === jobFor(afterOne, late))).toHaveLength(1);
    const restored = jobOf(await call(s1, "GET", `/front/jobs/${anaJob}`));
    expect(restored).toMatchObject({ state: "pending", removed: false });
    expect(restored.files.map((f) => f.name)).toEqual(["mural.pdf"]);

    // Unassigned from everyone, then assigned again with a new date: the same jobs come back.
    const bethJob = jobFor(taskOf(back), s2);
    expect((await call(teacher, "DELETE", `/front/courses/${courseId}/tasks/${task.guid}`)).statusCode).toBe(204);
    expect(eventsOf("job.unassigned", bethJob)).toHaveLength(1);
    const live = TaskPageSchema.parse(dataOf(await call(teacher, "GET", `/front/courses/${courseId}/tasks?pageSize=100`)));
    expect(live.items.map((i) => i.guid)).not.toContain(task.guid);
    expect((await call(s2, "GET", `/front/jobs/${bethJob}`)).statusCode).toBe(404);
    const marks = eventsOf("job.assigned", bethJob).length;
    const reassigned = taskOf(await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task.guid}`, { dueAt: inDays(9) }));
    expect(reassigned).toMatchObject({ removed: false, counts: { assigned: 2, turnedIn: 1 } });
    expect(eventsOf("job.assigned", bethJob)).toHaveLength(marks + 1);
    expect(eventsOf("job.assigned", bethJob).at(-1)?.reassigned).toBe(true);
    expect(jobOf(await call(s1, "GET", `/front/jobs/${anaJob}`)).files).toHaveLength(1);

    // Moving the due date reassigns everyone not yet graded; unchanged fields reassign nobody.
    const n = eventsOf("job.assigned", anaJob).length;
    await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task.guid}`, { instructions: "Sin cambios de fecha" });
    expect(eventsOf("job.assigned", anaJob)).toHaveLength(n);
    await call(teacher, "PUT", `/front/jobs/${anaJob}`, { score: 7 });
    await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task.guid}`, { dueAt: inDays(12) });
    expect(eventsOf("job.assigned", anaJob)).toHaveLength(n);
    expect(eventsOf("job.assigned", bethJob).at(-1)?.reassigned).toBe(true);
    const locked = await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task.guid}`, { maxScore: 5 });
    expect([locked.statusCode, keyOf(locked)]).toEqual([409, "TASK_MAX_SCORE_LOCKED"]);
  });
});

describe("a job: files, turning in, late, undo, grading, comments", () => {
  it("hands in files with the content upload's checks, marks a late hand-in, and grades it within the scale", async () => {
    const homework = await item("CTTY_09", "Informe atrasado");
    const task = taskOf(await assign({ lessonItemGuid: homework.itemId, audience: "class", dueAt: inDays(-1), maxScore: 10 }));
    const job = jobFor(task, s1);
    const noFile = await call(s1, "PUT", `/front/jobs/${job}`, { action: "deliver" });
    expect([noFile.statusCode, keyOf(noFile)]).toEqual([400, "JOB_FILES_REQUIRED"]);

    const exe = await upload(s1, job, "virus.exe", "MZ");
    expect([exe.statusCode, keyOf(exe)]).toEqual([400, "FILE_TYPE_NOT_ALLOWED"]);
    const fake = await upload(s1, job, "informe.pdf", "not really a pdf");
    expect([fake.statusCode, keyOf(fake)]).toEqual([400, "FILE_TYPE_NOT_ALLOWED"]);
    const saved = uploadLimits.fileBytes;
    uploadLimits.fileBytes = 64;
    try {
      const big = await upload(s1, job, "informe.pdf", Buffer.concat([PDF, Buffer.alloc(200, 32)]));
      expect([big.statusCode, keyOf(big)]).toEqual([413, "FILE_TOO_LARGE"]);
    } finally {
      uploadLimits.fileBytes = saved;
    }
    expect((await upload(s2, job, "informe.pdf", PDF)).statusCode).toBe(404);
    expect((await upload(teacher, job, "informe.pdf", PDF)).statusCode).toBe(403);
    const ok = await upload(s1, job, "Mi informe.pdf", PDF);
    expect(ok.statusCode).toBe(201);
    const file = JobFileSchema.parse(dataOf(ok));
    expect(file).toMatchObject({ name: "Mi_informe.pdf", mimeType: "application/pdf", sizeBytes: PDF.length, viewer: "pdf" });
    const served = await t.app.inject({ method: "GET", url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: file.url.replace(/\/[^/]+$/, "/otro.pdf") })).statusCode).toBe(404);
    const extra = JobFileSchema.parse(dataOf(await upload(s1, job, "borrador.txt", "borrador")));
    expect((await call(s1, "DELETE", `/front/jobs/${job}/files/${extra.guid}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: extra.url })).statusCode).toBe(404);

    const delivered = jobOf(await call(s1, "PUT", `/front/jobs/${job}`, { action: "deliver" }));
    expect(delivered).toMatchObject({ state: "pending", late: true, overdue: false, rights: { undo: true, deliver: false, upload: true } });
    expect(eventsOf("job.delivered", job)).toEqual([expect.objectContaining({ studentId: s1.id, late: true, via: "files", at: delivered.deliveredAt })]);
    // Turning in twice changes nothing.
    await call(s1, "PUT", `/front/jobs/${job}`, { action: "deliver" });
    expect(eventsOf("job.delivered", job)).toHaveLength(1);

    expect(jobOf(await call(s1, "PUT", `/front/jobs/${job}`, { action: "undo" }))).toMatchObject({ state: "not_started", late: false, deliveredAt: null, overdue: true });
    const notDelivered = await call(s1, "PUT", `/front/jobs/${job}`, { action: "undo" });
    expect([notDelivered.statusCode, keyOf(notDelivered)]).toEqual([409, "JOB_NOT_DELIVERED"]);
    await call(s1, "PUT", `/front/jobs/${job}`, { action: "deliver" });

    const tooHigh = await call(teacher, "PUT", `/front/jobs/${job}`, { score: 10.5 });
    expect([tooHigh.statusCode, keyOf(tooHigh)]).toEqual([400, "JOB_SCORE_OUT_OF_RANGE"]);
    const negative = await call(teacher, "PUT", `/front/jobs/${job}`, { score: -1 });
    expect([negative.statusCode, keyOf(negative)]).toEqual([400, "VALIDATION_ERROR"]);
    const mixed = await call(teacher, "PUT", `/front/jobs/${job}`, { action: "deliver", score: 3 });
    expect(mixed.statusCode).toBe(400);
    expect((await call(s1, "PUT", `/front/jobs/${job}`, { score: 10 })).statusCode).toBe(403);
    expect((await call(teacher, "PUT", `/front/jobs/${job}`, { action: "deliver" })).statusCode).toBe(403);
    const graded = jobOf(await call(coteacher, "PUT", `/front/jobs/${job}`, { score: 8.5, feedback: "Buen trabajo" }));
    expect(graded).toMatchObject({ state: "graded", score: 8.5, maxScore: 10, feedback: "Buen trabajo", gradedBy: { guid: coteacher.id, name: "Coro Apoyo" } });
    expect(eventsOf("job.graded", job)).toEqual([expect.objectContaining({ actorId: coteacher.id, studentId: s1.id, at: graded.gradedAt })]);
    expect(jobOf(await call(s1, "GET", `/front/jobs/${job}`))).toMatchObject({ state: "graded", score: 8.5, feedback: "Buen trabajo", rights: { upload: false, undo: false } });
    for (const res of [await upload(s1, job, "tarde.pdf", PDF), await call(s1, "PUT", `/front/jobs/${job}`, { action: "undo" }), await call(s1, "DELETE", `/front/jobs/${job}/files/${file.guid}`)]) {
      expect([res.statusCode, keyOf(res)]).toEqual([409, "JOB_GRADED"]);
    }

    const comment = await call(s1, "POST", `/front/jobs/${job}/comments`, { body: "¿Puedo mejorarlo?" });
    expect(comment.statusCode).toBe(201);
    const posted = JobCommentSchema.parse(dataOf(comment));
    expect(posted).toMatchObject({ author: { guid: s1.id, name: "Ana Alba" }, body: "¿Puedo mejorarlo?" });
    expect(eventsOf("job.commented", job)).toEqual([{ tenantId, courseId, jobId: job, commentId: posted.guid, authorId: s1.id }]);
    expect((await call(teacher, "POST", `/front/jobs/${job}/comments`, { body: "Sí" })).statusCode).toBe(201);
    expect((await call(teacher, "POST", `/front/jobs/${job}/comments`, { body: "   " })).statusCode).toBe(400);
    expect(jobOf(await call(teacher, "GET", `/front/jobs/${job}`)).comments.map((c) => c.body)).toEqual(["¿Puedo mejorarlo?", "Sí"]);
  });

  it("turns a resource in without files, or when the student finishes it", async () => {
    const link = await item("CTTY_06", "Página del museo");
    const video = await item("CTTY_06", "Vídeo del museo");
    const linkTask = taskOf(await assign({ lessonItemGuid: link.itemId, audience: "class" }));
    const videoTask = taskOf(await assign({ lessonItemGuid: video.itemId, audience: "class", dueAt: inDays(2) }));
    const byHand = jobFor(linkTask, s2);
    expect(jobOf(await call(s2, "PUT", `/front/jobs/${byHand}`, { action: "deliver" }))).toMatchObject({ state: "pending", late: false });
    expect(eventsOf("job.delivered", byHand)).toEqual([expect.objectContaining({ via: "resource" })]);

    const finished = jobFor(videoTask, s2);
    const consumed = await call(s2, "POST", "/consumptions", { courseGuid: courseId, contentGuid: video.contentId, event: "finished" });
    expect(consumed.statusCode).toBe(204);
    await settled();
    expect(jobOf(await call(s2, "GET", `/front/jobs/${finished}`))).toMatchObject({ state: "pending", late: false });
    expect(eventsOf("job.delivered", finished)).toEqual([expect.objectContaining({ via: "resource", late: false })]);
    // Finishing it again, or a replayed event, turns nothing in twice.
    t.app.ctx.events.emit("content.consumed", { tenantId, userId: s2.id, courseId, contentId: video.contentId, event: "finished" });
    await settled();
    expect(eventsOf("job.delivered", finished)).toHaveLength(1);
    // Opening is not finishing.
    const other = jobFor(videoTask, s1);
    await call(s1, "POST", "/consumptions", { courseGuid: courseId, contentGuid: video.contentId, event: "opened" });
    await settled();
    expect(jobOf(await call(s1, "GET", `/front/jobs/${other}`)).state).toBe("not_started");
  });
});

/** A teacher's assessment with these questions (1 point each), placed in the class's first lesson. */
async function placedAssessment(types: Array<"QT_1" | "QT_18">): Promise<{ assessment: string; itemId: string; questions: string[] }> {
  const created = await call(teacher, "POST", "/cms/assessments", { title: "Control", settings: { maxAttempts: 2 } });
  expect(created.statusCode).toBe(200);
  const assessment = (dataOf(created) as { guid: string }).guid;
  const questions: string[] = [];
  for (const type of types) {
    const q = QUESTION_FIXTURES[type].question;
    const res = await call(teacher, "POST", `/cms/assessments/${assessment}/questions`, { type, question_data: JSON.stringify(q.data), prompt: q.prompt, points: 1, kcs: q.kcs ?? [] });
    expect(res.statusCode).toBe(200);
    questions.push((dataOf(res) as { guid: string }).guid);
  }
  const [placed] = await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: assessment, position: 5 }).returning({ id: lessonItems.id });
  return { assessment, itemId: must(placed).id, questions };
}

let keySeq = 0;
/** A student answers every question right and hands the attempt in. */
async function takeAssessment(who: Person, assessment: string, questions: string[], types: Array<"QT_1" | "QT_18">): Promise<string> {
  const attempt = (dataOf(await call(who, "POST", `/front/assessments/${assessment}/attempts`, { courseGuid: courseId })) as { guid: string }).guid;
  for (const [i, type] of types.entries()) {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/front/attempts/${attempt}/answers/${must(questions[i])}`,
      headers: { ...(await bearer(t.app, who)), "idempotency-key": `task-key-${String(++keySeq).padStart(4, "0")}` },
      payload: { seq: 1, value: { type, answer: QUESTION_FIXTURES[type].right } },
    });
    expect(res.statusCode).toBe(200);
  }
  expect((await call(who, "POST", `/front/attempts/${attempt}/submit`)).statusCode).toBe(200);
  return attempt;
}

describe("assessments as tasks", () => {
  it("turns the job in when the assessment is submitted and grades it once nothing is left to grade", async () => {
    const { assessment, itemId, questions } = await placedAssessment(["QT_1", "QT_18"]);
    const task = taskOf(await assign({ lessonItemGuid: itemId, audience: "class", maxScore: 10, dueAt: inDays(1) }));
    expect(task.item.kind).toBe("assessment");
    const job = jobFor(task, s1);
    const manual = await call(teacher, "PUT", `/front/jobs/${job}`, { score: 5 });
    expect([manual.statusCode, keyOf(manual)]).toEqual([409, "JOB_IS_ASSESSMENT"]);
    const byHand = await call(s1, "PUT", `/front/jobs/${job}`, { action: "deliver" });
    expect([byHand.statusCode, keyOf(byHand)]).toEqual([409, "JOB_IS_ASSESSMENT"]);

    const attempt = await takeAssessment(s1, assessment, questions, ["QT_1", "QT_18"]);
    await settled();
    expect(jobOf(await call(s1, "GET", `/front/jobs/${job}`))).toMatchObject({ state: "pending", late: false, score: null });
    expect(eventsOf("job.delivered", job)).toEqual([expect.objectContaining({ via: "assessment", late: false })]);
    expect(eventsOf("job.graded", job)).toEqual([]);

    expect((await call(teacher, "PUT", `/front/attempts/${attempt}/answers/${must(questions[1])}/grade`, { score: 0.5, feedback: "" })).statusCode).toBe(200);
    await settled();
    // (1 + 0.5) of 2 points, on the task's scale of 10.
    expect(jobOf(await call(s1, "GET", `/front/jobs/${job}`))).toMatchObject({ state: "graded", score: 7.5, maxScore: 10 });
    expect(eventsOf("job.graded", job)).toEqual([expect.objectContaining({ actorId: teacher.id, studentId: s1.id })]);
    const reviewed = await listOf(teacher, `?tab=reviewed&courseGuid=${courseId}&pageSize=50`);
    expect(reviewed.items.find((i) => i.guid === job)).toMatchObject({ state: "graded", score: 7.5, student: { guid: s1.id, name: "Ana Alba" } });

    // Replays change nothing.
    t.app.ctx.events.emit("assessment.graded", { tenantId, courseId, lessonItemId: itemId, attemptId: attempt, userId: s1.id, actorId: teacher.id, pendingGrading: 0, questionId: must(questions[1]), feedback: false });
    t.app.ctx.events.emit("assessment.submitted", { tenantId, courseId, lessonItemId: itemId, attemptId: attempt, userId: s1.id, pendingGrading: 0 });
    await settled();
    expect(eventsOf("job.graded", job)).toHaveLength(1);
    expect(eventsOf("job.delivered", job)).toHaveLength(1);
  });

  it("gives a student who already handed the assessment in a job that starts turned in and graded", async () => {
    const { assessment, itemId, questions } = await placedAssessment(["QT_1"]);
    await takeAssessment(s2, assessment, questions, ["QT_1"]);
    await settled();
    const task = taskOf(await assign({ lessonItemGuid: itemId, audience: "students", studentGuids: [s1.id, s2.id], maxScore: 4 }));
    expect(task.jobs.find((j) => j.student.guid === s2.id)).toMatchObject({ state: "graded", score: 4, late: false });
    expect(task.jobs.find((j) => j.student.guid === s1.id)).toMatchObject({ state: "not_started", score: null });
    const job = jobFor(task, s2);
    expect(eventsOf("job.delivered", job)).toEqual([expect.objectContaining({ via: "assessment" })]);
    expect(eventsOf("job.graded", job)).toEqual([expect.objectContaining({ actorId: null })]);
  });
});

describe("GET /api/front/tasks and /api/front/amount-tasks", () => {
  it("lists by tab and role, pages by 10 with the total, and counts the badges", async () => {
    const student = await buildUser(db(), tenantId, { role: "student", firstName: "Dani", lastName: "Díaz" });
    const teacher2 = await buildUser(db(), tenantId, { role: "teacher", firstName: "Pablo", lastName: "Profe" });
    const course = await buildCourse(db(), tenantId, { members: [{ userId: teacher2.id, role: "teacher" }, { userId: student.id, role: "student" }] });
    const [publication] = await db().select().from(coursePublications).where(eq(coursePublications.courseId, courseId));
    await db().insert(coursePublications).values({ courseId: course.id, publicationId: must(publication).publicationId });
    const guids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const it = await item("CTTY_06", `Enlace ${String(i).padStart(2, "0")}`, lessonId, course.id);
      // Two without a date, the others due on days 12, 11, ..., 3 (so the list reverses them).
      const body = { lessonItemGuid: it.itemId, audience: "class", ...(i < 2 ? {} : { dueAt: inDays(14 - i) }) };
      guids.push(jobFor(taskOf(await assign(body, teacher2, course.id)), student));
    }
    const first = await listOf(student, `?courseGuid=${course.id}`);
    expect(first).toMatchObject({ tab: "todo", view: "student", total: 12, offset: 0, pageSize: 10 });
    expect(first.items.map((i) => i.item.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Enlace ${String(n).padStart(2, "0")}`));
    expect(first.items[0]).toMatchObject({ course: { guid: course.id }, lesson: { guid: lessonId, title: "Lección 1" }, student: null, state: "not_started" });
    const second = await listOf(student, `?courseGuid=${course.id}&offset=10`);
    expect(second.items.map((i) => i.item.title).sort()).toEqual(["Enlace 00", "Enlace 01"]);
    expect(second.total).toBe(12);

    const [a, b, c] = [must(guids[5]), must(guids[6]), must(guids[7])];
    for (const job of [a, b, c]) await call(student, "PUT", `/front/jobs/${job}`, { action: "deliver" });
    await call(teacher2, "PUT", `/front/jobs/${b}`, { score: 9 });
    expect(TaskAmountsSchema.parse(dataOf(await call(student, "GET", "/front/amount-tasks")))).toEqual({ todo: 9, turnedIn: 2, graded: 1, pending: 0, reviewed: 0 });
    expect(TaskAmountsSchema.parse(dataOf(await call(teacher2, "GET", "/front/amount-tasks")))).toEqual({ todo: 0, turnedIn: 0, graded: 0, pending: 2, reviewed: 1 });
    expect((await listOf(student, "?tab=turned_in")).items.map((i) => i.guid).sort()).toEqual([a, c].sort());
    expect(await listOf(student, "?tab=graded")).toMatchObject({ total: 1, items: [{ guid: b, score: 9, maxScore: 10, state: "graded" }] });
    const pending = await listOf(teacher2);
    expect(pending).toMatchObject({ tab: "pending", view: "teacher", total: 2 });
    expect(pending.items[0]?.student).toEqual({ guid: student.id, name: "Dani Díaz" });
    expect((await listOf(teacher2, "?tab=reviewed")).items.map((i) => i.guid)).toEqual([b]);
    // Other people's work never shows: another class's teacher, the first class's students.
    expect((await listOf(teacher, `?courseGuid=${course.id}`)).total).toBe(0);
    expect((await listOf(s1, `?courseGuid=${course.id}`)).total).toBe(0);

    for (const [who, query] of [[student, "?tab=pending"], [teacher2, "?tab=todo"], [student, "?pageSize=51"], [student, "?courseGuid=nope"]] as const) {
      const res = await call(who, "GET", `/front/tasks${query}`);
      expect([res.statusCode, keyOf(res)]).toEqual([400, "VALIDATION_ERROR"]);
    }
  });

  it("leaves out of the page, the total and the badges what the caller no longer reaches", async () => {
    const [stu, other] = [
      await buildUser(db(), tenantId, { role: "student", firstName: "Eva", lastName: "Esteve" }),
      await buildUser(db(), tenantId, { role: "student", firstName: "Fede", lastName: "Feo" }),
    ];
    const prof = await buildUser(db(), tenantId, { role: "teacher", firstName: "Gala", lastName: "Profe" });
    const members = [
      { userId: prof.id, role: "teacher" as const },
      { userId: stu.id, role: "student" as const },
      { userId: other.id, role: "student" as const },
    ];
    const [kept, toArchive] = [await buildCourse(db(), tenantId, { members }), await buildCourse(db(), tenantId, { members })];
    const [publication] = await db().select().from(coursePublications).where(eq(coursePublications.courseId, courseId));
    await db().insert(coursePublications).values([kept, toArchive].map((c) => ({ courseId: c.id, publicationId: must(publication).publicationId })));
    const task = async (title: string, course: string, dueInDays: number) => {
      const it = await item("CTTY_06", title, lessonId, course);
      const detail = taskOf(await assign({ lessonItemGuid: it.itemId, audience: "class", dueAt: inDays(dueInDays) }, prof, course));
      return { itemId: it.itemId, taskId: detail.guid, stu: jobFor(detail, stu), other: jobFor(detail, other) };
    };
    // Due in this order; each is later taken out of reach in its own way but `visible`.
    const visible = await task("Sigue", kept.id, 2);
    const unpublished = await task("Borrador", kept.id, 3);
    const unassigned = await task("Retirada", kept.id, 4);
    const archivedTask = await task("Archivada", toArchive.id, 5);
    const visible2 = await task("Sigue 2", kept.id, 6);
    const all = [visible, unpublished, unassigned, archivedTask, visible2];
    for (const job of all.map((x) => x.other)) expect((await call(other, "PUT", `/front/jobs/${job}`, { action: "deliver" })).statusCode).toBe(200);
    expect((await listOf(stu, "?pageSize=2")).items.map((i) => i.guid)).toEqual([visible.stu, unpublished.stu]);
    expect((await listOf(prof)).total).toBe(5);

    await db().update(lessonItems).set({ status: "draft" }).where(eq(lessonItems.id, unpublished.itemId));
    expect((await call(prof, "DELETE", `/front/courses/${kept.id}/tasks/${unassigned.taskId}`)).statusCode).toBe(204);
    await buildCourse(db(), tenantId); // an unrelated class changes nothing
    await db().update(courses).set({ archived: true }).where(eq(courses.id, toArchive.id));

    // The student: unpublished items, unassigned tasks and archived classes are gone, from every page and the total.
    const page1 = await listOf(stu, "?pageSize=1");
    const page2 = await listOf(stu, "?pageSize=1&offset=1");
    expect([page1.total, page2.total]).toEqual([2, 2]);
    expect([...page1.items, ...page2.items].map((i) => i.guid)).toEqual([visible.stu, visible2.stu]);
    expect((await listOf(stu, "?pageSize=1&offset=2")).items).toEqual([]);
    expect(TaskAmountsSchema.parse(dataOf(await call(stu, "GET", "/front/amount-tasks")))).toMatchObject({ todo: 2 });
    // The teacher: the unpublished item's hand-in stays (teachers see drafts); a student who left takes theirs along.
    const pending = await listOf(prof);
    expect(pending.total).toBe(3);
    expect(pending.items.map((i) => i.guid).sort()).toEqual([visible.other, unpublished.other, visible2.other].sort());
    await db().delete(courseMembers).where(and(eq(courseMembers.courseId, kept.id), eq(courseMembers.userId, other.id)));
    expect(await listOf(prof)).toMatchObject({ total: 0, items: [] });
    expect(TaskAmountsSchema.parse(dataOf(await call(prof, "GET", "/front/amount-tasks")))).toMatchObject({ pending: 0, reviewed: 0 });
  });
});

describe("who may see a job", () => {
  it("answers 404 to everyone but its student, the class's teachers and an overseeing school admin", async () => {
    const homework = await item("CTTY_09", "Privado");
    const task = taskOf(await assign({ lessonItemGuid: homework.itemId, audience: "class" }));
    const job = jobFor(task, s1);
    expect(jobOf(await call(s1, "GET", `/front/jobs/${job}`))).toMatchObject({ viewer: "student", student: null, instructions: "" });
    expect(jobOf(await call(teacher, "GET", `/front/jobs/${job}`))).toMatchObject({ viewer: "editor", student: { guid: s1.id }, rights: { grade: true, deliver: false } });
    const observed = jobOf(await call(admin, "GET", `/front/jobs/${job}`));
    expect(observed).toMatchObject({ viewer: "observer", rights: { grade: false, comment: false } });
    expect((await call(admin, "PUT", `/front/jobs/${job}`, { score: 1 })).statusCode).toBe(403);
    expect((await call(admin, "POST", `/front/jobs/${job}/comments`, { body: "Hola" })).statusCode).toBe(403);
    for (const who of [s2, otherStudent, otherTeacher, foreignTeacher]) {
      for (const res of [
        await call(who, "GET", `/front/jobs/${job}`),
        await call(who, "PUT", `/front/jobs/${job}`, { action: "deliver" }),
        await call(who, "POST", `/front/jobs/${job}/comments`, { body: "Hola" }),
        await upload(who, job, "a.pdf", PDF),
      ]) {
        expect([res.statusCode, keyOf(res)]).toEqual([404, "NOT_FOUND"]);
      }
    }
    expect((await call(s1, "GET", `/front/jobs/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const bad = await call(s1, "GET", "/front/jobs/not-a-guid");
    expect([bad.statusCode, keyOf(bad)]).toEqual([400, "VALIDATION_ERROR"]);
    // A draft item's job stays hidden from its student.
    await db().update(lessonItems).set({ status: "draft" }).where(eq(lessonItems.id, homework.itemId));
    expect((await call(s1, "GET", `/front/jobs/${job}`)).statusCode).toBe(404);
    expect((await listOf(s1, "?pageSize=50")).items.map((i) => i.guid)).not.toContain(job);
    expect((await call(teacher, "GET", `/front/jobs/${job}`)).statusCode).toBe(200);
  });
});
