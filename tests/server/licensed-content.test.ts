process.env.LOG_LEVEL = "silent";
import { and, eq, inArray } from "drizzle-orm";
import type { ContentPage } from "../../src/contracts/lessons";
import {
  assessmentQuestions,
  contents,
  coursePublications,
  lessonContents,
  lessonItems,
  lessons,
  publications,
  units,
} from "../../src/server/db/schema";
import { bearer, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent, buildCourse, buildUser } from "../support/factories";

/*
 * Licensed publications (ADR 0018): one licence check (contents/access usableContentWhere) guards
 * every path to their contents: the content manager, assessment and question authoring, the
 * viewers, placing in lessons and classroom resources, and cloning. newteacher@demo.test holds no
 * licence; Matemáticas 1º ESO is licensed (teacher@demo.test holds it).
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
let newTeacher: Person;
let licensedTeacher: Person;
let editor: Person;
let student: Person;
let tenantId: string;
/** A content (not an assessment) of a Maths lesson, the Maths assessment and one of its questions. */
let mathsContent: string;
let mathsAssessment: string;
let mathsQuestion: string;
let mathsPublication: string;
let mathsLesson: string;
/** newteacher's own class with an open book, and a lesson of it. */
let ownClass: string;
let ownLesson: string;

const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing");
  return v;
};
const call = async (who: Person, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: await bearer(t.app, who), ...(payload !== undefined ? { payload: payload as object } : {}) });
const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
const errorKey = (res: { json: <J>() => J }) => res.json<{ error: { key: string } }>().error.key;

async function publicationNamed(title: string) {
  const [row] = await db().select().from(publications).where(and(eq(publications.tenantId, tenantId), eq(publications.title, title))).limit(1);
  return must(row);
}

async function firstLessonOf(publicationId: string) {
  const [row] = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(units, eq(units.id, lessons.unitId))
    .where(eq(units.publicationId, publicationId))
    .orderBy(units.order, lessons.order)
    .limit(1);
  return must(row).id;
}

/** The guids GET cms/contents lists to `who`. */
const listedIds = async (who: Person, query = "") => data<ContentPage>(await call(who, "GET", `/cms/contents?pageSize=100${query}`)).items.map((i) => i.guid);

beforeAll(async () => {
  t = await buildTestApp();
  newTeacher = await demoUser(t.app, "newteacher@demo.test");
  licensedTeacher = await demoUser(t.app, "teacher@demo.test");
  editor = await demoUser(t.app, "editor@demo.test");
  tenantId = newTeacher.tenantId;
  student = await buildUser(db(), tenantId, { role: "student", dateOfBirth: "2012-01-01" });

  const maths = await publicationNamed("Matemáticas 1º ESO");
  mathsPublication = maths.id;
  mathsLesson = await firstLessonOf(maths.id);
  const held = await db()
    .select({ id: contents.id, type: contents.type })
    .from(lessonContents)
    .innerJoin(contents, eq(contents.id, lessonContents.contentId))
    .where(eq(lessonContents.lessonId, mathsLesson));
  mathsAssessment = must(held.find((c) => c.type === "CTTY_18")).id;
  mathsContent = must(held.find((c) => c.type === "CTTY_06") ?? held.find((c) => c.type !== "CTTY_18")).id;
  const [question] = await db().select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, mathsAssessment)).limit(1);
  mathsQuestion = must(question).questionId;

  const open = await publicationNamed("Biología y Geología 1º ESO");
  ownLesson = await firstLessonOf(open.id);
  ownClass = (await buildCourse(db(), tenantId, { members: [{ userId: newTeacher.id, role: "teacher" }, { userId: student.id, role: "student" }] })).id;
  await db().insert(coursePublications).values({ courseId: ownClass, publicationId: open.id });
}, 180_000);
afterAll(() => t.close());

describe("a teacher without the licence", () => {
  it("cannot add the licensed publication to a class (as before)", async () => {
    const res = await call(newTeacher, "POST", `/front/courses/${ownClass}/publications`, { publicationGuid: mathsPublication });
    expect(res.statusCode).toBe(403);
    expect(errorKey(res)).toBe("PUBLICATION_NOT_AVAILABLE");
  });

  it("GET /api/cms/contents/{guid}: cannot read its contents", async () => {
    const res = await call(newTeacher, "GET", `/cms/contents/${mathsContent}`);
    expect(res.statusCode).toBe(404);
    expect(errorKey(res)).toBe("CONTENT_NOT_AVAILABLE");
  });

  it("GET /api/cms/assessments/{guid}: cannot read its assessments with their answer keys", async () => {
    expect((await call(newTeacher, "GET", `/cms/assessments/${mathsAssessment}`)).statusCode).toBe(404);
  });

  it("GET /api/cms/questions/{guid}: cannot read one of its questions", async () => {
    expect((await call(newTeacher, "GET", `/cms/questions/${mathsQuestion}`)).statusCode).toBe(404);
  });

  it("GET /api/front/contents/{guid}: cannot open it in a viewer", async () => {
    expect((await call(newTeacher, "GET", `/front/contents/${mathsContent}`)).statusCode).toBe(404);
    expect((await call(newTeacher, "GET", `/front/contents/${mathsContent}?courseGuid=${ownClass}`)).statusCode).toBe(404);
  });

  it("GET /api/cms/contents: does not find its contents", async () => {
    const [row] = await db().select({ title: contents.title }).from(contents).where(eq(contents.id, mathsContent));
    const search = `&search=${encodeURIComponent(must(row).title)}`;
    expect(await listedIds(licensedTeacher, search)).toContain(mathsContent);
    expect(await listedIds(newTeacher, search)).not.toContain(mathsContent);
    expect(await listedIds(newTeacher, "&type=CTTY_18")).not.toContain(mathsAssessment);
  });

  it("POST /api/front/lesson-items: cannot place its contents in another class", async () => {
    for (const contentGuid of [mathsContent, mathsAssessment]) {
      const res = await call(newTeacher, "POST", "/front/lesson-items", { courseGuid: ownClass, lessonGuid: ownLesson, contentGuid });
      expect(res.statusCode).toBe(404);
      expect(errorKey(res)).toBe("CONTENT_NOT_AVAILABLE");
    }
  });

  it("POST /api/lms/resource-materials: cannot put its contents in a class's resources", async () => {
    const res = await call(newTeacher, "POST", "/lms/resource-materials", { courseGuid: ownClass, contentGuid: mathsContent });
    expect(res.statusCode).toBe(404);
  });

  it("POST /api/cms/contents-clone: cannot clone its contents", async () => {
    const res = await call(newTeacher, "POST", "/cms/contents-clone", { contentGuid: mathsContent });
    expect(res.statusCode).toBe(404);
    expect(errorKey(res)).toBe("CONTENT_NOT_AVAILABLE");
  });

  it("still uses open books' contents and the publisher's contents of no book", async () => {
    const inOpenBook = await buildContent(db(), tenantId, "Microscopio");
    await db().insert(lessonContents).values({ lessonId: ownLesson, contentId: inOpenBook.id, position: 99 });
    const loose = await buildContent(db(), tenantId, "Enlace suelto");
    for (const content of [inOpenBook, loose]) {
      expect((await call(newTeacher, "GET", `/cms/contents/${content.id}`)).statusCode).toBe(200);
      expect((await call(newTeacher, "POST", "/front/lesson-items", { courseGuid: ownClass, lessonGuid: ownLesson, contentGuid: content.id })).statusCode).toBe(201);
      expect((await call(newTeacher, "POST", "/cms/contents-clone", { contentGuid: content.id })).statusCode).toBe(201);
    }
    expect(await listedIds(newTeacher)).toEqual(expect.arrayContaining([inOpenBook.id, loose.id]));
  });
});

describe("students", () => {
  it("cannot reach it through a class that does not have the publication", async () => {
    expect((await call(student, "POST", `/front/assessments/${mathsAssessment}/attempts`, { courseGuid: ownClass })).statusCode).toBe(404);
    expect((await call(student, "GET", `/front/contents/${mathsContent}?courseGuid=${ownClass}`)).statusCode).toBe(404);
    expect((await call(student, "GET", `/cms/assessments/${mathsAssessment}`)).statusCode).toBe(403);
    // Nothing was copied into the class on the way.
    const copied = await db().select().from(lessonItems).where(and(eq(lessonItems.courseId, ownClass), inArray(lessonItems.contentId, [mathsAssessment, mathsContent])));
    expect(copied).toHaveLength(0);
  });
});

describe("the licence holder and editorial staff", () => {
  it("read, place and clone as before", async () => {
    expect((await call(licensedTeacher, "GET", `/cms/assessments/${mathsAssessment}`)).statusCode).toBe(200);
    expect((await call(licensedTeacher, "GET", `/cms/questions/${mathsQuestion}`)).statusCode).toBe(200);
    expect(await listedIds(licensedTeacher, "&type=CTTY_18")).toContain(mathsAssessment);
    expect((await call(licensedTeacher, "POST", "/cms/contents-clone", { contentGuid: mathsContent })).statusCode).toBe(201);
    expect((await call(editor, "GET", `/cms/assessments/${mathsAssessment}`)).statusCode).toBe(200);
  });
});

describe("a class the licensed publication was added to", () => {
  let licensedClass: string;
  beforeAll(async () => {
    // The licence holder's class with Maths, where the teacher without a licence co-teaches.
    licensedClass = (
      await buildCourse(db(), tenantId, { members: [{ userId: licensedTeacher.id, role: "teacher" }, { userId: newTeacher.id, role: "coteacher" }] })
    ).id;
    await db().insert(coursePublications).values({ courseId: licensedClass, publicationId: mathsPublication });
  });

  it("lets its teachers read and place the contents there, but not elsewhere, and not clone them", async () => {
    expect((await call(newTeacher, "GET", `/cms/assessments/${mathsAssessment}`)).statusCode).toBe(200);
    expect((await call(newTeacher, "GET", `/cms/contents/${mathsContent}`)).statusCode).toBe(200);
    expect((await call(newTeacher, "POST", "/front/lesson-items", { courseGuid: licensedClass, lessonGuid: mathsLesson, contentGuid: mathsContent })).statusCode).toBe(201);
    expect((await call(newTeacher, "POST", "/front/lesson-items", { courseGuid: ownClass, lessonGuid: ownLesson, contentGuid: mathsContent })).statusCode).toBe(404);
    expect((await call(newTeacher, "POST", "/cms/contents-clone", { contentGuid: mathsContent })).statusCode).toBe(404);
  });

  it("opens them to the teacher once they redeem a licence", async () => {
    const redeemed = await call(newTeacher, "POST", "/front/redeem", { code: "AULA-TEACH-2026" });
    expect(redeemed.statusCode).toBe(201);
    expect((await call(newTeacher, "POST", "/cms/contents-clone", { contentGuid: mathsContent })).statusCode).toBe(201);
    expect((await call(newTeacher, "POST", "/front/lesson-items", { courseGuid: ownClass, lessonGuid: ownLesson, contentGuid: mathsContent })).statusCode).toBe(201);
  });
});
