process.env.LOG_LEVEL = "silent";
import { CalendarEventPageSchema } from "../../src/contracts/calendar";
import { NotificationViewSchema, type NotificationView } from "../../src/contracts/notifications";
import { JobDetailSchema, TaskAmountsSchema, TaskListPageSchema, type TaskListItem } from "../../src/contracts/tasks";
import { DEMO_DAILY_WORK } from "../../src/server/db/seed";
import { demoDays } from "../../src/server/db/seed/daily-work";
import { bearerFor } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * The demo's daily work (seed/daily-work.ts), read back through the API the screens use: the
 * students' tasks in every state, the notifications the product's own listeners wrote for them, the
 * handed-in file in this app's storage (the database was seeded elsewhere, from the test template),
 * and the holidays and extra class on the calendar.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const get = async (email: string, url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: await bearerFor(t.app, email) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: unknown }>().data;
};
const tasksOf = async (email: string, tab: string) => TaskListPageSchema.parse(await get(email, `/api/front/tasks?tab=${tab}`)).items;
const titles = (items: TaskListItem[]) => items.map((i) => i.item.title).sort();
const TODO_TYPES = ["assigned", "reassigned", "resource_assigned", "evaluated", "resource_evaluated", "one_day", "late", "student_deliver", "resource_delivered", "all_deliver"];
const notificationsOf = async (email: string): Promise<NotificationView[]> => {
  const data = (await get(email, `/api/notifications?${TODO_TYPES.map((type) => `type=${type}`).join("&")}&pageSize=50`)) as { data: unknown[] };
  return data.data.map((n) => NotificationViewSchema.parse(n));
};

describe("demo daily work", () => {
  it("gives the first student a task in every state, and the second an overdue one", async () => {
    expect(TaskAmountsSchema.parse(await get("student1@demo.test", "/api/front/amount-tasks"))).toMatchObject({ todo: 2, turnedIn: 1, graded: 1 });
    const turnedIn = await tasksOf("student1@demo.test", "turned_in");
    expect(turnedIn.map((i) => [i.item.title, i.late])).toEqual([["Tarea: inventa un problema de operaciones combinadas", false]]);
    const [graded] = await tasksOf("student1@demo.test", "graded");
    expect(graded).toMatchObject({ item: { title: "Ficha de ejercicios: operaciones" }, score: 8.5, late: false });
    const todo = await tasksOf("student1@demo.test", "todo");
    expect(titles(todo)).toEqual(["Evaluación: la comunicación", "Potencias de base 10"]);
    // The graded one was due days ago; the hand-in came before its due date, the rest are due after it.
    const due = (i: TaskListItem | undefined) => Date.parse(i?.dueAt ?? "");
    expect(due(graded)).toBeLessThan(Date.now());
    expect(Date.parse(turnedIn[0]?.deliveredAt ?? "")).toBeLessThan(due(turnedIn[0]));
    expect(Math.min(...todo.map(due))).toBeGreaterThan(due(turnedIn[0]));

    const secondTodo = await tasksOf("student2@demo.test", "todo");
    expect(secondTodo).toHaveLength(4);
    expect(secondTodo.find((i) => i.item.title === "Ficha de ejercicios: operaciones")?.overdue).toBe(true);
  });

  it("gives the teacher the hand-in to grade, with the student's file in this app's storage", async () => {
    const pending = await tasksOf("teacher@demo.test", "pending");
    expect(pending.map((i) => [i.item.title, i.student?.name])).toEqual([["Tarea: inventa un problema de operaciones combinadas", "Marta López"]]);
    const job = JobDetailSchema.parse(await get("teacher@demo.test", `/api/front/jobs/${pending[0]?.guid}`));
    expect(job.rights.grade).toBe(true);
    expect(job.files.map((f) => [f.name, f.mimeType])).toEqual([["problema-operaciones-combinadas.txt", "text/plain"]]);
    const file = await t.app.inject({ method: "GET", url: new URL(job.files[0]?.url ?? "", "http://x").pathname });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(DEMO_DAILY_WORK.handInFile);
  });

  it("left the notifications the product's listeners write, each linking to its task", async () => {
    const first = await notificationsOf("student1@demo.test");
    expect(first.map((n) => n.type).sort()).toEqual(["assigned", "assigned", "resource_assigned", "resource_assigned", "resource_evaluated"]);
    const second = await notificationsOf("student2@demo.test");
    expect(second.map((n) => n.type).sort()).toEqual(["assigned", "assigned", "late", "resource_assigned", "resource_assigned"]);
    expect(second.find((n) => n.type === "late")).toMatchObject({ title: "Ficha de ejercicios: operaciones", actor: null });
    for (const teacher of ["teacher@demo.test", "coteacher@demo.test"]) {
      const notes = await notificationsOf(teacher);
      expect(notes.map((n) => [n.type, n.actor?.name])).toEqual([
        ["resource_delivered", "Marta López"],
        ["student_deliver", "Marta López"],
      ]);
    }
    for (const n of [...first, ...second]) {
      expect(n.course?.name).toMatch(/^(Matemáticas|Lengua) 1º ESO A$/);
      expect(n.link).toBe(`/tasks?job=${n.jobGuid}`);
      expect(n.viewed_at).toBeNull();
    }
  });

  it("puts the school's holidays and the extra class on the class calendar", async () => {
    const calendars = (await get("student1@demo.test", "/api/calendars")) as { items: Array<{ guid: string; name: string }> };
    const maths = calendars.items.find((c) => c.name === "Matemáticas 1º ESO A");
    const holidays = CalendarEventPageSchema.parse(await get("student1@demo.test", `/api/calendar/${maths?.guid}/events?fromDate=2026-12-28&toDate=2027-03-31&pageSize=200`));
    expect(holidays.items.filter((e) => e.kind === "holiday").map((e) => [e.title, e.startDate])).toEqual(DEMO_DAILY_WORK.holidays.map((h) => [h.name, h.date]));
    // The seed's days: the extra class is the first Wednesday at least two days on.
    const { base } = demoDays(new Date(), { startDate: "2026-09-01", endDate: "2027-06-30" });
    const from = base;
    const to = new Date(Date.parse(base) + 30 * 86_400_000).toISOString().slice(0, 10);
    const month = CalendarEventPageSchema.parse(await get("student1@demo.test", `/api/calendar/${maths?.guid}/events?fromDate=${from}&toDate=${to}&pageSize=200`));
    expect(month.items.filter((e) => e.kind === "extra_class").map((e) => e.title)).toEqual([DEMO_DAILY_WORK.extraClass.title]);
    expect(month.items.filter((e) => e.kind === "due").length).toBeGreaterThanOrEqual(2);
  });
});

describe("demoDays", () => {
  const year = { startDate: "2026-09-01", endDate: "2027-06-30" };
  it("counts from the seed day inside the school year, and from two weeks in or before its ends outside it", () => {
    expect(demoDays(new Date("2026-11-26T17:00:00Z"), year).base).toBe("2026-11-26");
    // Late evening in Madrid is already the next day.
    expect(demoDays(new Date("2026-11-26T23:30:00Z"), year).base).toBe("2026-11-27");
    expect(demoDays(new Date("2026-07-10T10:00:00Z"), year).base).toBe("2026-09-15");
    expect(demoDays(new Date("2027-08-01T10:00:00Z"), year).base).toBe("2027-06-16");
  });

  it("puts due dates at 23:59 school time and never puts a past action after now", () => {
    const now = new Date("2026-11-26T07:00:00Z");
    const days = demoDays(now, year);
    expect(days.due(4).toISOString()).toBe("2026-11-30T22:59:00.000Z");
    expect(days.ago(1, "18:40").toISOString()).toBe("2026-11-25T17:40:00.000Z");
    // 18:40 today has not come yet at 08:00 Madrid.
    expect(days.ago(0, "18:40")).toEqual(now);
    const summer = demoDays(new Date("2026-07-10T10:00:00Z"), year);
    expect(summer.ago(5, "09:00").getTime()).toBeLessThanOrEqual(Date.parse("2026-07-10T10:00:00Z"));
  });
});
