process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { LessonItemSchema, type LessonItem } from "../../src/contracts/lessons";
import { contents, coursePublications, lessonContents, lessonItems, lessons, publications, tenants, units } from "../../src/server/db/schema";
import type { DomainEvents } from "../../src/server/platform/events";
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
const call = async (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: await bearer(t.app, who), ...(payload ? { payload } : {}) });
const keyOf = (res: Res) => res.json<{ error: { key: string } }>().error.key;
const itemOf = (res: Res) => LessonItemSchema.parse(res.json<{ data: unknown }>().data);
const listOf = (res: Res) => LessonItemSchema.array().parse(res.json<{ data: unknown }>().data);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

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


/** A class (teacher, co-teacher, student) on a publication of two lessons; L1 has two publisher contents. Another class of other people. */
async function buildWorld() {
  const p = people;
  const pub = first(await db().insert(publications).values({ tenantId: p.aula, title: "Book", kind: "program" }).returning());
  const unit = first(await db().insert(units).values({ publicationId: pub.id, title: "U1", order: 1 }).returning());
  const L1 = first(await db().insert(lessons).values({ unitId: unit.id, title: "L1", order: 1 }).returning()).id;
  const L2 = first(await db().insert(lessons).values({ unitId: unit.id, title: "L2", order: 2 }).returning()).id;
  const course = await buildCourse(db(), p.aula, {
    members: [
      { userId: p.teacher.id, role: "teacher" },
      { userId: p.coteacher.id, role: "coteacher" },
      { userId: p.student.id, role: "student" },
    ],
  });
  const other = await buildCourse(db(), p.aula, { members: [{ userId: p.otherTeacher.id, role: "teacher" }, { userId: p.otherStudent.id, role: "student" }] });
  await db().insert(coursePublications).values([{ courseId: course.id, publicationId: pub.id }, { courseId: other.id, publicationId: pub.id }]);
  const a = await buildContent(db(), p.aula, "A");
  const b = await buildContent(db(), p.aula, "B");
  const extra = await buildContent(db(), p.aula, "Extra");
  await db().insert(lessonContents).values([
    { lessonId: L1, contentId: a.id, position: 1 },
    { lessonId: L1, contentId: b.id, position: 2 },
  ]);
  const items = async (who: Person = p.teacher, lesson = L1) => listOf(await call("GET", `/api/front/lessons/${lesson}/items?courseGuid=${course.id}`, who));
  const create = (body: object, who: Person = p.teacher) => call("POST", "/api/front/lesson-items", who, { courseGuid: course.id, lessonGuid: L1, ...body });
  const outsiders = [p.otherTeacher, p.otherStudent, p.lumenTeacher];
  return { ...p, course, other, L1, L2, a, b, extra, items, create, outsiders };
}

const titles = (list: LessonItem[]) => list.map((i) => `${i.position}:${i.title}`);

describe("POST /api/front/lesson-items", () => {
  it("places a content at the end, published by default, after the publisher's items", async () => {
    const w = await buildWorld();
    const res = await w.create({ contentGuid: w.extra.id });
    expect(res.statusCode).toBe(201);
    const item = itemOf(res);
    expect(item).toMatchObject({ title: "Extra", position: 3, status: "published", publishAt: null, courseGuid: w.course.id, lessonGuid: w.L1 });
    expect(item.publishedAt).not.toBeNull();
    expect(titles(await w.items(w.student))).toEqual(["1:A", "2:B", "3:Extra"]);
  });

  it("inserts at a position, shifting the others, with its own title and settings; co-teachers may too", async () => {
    const w = await buildWorld();
    const dueAt = "2030-01-01T10:00:00.000Z";
    const res = await w.create({ contentGuid: w.extra.id, position: 1, title: "Read this", settings: { dueAt, allowDownload: true } }, w.coteacher);
    expect(res.statusCode).toBe(201);
    expect(itemOf(res).settings).toEqual({ dueAt, allowDownload: true });
    expect(titles(await w.items())).toEqual(["1:Read this", "2:A", "3:B"]);
    expect((await w.create({ contentGuid: w.extra.id, position: 99, title: "" })).statusCode).toBe(201);
    expect(titles(await w.items())).toEqual(["1:Read this", "2:A", "3:B", "4:Extra"]);
  });

  it("keeps positions a sequence when several teachers add at once", async () => {
    const w = await buildWorld();
    const results = await Promise.all([1, 2, 3, 4].map((n) => w.create({ contentGuid: w.extra.id, title: `N${n}`, position: 1 }, n % 2 ? w.teacher : w.coteacher)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await w.items()).map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("schedules for a future date only; drafts and scheduled items stay hidden from students", async () => {
    const w = await buildWorld();
    const past = await w.create({ contentGuid: w.extra.id, status: "scheduled", publishAt: anHourAgo() });
    expect([past.statusCode, keyOf(past)]).toEqual([400, "PUBLISH_AT_IN_PAST"]);
    const noDate = await w.create({ contentGuid: w.extra.id, status: "scheduled" });
    expect([noDate.statusCode, keyOf(noDate)]).toEqual([400, "VALIDATION_ERROR"]);
    const when = inAnHour();
    const scheduled = itemOf(await w.create({ contentGuid: w.extra.id, status: "scheduled", publishAt: when, title: "Later" }));
    expect([scheduled.status, scheduled.publishAt, scheduled.publishedAt]).toEqual(["scheduled", when, null]);
    const draft = itemOf(await w.create({ contentGuid: w.extra.id, status: "draft", title: "Draft" }));
    expect([draft.status, draft.publishedAt]).toEqual(["draft", null]);
    const stray = await w.create({ contentGuid: w.extra.id, status: "draft", publishAt: when });
    expect([stray.statusCode, keyOf(stray)]).toEqual([400, "VALIDATION_ERROR"]);
    expect(titles(await w.items(w.student))).toEqual(["1:A", "2:B"]);
    expect(titles(await w.items())).toEqual(["1:A", "2:B", "3:Later", "4:Draft"]);
  });

  it("accepts the caller's own and the publisher's contents, and ones already in the class; refuses others' and deleted ones", async () => {
    const w = await buildWorld();
    const mine = await buildContent(db(), w.aula, "Mine", { createdBy: w.teacher.id });
    expect((await w.create({ contentGuid: mine.id })).statusCode).toBe(201);
    const colleagues = await buildContent(db(), w.aula, "Colleague's", { createdBy: w.coteacher.id });
    const refused = await w.create({ contentGuid: colleagues.id });
    expect([refused.statusCode, keyOf(refused)]).toEqual([404, "CONTENT_NOT_AVAILABLE"]);
    expect((await w.create({ contentGuid: colleagues.id }, w.coteacher)).statusCode).toBe(201);
    // Now the co-teacher's content is in the class: the teacher may place it in another lesson.
    expect((await call("POST", "/api/front/lesson-items", w.teacher, { courseGuid: w.course.id, lessonGuid: w.L2, contentGuid: colleagues.id })).statusCode).toBe(201);
    const deleted = await buildContent(db(), w.aula, "Gone", { deletedAt: new Date() });
    const gone = await w.create({ contentGuid: deleted.id });
    expect([gone.statusCode, keyOf(gone)]).toEqual([410, "CONTENT_DELETED"]);
    const foreign = await buildContent(db(), w.lumen, "Lumen's");
    const other = await w.create({ contentGuid: foreign.id });
    expect([other.statusCode, keyOf(other)]).toEqual([404, "CONTENT_NOT_AVAILABLE"]);
  });

  it("emits lessonItems.changed", async () => {
    const w = await buildWorld();
    const seen: Array<DomainEvents["lessonItems.changed"]> = [];
    const off = t.app.ctx.events.on("lessonItems.changed", (e) => seen.push(e));
    await w.create({ contentGuid: w.extra.id });
    off();
    expect(seen).toContainEqual({ tenantId: w.aula, courseId: w.course.id, lessonId: w.L1 });
  });

  it("is a 403 for the class's student, a 404 for outsiders and for lessons not in the class, a 400 for bad bodies", async () => {
    const w = await buildWorld();
    const student = await w.create({ contentGuid: w.extra.id }, w.student);
    expect([student.statusCode, keyOf(student)]).toEqual([403, "FORBIDDEN"]);
    for (const who of w.outsiders) expect((await w.create({ contentGuid: w.extra.id }, who)).statusCode).toBe(404);
    const elsewhere = first(await db().select().from(lessons).where(eq(lessons.title, "Sistemas de numeración")));
    const notIn = await w.create({ contentGuid: w.extra.id, lessonGuid: elsewhere.id });
    expect([notIn.statusCode, keyOf(notIn)]).toEqual([404, "LESSON_NOT_IN_COURSE"]);
    expect((await w.create({ contentGuid: "nope" })).statusCode).toBe(400);
    expect((await w.create({ contentGuid: w.extra.id, position: 0 })).statusCode).toBe(400);
    expect(await db().select().from(lessonItems).where(eq(lessonItems.courseId, w.course.id))).toHaveLength(0);
  });
});

describe("GET /api/front/lesson-items/:guid", () => {
  it("gives teachers any item and students only published items of lessons they see", async () => {
    const w = await buildWorld();
    const [a] = await w.items();
    const draft = itemOf(await w.create({ contentGuid: w.extra.id, status: "draft" }));
    const scheduled = itemOf(await w.create({ contentGuid: w.extra.id, status: "scheduled", publishAt: inAnHour() }));
    const get = (guid: string, who: Person) => call("GET", `/api/front/lesson-items/${guid}`, who);
    expect(itemOf(await get(draft.guid, w.teacher)).status).toBe("draft");
    expect((await get(scheduled.guid, w.coteacher)).statusCode).toBe(200);
    expect(itemOf(await get(a?.guid ?? "", w.student)).title).toBe("A");
    expect((await get(draft.guid, w.student)).statusCode).toBe(404);
    expect((await get(scheduled.guid, w.student)).statusCode).toBe(404);
    for (const who of w.outsiders) expect((await get(a?.guid ?? "", who)).statusCode).toBe(404);
    await call("PATCH", `/api/front/courses/${w.course.id}/program/lessons/${w.L1}`, w.teacher, { hidden: true });
    expect((await get(a?.guid ?? "", w.student)).statusCode).toBe(404);
    expect((await get(a?.guid ?? "", w.teacher)).statusCode).toBe(200);
  });
});

describe("PUT /api/front/lesson-items/:guid", () => {
  it("publishes, unpublishes, schedules and saves-and-publishes", async () => {
    const w = await buildWorld();
    const draft = itemOf(await w.create({ contentGuid: w.extra.id, status: "draft" }));
    const put = (body: object, who: Person = w.teacher) => call("PUT", `/api/front/lesson-items/${draft.guid}`, who, body);

    const published = itemOf(await put({ status: "published" }));
    expect([published.status, published.publishAt]).toEqual(["published", null]);
    expect(published.publishedAt).not.toBeNull();
    expect(titles(await w.items(w.student))).toContain("3:Extra");

    expect(itemOf(await put({ status: "published" })).publishedAt).toBe(published.publishedAt);

    const unpublished = itemOf(await put({ status: "draft" }));
    expect([unpublished.status, unpublished.publishedAt, unpublished.publishAt]).toEqual(["draft", null, null]);
    expect(titles(await w.items(w.student))).not.toContain("3:Extra");

    const when = inAnHour();
    expect(itemOf(await put({ status: "scheduled", publishAt: when })).publishAt).toBe(when);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    expect(itemOf(await put({ publishAt: later }))).toMatchObject({ status: "scheduled", publishAt: later });
    const past = await put({ status: "scheduled", publishAt: anHourAgo() });
    expect([past.statusCode, keyOf(past)]).toEqual([400, "PUBLISH_AT_IN_PAST"]);
    expect((await put({ status: "scheduled" })).statusCode).toBe(400);

    // Save and publish: the edits and the publication in one call; publishing clears the date.
    const saved = itemOf(await put({ title: "Renamed", settings: { allowDownload: true }, status: "published" }));
    expect(saved).toMatchObject({ title: "Renamed", settings: { allowDownload: true }, status: "published", publishAt: null });
    expect(itemOf(await put({ title: null })).title).toBe("Extra");
    const stray = await put({ publishAt: when });
    expect([stray.statusCode, keyOf(stray)]).toEqual([400, "VALIDATION_ERROR"]);
    const row = first(await db().select().from(lessonItems).where(eq(lessonItems.id, draft.guid)));
    expect([row.status, row.publishAt]).toEqual(["published", null]);
  });

  it("is a 403 for the class's student and a 404 for outsiders and unknown items", async () => {
    const w = await buildWorld();
    const [a] = await w.items();
    const url = `/api/front/lesson-items/${a?.guid}`;
    const student = await call("PUT", url, w.student, { status: "draft" });
    expect([student.statusCode, keyOf(student)]).toEqual([403, "FORBIDDEN"]);
    for (const who of w.outsiders) expect((await call("PUT", url, who, { status: "draft" })).statusCode).toBe(404);
    expect((await call("PUT", `/api/front/lesson-items/${crypto.randomUUID()}`, w.teacher, { status: "draft" })).statusCode).toBe(404);
    expect(first(await db().select().from(lessonItems).where(eq(lessonItems.id, a?.guid ?? ""))).status).toBe("published");
  });
});

describe("DELETE /api/front/lesson-items/:guid", () => {
  it("removes the item and renumbers the rest; students 403, outsiders 404", async () => {
    const w = await buildWorld();
    await w.create({ contentGuid: w.extra.id });
    const [a] = await w.items();
    const url = `/api/front/lesson-items/${a?.guid}`;
    expect((await call("DELETE", url, w.student)).statusCode).toBe(403);
    for (const who of w.outsiders) expect((await call("DELETE", url, who)).statusCode).toBe(404);
    const res = await call("DELETE", url, w.coteacher);
    expect(res.statusCode).toBe(204);
    expect(titles(await w.items())).toEqual(["1:B", "2:Extra"]);
    expect((await call("DELETE", url, w.teacher)).statusCode).toBe(404);
    // The content itself stays.
    expect(await db().select().from(contents).where(eq(contents.id, w.a.id))).toHaveLength(1);
  });
});

describe("POST /api/front/lesson-items-batch", () => {
  const batch = (w: Awaited<ReturnType<typeof buildWorld>>, body: object, who: Person = w.teacher) =>
    call("POST", "/api/front/lesson-items-batch", who, { courseGuid: w.course.id, lessonGuid: w.L1, ...body });

  it("reorders, publishes, unpublishes and deletes in one call and returns the list", async () => {
    const w = await buildWorld();
    const extra = itemOf(await w.create({ contentGuid: w.extra.id, status: "draft" }));
    const [a, b] = await w.items();
    const res = await batch(w, { order: [extra.guid, b?.guid, a?.guid], publish: [extra.guid], unpublish: [b?.guid] });
    expect(res.statusCode).toBe(200);
    expect(listOf(res).map((i) => [i.position, i.title, i.status])).toEqual([
      [1, "Extra", "published"],
      [2, "B", "draft"],
      [3, "A", "published"],
    ]);
    const after = listOf(await batch(w, { delete: [b?.guid], order: [a?.guid, extra.guid] }));
    expect(titles(after)).toEqual(["1:A", "2:Extra"]);
    expect(titles(listOf(await batch(w, { delete: [a?.guid] })))).toEqual(["1:Extra"]);
  });

  it("refuses an order that is not exactly the lesson's items, and changes nothing", async () => {
    const w = await buildWorld();
    const [a, b] = await w.items();
    const check = async (body: object) => {
      const res = await batch(w, body);
      expect([res.statusCode, keyOf(res)]).toEqual([400, "VALIDATION_ERROR"]);
      return res.json<{ error: { details: Array<{ field: string }> } }>().error.details;
    };
    expect((await check({ order: [a?.guid], delete: [b?.guid, a?.guid] }))[0]?.field).toBe("order");
    expect((await check({ order: [a?.guid] }))[0]).toMatchObject({ field: "order", missing: [b?.guid] });
    expect((await check({ order: [a?.guid, a?.guid] }))[0]?.field).toBe("order");
    expect((await check({ order: [a?.guid, b?.guid, crypto.randomUUID()] }))[0]?.field).toBe("order");
    const otherLesson = itemOf(await call("POST", "/api/front/lesson-items", w.teacher, { courseGuid: w.course.id, lessonGuid: w.L2, contentGuid: w.extra.id }));
    expect((await check({ delete: [otherLesson.guid] }))[0]?.field).toBe("delete");
    expect((await check({ publish: [a?.guid], unpublish: [a?.guid] }))[0]?.field).toBe("publish");
    const rows = await db()
      .select()
      .from(lessonItems)
      .where(and(eq(lessonItems.courseId, w.course.id), eq(lessonItems.lessonId, w.L1)))
      .orderBy(asc(lessonItems.position));
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [a?.guid, "published"],
      [b?.guid, "published"],
    ]);
  });

  it("is a 403 for the class's student and a 404 for outsiders", async () => {
    const w = await buildWorld();
    const [a] = await w.items();
    expect((await batch(w, { delete: [a?.guid] }, w.student)).statusCode).toBe(403);
    for (const who of w.outsiders) expect((await batch(w, { delete: [a?.guid] }, who)).statusCode).toBe(404);
    expect(await w.items()).toHaveLength(2);
  });
});
