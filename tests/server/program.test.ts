process.env.LOG_LEVEL = "silent";
import { asc, eq, inArray } from "drizzle-orm";
import {
  CourseProgramSchema,
  CourseResourcesSchema,
  GradebookSchema,
  ResourceGroupDetailSchema,
  type CourseProgram,
} from "../../src/contracts/course-program";
import {
  courseLessonStates,
  coursePublications,
  courses,
  courseUnitStates,
  lessons,
  publications,
  tenants,
  units,
  users,
} from "../../src/server/db/schema";
import { isLessonVisibleToStudents } from "../../src/server/modules/program/service";
import { bearer as bearerOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildUser } from "../support/factories";
import { DEMO_ASSESSMENTS } from "../../src/server/db/seed";

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
const courseId = async (name: string) => (await one(db().select().from(courses).where(eq(courses.name, name)), name)).id;
const call = async (method: "GET" | "PATCH" | "PUT" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: await bearerOf(t.app, who), ...(payload ? { payload } : {}) });
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: unknown }>().data;
const programOf = async (guid: string, who: Person, query = ""): Promise<CourseProgram> => {
  const res = await call("GET", `/api/front/courses/${guid}/program${query}`, who);
  expect(res.statusCode).toBe(200);
  return CourseProgramSchema.parse(dataOf(res));
};
const titles = (p: CourseProgram, i = 0) => p.publications[i]?.units.map((u) => u.title) ?? [];
const lessonTitles = (p: CourseProgram, unit: string, i = 0) => p.publications[i]?.units.find((u) => u.title === unit)?.lessons.map((l) => l.title) ?? [];

/** A publication of `units` units named U1.. with `lessonsPerUnit` lessons L1.1.. each, publisher order as named. */
async function buildPublication(tenant: string, title: string, unitCount = 3, lessonsPerUnit = 3) {
  const pub = await one(db().insert(publications).values({ tenantId: tenant, title, kind: "program" }).returning(), "publication");
  const unitRows = await db()
    .insert(units)
    .values(Array.from({ length: unitCount }, (_, i) => ({ publicationId: pub.id, title: `U${i + 1}`, order: (i + 1) * 10 })))
    .returning();
  for (const [i, u] of unitRows.entries()) {
    await db()
      .insert(lessons)
      .values(Array.from({ length: lessonsPerUnit }, (_, j) => ({ unitId: u.id, title: `L${i + 1}.${j + 1}`, summary: `S${i + 1}.${j + 1}`, order: j + 1 })));
  }
  return pub;
}

/** A class with teacher, co-teacher, two students and the given publications; people of the Aula school. */
async function buildClass(pubIds: string[]) {
  const aula = await tenantId("aula");
  const admin = await demoUser("admin@demo.test");
  const teacher = await buildUser(db(), aula, { role: "teacher" });
  const coteacher = await buildUser(db(), aula, { role: "coteacher" });
  const student = await buildUser(db(), aula, { role: "student", firstName: "Ana", lastName: "Beltran" });
  const student2 = await buildUser(db(), aula, { role: "student", firstName: "Zoe", lastName: "Alonso" });
  const course = await buildCourse(db(), aula, {
    schoolId: admin.schoolId,
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
      { userId: student2.id, role: "student" },
    ],
  });
  if (pubIds.length > 0) await db().insert(coursePublications).values(pubIds.map((publicationId) => ({ courseId: course.id, publicationId })));
  return { course, teacher, coteacher, student, student2, admin };
}

const unitId = async (pubId: string, title: string) =>
  (await one(db().select().from(units).where(eq(units.publicationId, pubId)).then((r) => r.filter((u) => u.title === title)), title)).id;
const lessonId = async (pubId: string, title: string) => {
  const unitIds = (await db().select({ id: units.id }).from(units).where(eq(units.publicationId, pubId))).map((u) => u.id);
  return (await one(db().select().from(lessons).where(inArray(lessons.unitId, unitIds)).then((r) => r.filter((l) => l.title === title)), title)).id;
};
/** Every row of the publication, its units and lessons, for "never modified" checks. */
async function snapshot(pubId: string) {
  const pub = await db().select().from(publications).where(eq(publications.id, pubId));
  const unitRows = await db().select().from(units).where(eq(units.publicationId, pubId)).orderBy(asc(units.id));
  const lessonRows = unitRows.length
    ? await db().select().from(lessons).where(inArray(lessons.unitId, unitRows.map((u) => u.id))).orderBy(asc(lessons.id))
    : [];
  return { pub, unitRows, lessonRows };
}
const stateCount = async (course: string) => ({
  units: (await db().select().from(courseUnitStates).where(eq(courseUnitStates.courseId, course))).length,
  lessons: (await db().select().from(courseLessonStates).where(eq(courseLessonStates.courseId, course))).length,
});

describe("GET /api/front/courses/:guid/program", () => {
  it("answers 401 without a token", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    expect((await t.app.inject({ method: "GET", url: `/api/front/courses/${guid}/program` })).statusCode).toBe(401);
  });

  it("gives the teacher the publisher's program in order with 1-based positions", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    const program = await programOf(guid, await demoUser("teacher@demo.test"));
    expect(program).toMatchObject({ courseGuid: guid, view: "teacher", personalised: false });
    expect(program.publications.map((p) => [p.title, p.kind, p.personalised])).toEqual([["Matemáticas 1º ESO", "program", false]]);
    const [pub] = program.publications;
    expect(pub?.units.map((u) => u.title).slice(0, 3)).toEqual(["Números naturales", "Divisibilidad", "Números enteros"]);
    expect(pub?.units).toHaveLength(8);
    expect(pub?.units.map((u) => u.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pub?.units[0]?.lessons.map((l) => [l.order, l.title, l.hidden])).toEqual([
      [1, "Sistemas de numeración", false],
      [2, "Operaciones con números naturales", false],
      [3, "Potencias de números naturales", false],
      [4, "Raíz cuadrada", false],
    ]);
  });

  it("gives the co-teacher and the school's admin (observer) the teacher view; students always the student view", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    expect((await programOf(guid, await demoUser("coteacher@demo.test"))).view).toBe("teacher");
    expect((await programOf(guid, await demoUser("admin@demo.test"))).view).toBe("teacher");
    expect((await programOf(guid, await demoUser("teacher@demo.test"), "?view=student")).view).toBe("student");
    expect((await programOf(guid, await demoUser("student1@demo.test"), "?view=teacher")).view).toBe("student");
  });

  it("is a 404 for people outside the class and for other editions' users", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    for (const email of ["editor@demo.test", "newteacher@demo.test", "teacher@lumen.test", "admin@lumen.test", "student@lumen.test"]) {
      const res = await call("GET", `/api/front/courses/${guid}/program`, await demoUser(email));
      expect([email, res.statusCode]).toEqual([email, 404]);
    }
    const lumenClass = await courseId("Matemática 6º ano B");
    expect((await call("GET", `/api/front/courses/${lumenClass}/program`, await demoUser("teacher@demo.test"))).statusCode).toBe(404);
    expect((await programOf(lumenClass, await demoUser("teacher@lumen.test"))).publications.map((p) => p.title)).toEqual(["Matemática 6º ano"]);
  });

  it("orders several publications by title and stays at the same number of queries", async () => {
    const aula = await tenantId("aula");
    const a = await buildPublication(aula, "Zeta program", 2, 1);
    const b = await buildPublication(aula, "Alfa program", 2, 1);
    const c = await buildPublication(aula, "Media program", 4, 5);
    const small = await buildClass([a.id]);
    const big = await buildClass([a.id, b.id, c.id]);
    const spy = jest.spyOn(db(), "select");
    try {
      await programOf(small.course.id, small.teacher);
      const forSmall = spy.mock.calls.length;
      spy.mockClear();
      const program = await programOf(big.course.id, big.teacher);
      expect(program.publications.map((p) => p.title)).toEqual(["Alfa program", "Media program", "Zeta program"]);
      expect(spy.mock.calls.length).toBe(forSmall);
      expect(forSmall).toBeLessThanOrEqual(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("personalising a class's program", () => {
  it("hides, reorders, shows publisher additions last, and resets, never touching the publication", async () => {
    const aula = await tenantId("aula");
    const pub = await buildPublication(aula, "Lifecycle");
    const { course, teacher, coteacher, student } = await buildClass([pub.id]);
    const base = `/api/front/courses/${course.id}/program`;
    const before = await snapshot(pub.id);

    // Hiding a unit materialises the whole publication, then flags it.
    const u2 = await unitId(pub.id, "U2");
    const hid = await call("PATCH", `${base}/units/${u2}`, coteacher, { hidden: true });
    expect(hid.statusCode).toBe(200);
    const afterHide = CourseProgramSchema.parse(dataOf(hid));
    expect(afterHide).toMatchObject({ view: "teacher", personalised: true });
    expect(afterHide.publications[0]?.units.map((u) => [u.title, u.hidden])).toEqual([["U1", false], ["U2", true], ["U3", false]]);
    expect(await stateCount(course.id)).toEqual({ units: 3, lessons: 9 });

    const asStudent = await programOf(course.id, student);
    expect(titles(asStudent)).toEqual(["U1", "U3"]);
    expect(asStudent.publications[0]?.units.map((u) => u.order)).toEqual([1, 2]);
    expect(JSON.stringify(asStudent)).not.toContain("L2.1");
    expect(titles(await programOf(course.id, teacher, "?view=student"))).toEqual(["U1", "U3"]);

    // Hiding a lesson: gone for students, flagged for teachers.
    const l12 = await lessonId(pub.id, "L1.2");
    expect((await call("PATCH", `${base}/lessons/${l12}`, teacher, { hidden: true })).statusCode).toBe(200);
    expect(lessonTitles(await programOf(course.id, student), "U1")).toEqual(["L1.1", "L1.3"]);
    const teacherView = await programOf(course.id, teacher);
    expect(teacherView.publications[0]?.units[0]?.lessons.map((l) => [l.title, l.order, l.hidden])).toEqual([
      ["L1.1", 1, false],
      ["L1.2", 2, true],
      ["L1.3", 3, false],
    ]);
    expect(await isLessonVisibleToStudents(db(), course.id, l12)).toBe(false);
    expect(await isLessonVisibleToStudents(db(), course.id, await lessonId(pub.id, "L2.1"))).toBe(false);
    expect(await isLessonVisibleToStudents(db(), course.id, await lessonId(pub.id, "L1.1"))).toBe(true);

    // Reordering units and lessons persists.
    const [u1, u3] = [await unitId(pub.id, "U1"), await unitId(pub.id, "U3")];
    const reordered = await call("PUT", `${base}/order`, teacher, { scope: "units", parentGuid: pub.id, order: [u3, u1, u2] });
    expect(reordered.statusCode).toBe(200);
    expect(titles(CourseProgramSchema.parse(dataOf(reordered)))).toEqual(["U3", "U1", "U2"]);
    const [l11, l13] = [await lessonId(pub.id, "L1.1"), await lessonId(pub.id, "L1.3")];
    expect((await call("PUT", `${base}/order`, teacher, { scope: "lessons", parentGuid: u1, order: [l13, l11, l12] })).statusCode).toBe(200);
    const persisted = await programOf(course.id, teacher);
    expect(titles(persisted)).toEqual(["U3", "U1", "U2"]);
    expect(persisted.publications[0]?.units.map((u) => u.order)).toEqual([1, 2, 3]);
    expect(lessonTitles(persisted, "U1")).toEqual(["L1.3", "L1.1", "L1.2"]);
    expect(lessonTitles(await programOf(course.id, student), "U1")).toEqual(["L1.3", "L1.1"]);
    expect(await snapshot(pub.id)).toEqual(before);

    // The publisher adds a unit (first in its order) and a lesson: the class sees them last, visible.
    const added = await one(db().insert(units).values({ publicationId: pub.id, title: "U0", order: 0 }).returning(), "unit");
    await db().insert(lessons).values([
      { unitId: added.id, title: "L0.1", order: 1 },
      { unitId: u1, title: "L1.0", order: 0 },
    ]);
    const publisherNow = await snapshot(pub.id);
    const withAdded = await programOf(course.id, teacher);
    expect(titles(withAdded)).toEqual(["U3", "U1", "U2", "U0"]);
    expect(withAdded.publications[0]?.units.find((u) => u.title === "U0")).toMatchObject({ hidden: false, order: 4 });
    expect(lessonTitles(withAdded, "U1")).toEqual(["L1.3", "L1.1", "L1.2", "L1.0"]);
    expect(titles(await programOf(course.id, student))).toEqual(["U3", "U1", "U0"]);

    // A later change keeps what the class sees in place while it writes rows for the additions.
    expect((await call("PATCH", `${base}/lessons/${l13}`, teacher, { hidden: true })).statusCode).toBe(200);
    const afterMore = await programOf(course.id, teacher);
    expect(titles(afterMore)).toEqual(["U3", "U1", "U2", "U0"]);
    expect(lessonTitles(afterMore, "U1")).toEqual(["L1.3", "L1.1", "L1.2", "L1.0"]);
    expect(await stateCount(course.id)).toEqual({ units: 4, lessons: 11 });

    // Resetting: the publisher's original again, and no state rows left.
    const reset = await call("DELETE", `${base}/personalisation`, teacher);
    expect(reset.statusCode).toBe(200);
    const original = CourseProgramSchema.parse(dataOf(reset));
    expect(original.personalised).toBe(false);
    expect(titles(original)).toEqual(["U0", "U1", "U2", "U3"]);
    expect(lessonTitles(original, "U1")).toEqual(["L1.0", "L1.1", "L1.2", "L1.3"]);
    expect(original.publications[0]?.units.every((u) => !u.hidden && u.lessons.every((l) => !l.hidden))).toBe(true);
    expect(await stateCount(course.id)).toEqual({ units: 0, lessons: 0 });
    expect(await snapshot(pub.id)).toEqual(publisherNow);
  });

  it("keeps each class's personalisation to itself", async () => {
    const aula = await tenantId("aula");
    const pub = await buildPublication(aula, "Shared");
    const one1 = await buildClass([pub.id]);
    const two = await buildClass([pub.id]);
    const u1 = await unitId(pub.id, "U1");
    expect((await call("PATCH", `/api/front/courses/${one1.course.id}/program/units/${u1}`, one1.teacher, { hidden: true })).statusCode).toBe(200);
    expect(titles(await programOf(one1.course.id, one1.student))).toEqual(["U2", "U3"]);
    expect(titles(await programOf(two.course.id, two.student))).toEqual(["U1", "U2", "U3"]);
    expect((await programOf(two.course.id, two.teacher)).personalised).toBe(false);
  });

  it("resets one publication and leaves the others personalised", async () => {
    const aula = await tenantId("aula");
    const a = await buildPublication(aula, "A pub", 2, 1);
    const b = await buildPublication(aula, "B pub", 2, 1);
    const { course, teacher } = await buildClass([a.id, b.id]);
    const base = `/api/front/courses/${course.id}/program`;
    await call("PATCH", `${base}/units/${await unitId(a.id, "U1")}`, teacher, { hidden: true });
    await call("PATCH", `${base}/units/${await unitId(b.id, "U2")}`, teacher, { hidden: true });
    const res = await call("DELETE", `${base}/personalisation?publicationGuid=${a.id}`, teacher);
    expect(res.statusCode).toBe(200);
    const program = CourseProgramSchema.parse(dataOf(res));
    expect(program.publications.map((p) => [p.title, p.personalised])).toEqual([["A pub", false], ["B pub", true]]);
    expect(program.personalised).toBe(true);
    const foreign = await buildPublication(aula, "Not in class", 1, 1);
    expect((await call("DELETE", `${base}/personalisation?publicationGuid=${foreign.id}`, teacher)).statusCode).toBe(404);
  });

  it("lets only the class's teachers change it", async () => {
    const aula = await tenantId("aula");
    const pub = await buildPublication(aula, "Guarded", 2, 1);
    const { course, student, admin } = await buildClass([pub.id]);
    const u1 = await unitId(pub.id, "U1");
    const url = `/api/front/courses/${course.id}/program/units/${u1}`;
    const order = { scope: "units", parentGuid: pub.id, order: [u1, await unitId(pub.id, "U2")] };
    for (const who of [student, admin]) {
      const res = await call("PATCH", url, who, { hidden: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { key: "FORBIDDEN" } });
      expect((await call("PUT", `/api/front/courses/${course.id}/program/order`, who, order)).statusCode).toBe(403);
      expect((await call("DELETE", `/api/front/courses/${course.id}/program/personalisation`, who)).statusCode).toBe(403);
    }
    for (const email of ["editor@demo.test", "teacher@lumen.test", "teacher@demo.test"]) {
      expect((await call("PATCH", url, await demoUser(email), { hidden: true })).statusCode).toBe(404);
    }
    expect(await stateCount(course.id)).toEqual({ units: 0, lessons: 0 });
  });

  it("is a 404 for a unit or lesson of a publication the class does not have", async () => {
    const aula = await tenantId("aula");
    const mine = await buildPublication(aula, "Mine", 1, 1);
    const other = await buildPublication(aula, "Other", 1, 1);
    const { course, teacher } = await buildClass([mine.id]);
    const base = `/api/front/courses/${course.id}/program`;
    expect((await call("PATCH", `${base}/units/${await unitId(other.id, "U1")}`, teacher, { hidden: true })).statusCode).toBe(404);
    expect((await call("PATCH", `${base}/lessons/${await lessonId(other.id, "L1.1")}`, teacher, { hidden: true })).statusCode).toBe(404);
    expect((await call("PATCH", `${base}/lessons/${crypto.randomUUID()}`, teacher, { hidden: true })).statusCode).toBe(404);
    expect(await isLessonVisibleToStudents(db(), course.id, await lessonId(other.id, "L1.1"))).toBe(false);
    expect(await isLessonVisibleToStudents(db(), course.id, await lessonId(mine.id, "L1.1"))).toBe(true);
    expect((await call("PATCH", `${base}/units/${await unitId(mine.id, "U1")}`, teacher, { hidden: "yes" })).statusCode).toBe(400);
  });

  it("refuses an order that is not a permutation of the current items, writing nothing", async () => {
    const aula = await tenantId("aula");
    const pub = await buildPublication(aula, "Strict", 3, 2);
    const other = await buildPublication(aula, "Elsewhere", 2, 2);
    const { course, teacher } = await buildClass([pub.id]);
    const [u1, u2, u3] = [await unitId(pub.id, "U1"), await unitId(pub.id, "U2"), await unitId(pub.id, "U3")];
    const [l11, l12] = [await lessonId(pub.id, "L1.1"), await lessonId(pub.id, "L1.2")];
    const foreignUnit = await unitId(other.id, "U1");
    const bad = [
      { scope: "units", parentGuid: pub.id, order: [u1, u2] },
      { scope: "units", parentGuid: pub.id, order: [u1, u2, u2] },
      { scope: "units", parentGuid: pub.id, order: [u1, u2, u3, foreignUnit] },
      { scope: "units", parentGuid: pub.id, order: [u1, u2, foreignUnit] },
      { scope: "units", parentGuid: other.id, order: [foreignUnit, await unitId(other.id, "U2")] },
      { scope: "units", parentGuid: u1, order: [l11, l12] },
      { scope: "lessons", parentGuid: u1, order: [l12] },
      { scope: "lessons", parentGuid: u1, order: [l12, await lessonId(pub.id, "L2.1")] },
      { scope: "lessons", parentGuid: pub.id, order: [l11, l12] },
      { scope: "lessons", parentGuid: foreignUnit, order: [await lessonId(other.id, "L1.1"), await lessonId(other.id, "L1.2")] },
    ];
    for (const body of bad) {
      const res = await call("PUT", `/api/front/courses/${course.id}/program/order`, teacher, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      expect(res.json()).toMatchObject({ error: { key: "VALIDATION_ERROR", details: [{ field: "order", message: "invalid_choice" }] } });
    }
    expect((await call("PUT", `/api/front/courses/${course.id}/program/order`, teacher, { scope: "chapters", parentGuid: pub.id, order: [u1] })).statusCode).toBe(400);
    expect(await stateCount(course.id)).toEqual({ units: 0, lessons: 0 });
    const ok = await call("PUT", `/api/front/courses/${course.id}/program/order`, teacher, { scope: "lessons", parentGuid: u1, order: [l12, l11] });
    expect(lessonTitles(CourseProgramSchema.parse(dataOf(ok)), "U1")).toEqual(["L1.2", "L1.1"]);
  });
});

describe("GET /api/front/courses/:guid/gradebook", () => {
  const gradebook = async (guid: string, who: Person, query = "") => {
    const res = await call("GET", `/api/front/courses/${guid}/gradebook${query}`, who);
    expect(res.statusCode).toBe(200);
    return GradebookSchema.parse(dataOf(res));
  };

  it("lists the class's students by last name with one null score per unit column (program scope)", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    const book = await gradebook(guid, await demoUser("teacher@demo.test"), "?scope=program");
    const maths = await one(db().select().from(publications).where(eq(publications.title, "Matemáticas 1º ESO")), "maths");
    expect(book).toMatchObject({ scope: "program", programGuid: maths.id, programs: [{ guid: maths.id, title: "Matemáticas 1º ESO" }] });
    expect(book.columns).toHaveLength(8);
    expect(book.columns[0]).toMatchObject({ title: "Números naturales", kind: "unit" });
    expect(book.rows.map((r) => [r.student.lastName, r.student.firstName])).toEqual([["López", "Marta"], ["Sánchez", "Pablo"]]);
    expect(book.rows.every((r) => r.scores.length === 8 && r.scores.every((s) => s === null) && r.average === null)).toBe(true);
  });

  it("has one column per assessment of the class in the workbook scope (the default), ungraded before any attempt", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    // Opening the first lesson gives the class the publisher's items, the demo assessment among them.
    await call("GET", `/api/front/lessons/${DEMO_ASSESSMENTS[0]?.lessonId}/items?courseGuid=${guid}`, await demoUser("teacher@demo.test"));
    const book = await gradebook(guid, await demoUser("coteacher@demo.test"));
    expect(book).toMatchObject({ scope: "workbook", programGuid: null, columns: [{ title: DEMO_ASSESSMENTS[0]?.title, kind: "assessment" }] });
    expect(book.rows).toHaveLength(2);
    expect(book.rows.every((r) => r.scores.length === 1 && r.scores[0] === null && r.average === null)).toBe(true);
  });

  it("gives a student only their own row, whoever they ask for", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    const student1 = await demoUser("student1@demo.test");
    const student2 = await demoUser("student2@demo.test");
    expect((await gradebook(guid, student1)).rows.map((r) => r.student.guid)).toEqual([student1.id]);
    expect((await gradebook(guid, student1, `?scope=program&owner=${student2.id}`)).rows.map((r) => r.student.guid)).toEqual([student1.id]);
  });

  it("lets staff pick one student's row; anyone else as owner is a 404", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    const student2 = await demoUser("student2@demo.test");
    for (const email of ["teacher@demo.test", "coteacher@demo.test", "admin@demo.test"]) {
      expect((await gradebook(guid, await demoUser(email), `?owner=${student2.id}`)).rows.map((r) => r.student.firstName)).toEqual(["Pablo"]);
    }
    const teacher = await demoUser("teacher@demo.test");
    for (const owner of [teacher.id, (await demoUser("student@lumen.test")).id, crypto.randomUUID()]) {
      expect((await call("GET", `/api/front/courses/${guid}/gradebook?owner=${owner}`, teacher)).statusCode).toBe(404);
    }
  });

  it("uses the class's unit order without hidden units, and 404s a program that is not the class's", async () => {
    const aula = await tenantId("aula");
    const a = await buildPublication(aula, "B second", 3, 1);
    const b = await buildPublication(aula, "A first", 2, 1);
    const { course, teacher, student } = await buildClass([a.id, b.id]);
    const [u1, u2, u3] = [await unitId(a.id, "U1"), await unitId(a.id, "U2"), await unitId(a.id, "U3")];
    await call("PUT", `/api/front/courses/${course.id}/program/order`, teacher, { scope: "units", parentGuid: a.id, order: [u3, u2, u1] });
    await call("PATCH", `/api/front/courses/${course.id}/program/units/${u2}`, teacher, { hidden: true });
    const first = await gradebook(course.id, teacher, "?scope=program");
    expect(first.programGuid).toBe(b.id);
    expect(first.programs.map((p) => p.title)).toEqual(["A first", "B second"]);
    const book = await gradebook(course.id, teacher, `?scope=program&programGuid=${a.id}`);
    expect(book.columns.map((c) => c.title)).toEqual(["U3", "U1"]);
    expect(book.rows.map((r) => `${r.student.lastName} ${r.student.firstName}`)).toEqual(["Alonso Zoe", "Beltran Ana"]);
    expect(book.rows.every((r) => r.scores.length === 2)).toBe(true);
    expect((await gradebook(course.id, student, "?scope=program")).rows.map((r) => r.student.guid)).toEqual([student.id]);
    const foreign = await buildPublication(aula, "Not here", 1, 1);
    expect((await call("GET", `/api/front/courses/${course.id}/gradebook?scope=program&programGuid=${foreign.id}`, teacher)).statusCode).toBe(404);
  });

  it("is a 404 for non-members and other editions", async () => {
    const guid = await courseId("Matemáticas 1º ESO A");
    for (const email of ["editor@demo.test", "teacher@lumen.test"]) {
      expect((await call("GET", `/api/front/courses/${guid}/gradebook`, await demoUser(email))).statusCode).toBe(404);
    }
    expect((await call("GET", `/api/front/courses/${guid}/gradebook?scope=grades`, await demoUser("teacher@demo.test"))).statusCode).toBe(400);
  });
});

describe("class resources", () => {
  it("lists one section per publication with its units and lesson counts", async () => {
    const guid = await courseId("Lengua 1º ESO A");
    const res = await call("GET", `/api/front/courses/${guid}/resources`, await demoUser("student1@demo.test"));
    expect(res.statusCode).toBe(200);
    const { sections } = CourseResourcesSchema.parse(dataOf(res));
    expect(sections.map((s) => s.title)).toEqual(["Lengua Castellana y Literatura 1º ESO"]);
    expect(sections[0]?.groups).toHaveLength(6);
    expect(sections[0]?.groups[0]).toMatchObject({ title: "La comunicación" });
    expect(sections[0]?.groups.every((g) => g.itemCount > 0)).toBe(true);
  });

  it("shows students only what they can see; teachers see every unit and lesson", async () => {
    const aula = await tenantId("aula");
    const pub = await buildPublication(aula, "Res", 3, 3);
    const { course, teacher, coteacher, student, admin } = await buildClass([pub.id]);
    const u2 = await unitId(pub.id, "U2");
    const u1 = await unitId(pub.id, "U1");
    await call("PATCH", `/api/front/courses/${course.id}/program/units/${u2}`, teacher, { hidden: true });
    await call("PATCH", `/api/front/courses/${course.id}/program/lessons/${await lessonId(pub.id, "L1.3")}`, teacher, { hidden: true });
    const groupsOf = async (who: Person) =>
      CourseResourcesSchema.parse(dataOf(await call("GET", `/api/front/courses/${course.id}/resources`, who))).sections[0]?.groups.map((g) => [g.title, g.itemCount]);
    expect(await groupsOf(student)).toEqual([["U1", 2], ["U3", 3]]);
    for (const who of [teacher, coteacher, admin]) expect(await groupsOf(who)).toEqual([["U1", 3], ["U2", 3], ["U3", 3]]);

    const detail = async (who: Person, group: string, section = pub.id) => call("GET", `/api/front/courses/${course.id}/resources/${section}/${group}`, who);
    const forStudent = ResourceGroupDetailSchema.parse(dataOf(await detail(student, u1)));
    expect(forStudent).toMatchObject({ section: { guid: pub.id, title: "Res" }, group: { guid: u1, title: "U1" } });
    expect(forStudent.items.map((i) => [i.title, i.summary, i.kind])).toEqual([["L1.1", "S1.1", "lesson"], ["L1.2", "S1.2", "lesson"]]);
    expect(ResourceGroupDetailSchema.parse(dataOf(await detail(teacher, u1))).items.map((i) => i.title)).toEqual(["L1.1", "L1.2", "L1.3"]);
    expect((await detail(student, u2)).statusCode).toBe(404);
    expect(ResourceGroupDetailSchema.parse(dataOf(await detail(teacher, u2))).items).toHaveLength(3);

    const other = await buildPublication(aula, "Other res", 1, 1);
    expect((await detail(teacher, await unitId(other.id, "U1"), other.id)).statusCode).toBe(404);
    expect((await detail(teacher, await unitId(other.id, "U1"))).statusCode).toBe(404);
    expect((await detail(teacher, u1, other.id)).statusCode).toBe(404);
  });

  it("is a 404 for non-members and other editions", async () => {
    const guid = await courseId("Lengua 1º ESO A");
    for (const email of ["editor@demo.test", "teacher@lumen.test", "coteacher@demo.test"]) {
      expect((await call("GET", `/api/front/courses/${guid}/resources`, await demoUser(email))).statusCode).toBe(404);
    }
  });
});
