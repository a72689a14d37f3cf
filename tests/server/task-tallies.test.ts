process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { TaskAmountsSchema, TaskDetailSchema, TaskListPageSchema, type TaskAmounts, type TaskTab } from "../../src/contracts/tasks";
import { contents, courseJobTallies, courseMembers, coursePublications, courses, jobs, lessonItems, lessons, publications, units } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

/*
 * The totals of the task lists and badges come from tallies the database keeps with triggers
 * (migration 0013), not from counting the lists (issue 14: flat at 10,000 tasks). Whatever happens
 * to a class (tasks assigned to all or some, unassigned and back, turned in, taken back, graded,
 * items unpublished, students leaving and joining, the class archived), every total must equal what
 * its list pages through, for each student and the teacher. On PostgreSQL the last test also hands
 * in and grades from parallel transactions.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const must = <T>(v: T | null | undefined, what = "value"): T => {
  if (v === null || v === undefined) throw new Error(`missing ${what}`);
  return v;
};
const call = async (who: Person, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: await bearer(t.app, who), ...(payload !== undefined ? { payload } : {}) });

let tenantId: string;
let publicationId: string;
let lessonId: string;

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(db())).id;
  const [publication] = await db().insert(publications).values({ tenantId, title: "Libro" }).returning();
  publicationId = must(publication).id;
  const [unit] = await db().insert(units).values({ publicationId, title: "Unidad", order: 1 }).returning();
  const [lesson] = await db().insert(lessons).values({ unitId: must(unit).id, title: "Lección", order: 1 }).returning();
  lessonId = must(lesson).id;
}, 120_000);
afterAll(() => t.close());

/** A class of its own (so runs never meet) with its teacher, `students` students and `items` link items. */
async function freshClass(students: number, items: number) {
  const teacher = await buildUser(db(), tenantId, { role: "teacher" });
  const kids: Person[] = [];
  for (let i = 0; i < students; i++) kids.push(await buildUser(db(), tenantId, { role: "student" }));
  const course = await buildCourse(db(), tenantId, {
    members: [{ userId: teacher.id, role: "teacher" }, ...kids.map((k) => ({ userId: k.id, role: "student" as const }))],
  });
  await db().insert(coursePublications).values({ courseId: course.id, publicationId });
  const itemIds: string[] = [];
  for (let i = 0; i < items; i++) {
    const [content] = await db().insert(contents).values({ tenantId, type: "CTTY_06", title: `Enlace ${i}`, url: "https://example.org/x" }).returning();
    const [row] = await db().insert(lessonItems).values({ tenantId, courseId: course.id, lessonId, contentId: must(content).id, position: i }).returning();
    itemIds.push(must(row).id);
  }
  return { teacher, kids, courseId: course.id, itemIds };
}

const STUDENT_TABS: Array<[TaskTab, keyof TaskAmounts]> = [
  ["todo", "todo"],
  ["turned_in", "turnedIn"],
  ["graded", "graded"],
];
const TEACHER_TABS: Array<[TaskTab, keyof TaskAmounts]> = [
  ["pending", "pending"],
  ["reviewed", "reviewed"],
];

/** Every tab's total equals the rows its list holds, and the badge equals the total. */
async function expectTotalsMatchLists(who: Person, tabs: Array<[TaskTab, keyof TaskAmounts]>, courseId?: string) {
  const scope = courseId ? `&courseGuid=${courseId}` : "";
  const amounts = TaskAmountsSchema.parse((await call(who, "GET", `/front/amount-tasks${courseId ? `?courseGuid=${courseId}` : ""}`)).json<{ data: unknown }>().data);
  for (const [tab, badge] of tabs) {
    const page = TaskListPageSchema.parse((await call(who, "GET", `/front/tasks?tab=${tab}&pageSize=50${scope}`)).json<{ data: unknown }>().data);
    expect({ who: who.id, tab, total: page.total, badge: amounts[badge] }).toEqual({ who: who.id, tab, total: page.items.length, badge: page.items.length });
  }
}

type Step =
  | { kind: "assign"; item: number; to: "class" | number[] }
  | { kind: "unassign"; item: number }
  | { kind: "unassignOne"; item: number; student: number }
  | { kind: "deliver" | "undo" | "grade"; item: number; student: number }
  | { kind: "publish"; item: number; published: boolean }
  | { kind: "leave" | "join"; student: number }
  | { kind: "archive"; archived: boolean };

const ITEMS = 2;
const STUDENTS = 2;
const item = fc.integer({ min: 0, max: ITEMS - 1 });
const student = fc.integer({ min: 0, max: STUDENTS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("assign" as const), item, to: fc.oneof(fc.constant("class" as const), fc.uniqueArray(student, { minLength: 1, maxLength: STUDENTS })) }) },
  fc.record({ kind: fc.constant("unassign" as const), item }),
  fc.record({ kind: fc.constant("unassignOne" as const), item, student }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("deliver" as const, "undo" as const, "grade" as const), item, student }) },
  fc.record({ kind: fc.constant("publish" as const), item, published: fc.boolean() }),
  fc.record({ kind: fc.constantFrom("leave" as const, "join" as const), student }),
  fc.record({ kind: fc.constant("archive" as const), archived: fc.boolean() }),
);

describe("task totals kept by the database", () => {
  it("equal what every list pages through, whatever happens to the class", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { teacher, kids, courseId, itemIds } = await freshClass(STUDENTS, ITEMS);
        const jobOf = async (i: number, s: number) =>
          (await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.lessonItemId, must(itemIds[i])), eq(jobs.studentId, must(kids[s]).id))))[0]?.id;
        const tasks = new Map<number, string>();
        // Every run starts with each item assigned to the class, so the steps act on live tasks...
        for (const [i, itemId] of itemIds.entries()) {
          const res = await call(teacher, "POST", `/front/courses/${courseId}/tasks`, { lessonItemGuid: itemId, audience: "class" });
          tasks.set(i, TaskDetailSchema.parse(res.json<{ data: unknown }>().data).guid);
        }
        // ...and with work in every state: the first student's first task turned in, the second's graded.
        const [first, second] = [must(kids[0]), must(kids[1])];
        await call(first, "PUT", `/front/jobs/${await jobOf(0, 0)}`, { action: "deliver" });
        await call(second, "PUT", `/front/jobs/${await jobOf(0, 1)}`, { action: "deliver" });
        await call(teacher, "PUT", `/front/jobs/${await jobOf(0, 1)}`, { score: 9 });
        for (const s of steps) {
          const itemId = must(itemIds["item" in s ? s.item : 0]);
          const kid = must(kids["student" in s ? s.student : 0]);
          switch (s.kind) {
            case "assign": {
              const body = s.to === "class" ? { audience: "class" } : { audience: "students", studentGuids: s.to.map((k) => must(kids[k]).id) };
              const task = tasks.get(s.item);
              const res = task
                ? await call(teacher, "PUT", `/front/courses/${courseId}/tasks/${task}`, body)
                : await call(teacher, "POST", `/front/courses/${courseId}/tasks`, { lessonItemGuid: itemId, ...body });
              if (res.statusCode < 300) tasks.set(s.item, TaskDetailSchema.parse(res.json<{ data: unknown }>().data).guid);
              break;
            }
            case "unassign": {
              const task = tasks.get(s.item);
              if (task) await call(teacher, "DELETE", `/front/courses/${courseId}/tasks/${task}`);
              break;
            }
            case "unassignOne": {
              const task = tasks.get(s.item);
              if (task) await call(teacher, "DELETE", `/front/courses/${courseId}/tasks/${task}/students/${kid.id}`);
              break;
            }
            case "deliver":
            case "undo":
            case "grade": {
              const job = await jobOf(s.item, s.student);
              if (!job) break;
              if (s.kind === "grade") await call(teacher, "PUT", `/front/jobs/${job}`, { score: 6 });
              else await call(kid, "PUT", `/front/jobs/${job}`, { action: s.kind });
              break;
            }
            case "publish":
              await db().update(lessonItems).set({ status: s.published ? "published" : "draft" }).where(eq(lessonItems.id, itemId));
              break;
            case "leave":
              await db().delete(courseMembers).where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, kid.id)));
              break;
            case "join":
              await db().insert(courseMembers).values({ courseId, userId: kid.id, role: "student" }).onConflictDoNothing();
              t.app.ctx.events.emit("course.memberJoined", { tenantId, courseId, userId: kid.id, role: "student" });
              await t.app.ctx.background.settled();
              break;
            case "archive":
              await db().update(courses).set({ archived: s.archived }).where(eq(courses.id, courseId));
              break;
          }
          // The teacher's after every step (a later write in the class would recount and hide a stale total).
          await expectTotalsMatchLists(teacher, TEACHER_TABS);
        }
        for (const kid of kids) await expectTotalsMatchLists(kid, STUDENT_TABS);
        await expectTotalsMatchLists(teacher, TEACHER_TABS);
        await expectTotalsMatchLists(teacher, TEACHER_TABS, courseId);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("stays exact when a class hands in and is graded at once (parallel transactions on PostgreSQL)", async () => {
    const { teacher, kids, courseId, itemIds } = await freshClass(24, 1);
    const assigned = await call(teacher, "POST", `/front/courses/${courseId}/tasks`, { lessonItemGuid: must(itemIds[0]), audience: "class" });
    const task = TaskDetailSchema.parse(assigned.json<{ data: unknown }>().data);
    const jobOfKid = new Map(task.jobs.map((j) => [j.student.guid, j.guid]));
    const delivered = await Promise.all(kids.map((k) => call(k, "PUT", `/front/jobs/${must(jobOfKid.get(k.id))}`, { action: "deliver" })));
    expect(delivered.map((r) => r.statusCode)).toEqual(kids.map(() => 200));
    expect(await db().select().from(courseJobTallies).where(eq(courseJobTallies.courseId, courseId))).toEqual([{ courseId, pending: 24, reviewed: 0 }]);
    // Half graded while the other half takes theirs back, all at once.
    await Promise.all(
      kids.map((k, i) =>
        i % 2 === 0 ? call(teacher, "PUT", `/front/jobs/${must(jobOfKid.get(k.id))}`, { score: 8 }) : call(k, "PUT", `/front/jobs/${must(jobOfKid.get(k.id))}`, { action: "undo" }),
      ),
    );
    expect(await db().select().from(courseJobTallies).where(eq(courseJobTallies.courseId, courseId))).toEqual([{ courseId, pending: 0, reviewed: 12 }]);
    await expectTotalsMatchLists(teacher, TEACHER_TABS);
    for (const kid of kids.slice(0, 4)) await expectTotalsMatchLists(kid, STUDENT_TABS);
  }, 60_000);
});
