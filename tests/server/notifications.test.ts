process.env.LOG_LEVEL = "silent";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { NotificationViewSchema, type NotificationType, type NotificationView } from "../../src/contracts/notifications";
import {
  contents,
  jobComments,
  jobs,
  lessonItems,
  lessons,
  notifications,
  publications,
  taskAssignments,
  units,
} from "../../src/server/db/schema";
import { openDatabase, type Db } from "../../src/server/db/client";
import { claimDueSoon, runTaskReminders } from "../../src/server/jobs/task-reminders";
import type { DomainEvents } from "../../src/server/platform/events";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildSchool, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;

let teacher: Person;
let coteacher: Person;
let student: Person;
let student2: Person;
let admin: Person;
let outsider: Person; // a teacher of another edition
let tenantId: string;
let courseId: string;
let lessonId: string;

const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};

beforeAll(async () => {
  // No worker: the reminder tests run the job themselves.
  t = await buildTestApp({ seedDemo: false, services: ["web"] });
  const tenant = await buildTenant(db());
  const other = await buildTenant(db());
  tenantId = tenant.id;
  teacher = await buildUser(db(), tenant.id, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  coteacher = await buildUser(db(), tenant.id, { role: "coteacher", firstName: "Coro", lastName: "Apoyo" });
  student = await buildUser(db(), tenant.id, { role: "student", firstName: "Sara", lastName: "Alumna" });
  student2 = await buildUser(db(), tenant.id, { role: "student", firstName: "Saúl", lastName: "Alumno" });
  admin = await buildUser(db(), tenant.id, { role: "school_admin" });
  outsider = await buildUser(db(), other.id, { role: "teacher" });
  const course = await buildCourse(db(), tenant.id, {
    name: "Matemáticas 1º A",
    settings: { streamPermission: "students_post" },
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
      { userId: student2.id, role: "student" },
    ],
  });
  courseId = course.id;
  const pub = first(await db().insert(publications).values({ tenantId, title: "Matemáticas" }).returning());
  const unit = first(await db().insert(units).values({ publicationId: pub.id, title: "Fracciones", order: 1 }).returning());
  lessonId = first(await db().insert(lessons).values({ unitId: unit.id, title: "Sumar", order: 1 }).returning()).id;
}, 120_000);
afterAll(() => t.close());

let position = 0;
/** A lesson item of the class (by default a hand-in, CTTY_09) assigned to `students`, jobs inserted directly. */
async function assign(students: Person[], opts: { type?: string; title?: string; dueAt?: Date | null } = {}) {
  const content = first(await db().insert(contents).values({ tenantId, type: opts.type ?? "CTTY_09", title: opts.title ?? "Ejercicios" }).returning());
  position += 1;
  const item = first(await db().insert(lessonItems).values({ tenantId, courseId, lessonId, contentId: content.id, position }).returning());
  const assignment = first(
    await db()
      .insert(taskAssignments)
      .values({ tenantId, courseId, lessonItemId: item.id, audience: "students", assignedBy: teacher.id, dueAt: opts.dueAt ?? null })
      .returning(),
  );
  const made = await db()
    .insert(jobs)
    .values(students.map((s) => ({ tenantId, assignmentId: assignment.id, courseId, lessonItemId: item.id, studentId: s.id })))
    .returning();
  return { item, assignment, jobs: made };
}

/** Emits a domain event and waits for every listener (and what they start). */
async function emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
  t.app.ctx.events.emit(name, payload);
  await t.app.ctx.background.settled();
}

/** The stored notifications of a person (of one job, when given). */
const notesOf = async (who: Person, where: { jobId?: string; type?: NotificationType } = {}) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, who.id),
        where.jobId ? eq(notifications.jobId, where.jobId) : undefined,
        where.type ? eq(notifications.type, where.type) : undefined,
      ),
    );
const typesOf = async (who: Person, jobId?: string) => (await notesOf(who, jobId ? { jobId } : {})).map((n) => n.type).sort();
const countAll = async () => (await db().select({ id: notifications.id }).from(notifications)).length;

const at = () => new Date().toISOString();
const jobOf = (made: { jobs: Array<{ id: string; studentId: string }> }, who: Person) => first(made.jobs.filter((j) => j.studentId === who.id));

describe("producers (each event, the right type for the right people)", () => {
  it("job.assigned: the student gets 'assigned', a replay nothing, a reassignment 'reassigned'", async () => {
    const task = await assign([student], { title: "Fracciones 1" });
    const job = jobOf(task, student);
    const event = { tenantId, courseId, jobId: job.id, studentId: student.id, actorId: teacher.id, reassigned: false, at: at() };
    await emit("job.assigned", event);
    expect(await typesOf(student, job.id)).toEqual(["assigned"]);
    expect(await typesOf(teacher, job.id)).toEqual([]);

    // A replay stores nothing and announces nothing to the sockets.
    const before = await countAll();
    const announced: number[] = [];
    const stop = t.app.ctx.events.on("notification.created", (e) => announced.push(e.notificationId));
    await emit("job.assigned", event);
    stop();
    expect(await countAll()).toBe(before);
    expect(announced).toEqual([]);

    await emit("job.assigned", { ...event, reassigned: true, at: new Date(Date.now() + 1000).toISOString() });
    expect(await typesOf(student, job.id)).toEqual(["assigned", "reassigned"]);
  });

  it("job.assigned of a resource (opened, not handed in): 'resource_assigned'; nothing for a job unassigned meanwhile", async () => {
    const task = await assign([student, student2], { type: "CTTY_05", title: "Lectura" });
    const job = jobOf(task, student);
    await emit("job.assigned", { tenantId, courseId, jobId: job.id, studentId: student.id, actorId: teacher.id, reassigned: false, at: at() });
    expect(await typesOf(student, job.id)).toEqual(["resource_assigned"]);

    const removed = jobOf(task, student2);
    await db().update(jobs).set({ removedAt: new Date() }).where(eq(jobs.id, removed.id));
    await emit("job.assigned", { tenantId, courseId, jobId: removed.id, studentId: student2.id, actorId: teacher.id, reassigned: false, at: at() });
    expect(await typesOf(student2, removed.id)).toEqual([]);
  });

  it("job.delivered by files: the class's editors get 'student_deliver', and 'all_deliver' once when everyone has", async () => {
    const task = await assign([student, student2]);
    const [j1, j2] = [jobOf(task, student), jobOf(task, student2)];
    await db().update(jobs).set({ status: "pending", deliveredAt: new Date() }).where(eq(jobs.id, j1.id));
    const e1 = { tenantId, courseId, jobId: j1.id, studentId: student.id, late: false, via: "files" as const, at: at() };
    await emit("job.delivered", e1);
    expect(await typesOf(teacher, j1.id)).toEqual(["student_deliver"]);
    expect(await typesOf(coteacher, j1.id)).toEqual(["student_deliver"]);
    expect(await typesOf(student, j1.id)).toEqual([]);
    const allDone = async (who: Person) =>
      (await notesOf(who, { type: "all_deliver" })).filter((n) => n.courseId === courseId && n.dedupeKey === `all_deliver:${task.assignment.id}`);
    expect(await allDone(teacher)).toHaveLength(0);

    await db().update(jobs).set({ status: "pending", deliveredAt: new Date() }).where(eq(jobs.id, j2.id));
    const e2 = { ...e1, jobId: j2.id, studentId: student2.id, at: at() };
    await emit("job.delivered", e2);
    expect(await allDone(teacher)).toHaveLength(1);
    expect(await allDone(coteacher)).toHaveLength(1);

    const before = await countAll();
    await emit("job.delivered", e2);
    await emit("job.delivered", e1);
    expect(await countAll()).toBe(before);
    // "All handed in" opens the task list: its view says so, with the class and the task's title.
    const [view] = await listOf(teacher, ["all_deliver"]);
    expect(view).toMatchObject({ type: "all_deliver", category: "todo", link: "/tasks", jobGuid: null, title: "Ejercicios", course: { guid: courseId } });
  });

  it.each([
    ["resource", "pending", "resource_delivered"],
    ["record", "pending", "record_delivered"],
    ["assessment", "graded", "deliver_at_complete"],
    ["assessment", "pending", "publish_pending"],
  ] as const)("job.delivered via %s (job %s): '%s' for the editors", async (via, status, type) => {
    const task = await assign([student, student2], { type: via === "assessment" ? "CTTY_18" : via === "record" ? "CTTY_15" : "CTTY_05" });
    const job = jobOf(task, student);
    await db().update(jobs).set({ status, deliveredAt: new Date() }).where(eq(jobs.id, job.id));
    await emit("job.delivered", { tenantId, courseId, jobId: job.id, studentId: student.id, late: false, via, at: at() });
    expect(await typesOf(teacher, job.id)).toEqual([type]);
    expect(await typesOf(coteacher, job.id)).toEqual([type]);
    expect(await typesOf(student, job.id)).toEqual([]);
  });

  it("job.graded: 'evaluated' for the student ('resource_evaluated' for a resource)", async () => {
    const handIn = jobOf(await assign([student]), student);
    const reading = jobOf(await assign([student], { type: "CTTY_03" }), student);
    for (const job of [handIn, reading]) {
      await emit("job.graded", { tenantId, courseId, jobId: job.id, studentId: student.id, actorId: teacher.id, at: at() });
    }
    expect(await typesOf(student, handIn.id)).toEqual(["evaluated"]);
    expect(await typesOf(student, reading.id)).toEqual(["resource_evaluated"]);
    expect(await typesOf(teacher, handIn.id)).toEqual([]);
    const [view] = (await listOf(student, ["evaluated"])).filter((n) => n.jobGuid === handIn.id);
    expect(view).toMatchObject({ actor: { guid: teacher.id, name: "Tere Profe" }, link: `/tasks?job=${handIn.id}` });
  });

  it("job.commented: the other side gets 'job_comment', never the author", async () => {
    const job = jobOf(await assign([student]), student);
    const byStudent = first(await db().insert(jobComments).values({ tenantId, jobId: job.id, authorId: student.id, body: "¿Vale así?" }).returning());
    await emit("job.commented", { tenantId, courseId, jobId: job.id, commentId: byStudent.id, authorId: student.id });
    expect(await typesOf(teacher, job.id)).toEqual(["job_comment"]);
    expect(await typesOf(coteacher, job.id)).toEqual(["job_comment"]);
    expect(await typesOf(student, job.id)).toEqual([]);

    const byTeacher = first(await db().insert(jobComments).values({ tenantId, jobId: job.id, authorId: teacher.id, body: "Sí" }).returning());
    await emit("job.commented", { tenantId, courseId, jobId: job.id, commentId: byTeacher.id, authorId: teacher.id });
    expect(await typesOf(student, job.id)).toEqual(["job_comment"]);
    expect(await typesOf(teacher, job.id)).toEqual(["job_comment"]);
    expect(await typesOf(coteacher, job.id)).toEqual(["job_comment"]);
    expect(await typesOf(student2)).not.toContain("job_comment");
  });

  it("assessment.graded with feedback: 'assessment_comment' for the student, linking the attempt; without feedback nothing", async () => {
    const task = await assign([student], { type: "CTTY_18", title: "Examen" });
    const attemptId = crypto.randomUUID();
    const event = {
      tenantId,
      courseId,
      lessonItemId: task.item.id,
      attemptId,
      userId: student2.id, // no job for student2: the link opens the attempt's result
      actorId: teacher.id,
      pendingGrading: 0,
      questionId: crypto.randomUUID(),
      feedback: false,
    };
    await emit("assessment.graded", event);
    expect(await typesOf(student2)).not.toContain("assessment_comment");
    await emit("assessment.graded", { ...event, feedback: true });
    await emit("assessment.graded", { ...event, feedback: true });
    const [view] = (await listOf(student2, ["assessment_comment"])).filter((n) => n.link === `/results-assesment/${attemptId}`);
    expect(view).toMatchObject({ category: "social", title: "Examen", jobGuid: null, actor: { guid: teacher.id } });
    expect((await notesOf(student2, { type: "assessment_comment" })).filter((n) => n.data.attemptId === attemptId)).toHaveLength(1);

    // With a task for that student, the notification opens the task.
    await emit("assessment.graded", { ...event, userId: student.id, feedback: true });
    expect(await typesOf(student, jobOf(task, student).id)).toEqual(["assessment_comment"]);
  });

  it("stream: a post reaches every member but its author; a comment its post's author and earlier commenters", async () => {
    const url = `/api/front/courses/${courseId}/stream`;
    const send = async (who: Person, path: string, body: string) => {
      const res = await t.app.inject({ method: "POST", url: `${url}${path}`, headers: await bearer(t.app, who), payload: { body } });
      expect(res.statusCode).toBe(201);
      await t.app.ctx.background.settled();
      return res.json<{ data: { guid: string } }>().data.guid;
    };
    const postGuid = await send(teacher, "", "Mañana traed el compás y la regla, por favor");
    const postNotes = async (who: Person, type: NotificationType) => (await notesOf(who, { type })).filter((n) => n.data.postId === postGuid);
    for (const who of [coteacher, student, student2]) expect(await postNotes(who, "post")).toHaveLength(1);
    expect(await postNotes(teacher, "post")).toHaveLength(0);
    expect(await postNotes(admin, "post")).toHaveLength(0); // not a member

    await send(student2, `/${postGuid}/comments`, "¡Vale!");
    expect(await postNotes(teacher, "comment")).toHaveLength(1);
    for (const who of [coteacher, student, student2]) expect(await postNotes(who, "comment")).toHaveLength(0);

    await send(student, `/${postGuid}/comments`, "Yo también");
    expect(await postNotes(teacher, "comment")).toHaveLength(2);
    expect(await postNotes(student2, "comment")).toHaveLength(1);
    expect(await postNotes(student, "comment")).toHaveLength(0);
    expect(await postNotes(coteacher, "comment")).toHaveLength(0);

    const [view] = (await listOf(student2, ["comment"])).filter((n) => n.link?.includes(postGuid));
    expect(view).toMatchObject({
      category: "social",
      actor: { guid: student.id, name: "Sara Alumna" },
      course: { guid: courseId, name: "Matemáticas 1º A" },
      title: "Mañana traed el compás y la regla, por favor",
      link: `/course/${courseId}?post=${postGuid}`,
    });
  });

  it("POST /api/admin/announcements from the editorial staff: every person of the edition but its author gets 'tenant', nobody elsewhere", async () => {
    const editor = await buildUser(db(), tenantId, { role: "editorial" });
    const send = async (who: Person, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/admin/announcements", headers: await bearer(t.app, who), payload });
    expect((await send(teacher, { title: "Hola" })).statusCode).toBe(403);
    expect((await send(student, { title: "Hola" })).statusCode).toBe(403);
    expect((await send(editor, { title: "Hola", link: "//evil.example" })).statusCode).toBe(400);
    expect((await send(editor, { title: "" })).statusCode).toBe(400);
    // A school admin of no school has nobody to speak to.
    expect((await send(admin, { title: "Hola" })).statusCode).toBe(403);

    const res = await send(editor, { title: "Jornada de puertas abiertas", link: "/calendar" });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.background.settled();
    const announced = async (who: Person) => (await notesOf(who, { type: "tenant" })).length;
    for (const who of [teacher, coteacher, student, student2, admin]) expect(await announced(who)).toBe(1);
    expect(await announced(editor)).toBe(0);
    expect(await announced(outsider)).toBe(0);
    const [view] = await listOf(student, ["tenant"]);
    expect(view).toMatchObject({ type: "tenant", category: "social", title: "Jornada de puertas abiertas", link: "/calendar", course: null });
  });

  it("POST /api/admin/announcements from a school admin reaches their school's people and its classes' members only", async () => {
    const tenant = await buildTenant(db());
    const [north, south] = [await buildSchool(db(), tenant.id), await buildSchool(db(), tenant.id)];
    const head = await buildUser(db(), tenant.id, { role: "school_admin", schoolId: north.id });
    const northTeacher = await buildUser(db(), tenant.id, { role: "teacher", schoolId: north.id });
    const keyStudent = await buildUser(db(), tenant.id, { role: "student" }); // joined a north class with its key
    const southTeacher = await buildUser(db(), tenant.id, { role: "teacher", schoolId: south.id });
    const loner = await buildUser(db(), tenant.id, { role: "student" }); // no school, no class
    await buildCourse(db(), tenant.id, { schoolId: north.id, members: [{ userId: keyStudent.id, role: "student" }] });

    const res = await t.app.inject({ method: "POST", url: "/api/admin/announcements", headers: await bearer(t.app, head), payload: { title: "Mañana no hay comedor" } });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.background.settled();
    const announced = async (who: Person) => (await notesOf(who, { type: "tenant" })).length;
    expect(await announced(northTeacher)).toBe(1);
    expect(await announced(keyStudent)).toBe(1);
    for (const who of [head, southTeacher, loner]) expect(await announced(who)).toBe(0);
  });
});

/** GET /api/notifications as `who` (the data.data of the answer). */
async function listOf(who: Person, types: NotificationType[], offset = 0): Promise<NotificationView[]> {
  const res = await get(who, `/api/notifications?${query(types)}&offset=${offset}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { data: unknown[] } }>().data.data.map((n) => NotificationViewSchema.parse(n));
}
const query = (types: readonly string[]) => types.map((type) => `type=${type}`).join("&");
const get = async (who: Person, url: string) => t.app.inject({ method: "GET", url, headers: await bearer(t.app, who) });
const put = async (who: Person, url: string, payload: object) => t.app.inject({ method: "PUT", url, headers: await bearer(t.app, who), payload });

describe("GET/PUT /api/notifications (spec §7)", () => {
  let reader: Person;
  let other: Person;
  const todo: NotificationType[] = ["assigned", "one_day"];
  const social: NotificationType[] = ["post", "comment"];
  beforeAll(async () => {
    reader = await buildUser(db(), tenantId, { role: "student" });
    other = await buildUser(db(), tenantId, { role: "student" });
    const rows = (who: Person, n: number, types: NotificationType[], tenant = tenantId) =>
      Array.from({ length: n }, (_, i) => {
        const type = types[i % types.length] ?? "assigned";
        const category = ["post", "comment", "tenant"].includes(type) ? "social" : "todo";
        return { tenantId: tenant, userId: who.id, type, category, data: { title: `${type} ${i}` }, dedupeKey: `test:${who.id}:${type}:${i}` };
      });
    // 23 to-do and 4 social for the reader; some for another student and for the other edition's teacher.
    await db().insert(notifications).values(rows(reader, 23, todo));
    await db().insert(notifications).values(rows(reader, 4, social));
    await db().insert(notifications).values(rows(other, 3, todo));
    await db().insert(notifications).values(rows(outsider, 3, todo, outsider.tenantId));
  });
  const unreadOf = async (who: Person, types: NotificationType[]) => {
    const res = await get(who, `/api/notifications/unread-count?${query(types)}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { amount: number } }>().data.amount;
  };
  /** Newest first, as the list shows them. */
  const ownIds = async (who: Person, types: NotificationType[]) =>
    (
      await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), inArray(notifications.type, types)))
        .orderBy(desc(notifications.id))
    ).map((r) => r.id);

  it("pages the caller's own notifications of the given types, newest first, with total and offset", async () => {
    const page = async (offset: number) => {
      const res = await get(reader, `/api/notifications?${query(todo)}&offset=${offset}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      return res.json<{ status: string; data: { data: NotificationView[]; total: number; offset: number } }>();
    };
    const p1 = await page(0);
    expect(p1.status).toBe("success");
    expect(p1.data).toMatchObject({ total: 23, offset: 0 });
    expect(p1.data.data).toHaveLength(10);
    const ids = p1.data.data.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(p1.data.data.every((n) => todo.includes(n.type) && n.category === "todo")).toBe(true);
    const p3 = await page(20);
    expect(p3.data).toMatchObject({ total: 23, offset: 20 });
    expect(p3.data.data).toHaveLength(3);
    expect(Math.max(...p3.data.data.map((n) => n.id))).toBeLessThan(Math.min(...ids));
    // The default page size is the spec's 10; `type[]=` is read like `type=`.
    const res = await get(reader, `/api/notifications?${social.map((s) => `type[]=${s}`).join("&")}`);
    expect(res.json<{ data: { data: unknown[]; total: number } }>().data).toMatchObject({ total: 4 });
    expect((await listOf(reader, ["tenant"])).length).toBe(0);
  });

  it("counts unread per list, marks read (to-do unread drops, social stays until consumed) and consumed", async () => {
    expect(await unreadOf(reader, todo)).toBe(23);
    expect(await unreadOf(reader, social)).toBe(4);

    const todoIds = (await ownIds(reader, todo)).slice(0, 5);
    const socialIds = (await ownIds(reader, social)).slice(0, 2);
    const othersIds = await ownIds(other, todo);
    const viewedAt = "2026-11-25T10:00:00.000Z";
    const read = await put(reader, "/api/notifications/read", { ids: [...todoIds, ...socialIds, ...othersIds], viewed_at: viewedAt });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: { updated: number } }>().data.updated).toBe(7);
    expect(await unreadOf(reader, todo)).toBe(18);
    expect(await unreadOf(reader, social)).toBe(4); // social unread = not consumed
    expect(await unreadOf(other, todo)).toBe(3); // someone else's ids changed nothing
    // Already viewed: nothing to update again, and the first time is kept.
    expect((await put(reader, "/api/notifications/read", { ids: todoIds, viewed_at: "2026-11-26T10:00:00Z" })).json<{ data: { updated: number } }>().data.updated).toBe(0);
    const [viewed] = (await listOf(reader, todo)).filter((n) => n.id === todoIds[0]);
    expect(viewed?.viewed_at).toBe(viewedAt);

    const consumed = await put(reader, "/api/notifications/consumed", { ids: [...socialIds, ...othersIds], consumed_at: "2026-11-25T11:00:00Z" });
    expect(consumed.json<{ data: { updated: number } }>().data.updated).toBe(2);
    expect(await unreadOf(reader, social)).toBe(2);
    const views = (await listOf(reader, social)).filter((n) => socialIds.includes(n.id));
    expect(views.every((n) => n.consumed_at === "2026-11-25T11:00:00.000Z" && n.viewed_at === viewedAt)).toBe(true);
    expect(await unreadOf(other, todo)).toBe(3);
  });

  it("consumes all of a list's types with ids [0] (and marks them viewed); [0] without type is a 400", async () => {
    const none = await put(reader, "/api/notifications/consumed", { ids: [0], consumed_at: "2026-11-25T12:00:00Z" });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: { key: string } }>().error.key).toBe("VALIDATION_ERROR");

    const all = await put(reader, "/api/notifications/consumed", { ids: [0], consumed_at: "2026-11-25T12:00:00Z", type: todo });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ data: { updated: number } }>().data.updated).toBe(23);
    expect(await unreadOf(reader, todo)).toBe(0);
    const views = await listOf(reader, todo);
    expect(views.every((n) => n.consumed_at !== null && n.viewed_at !== null)).toBe(true);
    expect(await unreadOf(reader, social)).toBe(2); // other types untouched
    expect(await unreadOf(other, todo)).toBe(3); // and other people's
  });

  it("shows nothing of another edition, and refuses bad input with 400", async () => {
    const foreign = await ownIds(outsider, todo);
    expect((await listOf(reader, todo)).some((n) => foreign.includes(n.id))).toBe(false);
    const res = await put(reader, "/api/notifications/read", { ids: foreign, viewed_at: "2026-11-25T10:00:00Z" });
    expect(res.json<{ data: { updated: number } }>().data.updated).toBe(0);
    expect(await unreadOf(outsider, todo)).toBe(3);
    // A token of the other edition carrying the reader's id sees none of the reader's rows.
    const forged = await bearer(t.app, { id: reader.id, tenantId: outsider.tenantId, role: "student" });
    const seen = await t.app.inject({ method: "GET", url: `/api/notifications?${query(todo)}`, headers: forged });
    expect(seen.json<{ data: { total: number } }>().data.total).toBe(0);

    for (const url of [
      "/api/notifications",
      "/api/notifications?type=nope",
      `/api/notifications?${query(todo)}&pageSize=51`,
      `/api/notifications?${query(todo)}&offset=-1`,
      "/api/notifications/unread-count",
    ]) {
      expect((await get(reader, url)).statusCode).toBe(400);
    }
    for (const payload of [
      { ids: [], viewed_at: "2026-11-25T10:00:00Z" },
      { ids: [1], viewed_at: "yesterday" },
      { ids: ["x"], viewed_at: "2026-11-25T10:00:00Z" },
      { ids: [1], viewed_at: "0000-01-01T00:00:00+01:00" }, // the year 1 BC: no database holds it
    ]) {
      expect((await put(reader, "/api/notifications/read", payload)).statusCode).toBe(400);
    }
    expect((await put(reader, "/api/notifications/consumed", { ids: [1], consumed_at: "2026-11-25T10:00:00Z", type: ["nope"] })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/notifications?${query(todo)}` })).statusCode).toBe(401);
  });
});

describe("task reminders (one day before, late)", () => {
  const hours = (now: Date, n: number) => new Date(now.getTime() + n * 3600_000);

  it("reminds once a day before the due date, again after the date moves, and notices a late job once", async () => {
    const now = new Date();
    const soon = await assign([student, student2], { dueAt: hours(now, 2), title: "Para mañana" });
    const [mine, handedIn] = [jobOf(soon, student), jobOf(soon, student2)];
    await db().update(jobs).set({ status: "pending", deliveredAt: now }).where(eq(jobs.id, handedIn.id));
    const later = jobOf(await assign([student], { dueAt: hours(now, 72) }), student);
    const late = jobOf(await assign([student], { dueAt: hours(now, -1) }), student);
    // Due more than a week ago (created late, or the worker was down): no news, no notice.
    const stale = jobOf(await assign([student], { dueAt: hours(now, -24 * 8) }), student);

    const run = async (when: Date) => {
      const sent = await runTaskReminders(db(), t.app.ctx.events, when);
      await t.app.ctx.background.settled();
      return sent;
    };
    const sent = await run(now);
    const soonIds = sent.dueSoon.map((r) => r.jobId);
    expect(soonIds).toContain(mine.id);
    expect(soonIds).not.toContain(handedIn.id);
    expect(soonIds).not.toContain(later.id);
    expect(sent.overdue.map((r) => r.jobId)).toContain(late.id);
    expect(await typesOf(student, mine.id)).toEqual(["one_day"]);
    expect(await typesOf(student, late.id)).toEqual(["late"]);
    expect(sent.overdue.map((r) => r.jobId)).not.toContain(stale.id);
    expect(await typesOf(student, stale.id)).toEqual([]);
    expect(await typesOf(student2, handedIn.id)).toEqual([]);
    expect(await typesOf(student, later.id)).toEqual([]);

    const again = await run(now);
    expect(again.dueSoon.map((r) => r.jobId)).not.toContain(mine.id);
    expect(again.overdue.map((r) => r.jobId)).not.toContain(late.id);
    expect(await typesOf(student, mine.id)).toEqual(["one_day"]);

    // The teacher moves the date by an hour: a new reminder for the new date.
    await db().update(taskAssignments).set({ dueAt: hours(now, 3) }).where(eq(taskAssignments.id, soon.assignment.id));
    expect((await run(now)).dueSoon.map((r) => r.jobId)).toContain(mine.id);
    expect(await typesOf(student, mine.id)).toEqual(["one_day", "one_day"]);

    // Two days on, the moved date has passed: the late notice, once.
    expect((await run(hours(now, 48))).overdue.map((r) => r.jobId)).toContain(mine.id);
    expect((await run(hours(now, 48))).overdue.map((r) => r.jobId)).not.toContain(mine.id);
    expect(await typesOf(student, mine.id)).toEqual(["late", "one_day", "one_day"]);
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres("two instances (separate connections) draining at once claim each reminder exactly once", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const [here] = ((await db().execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows;
    url.pathname = `/${here?.name}`;
    const second = await openDatabase({ url: url.toString(), pgliteDir: "" });
    try {
      const now = new Date();
      const people = [student, student2, teacher, coteacher, admin];
      const tasks = await Promise.all(Array.from({ length: 40 }, (_, i) => assign(people, { dueAt: hours(now, 1 + (i % 5)) })));
      const mine = new Set(tasks.flatMap((task) => task.jobs.map((j) => j.id)));
      const seen: string[] = [];
      const drain = async (runner: Db) => {
        for (;;) {
          const run = await claimDueSoon(runner, now, 25);
          if (run.length === 0) return;
          seen.push(...run.map((r) => r.jobId).filter((id) => mine.has(id)));
        }
      };
      await Promise.all([drain(db()), drain(second.db), drain(db()), drain(second.db)]);
      expect(seen).toHaveLength(mine.size);
      expect(new Set(seen)).toEqual(mine);
    } finally {
      await second.close();
    }
  });

  it("two runs at once never send the same reminder twice", async () => {
    const now = new Date();
    const task = await assign([student, student2, teacher, coteacher], { dueAt: hours(now, 5) });
    const [a, b] = await Promise.all([runTaskReminders(db(), t.app.ctx.events, now), runTaskReminders(db(), t.app.ctx.events, now)]);
    await t.app.ctx.background.settled();
    const mine = new Set(task.jobs.map((j) => j.id));
    const claimed = [...a.dueSoon, ...b.dueSoon].map((r) => r.jobId).filter((id) => mine.has(id));
    expect(claimed.sort()).toEqual([...mine].sort());
  });
});
