process.env.LOG_LEVEL = "silent";
import type { UnitRecommendation } from "../../src/contracts/practice";
import { coursePublications, knowledgeComponents, lessons, publications, units } from "../../src/server/db/schema";
import { applyAnswers, type ScoredAnswer } from "../../src/server/modules/learning/service";
import { setLessonHidden, setUnitHidden } from "../../src/server/modules/program/service";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

/*
 * Unit recommendations (issue 15, spec §2 card and §3 entity) through the API: the units and lessons
 * a student should go back to, in the class's program order, each lesson with the learner model's
 * reasons (analytics' own alerts); hidden lessons and units left out, a unit whose flagged KCs only
 * hidden lessons teach listed with no lessons; the student's own, or one student's for the class's
 * teachers, never anyone else's.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error("missing value");
  return v;
};
const get = async (who: Person, url: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: await bearer(t.app, who) });
const itemsOf = (res: { json: <U>() => U }) => res.json<{ data: { items: UnitRecommendation[] } }>().data.items;

let tenantId: string;
let teacher: Person;
let student: Person;
let classmate: Person;
let outsider: Person;
let courseId: string;
const unitIds: string[] = [];
const lessonIds: string[] = [];

const DAY = 86_400_000;
const wrongs = (kc: string, n: number, at: number): ScoredAnswer[] =>
  Array.from({ length: n }, (_, i) => ({ questionId: `${kc}-w${i}`, kcs: [kc], fraction: 0, answeredAt: new Date(at + i * 60_000) }));
const rights = (kc: string, n: number, at: number): ScoredAnswer[] =>
  Array.from({ length: n }, (_, i) => ({ questionId: `${kc}-r${i}`, kcs: [kc], fraction: 1, answeredAt: new Date(at + i * 60_000) }));

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  teacher = await buildUser(db(), tenantId, { role: "teacher" });
  student = await buildUser(db(), tenantId, { role: "student" });
  classmate = await buildUser(db(), tenantId, { role: "student" });
  outsider = await buildUser(db(), tenantId, { role: "student" });
  const course = await buildCourse(db(), tenantId, {
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: student.id, role: "student" },
      { userId: classmate.id, role: "student" },
    ],
  });
  courseId = course.id;
  await buildCourse(db(), tenantId, { members: [{ userId: outsider.id, role: "student" }] });
  const [publication] = await db().insert(publications).values({ tenantId, title: "Matemáticas" }).returning();
  const publicationId = must(publication).id;
  // Three units of two lessons: U1 (L1, L2), U2 (L3, L4), U3 (L5, L6).
  for (let u = 0; u < 3; u++) {
    const [unit] = await db().insert(units).values({ publicationId, title: `Unidad ${u + 1}`, order: u + 1 }).returning();
    unitIds.push(must(unit).id);
    for (let l = 0; l < 2; l++) {
      const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: `Lección ${u * 2 + l + 1}`, order: l + 1 }).returning();
      lessonIds.push(must(lesson).id);
    }
  }
  const [u1, u2, u3] = unitIds as [string, string, string];
  const [l1, l2, l3, l4, l5] = lessonIds as [string, string, string, string, string];
  await db().insert(coursePublications).values([{ courseId, publicationId }]);
  const kc = (code: string, unitId: string, lessonIdsOf: string[], position: number) => ({
    tenantId,
    publicationId,
    code,
    names: { es: `KC ${code}`, en: `KC ${code}` },
    unitId,
    lessonIds: lessonIdsOf,
    position,
  });
  await db()
    .insert(knowledgeComponents)
    .values([kc("UR.A", u1, [l1], 1), kc("UR.B", u1, [l1, l2], 2), kc("UR.C", u2, [l3], 3), kc("UR.D", u2, [l4], 4), kc("UR.E", u3, [l5], 5)]);
  // The class does not follow L3 nor the whole of U3.
  await setLessonHidden(db(), course, l3, true);
  await setUnitHidden(db(), course, u3, true);

  const now = Date.now();
  await applyAnswers(db(), {
    tenantId,
    userId: student.id,
    source: "assessment",
    sourceId: "unit-recs",
    answers: [
      // A: three wrong in a row (low mastery and repeated failures).
      ...wrongs("UR.A", 3, now - 3_600_000),
      // B: right once, long ago: forgotten by now (review needed).
      ...rights("UR.B", 1, now - 200 * DAY),
      // C: failing, but only the hidden L3 teaches it.
      ...wrongs("UR.C", 3, now - 3_000_000),
      // D: mastered, recently: nothing to revisit.
      ...rights("UR.D", 8, now - 2_400_000),
      // E: failing, in a unit the class does not follow.
      ...wrongs("UR.E", 3, now - 1_800_000),
    ],
  });
}, 120_000);
afterAll(() => t.close());

describe("unit recommendations", () => {
  it("list the units and lessons to revisit in program order, with the model's reasons, leaving out what the class does not follow", async () => {
    const res = await get(student, `/front/courses/${courseId}/unit-recommendations`);
    expect(res.statusCode).toBe(200);
    const items = itemsOf(res);
    const [u1, u2] = unitIds;
    const [l1, l2] = lessonIds;
    expect(items.map((u) => ({ unitId: u.unitId, title: u.title, order: u.order, lessons: u.lessons.map((l) => [l.lessonId, l.title, l.order, l.alertReasons]) }))).toEqual([
      {
        unitId: u1,
        title: "Unidad 1",
        order: 1,
        lessons: [
          [l1, "Lección 1", 1, ["low_mastery", "repeated_failures", "review_needed"]],
          [l2, "Lección 2", 2, ["review_needed"]],
        ],
      },
      // U2's flagged KC is taught only by the hidden L3: the unit is named, with no lessons to go to.
      { unitId: u2, title: "Unidad 2", order: 2, lessons: [] },
    ]);
    const first = must(items[0]?.lessons[0]);
    expect(first.kcs.map((k) => [k.code, k.alerts])).toEqual([
      ["UR.A", ["low_mastery", "repeated_failures"]],
      ["UR.B", ["review_needed"]],
    ]);
    expect(first.kcs[0]?.names.es).toBe("KC UR.A");
    expect(must(first.kcs[0]).known).toBeLessThan(0.4);
  });

  it("are empty for a student the model flags nothing for", async () => {
    expect(itemsOf(await get(classmate, `/front/courses/${courseId}/unit-recommendations`))).toEqual([]);
  });

  it("are one student's for the class's teachers, and nobody else's", async () => {
    const asTeacher = await get(teacher, `/front/courses/${courseId}/unit-recommendations?studentGuid=${student.id}`);
    expect(asTeacher.statusCode).toBe(200);
    expect(itemsOf(asTeacher).map((u) => u.order)).toEqual([1, 2]);
    // A teacher must say whose; the student must be in the class.
    const missing = await get(teacher, `/front/courses/${courseId}/unit-recommendations`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { details: Array<{ field: string }> } }>().error.details[0]?.field).toBe("studentGuid");
    expect((await get(teacher, `/front/courses/${courseId}/unit-recommendations?studentGuid=${outsider.id}`)).statusCode).toBe(404);
    expect((await get(teacher, `/front/courses/${courseId}/unit-recommendations?studentGuid=not-a-guid`)).statusCode).toBe(400);
    // A student never sees a classmate's; someone outside the class sees nothing of it.
    expect((await get(classmate, `/front/courses/${courseId}/unit-recommendations?studentGuid=${student.id}`)).statusCode).toBe(403);
    expect((await get(student, `/front/courses/${courseId}/unit-recommendations?studentGuid=${student.id}`)).statusCode).toBe(200);
    expect((await get(outsider, `/front/courses/${courseId}/unit-recommendations`)).statusCode).toBe(404);
    const otherTenant = await buildUser(db(), (await buildTenant(db())).id, { role: "teacher" });
    expect((await get(otherTenant, `/front/courses/${courseId}/unit-recommendations?studentGuid=${student.id}`)).statusCode).toBe(404);
  });
});
