process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ResourceMaterialSchema, type ResourceMaterial } from "../../src/contracts/lessons";
import { consumptions, contents, coursePublications, lessonItems, lessons, publications, tenants, units } from "../../src/server/db/schema";
import { bearer, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildUser, buildContent } from "../support/factories";

let t: TestApp;
let people: Awaited<ReturnType<typeof buildPeople>>;
beforeAll(async () => {
  t = await buildTestApp();
  people = await buildPeople();
}, 120_000);
afterAll(() => t.close());

type Person = { id: string; tenantId: string; role: string };
type Res = { statusCode: number; json: <T>() => T };
const db = () => t.app.ctx.db;
const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};
const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: await bearer(t.app, who), ...(payload ? { payload } : {}) });
const keyOf = (res: Res) => res.json<{ error: { key: string } }>().error.key;
const materialOf = (res: Res) => ResourceMaterialSchema.parse(res.json<{ data: unknown }>().data);

async function buildPeople() {
  const aula = first(await db().select().from(tenants).where(eq(tenants.slug, "aula"))).id;
  const lumen = first(await db().select().from(tenants).where(eq(tenants.slug, "lumen"))).id;
  return {
    aula,
    lumen,
    teacher: await buildUser(db(), aula, { role: "teacher" }),
    coteacher: await buildUser(db(), aula, { role: "coteacher" }),
    student: await buildUser(db(), aula, { role: "student" }),
    otherTeacher: await buildUser(db(), aula, { role: "teacher" }),
    otherStudent: await buildUser(db(), aula, { role: "student" }),
    lumenTeacher: await demoUser(t.app, "teacher@lumen.test"),
  };
}


async function buildWorld() {
  const p = people;
  const course = await buildCourse(db(), p.aula, {
    members: [
      { userId: p.teacher.id, role: "teacher" },
      { userId: p.coteacher.id, role: "coteacher" },
      { userId: p.student.id, role: "student" },
    ],
  });
  const other = await buildCourse(db(), p.aula, { members: [{ userId: p.otherTeacher.id, role: "teacher" }, { userId: p.otherStudent.id, role: "student" }] });
  const a = await buildContent(db(), p.aula, "A");
  const b = await buildContent(db(), p.aula, "B");
  const c = await buildContent(db(), p.aula, "C");
  const list = async (who: Person = p.teacher): Promise<ResourceMaterial[]> => {
    const res = await call("GET", `/api/lms/resource-materials?courseGuid=${course.id}`, who);
    expect(res.statusCode).toBe(200);
    return ResourceMaterialSchema.array().parse(res.json<{ data: unknown }>().data);
  };
  const create = (body: object, who: Person = p.teacher) => call("POST", "/api/lms/resource-materials", who, { courseGuid: course.id, ...body });
  return { ...p, course, other, a, b, c, list, create, outsiders: [p.otherTeacher, p.otherStudent, p.lumenTeacher] };
}

const shown = (list: ResourceMaterial[]) => list.map((m) => `${m.position}:${m.title}${m.visibleToStudents ? "" : " (hidden)"}`);

describe("GET and POST /api/lms/resource-materials", () => {
  it("adds contents at the end; students see only those visible to them", async () => {
    const w = await buildWorld();
    const res = await w.create({ contentGuid: w.a.id });
    expect(res.statusCode).toBe(201);
    expect(materialOf(res)).toMatchObject({ courseGuid: w.course.id, title: "A", visibleToStudents: true, position: 1, content: { guid: w.a.id, deleted: false } });
    expect((await w.create({ contentGuid: w.b.id, title: "Teacher notes", visibleToStudents: false }, w.coteacher)).statusCode).toBe(201);
    expect((await w.create({ contentGuid: w.c.id, title: "" })).statusCode).toBe(201);
    expect(shown(await w.list())).toEqual(["1:A", "2:Teacher notes (hidden)", "3:C"]);
    expect(shown(await w.list(w.coteacher))).toEqual(["1:A", "2:Teacher notes (hidden)", "3:C"]);
    expect(shown(await w.list(w.student))).toEqual(["1:A", "3:C"]);
  });

  it("refuses students (403), outsiders (404), others' and deleted contents", async () => {
    const w = await buildWorld();
    const student = await w.create({ contentGuid: w.a.id }, w.student);
    expect([student.statusCode, keyOf(student)]).toEqual([403, "FORBIDDEN"]);
    for (const who of w.outsiders) {
      expect((await w.create({ contentGuid: w.a.id }, who)).statusCode).toBe(404);
      expect((await call("GET", `/api/lms/resource-materials?courseGuid=${w.course.id}`, who)).statusCode).toBe(404);
    }
    const colleagues = await buildContent(db(), w.aula, "Colleague's", { createdBy: w.otherTeacher.id });
    const notMine = await w.create({ contentGuid: colleagues.id });
    expect([notMine.statusCode, keyOf(notMine)]).toEqual([404, "CONTENT_NOT_AVAILABLE"]);
    const gone = await w.create({ contentGuid: (await buildContent(db(), w.aula, "Gone", { deletedAt: new Date() })).id });
    expect([gone.statusCode, keyOf(gone)]).toEqual([410, "CONTENT_DELETED"]);
    const foreign = await w.create({ contentGuid: (await buildContent(db(), w.lumen, "Lumen")).id });
    expect([foreign.statusCode, keyOf(foreign)]).toEqual([404, "CONTENT_NOT_AVAILABLE"]);
    expect((await w.create({ contentGuid: w.a.id, title: "x".repeat(201) })).statusCode).toBe(400);
    expect((await call("GET", "/api/lms/resource-materials", w.teacher)).statusCode).toBe(400);
    expect(await w.list()).toEqual([]);
  });

  it("says when a shared content was deleted", async () => {
    const w = await buildWorld();
    await w.create({ contentGuid: w.a.id });
    await db().update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, w.a.id));
    expect((await w.list(w.student)).map((m) => m.content.deleted)).toEqual([true]);
  });
});

describe("PATCH and DELETE /api/lms/resource-materials/:guid", () => {
  it("renames, hides and moves; deleting renumbers", async () => {
    const w = await buildWorld();
    const a = materialOf(await w.create({ contentGuid: w.a.id }));
    const b = materialOf(await w.create({ contentGuid: w.b.id }));
    const c = materialOf(await w.create({ contentGuid: w.c.id }));
    const patch = (guid: string, body: object, who: Person = w.teacher) => call("PATCH", `/api/lms/resource-materials/${guid}`, who, body);
    expect(materialOf(await patch(c.guid, { position: 1 }))).toMatchObject({ position: 1, title: "C" });
    expect(shown(await w.list())).toEqual(["1:C", "2:A", "3:B"]);
    await patch(c.guid, { position: 99 }, w.coteacher);
    expect(shown(await w.list())).toEqual(["1:A", "2:B", "3:C"]);
    await patch(a.guid, { position: 2, title: "Renamed", visibleToStudents: false });
    expect(shown(await w.list())).toEqual(["1:B", "2:Renamed (hidden)", "3:C"]);
    expect(shown(await w.list(w.student))).toEqual(["1:B", "3:C"]);
    expect(materialOf(await patch(a.guid, { title: null, visibleToStudents: true })).title).toBe("A");

    expect((await call("DELETE", `/api/lms/resource-materials/${b.guid}`, w.teacher)).statusCode).toBe(204);
    expect(shown(await w.list())).toEqual(["1:A", "2:C"]);
    expect((await call("DELETE", `/api/lms/resource-materials/${b.guid}`, w.teacher)).statusCode).toBe(404);
    expect(await db().select().from(contents).where(eq(contents.id, w.b.id))).toHaveLength(1);
  });

  it("is a 403 for the class's student and a 404 for outsiders and unknown ids", async () => {
    const w = await buildWorld();
    const a = materialOf(await w.create({ contentGuid: w.a.id }));
    const url = `/api/lms/resource-materials/${a.guid}`;
    expect((await call("PATCH", url, w.student, { title: "Mine" })).statusCode).toBe(403);
    expect((await call("DELETE", url, w.student)).statusCode).toBe(403);
    for (const who of w.outsiders) {
      expect((await call("PATCH", url, who, { title: "Mine" })).statusCode).toBe(404);
      expect((await call("DELETE", url, who)).statusCode).toBe(404);
    }
    expect((await call("PATCH", `/api/lms/resource-materials/${crypto.randomUUID()}`, w.teacher, { title: "x" })).statusCode).toBe(404);
    expect((await call("PATCH", url, w.teacher, { position: 0 })).statusCode).toBe(400);
    expect(shown(await w.list())).toEqual(["1:A"]);
  });
});

describe("POST /api/consumptions", () => {
  const consumptionOf = async (userId: string, contentId: string, courseId: string) =>
    first(
      await db()
        .select()
        .from(consumptions)
        .where(and(eq(consumptions.userId, userId), eq(consumptions.contentId, contentId), eq(consumptions.courseId, courseId))),
    );

  /** A published item of a visible lesson in the class, and a draft one. */
  async function placeInLesson(w: Awaited<ReturnType<typeof buildWorld>>) {
    const pub = first(await db().insert(publications).values({ tenantId: w.aula, title: "Book", kind: "program" }).returning());
    const unit = first(await db().insert(units).values({ publicationId: pub.id, title: "U", order: 1 }).returning());
    const lesson = first(await db().insert(lessons).values({ unitId: unit.id, title: "L", order: 1 }).returning());
    await db().insert(coursePublications).values({ courseId: w.course.id, publicationId: pub.id });
    await db().insert(lessonItems).values([
      { tenantId: w.aula, courseId: w.course.id, lessonId: lesson.id, contentId: w.a.id, position: 1, status: "published" },
      { tenantId: w.aula, courseId: w.course.id, lessonId: lesson.id, contentId: w.b.id, position: 2, status: "draft" },
    ]);
  }

  it("counts openings and keeps the first finishing time", async () => {
    const w = await buildWorld();
    await placeInLesson(w);
    const post = (event: string, who: Person = w.student, contentGuid = w.a.id, courseGuid = w.course.id) =>
      call("POST", "/api/consumptions", who, { courseGuid, contentGuid, event });
    expect((await post("opened")).statusCode).toBe(204);
    const once = await consumptionOf(w.student.id, w.a.id, w.course.id);
    expect([once.openCount, once.finishedAt]).toEqual([1, null]);
    expect((await post("opened")).statusCode).toBe(204);
    expect((await post("finished")).statusCode).toBe(204);
    const finished = await consumptionOf(w.student.id, w.a.id, w.course.id);
    expect(finished.openCount).toBe(2);
    expect(finished.firstOpenedAt).toEqual(once.firstOpenedAt);
    expect(finished.lastOpenedAt.getTime()).toBeGreaterThanOrEqual(once.lastOpenedAt.getTime());
    expect(finished.finishedAt).not.toBeNull();
    await post("opened");
    await post("finished");
    const again = await consumptionOf(w.student.id, w.a.id, w.course.id);
    expect([again.openCount, again.finishedAt]).toEqual([3, finished.finishedAt]);
    // The lesson page reports it.
    const items = await call("GET", `/api/front/lesson-items?courseGuid=${w.course.id}&lessonGuid=${(await db().select().from(lessonItems).where(eq(lessonItems.contentId, w.a.id)))[0]?.lessonId}`, w.student);
    expect(items.json<{ data: Array<{ consumption: unknown }> }>().data[0]?.consumption).toEqual({ opened: true, finished: true });
  });

  it("refuses contents the caller may not view in the class", async () => {
    const w = await buildWorld();
    await placeInLesson(w);
    const post = (who: Person, contentGuid: string, courseGuid = w.course.id) => call("POST", "/api/consumptions", who, { courseGuid, contentGuid, event: "opened" });
    const draft = await post(w.student, w.b.id);
    expect([draft.statusCode, keyOf(draft)]).toEqual([404, "CONTENT_NOT_AVAILABLE"]);
    expect((await post(w.student, w.c.id)).statusCode).toBe(404);
    expect((await post(w.teacher, w.b.id)).statusCode).toBe(204);
    for (const who of [w.otherStudent, w.lumenTeacher]) expect((await post(who, w.a.id)).statusCode).toBe(404);
    expect((await post(w.otherTeacher, w.a.id)).statusCode).toBe(404);
    await db().update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, w.a.id));
    const gone = await post(w.student, w.a.id);
    expect([gone.statusCode, keyOf(gone)]).toEqual([410, "CONTENT_DELETED"]);
    expect((await call("POST", "/api/consumptions", w.student, { courseGuid: w.course.id, contentGuid: w.a.id, event: "closed" })).statusCode).toBe(400);
    expect(await db().select().from(consumptions).where(and(eq(consumptions.userId, w.student.id), eq(consumptions.courseId, w.course.id)))).toHaveLength(0);
  });
});

