process.env.LOG_LEVEL = "silent";
import { eq, inArray, sql } from "drizzle-orm";
import Fastify from "fastify";
import { LessonItemSchema } from "../../src/contracts/lessons";
import { openDatabase, type Db } from "../../src/server/db/client";
import { contents, coursePublications, lessonItems, lessons, publications, tenants, units } from "../../src/server/db/schema";
import { startJobs } from "../../src/server/jobs";
import { PUBLISH_BATCH, publishDueItems } from "../../src/server/jobs/scheduled-publication";
import type { DomainEvents } from "../../src/server/platform/events";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildUser } from "../support/factories";

let t: TestApp;
let people: Awaited<ReturnType<typeof buildPeople>>;
beforeAll(async () => {
  // No worker in this app: the tests run the job themselves, so nothing else publishes behind their back.
  t = await buildTestApp({ services: ["web"] });
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
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

async function buildPeople() {
  const aula = first(await db().select().from(tenants).where(eq(tenants.slug, "aula"))).id;
  return { aula, teacher: await buildUser(db(), aula, { role: "teacher" }), student: await buildUser(db(), aula, { role: "student" }) };
}

/** A class with one lesson and a content to place in it. */
async function buildLesson() {
  const { aula, teacher, student } = people;
  const pub = first(await db().insert(publications).values({ tenantId: aula, title: "Book", kind: "program" }).returning());
  const unit = first(await db().insert(units).values({ publicationId: pub.id, title: "U", order: 1 }).returning());
  const lesson = first(await db().insert(lessons).values({ unitId: unit.id, title: "L", order: 1 }).returning());
  const course = await buildCourse(db(), aula, { members: [{ userId: teacher.id, role: "teacher" }, { userId: student.id, role: "student" }] });
  await db().insert(coursePublications).values({ courseId: course.id, publicationId: pub.id });
  const content = first(await db().insert(contents).values({ tenantId: aula, type: "CTTY_06", title: "Link", url: "https://example.org" }).returning());
  /** Scheduled items due at the given times, inserted directly. */
  const schedule = async (times: Date[], status = "scheduled") =>
    (
      await db()
        .insert(lessonItems)
        .values(times.map((publishAt, i) => ({ tenantId: aula, courseId: course.id, lessonId: lesson.id, contentId: content.id, status, publishAt, position: i + 1 })))
        .returning({ id: lessonItems.id })
    ).map((r) => r.id);
  return { course, lesson, content, schedule };
}

const statusOf = async (ids: string[]) =>
  (await db().select({ status: lessonItems.status }).from(lessonItems).where(inArray(lessonItems.id, ids))).map((r) => r.status);

describe("publishDueItems", () => {
  it("publishes due scheduled items, not future ones nor drafts, and clears their date", async () => {
    const w = await buildLesson();
    const due = await w.schedule([minutes(-5), minutes(-1)]);
    const future = await w.schedule([minutes(30)]);
    const draft = await w.schedule([minutes(-5)], "draft");
    const now = new Date();
    const published = await publishDueItems(db(), now);
    expect(published.map((p) => p.id).sort()).toEqual([...due].sort());
    expect(published.every((p) => p.courseId === w.course.id && p.lessonId === w.lesson.id && p.tenantId === people.aula)).toBe(true);
    const rows = await db().select().from(lessonItems).where(inArray(lessonItems.id, due));
    expect(rows.map((r) => [r.status, r.publishAt, r.publishedAt?.getTime()])).toEqual([
      ["published", null, now.getTime()],
      ["published", null, now.getTime()],
    ]);
    expect(await statusOf(future)).toEqual(["scheduled"]);
    expect(await statusOf(draft)).toEqual(["draft"]);
    expect(await publishDueItems(db(), now)).toEqual([]);
  });

  it("publishes each item exactly once when several runners race", async () => {
    const w = await buildLesson();
    const ids = await w.schedule(Array.from({ length: 30 }, (_, i) => minutes(-i - 1)));
    const runs = await Promise.all([1, 2, 3, 4].map(() => publishDueItems(db())));
    const published = runs.flat().map((p) => p.id);
    expect(published).toHaveLength(30);
    expect(new Set(published)).toEqual(new Set(ids));
    expect(await Promise.all([publishDueItems(db()), publishDueItems(db())])).toEqual([[], []]);
  });

  it("takes at most a batch per run, oldest first", async () => {
    const w = await buildLesson();
    const older = await w.schedule([minutes(-60)]);
    await w.schedule(Array.from({ length: PUBLISH_BATCH }, () => minutes(-1)));
    const run = await publishDueItems(db());
    expect(run).toHaveLength(PUBLISH_BATCH);
    expect(run.map((r) => r.id)).toContain(older[0]);
    expect(await publishDueItems(db())).toHaveLength(1);
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres("publishes each item exactly once across two separate connections (two server instances)", async () => {
    const server = process.env.TEST_DATABASE_URL as string;
    const [here] = await db().select({ name: sql<string>`current_database()` }).from(tenants).limit(1);
    const url = new URL(server);
    url.pathname = `/${here?.name}`;
    const second = await openDatabase({ url: url.toString(), pgliteDir: "" });
    try {
      const w = await buildLesson();
      const ids = await w.schedule(Array.from({ length: PUBLISH_BATCH + 100 }, (_, i) => minutes(-1 - (i % 7))));
      const seen: string[] = [];
      // Each runner keeps going until nothing is due, as two workers' timers would.
      const drain = async (runner: Db) => {
        for (;;) {
          const run = await publishDueItems(runner);
          if (run.length === 0) return;
          seen.push(...run.map((r) => r.id));
        }
      };
      await Promise.all([drain(db()), drain(second.db), drain(db()), drain(second.db)]);
      expect(seen).toHaveLength(ids.length);
      expect(new Set(seen)).toEqual(new Set(ids));
    } finally {
      await second.close();
    }
  });
});

describe("scheduled publication end to end", () => {
  it("a student sees a scheduled item only once the job has published it", async () => {
    const w = await buildLesson();
    const headers = (who: Person) => bearer(t.app, who);
    const publishAt = minutes(10);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/front/lesson-items",
      headers: await headers(people.teacher),
      payload: { courseGuid: w.course.id, lessonGuid: w.lesson.id, contentGuid: w.content.id, status: "scheduled", publishAt: publishAt.toISOString() },
    });
    expect(created.statusCode).toBe(201);
    const item = LessonItemSchema.parse(created.json<{ data: unknown }>().data);
    const studentSees = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/front/lessons/${w.lesson.id}/items?courseGuid=${w.course.id}`, headers: await headers(people.student) });
      return LessonItemSchema.array().parse(res.json<{ data: unknown }>().data).map((i) => i.guid);
    };
    expect(await studentSees()).toEqual([]);
    expect(await publishDueItems(db(), new Date(publishAt.getTime() - 1000))).toEqual([]);
    expect(await studentSees()).toEqual([]);
    const run = await publishDueItems(db(), new Date(publishAt.getTime() + 1000));
    expect(run.map((r) => r.id)).toEqual([item.guid]);
    expect(await studentSees()).toEqual([item.guid]);
    expect(await publishDueItems(db(), new Date(publishAt.getTime() + 60_000))).toEqual([]);
  });
});

describe("startJobs", () => {
  it("runs on its interval, emits lessonItems.changed, and stops when the app closes", async () => {
    const w = await buildLesson();
    const worker = Fastify();
    worker.decorate("ctx", { ...t.app.ctx, config: { ...t.app.ctx.config, jobIntervalMs: 50 } });
    const events: Array<DomainEvents["lessonItems.changed"]> = [];
    const off = t.app.ctx.events.on("lessonItems.changed", (e) => events.push(e));
    startJobs(worker);
    await worker.ready();
    const [due] = await w.schedule([minutes(-1)]);
    const deadline = Date.now() + 20_000;
    while ((await statusOf([due as string]))[0] !== "published" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf([due as string])).toEqual(["published"]);
    expect(events).toContainEqual({ tenantId: people.aula, courseId: w.course.id, lessonId: w.lesson.id });
    await worker.close();
    off();
    const [later] = await w.schedule([minutes(-1)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf([later as string])).toEqual(["scheduled"]);
  });
});
