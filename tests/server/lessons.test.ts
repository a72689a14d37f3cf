process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { LessonDetailSchema, LessonItemSchema, type LessonItem } from "../../src/contracts/lessons";
import {
  consumptions,
  contents,
  courseLessons,
  coursePublications,
  lessonContents,
  lessonItems,
  lessons,
  publications,
  tenants,
  units,
} from "../../src/server/db/schema";
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
const db = () => t.app.ctx.db;
const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};
const get = async (url: string, who?: Person) => t.app.inject({ method: "GET", url, headers: who ? await bearer(t.app, who) : {} });
const keyOf = (res: { json: <T>() => T }) => res.json<{ error: { key: string } }>().error.key;

/** A publication U1 (L1.1, L1.2), U2 (L2.1, L2.2) in `tenantId`. */
async function buildPublication(tenantId: string) {
  const pub = first(await db().insert(publications).values({ tenantId, title: `Book ${Math.random()}`, kind: "program" }).returning());
  const ids: Record<string, string> = {};
  for (const u of [1, 2]) {
    const unit = first(await db().insert(units).values({ publicationId: pub.id, title: `U${u}`, order: u }).returning());
    ids[`U${u}`] = unit.id;
    for (const l of [1, 2]) {
      const lesson = first(await db().insert(lessons).values({ unitId: unit.id, title: `L${u}.${l}`, summary: `S${u}.${l}`, order: l }).returning());
      ids[`L${u}.${l}`] = lesson.id;
    }
  }
  return { pub, ids };
}


/** Made once (password hashing is slow); every test builds its own classes around them. */
async function buildPeople() {
  const aula = first(await db().select().from(tenants).where(eq(tenants.slug, "aula"))).id;
  return {
    aula,
    teacher: await buildUser(db(), aula, { role: "teacher" }),
    coteacher: await buildUser(db(), aula, { role: "coteacher" }),
    student: await buildUser(db(), aula, { role: "student" }),
    otherTeacher: await buildUser(db(), aula, { role: "teacher" }),
    otherStudent: await buildUser(db(), aula, { role: "student" }),
  };
}

/** A class with its people, a class of other people, both on the same publication; the publisher's contents in L1.1. */
async function buildWorld() {
  const { aula, teacher, coteacher, student, otherTeacher, otherStudent } = people;
  const { pub, ids } = await buildPublication(aula);
  const course = await buildCourse(db(), aula, {
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
    ],
  });
  const other = await buildCourse(db(), aula, { members: [{ userId: otherTeacher.id, role: "teacher" }, { userId: otherStudent.id, role: "student" }] });
  await db().insert(coursePublications).values([{ courseId: course.id, publicationId: pub.id }, { courseId: other.id, publicationId: pub.id }]);
  const c1 = await buildContent(db(), aula, "Intro link");
  const c2 = await buildContent(db(), aula, "Second link");
  const gone = await buildContent(db(), aula, "Deleted one", { deletedAt: new Date() });
  const lumen = first(await db().select().from(tenants).where(eq(tenants.slug, "lumen"))).id;
  const foreign = await buildContent(db(), lumen, "Other edition's");
  await db()
    .insert(lessonContents)
    .values([
      { lessonId: ids["L1.1"] as string, contentId: c2.id, position: 2 },
      { lessonId: ids["L1.1"] as string, contentId: c1.id, position: 1 },
      { lessonId: ids["L1.1"] as string, contentId: gone.id, position: 3 },
      { lessonId: ids["L1.1"] as string, contentId: foreign.id, position: 4 },
    ]);
  const lumenTeacher = await demoUser(t.app, "teacher@lumen.test");
  const L = (name: string) => ids[name] as string;
  return { aula, teacher, coteacher, student, otherTeacher, otherStudent, lumenTeacher, pub, L, course, other, c1, c2 };
}

const itemsOf = async (courseId: string, lessonId: string, who: Person, view = ""): Promise<LessonItem[]> => {
  const res = await get(`/api/front/lessons/${lessonId}/items?courseGuid=${courseId}${view}`, who);
  expect(res.statusCode).toBe(200);
  return LessonItemSchema.array().parse(res.json<{ data: unknown }>().data);
};
const hideLesson = async (courseId: string, lessonId: string, who: Person) => {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/front/courses/${courseId}/program/lessons/${lessonId}`,
    headers: await bearer(t.app, who),
    payload: { hidden: true },
  });
  expect(res.statusCode).toBe(200);
};

describe("GET /api/front/lessons/:guid", () => {
  it("answers 401 without a token and 400 for a bad guid or a missing class", async () => {
    const w = await buildWorld();
    expect((await get(`/api/front/lessons/${w.L("L1.1")}?courseGuid=${w.course.id}`)).statusCode).toBe(401);
    expect((await get(`/api/front/lessons/nope?courseGuid=${w.course.id}`, w.teacher)).statusCode).toBe(400);
    const missing = await get(`/api/front/lessons/${w.L("L1.1")}`, w.teacher);
    expect([missing.statusCode, keyOf(missing)]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("gives the lesson with its unit, publication, class and neighbours in the program's order", async () => {
    const w = await buildWorld();
    const res = await get(`/api/front/lessons/${w.L("L1.2")}?courseGuid=${w.course.id}`, w.teacher);
    expect(res.statusCode).toBe(200);
    const detail = LessonDetailSchema.parse(res.json<{ data: unknown }>().data);
    expect(detail).toEqual({
      guid: w.L("L1.2"),
      title: "L1.2",
      summary: "S1.2",
      course: { guid: w.course.id, name: w.course.name },
      unit: { guid: expect.any(String), title: "U1" },
      publication: { guid: w.pub.id, title: w.pub.title },
      previousLessonGuid: w.L("L1.1"),
      nextLessonGuid: w.L("L2.1"),
      canEdit: true,
    });
    const firstLesson = LessonDetailSchema.parse((await get(`/api/front/lessons/${w.L("L1.1")}?courseGuid=${w.course.id}`, w.teacher)).json<{ data: unknown }>().data);
    expect([firstLesson.previousLessonGuid, firstLesson.nextLessonGuid]).toEqual([null, w.L("L1.2")]);
    const last = LessonDetailSchema.parse((await get(`/api/front/lessons/${w.L("L2.2")}?courseGuid=${w.course.id}`, w.teacher)).json<{ data: unknown }>().data);
    expect([last.previousLessonGuid, last.nextLessonGuid]).toEqual([w.L("L2.1"), null]);
  });

  it("says canEdit for teachers and co-teachers, not students", async () => {
    const w = await buildWorld();
    const canEdit = async (who: Person) =>
      (await get(`/api/front/lessons/${w.L("L1.1")}?courseGuid=${w.course.id}`, who)).json<{ data: { canEdit: boolean } }>().data.canEdit;
    expect([await canEdit(w.teacher), await canEdit(w.coteacher), await canEdit(w.student)]).toEqual([true, true, false]);
  });

  it("hides lessons hidden in the class from students and the student view, and skips them as neighbours", async () => {
    const w = await buildWorld();
    await hideLesson(w.course.id, w.L("L1.2"), w.teacher);
    const url = `/api/front/lessons/${w.L("L1.2")}?courseGuid=${w.course.id}`;
    const asStudent = await get(url, w.student);
    expect([asStudent.statusCode, keyOf(asStudent)]).toEqual([404, "LESSON_NOT_IN_COURSE"]);
    expect((await get(`${url}&view=student`, w.teacher)).statusCode).toBe(404);
    expect((await get(url, w.teacher)).statusCode).toBe(200);
    const next = async (who: Person, view = "") =>
      (await get(`/api/front/lessons/${w.L("L1.1")}?courseGuid=${w.course.id}${view}`, who)).json<{ data: { nextLessonGuid: string } }>().data.nextLessonGuid;
    expect(await next(w.student)).toBe(w.L("L2.1"));
    expect(await next(w.teacher, "&view=student")).toBe(w.L("L2.1"));
    expect(await next(w.teacher)).toBe(w.L("L1.2"));
    // The other class shares the publication but not the personalisation.
    expect((await get(`/api/front/lessons/${w.L("L1.2")}?courseGuid=${w.other.id}`, w.otherStudent)).statusCode).toBe(200);
  });

  it("is a 404 LESSON_NOT_IN_COURSE for a lesson of a publication the class does not have", async () => {
    const w = await buildWorld();
    const { ids } = await buildPublication(w.aula);
    const res = await get(`/api/front/lessons/${ids["L1.1"]}?courseGuid=${w.course.id}`, w.teacher);
    expect([res.statusCode, keyOf(res)]).toEqual([404, "LESSON_NOT_IN_COURSE"]);
  });

  it("is a 404 for another class's teacher and student and another edition's teacher", async () => {
    const w = await buildWorld();
    for (const who of [w.otherTeacher, w.otherStudent, w.lumenTeacher]) {
      expect((await get(`/api/front/lessons/${w.L("L1.1")}?courseGuid=${w.course.id}`, who)).statusCode).toBe(404);
    }
  });
});

describe("GET /api/front/lessons/:guid/items and /api/front/lesson-items", () => {
  it("copies the publisher's contents as published items on the first open, in order, once", async () => {
    const w = await buildWorld();
    const items = await itemsOf(w.course.id, w.L("L1.1"), w.student);
    expect(items.map((i) => [i.position, i.title, i.status, i.content.guid])).toEqual([
      [1, "Intro link", "published", w.c1.id],
      [2, "Second link", "published", w.c2.id],
    ]);
    expect(items.every((i) => i.guid === i.lessonItemGuid && i.courseGuid === w.course.id && i.lessonGuid === w.L("L1.1"))).toBe(true);
    expect(items.every((i) => i.publishedAt !== null && i.publishAt === null)).toBe(true);
    await itemsOf(w.course.id, w.L("L1.1"), w.teacher);
    const rows = await db().select().from(lessonItems).where(eq(lessonItems.courseId, w.course.id));
    expect(rows).toHaveLength(2);
    // Each class gets its own copy.
    expect((await itemsOf(w.other.id, w.L("L1.1"), w.otherTeacher)).map((i) => i.title)).toEqual(["Intro link", "Second link"]);
    expect(await db().select().from(lessonItems).where(eq(lessonItems.courseId, w.other.id))).toHaveLength(2);
  });

  it("copies only once when many first visits arrive at the same time", async () => {
    const w = await buildWorld();
    const people = [w.teacher, w.student, w.coteacher, w.teacher, w.student, w.coteacher];
    const lists = await Promise.all(
      people.map(async (who, i) =>
        i % 2 === 0
          ? itemsOf(w.course.id, w.L("L1.1"), who)
          : LessonItemSchema.array().parse(
              (await get(`/api/front/lesson-items?courseGuid=${w.course.id}&lessonGuid=${w.L("L1.1")}`, who)).json<{ data: unknown }>().data,
            ),
      ),
    );
    expect(lists.every((l) => l.length === 2)).toBe(true);
    expect(await db().select().from(lessonItems).where(and(eq(lessonItems.courseId, w.course.id), eq(lessonItems.lessonId, w.L("L1.1"))))).toHaveLength(2);
    expect(await db().select().from(courseLessons).where(eq(courseLessons.courseId, w.course.id))).toHaveLength(1);
  });

  it("shows students only published items; teachers see drafts and scheduled ones unless they ask for the student view", async () => {
    const w = await buildWorld();
    const items = await itemsOf(w.course.id, w.L("L1.1"), w.teacher);
    await db().update(lessonItems).set({ status: "draft", publishedAt: null }).where(eq(lessonItems.id, first(items).guid));
    await db()
      .insert(lessonItems)
      .values({ tenantId: w.aula, courseId: w.course.id, lessonId: w.L("L1.1"), contentId: w.c1.id, status: "scheduled", publishAt: new Date(Date.now() + 3_600_000), position: 3 });
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.teacher)).map((i) => i.status)).toEqual(["draft", "published", "scheduled"]);
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.coteacher)).map((i) => i.status)).toEqual(["draft", "published", "scheduled"]);
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.student)).map((i) => i.title)).toEqual(["Second link"]);
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.teacher, "&view=student")).map((i) => i.status)).toEqual(["published"]);
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.student, "&view=teacher")).map((i) => i.status)).toEqual(["published"]);
  });

  it("reports the caller's own consumption and deleted contents", async () => {
    const w = await buildWorld();
    await itemsOf(w.course.id, w.L("L1.1"), w.teacher);
    await db().insert(consumptions).values([
      { userId: w.student.id, contentId: w.c1.id, courseId: w.course.id, finishedAt: new Date() },
      { userId: w.student.id, contentId: w.c2.id, courseId: w.course.id },
      // The same content in another class does not count here.
      { userId: w.teacher.id, contentId: w.c1.id, courseId: w.other.id },
    ]);
    await db().update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, w.c2.id));
    const mine = await itemsOf(w.course.id, w.L("L1.1"), w.student);
    expect(mine.map((i) => [i.consumption, i.content.deleted])).toEqual([
      [{ opened: true, finished: true }, false],
      [{ opened: true, finished: false }, true],
    ]);
    expect((await itemsOf(w.course.id, w.L("L1.1"), w.teacher)).map((i) => i.consumption)).toEqual([
      { opened: false, finished: false },
      { opened: false, finished: false },
    ]);
  });

  it("is a 404 for hidden lessons to students, for lessons not in the class, and for outsiders", async () => {
    const w = await buildWorld();
    await hideLesson(w.course.id, w.L("L1.1"), w.teacher);
    const hidden = await get(`/api/front/lessons/${w.L("L1.1")}/items?courseGuid=${w.course.id}`, w.student);
    expect([hidden.statusCode, keyOf(hidden)]).toEqual([404, "LESSON_NOT_IN_COURSE"]);
    expect((await get(`/api/front/lesson-items?courseGuid=${w.course.id}&lessonGuid=${w.L("L1.1")}`, w.student)).statusCode).toBe(404);
    // The student's refused visit copied nothing.
    expect(await db().select().from(lessonItems).where(eq(lessonItems.courseId, w.course.id))).toHaveLength(0);
    const { ids } = await buildPublication(w.aula);
    const foreign = await get(`/api/front/lessons/${ids["L1.1"]}/items?courseGuid=${w.course.id}`, w.teacher);
    expect([foreign.statusCode, keyOf(foreign)]).toEqual([404, "LESSON_NOT_IN_COURSE"]);
    for (const who of [w.otherTeacher, w.otherStudent, w.lumenTeacher]) {
      expect((await get(`/api/front/lessons/${w.L("L1.2")}/items?courseGuid=${w.course.id}`, who)).statusCode).toBe(404);
      expect((await get(`/api/front/lesson-items?courseGuid=${w.course.id}&lessonGuid=${w.L("L1.2")}`, who)).statusCode).toBe(404);
    }
    expect((await get(`/api/front/lesson-items?courseGuid=${w.course.id}`, w.teacher)).statusCode).toBe(400);
  });
});

describe("GET /api/docs/json (lessons)", () => {
  it("documents every lessons route with its schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>().paths;
    const routes = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/front/lessons/{guid}",
        "GET /api/front/lessons/{guid}/items",
        "GET /api/front/lesson-items",
        "POST /api/front/lesson-items",
        "GET /api/front/lesson-items/{guid}",
        "PUT /api/front/lesson-items/{guid}",
        "DELETE /api/front/lesson-items/{guid}",
        "POST /api/front/lesson-items-batch",
        "GET /api/lms/resource-materials",
        "POST /api/lms/resource-materials",
        "PATCH /api/lms/resource-materials/{guid}",
        "DELETE /api/lms/resource-materials/{guid}",
        "POST /api/consumptions",
      ]),
    );
    expect(Object.keys(paths["/api/front/lesson-items/{guid}"]?.put?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
  });
});
