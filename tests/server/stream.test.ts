process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { StreamCommentSchema, StreamPageSchema, StreamPostSchema, type StreamPage } from "../../src/contracts/course-program";
import type { StreamPermission } from "../../src/contracts/course-settings";
import { coursePostComments, coursePosts, courses, tenants, users } from "../../src/server/db/schema";
import { bearer as bearerOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

type Person = { id: string; tenantId: string; role: string };
const db = () => t.app.ctx.db;
const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`missing ${what}`);
  return row;
};
const demoUser = (email: string) => one(db().select().from(users).where(eq(users.email, email)), email);
const tenantId = async (slug: string) => (await one(db().select().from(tenants).where(eq(tenants.slug, slug)), slug)).id;
const call = async (method: "GET" | "POST" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: await bearerOf(t.app, who), ...(payload ? { payload } : {}) });
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: unknown }>().data;

/** A class of the Aula school with a teacher, a co-teacher and two students, under one stream setting. */
async function buildClass(permission?: StreamPermission) {
  const aula = await tenantId("aula");
  const admin = await demoUser("admin@demo.test");
  const teacher = await buildUser(db(), aula, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  const coteacher = await buildUser(db(), aula, { role: "coteacher", firstName: "Coro", lastName: "Apoyo" });
  const student = await buildUser(db(), aula, { role: "student", firstName: "Sara", lastName: "Alumna" });
  const student2 = await buildUser(db(), aula, { role: "student", firstName: "Saúl", lastName: "Alumno" });
  const course = await buildCourse(db(), aula, {
    schoolId: admin.schoolId,
    settings: permission ? { streamPermission: permission } : {},
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
      { userId: student2.id, role: "student" },
    ],
  });
  const url = `/api/front/courses/${course.id}/stream`;
  return { course, teacher, coteacher, student, student2, admin, url };
}

const streamOf = async (url: string, who: Person, query = ""): Promise<StreamPage> => {
  const res = await call("GET", `${url}${query}`, who);
  expect(res.statusCode).toBe(200);
  return StreamPageSchema.parse(dataOf(res));
};
const post = async (url: string, who: Person, body: string) => {
  const res = await call("POST", url, who, { body });
  expect(res.statusCode).toBe(201);
  return StreamPostSchema.parse(dataOf(res));
};
const comment = async (url: string, postGuid: string, who: Person, body: string) => {
  const res = await call("POST", `${url}/${postGuid}/comments`, who, { body });
  expect(res.statusCode).toBe(201);
  return StreamCommentSchema.parse(dataOf(res));
};

describe("stream permissions (spec §6)", () => {
  const cases: Array<[StreamPermission, { canPost: boolean; canComment: boolean }]> = [
    ["teacher_only", { canPost: false, canComment: false }],
    ["students_comment", { canPost: false, canComment: true }],
    ["students_post", { canPost: true, canComment: true }],
  ];

  it.each(cases)("%s: students get %o, and the server enforces it", async (permission, student) => {
    const c = await buildClass(permission);
    const first = await post(c.url, c.teacher, "Bienvenidos");
    expect(await streamOf(c.url, c.student)).toMatchObject({ permission, ...student });

    const posted = await call("POST", c.url, c.student, { body: "Hola" });
    expect(posted.statusCode).toBe(student.canPost ? 201 : 403);
    if (!student.canPost) expect(posted.json()).toMatchObject({ status: "error", error: { key: "STREAM_NOT_ALLOWED" } });
    const commented = await call("POST", `${c.url}/${first.guid}/comments`, c.student, { body: "Gracias" });
    expect(commented.statusCode).toBe(student.canComment ? 201 : 403);
    if (!student.canComment) expect(commented.json()).toMatchObject({ error: { key: "STREAM_NOT_ALLOWED" } });

    // Teachers and co-teachers always can; the observing school admin only reads.
    for (const who of [c.teacher, c.coteacher]) {
      expect(await streamOf(c.url, who)).toMatchObject({ permission, canPost: true, canComment: true });
      await post(c.url, who, "Aviso");
      await comment(c.url, first.guid, who, "Nota");
    }
    expect(await streamOf(c.url, c.admin)).toMatchObject({ permission, canPost: false, canComment: false });
    expect((await call("POST", c.url, c.admin, { body: "x" })).statusCode).toBe(403);
    expect((await call("POST", `${c.url}/${first.guid}/comments`, c.admin, { body: "x" })).statusCode).toBe(403);
    const posts = await db().select().from(coursePosts).where(eq(coursePosts.courseId, c.course.id));
    expect(posts).toHaveLength(student.canPost ? 4 : 3);
  });

  it("follows a change of the class's setting at once", async () => {
    const c = await buildClass("students_post");
    expect((await call("POST", c.url, c.student, { body: "Uno" })).statusCode).toBe(201);
    await db().update(courses).set({ settings: { streamPermission: "teacher_only" } }).where(eq(courses.id, c.course.id));
    expect((await call("POST", c.url, c.student, { body: "Dos" })).statusCode).toBe(403);
  });

  it("uses the new-class default (students comment) when the class has no setting", async () => {
    const c = await buildClass();
    expect(await streamOf(c.url, c.student)).toMatchObject({ permission: "students_comment", canPost: false, canComment: true });
  });

  it("lets students post in the demo Lengua class but only comment in Matemáticas", async () => {
    const student = await demoUser("student1@demo.test");
    const lengua = await one(db().select().from(courses).where(eq(courses.name, "Lengua 1º ESO A")), "lengua");
    const mates = await one(db().select().from(courses).where(eq(courses.name, "Matemáticas 1º ESO A")), "mates");
    expect(await streamOf(`/api/front/courses/${lengua.id}/stream`, student)).toMatchObject({ permission: "students_post", canPost: true });
    expect(await streamOf(`/api/front/courses/${mates.id}/stream`, student)).toMatchObject({ permission: "students_comment", canPost: false });
  });
});

describe("GET /api/front/courses/:guid/stream", () => {
  it("lists posts newest first with comments oldest first, authors and their class roles", async () => {
    const c = await buildClass("students_post");
    const older = await post(c.url, c.teacher, "Primero");
    const newer = await post(c.url, c.student, "Segundo");
    await comment(c.url, older.guid, c.student2, "c1");
    await comment(c.url, older.guid, c.coteacher, "c2");
    await comment(c.url, older.guid, c.student, "c3");

    const page = await streamOf(c.url, c.student2);
    expect(page).toMatchObject({ total: 2, offset: 0, pageSize: 20 });
    expect(page.items.map((p) => [p.guid, p.body, p.author.name, p.author.role])).toEqual([
      [newer.guid, "Segundo", "Sara Alumna", "student"],
      [older.guid, "Primero", "Tere Profe", "teacher"],
    ]);
    expect(page.items[1]?.comments.map((cm) => [cm.body, cm.author.role, cm.canDelete])).toEqual([
      ["c1", "student", true],
      ["c2", "coteacher", false],
      ["c3", "student", false],
    ]);
    expect(page.items.map((p) => p.canDelete)).toEqual([false, false]);
    const asTeacher = await streamOf(c.url, c.coteacher);
    expect(asTeacher.items.every((p) => p.canDelete && p.comments.every((cm) => cm.canDelete))).toBe(true);
    const asAdmin = await streamOf(c.url, c.admin);
    expect(asAdmin.items.some((p) => p.canDelete || p.comments.some((cm) => cm.canDelete))).toBe(false);
  });

  it("pages with offset and pageSize", async () => {
    const c = await buildClass();
    for (const body of ["a", "b", "c", "d", "e"]) await post(c.url, c.teacher, body);
    const first = await streamOf(c.url, c.student, "?offset=0&pageSize=2");
    expect(first).toMatchObject({ total: 5, offset: 0, pageSize: 2 });
    expect(first.items.map((p) => p.body)).toEqual(["e", "d"]);
    expect((await streamOf(c.url, c.student, "?offset=4&pageSize=2")).items.map((p) => p.body)).toEqual(["a"]);
    expect(await streamOf(c.url, c.student, "?offset=10&pageSize=2")).toMatchObject({ items: [], total: 5 });
    expect((await call("GET", `${c.url}?pageSize=101`, c.student)).statusCode).toBe(400);
  });

  it("marks authors who left the class with no role", async () => {
    const c = await buildClass("students_post");
    const aula = await tenantId("aula");
    const outsider = await buildUser(db(), aula, { role: "student", firstName: "Ex", lastName: "Alumno" });
    await db().insert(coursePosts).values({ courseId: c.course.id, authorId: outsider.id, body: "Antiguo" });
    const page = await streamOf(c.url, c.teacher);
    expect(page.items[0]?.author).toMatchObject({ guid: outsider.id, name: "Ex Alumno", role: null });
  });

  it("is a 401 without a token and a 404 for non-members and other editions", async () => {
    const c = await buildClass();
    expect((await t.app.inject({ method: "GET", url: c.url })).statusCode).toBe(401);
    for (const email of ["editor@demo.test", "teacher@demo.test", "teacher@lumen.test", "admin@lumen.test"]) {
      const who = await demoUser(email);
      expect([email, (await call("GET", c.url, who)).statusCode]).toEqual([email, 404]);
      expect((await call("POST", c.url, who, { body: "x" })).statusCode).toBe(404);
    }
    const lumenClass = await one(db().select().from(courses).where(eq(courses.name, "Matemática 6º ano B")), "lumen class");
    expect((await call("GET", `/api/front/courses/${lumenClass.id}/stream`, await demoUser("teacher@demo.test"))).statusCode).toBe(404);
  });
});

describe("POST /api/front/courses/:guid/stream", () => {
  it("answers the new post and refuses empty or too long messages", async () => {
    const c = await buildClass();
    const created = await post(c.url, c.coteacher, "  Examen el lunes  ");
    expect(created).toMatchObject({ body: "Examen el lunes", author: { guid: c.coteacher.id, name: "Coro Apoyo", role: "coteacher" }, comments: [], canDelete: true });
    for (const body of ["", "   ", "x".repeat(2001)]) {
      const res = await call("POST", c.url, c.teacher, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { key: "VALIDATION_ERROR" } });
    }
    expect((await call("POST", c.url, c.teacher, {})).statusCode).toBe(400);
  });

  it("is a 404 to comment on a post of another class", async () => {
    const a = await buildClass();
    const b = await buildClass();
    const elsewhere = await post(b.url, b.teacher, "En B");
    expect((await call("POST", `${a.url}/${elsewhere.guid}/comments`, a.teacher, { body: "x" })).statusCode).toBe(404);
    expect((await call("POST", `${a.url}/${crypto.randomUUID()}/comments`, a.teacher, { body: "x" })).statusCode).toBe(404);
  });
});

describe("DELETE stream posts and comments", () => {
  it("lets authors delete their own and the class's teachers delete anything; others get 403", async () => {
    const c = await buildClass("students_post");
    const byStudent = await post(c.url, c.student, "Mío");
    const mine = await comment(c.url, byStudent.guid, c.student2, "de Saúl");
    const theirs = await comment(c.url, byStudent.guid, c.student, "de Sara");

    expect((await call("DELETE", `${c.url}/${byStudent.guid}`, c.student2)).statusCode).toBe(403);
    expect((await call("DELETE", `${c.url}/${byStudent.guid}/comments/${theirs.guid}`, c.student2)).statusCode).toBe(403);
    expect((await call("DELETE", `${c.url}/${byStudent.guid}/comments/${theirs.guid}`, c.admin)).statusCode).toBe(403);
    expect((await call("DELETE", `${c.url}/${byStudent.guid}`, c.admin)).statusCode).toBe(403);

    expect((await call("DELETE", `${c.url}/${byStudent.guid}/comments/${mine.guid}`, c.student2)).statusCode).toBe(204);
    expect((await call("DELETE", `${c.url}/${byStudent.guid}/comments/${theirs.guid}`, c.coteacher)).statusCode).toBe(204);
    expect(await db().select().from(coursePostComments).where(eq(coursePostComments.postId, byStudent.guid))).toHaveLength(0);

    const byTeacher = await post(c.url, c.teacher, "Del profe");
    await comment(c.url, byTeacher.guid, c.student, "ok");
    expect((await call("DELETE", `${c.url}/${byTeacher.guid}`, c.student)).statusCode).toBe(403);
    expect((await call("DELETE", `${c.url}/${byTeacher.guid}`, c.coteacher)).statusCode).toBe(204);
    expect(await db().select().from(coursePostComments).where(eq(coursePostComments.postId, byTeacher.guid))).toHaveLength(0);
    expect((await call("DELETE", `${c.url}/${byStudent.guid}`, c.student)).statusCode).toBe(204);
    expect((await streamOf(c.url, c.teacher)).total).toBe(0);
  });

  it("is a 404 for posts and comments that are not this class's", async () => {
    const a = await buildClass();
    const b = await buildClass();
    const inB = await post(b.url, b.teacher, "B");
    const commentInB = await comment(b.url, inB.guid, b.teacher, "cB");
    const inA = await post(a.url, a.teacher, "A");
    expect((await call("DELETE", `${a.url}/${inB.guid}`, a.teacher)).statusCode).toBe(404);
    expect((await call("DELETE", `${a.url}/${inB.guid}/comments/${commentInB.guid}`, a.teacher)).statusCode).toBe(404);
    expect((await call("DELETE", `${a.url}/${inA.guid}/comments/${commentInB.guid}`, a.teacher)).statusCode).toBe(404);
    expect((await call("DELETE", `${b.url}/${inB.guid}`, await demoUser("teacher@lumen.test"))).statusCode).toBe(404);
    expect(await db().select().from(coursePosts).where(eq(coursePosts.id, inB.guid))).toHaveLength(1);
  });
});
