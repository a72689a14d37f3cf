process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import {
  CalendarEventPageSchema, CalendarEventSchema, HolidaySchema, PERSONAL_CALENDAR_GUID, type CalendarEvent, type CalendarEventPage, type Holiday,
} from "../../src/contracts/calendar";
import type { CourseSettings } from "../../src/contracts/course-settings";
import { extraClasses, holidays, jobs, lessonItems, lessons, publications, taskAssignments, tenants, units } from "../../src/server/db/schema";
import { bearer as bearerOf, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { testClock } from "../support/clock";
import { buildContent, buildCourse, buildSchool, buildUser } from "../support/factories";

/*
 * The calendar over HTTP: calendars, events (timetable sessions, extra classes, due dates,
 * holidays), holiday permissions, paging, and the ICS feed parsed back with ical.js. The clock is
 * Wednesday 21 October 2026, 12:00 in Madrid, the week before the clocks go back.
 */
const NOW = Date.parse("2026-10-21T10:00:00Z");
const FEED_LIMIT = 25;

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
type Method = "GET" | "POST" | "PUT" | "DELETE";

const call = async (method: Method, url: string, who: Person | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? await bearerOf(t.app, who) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const dataOf = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const errorOf = (res: { json: <U>() => U }) => res.json<{ error: { key: string; details?: unknown } }>().error;

const g = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** One quarter: Mondays 09:00-10:00 and Thursdays 12:00-13:00, over the whole course. */
const SETTINGS: Partial<CourseSettings> = {
  schedule: {
    quarters: [
      {
        guid: g(1),
        days: [
          { guid: g(2), weekday: "monday", start: "09:00", end: "10:00" },
          { guid: g(3), weekday: "thursday", start: "12:00", end: "13:00" },
        ],
      },
    ],
  },
  periods: { type: "annual", items: [{ start: "2026-09-01", end: "2027-06-30" }] },
};
const DATES = { startDate: "2026-09-01", endDate: "2027-06-30" };

let aulaId: string;
let schoolId: string;
let admin: Person;
let teacher: Person;
let coteacher: Person;
let student: Person;
let unassigned: Person;
let outsider: Person;
let otherTenantTeacher: Person;
let otherSchoolAdmin: Person;
let classA: { id: string; color: string; name: string };
let classB: { id: string };
let archived: { id: string };
let lessonId: string;
let itemId: string;

async function taskWithDue(courseId: string, dueAt: string, students: Array<{ id: string; removed?: boolean }>) {
  const content = await buildContent(db(), aulaId, `Worksheet ${dueAt}`);
  const [item] = await db()
    .insert(lessonItems)
    .values({ tenantId: aulaId, courseId, lessonId, contentId: content.id, position: 1 })
    .returning();
  if (!item) throw new Error("no item");
  const [assignment] = await db()
    .insert(taskAssignments)
    .values({ tenantId: aulaId, courseId, lessonItemId: item.id, audience: "students", dueAt: new Date(dueAt), assignedBy: teacher.id })
    .returning();
  if (!assignment) throw new Error("no assignment");
  for (const s of students) {
    await db()
      .insert(jobs)
      .values({ tenantId: aulaId, assignmentId: assignment.id, courseId, lessonItemId: item.id, studentId: s.id, removedAt: s.removed ? new Date(NOW) : null });
  }
  return { item, assignment };
}

beforeAll(async () => {
  const clock = testClock();
  clock.advance(NOW - Date.now());
  // Feed reads are limited per client address like sign-in; a low limit lets the last test reach it.
  t = await buildTestApp({ authRateLimitPerMinute: FEED_LIMIT }, { clock });
  const [aula] = await db().select().from(tenants).where(eq(tenants.slug, "aula"));
  if (!aula) throw new Error("no aula edition");
  aulaId = aula.id;
  admin = await demoUser(t.app, "admin@demo.test");
  schoolId = (await demoUser(t.app, "admin@demo.test")).schoolId ?? "";
  otherTenantTeacher = await demoUser(t.app, "teacher@lumen.test");
  teacher = await buildUser(db(), aulaId, { role: "teacher" });
  coteacher = await buildUser(db(), aulaId, { role: "coteacher" });
  student = await buildUser(db(), aulaId, { role: "student", schoolId });
  unassigned = await buildUser(db(), aulaId, { role: "student", schoolId });
  outsider = await buildUser(db(), aulaId, { role: "student", schoolId });
  const otherSchool = await buildSchool(db(), aulaId);
  otherSchoolAdmin = await buildUser(db(), aulaId, { role: "school_admin", schoolId: otherSchool.id });
  classA = await buildCourse(db(), aulaId, {
    name: "Matemáticas 2B",
    color: "#8A3FFC",
    schoolId,
    ...DATES,
    settings: SETTINGS,
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
      { userId: unassigned.id, role: "student" },
    ],
  });
  classB = await buildCourse(db(), aulaId, {
    name: "Lengua 2B",
    schoolId,
    ...DATES,
    settings: SETTINGS,
    members: [
      { userId: outsider.id, role: "student" },
      { userId: teacher.id, role: "teacher" },
    ],
  });
  archived = await buildCourse(db(), aulaId, { name: "Old class", schoolId, archived: true, members: [{ userId: teacher.id, role: "teacher" }] });

  const [publication] = await db().insert(publications).values({ tenantId: aulaId, title: "Book" }).returning();
  if (!publication) throw new Error("no publication");
  const [unit] = await db().insert(units).values({ publicationId: publication.id, title: "Unit 1", order: 1 }).returning();
  if (!unit) throw new Error("no unit");
  const [lesson] = await db().insert(lessons).values({ unitId: unit.id, title: "Lesson 1", order: 1 }).returning();
  if (!lesson) throw new Error("no lesson");
  lessonId = lesson.id;
  const task = await taskWithDue(classA.id, "2026-10-23T21:59:00.000Z", [{ id: student.id }, { id: unassigned.id, removed: true }]);
  itemId = task.item.id;
}, 120_000);
afterAll(() => t.close());

const eventsOf = async (who: Person, path: string, query: string): Promise<CalendarEventPage> => {
  const res = await call("GET", `/api/calendar/${path}/events?${query}`, who);
  expect(res.statusCode).toBe(200);
  return CalendarEventPageSchema.parse(dataOf(res));
};
const week = "fromDate=2026-10-19&toDate=2026-10-25";
const kinds = (page: CalendarEventPage) => page.items.map((e) => `${e.kind} ${e.start}`);

describe("GET /api/calendars", () => {
  it("lists the personal calendar, then the caller's non-archived classes", async () => {
    const res = await call("GET", "/api/calendars", teacher);
    expect(res.statusCode).toBe(200);
    const data = dataOf<{ items: Array<{ guid: string; kind: string; canEdit: boolean; color: string | null; timeZone: string | null }>; canSetSchoolHolidays: boolean }>(res);
    expect(data.items[0]).toMatchObject({ guid: PERSONAL_CALENDAR_GUID, name: PERSONAL_CALENDAR_GUID, kind: "personal", canEdit: false });
    expect(data.items.slice(1).map((c) => c.guid).sort()).toEqual([classA.id, classB.id].sort());
    expect(data.items.find((c) => c.guid === classA.id)).toMatchObject({ kind: "class", name: "Matemáticas 2B", color: "#8A3FFC", canEdit: true, timeZone: "Europe/Madrid" });
    expect(data.items.map((c) => c.guid)).not.toContain(archived.id);
    expect(data.canSetSchoolHolidays).toBe(false);
  });

  it("gives a student their classes only, read-only", async () => {
    const data = dataOf<{ items: Array<{ guid: string; canEdit: boolean }> }>(await call("GET", "/api/calendars", student));
    expect(data.items.map((c) => [c.guid, c.canEdit])).toEqual([
      [PERSONAL_CALENDAR_GUID, false],
      [classA.id, false],
    ]);
  });

  it("gives a school admin their school's classes to oversee, and school holidays to set", async () => {
    const data = dataOf<{ items: Array<{ guid: string; canEdit: boolean }>; canSetSchoolHolidays: boolean }>(await call("GET", "/api/calendars", admin));
    expect(data.items.find((c) => c.guid === classA.id)).toMatchObject({ canEdit: false });
    expect(data.canSetSchoolHolidays).toBe(true);
    const other = dataOf<{ items: Array<{ guid: string }> }>(await call("GET", "/api/calendars", otherSchoolAdmin));
    expect(other.items.map((c) => c.guid)).toEqual([PERSONAL_CALENDAR_GUID]);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/calendars", null)).statusCode).toBe(401);
  });
});

describe("GET /api/calendar/:calendarGuid/events", () => {
  it("expands the timetable in Madrid time and adds the due date the student has a job for", async () => {
    const page = await eventsOf(student, classA.id, week);
    expect(kinds(page)).toEqual(["session 2026-10-19T07:00:00.000Z", "session 2026-10-22T10:00:00.000Z", "due 2026-10-23T21:59:00.000Z"]);
    const [monday] = page.items;
    expect(monday).toMatchObject({ calendarGuid: classA.id, title: "Matemáticas 2B", color: "#8A3FFC", allDay: false, link: `/course/${classA.id}`, end: "2026-10-19T08:00:00.000Z" });
    const due = page.items[2];
    expect(due).toMatchObject({ kind: "due", sourceGuid: itemId, title: "Worksheet 2026-10-23T21:59:00.000Z", link: `/course/${classA.id}/lesson/${lessonId}` });
    expect(page.total).toBe(3);
  });

  it("keeps 09:00 across the change to winter time", async () => {
    const page = await eventsOf(student, classA.id, "fromDate=2026-10-26&toDate=2026-10-26");
    expect(kinds(page)).toEqual(["session 2026-10-26T08:00:00.000Z"]);
  });

  it("gives the same events on every fetch (stable guids)", async () => {
    const a = await eventsOf(student, classA.id, week);
    const b = await eventsOf(student, classA.id, "fromDate=2026-10-01&toDate=2026-10-31");
    for (const e of a.items) expect(b.items.map((x) => x.guid)).toContain(e.guid);
  });

  it("shows a student no due date of a task unassigned from them; the class's teachers see every task", async () => {
    expect(kinds(await eventsOf(unassigned, classA.id, week))).not.toContain("due 2026-10-23T21:59:00.000Z");
    expect(kinds(await eventsOf(teacher, classA.id, week))).toContain("due 2026-10-23T21:59:00.000Z");
    expect(kinds(await eventsOf(coteacher, classA.id, week))).toContain("due 2026-10-23T21:59:00.000Z");
  });

  it("leaves 'personal-calendar' out of the fetch, in the path or in calendar[]", async () => {
    const direct = await eventsOf(student, classA.id, week);
    const viaPersonal = await eventsOf(student, PERSONAL_CALENDAR_GUID, `${week}&calendar=${classA.id}`);
    const listedPersonal = await eventsOf(student, classA.id, `${week}&calendar[]=${PERSONAL_CALENDAR_GUID}`);
    expect(viaPersonal.items).toEqual(direct.items);
    expect(listedPersonal.items).toEqual(direct.items);
    expect((await eventsOf(student, PERSONAL_CALENDAR_GUID, week)).total).toBe(0);
  });

  it("joins the listed calendars, by start", async () => {
    const page = await eventsOf(teacher, classA.id, `${week}&calendar=${classB.id}&calendar=${classA.id}`);
    expect(new Set(page.items.map((e) => e.calendarGuid))).toEqual(new Set([classA.id, classB.id]));
    const starts = page.items.map((e) => e.start);
    expect(starts).toEqual([...starts].sort());
    expect(page.items.filter((e) => e.kind === "session")).toHaveLength(4);
  });

  it("is a 404 for a class the caller does not belong to, listed or in the path, and for another edition", async () => {
    expect((await call("GET", `/api/calendar/${classA.id}/events?${week}`, outsider)).statusCode).toBe(404);
    expect((await call("GET", `/api/calendar/${classB.id}/events?${week}&calendar=${classA.id}`, outsider)).statusCode).toBe(404);
    expect((await call("GET", `/api/calendar/${archived.id}/events?${week}`, teacher)).statusCode).toBe(404);
    const foreign = await call("GET", `/api/calendar/${classA.id}/events?${week}`, otherTenantTeacher);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("Matemáticas");
  });

  it("lets a school admin read their school's class calendars, not another school's admin", async () => {
    expect(kinds(await eventsOf(admin, classA.id, week))).toContain("due 2026-10-23T21:59:00.000Z");
    expect((await call("GET", `/api/calendar/${classA.id}/events?${week}`, otherSchoolAdmin)).statusCode).toBe(404);
  });

  it("refuses bad dates with a key", async () => {
    const reversed = await call("GET", `/api/calendar/${classA.id}/events?fromDate=2026-10-25&toDate=2026-10-19`, student);
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed)).toMatchObject({ key: "VALIDATION_ERROR", details: [{ field: "toDate", message: "end_before_start" }] });
    const impossible = await call("GET", `/api/calendar/${classA.id}/events?fromDate=2026-02-30&toDate=2026-03-02`, student);
    expect(impossible.statusCode).toBe(400);
    expect(errorOf(impossible).key).toBe("VALIDATION_ERROR");
    const tooLong = await call("GET", `/api/calendar/${classA.id}/events?fromDate=2026-01-01&toDate=2027-02-05`, student);
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatchObject({ key: "CALENDAR_RANGE_TOO_LONG", details: { maxDays: 400 } });
    const missing = await call("GET", `/api/calendar/${classA.id}/events?fromDate=2026-10-01`, student);
    expect(missing.statusCode).toBe(400);
    expect((await call("GET", `/api/calendar/not-a-guid/events?${week}`, student)).statusCode).toBe(400);
  });

  it("pages by start with the total", async () => {
    const query = "fromDate=2026-11-01&toDate=2026-11-30";
    const all = await eventsOf(student, classA.id, `${query}&pageSize=500`);
    // Mondays 2, 9, 16, 23, 30 and Thursdays 5, 12, 19, 26.
    expect(all.total).toBe(9);
    const pages: CalendarEvent[] = [];
    for (let offset = 0; offset < all.total; offset += 4) {
      const page = await eventsOf(student, classA.id, `${query}&offset=${offset}&pageSize=4`);
      expect(page.total).toBe(9);
      expect(page).toMatchObject({ offset, pageSize: 4 });
      pages.push(...page.items);
    }
    expect(pages).toEqual(all.items);
    expect((await eventsOf(student, classA.id, `${query}&offset=9&pageSize=4`)).items).toEqual([]);
  });

  it("pages a long window the same as the whole list, ties on one start across sources and calendars included", async () => {
    const members = [{ userId: teacher.id, role: "teacher" as const }];
    const [c1, c2] = [
      await buildCourse(db(), aulaId, { name: "Paging 1", schoolId, ...DATES, settings: SETTINGS, members }),
      await buildCourse(db(), aulaId, { name: "Paging 2", schoolId, ...DATES, settings: SETTINGS, members }),
    ];
    // Monday 2 November 09:00 in Madrid is a session of both classes: extra classes and due dates
    // start on it too, in both, and more follow on later days; a holiday takes Monday 16 away.
    const mondayNine = "2026-11-02T08:00:00.000Z";
    const extra = (courseId: string, startsAt: string, n: number) =>
      db().insert(extraClasses).values({ tenantId: aulaId, courseId, title: `Extra ${n}`, startsAt: new Date(startsAt), endsAt: new Date(Date.parse(startsAt) + 3_600_000), createdBy: teacher.id });
    for (let n = 0; n < 3; n++) {
      await extra(c1.id, mondayNine, n);
      await extra(c2.id, mondayNine, 10 + n);
      await taskWithDue(c1.id, mondayNine, []);
    }
    for (let n = 0; n < 6; n++) await extra(n % 2 ? c1.id : c2.id, `2026-11-${String(3 + n).padStart(2, "0")}T16:00:00.000Z`, 20 + n);
    await taskWithDue(c2.id, "2026-11-10T22:59:00.000Z", []);
    await db().insert(holidays).values({ tenantId: aulaId, courseId: c1.id, name: "Fiesta", startDate: "2026-11-16", endDate: "2026-11-16", createdBy: teacher.id });
    // An extra class that began the evening before the window and runs into it belongs to it.
    await extra(c2.id, "2026-10-31T22:30:00.000Z", 99);

    const query = `fromDate=2026-11-01&toDate=2026-11-30&calendar=${c2.id}`;
    const all = await eventsOf(teacher, c1.id, `${query}&pageSize=500`);
    // Sessions: 9 a class, less Monday 16 in the first; 13 extra classes, 4 due dates, 1 holiday.
    expect(all.total).toBe(9 + 8 + 13 + 4 + 1);
    expect(all.items).toHaveLength(all.total);
    expect(all.items.filter((e) => e.start === mondayNine).map((e) => e.kind)).toEqual(["session", "session", ...Array(6).fill("extra_class"), "due", "due", "due"]);
    for (const pageSize of [1, 4, 7]) {
      const pages: CalendarEvent[] = [];
      for (let offset = 0; offset < all.total; offset += pageSize) {
        const page = await eventsOf(teacher, c1.id, `${query}&offset=${offset}&pageSize=${pageSize}`);
        expect(page.total).toBe(all.total);
        pages.push(...page.items);
      }
      expect(pages).toEqual(all.items);
    }
    expect((await eventsOf(teacher, c1.id, `${query}&offset=${all.total}&pageSize=4`)).items).toEqual([]);
  });
});

describe("POST /api/calendar/:id/extra-classes", () => {
  it("lets the class's teachers add a session that every member then sees", async () => {
    const res = await call("POST", `/api/calendar/${classA.id}/extra-classes`, coteacher, {
      title: "Repaso",
      startsAt: "2026-10-21T16:00:00+02:00",
      endsAt: "2026-10-21T17:00:00+02:00",
    });
    expect(res.statusCode).toBe(201);
    const created = CalendarEventSchema.parse(dataOf(res));
    expect(created).toMatchObject({ kind: "extra_class", title: "Repaso", start: "2026-10-21T14:00:00.000Z", end: "2026-10-21T15:00:00.000Z", calendarGuid: classA.id });
    const page = await eventsOf(student, classA.id, week);
    expect(page.items.find((e) => e.kind === "extra_class")).toEqual(created);
  });

  it("titles an untitled extra class with the class's name", async () => {
    const res = await call("POST", `/api/calendar/${classB.id}/extra-classes`, teacher, { startsAt: "2026-11-03T15:00:00Z", endsAt: "2026-11-03T16:00:00Z" });
    expect(res.statusCode).toBe(201);
    expect(dataOf<CalendarEvent>(res).title).toBe("Lengua 2B");
  });

  it("refuses students (403), strangers (404) and bad times (400)", async () => {
    const body = { startsAt: "2026-10-21T16:00:00Z", endsAt: "2026-10-21T17:00:00Z" };
    expect((await call("POST", `/api/calendar/${classA.id}/extra-classes`, student, body)).statusCode).toBe(403);
    expect((await call("POST", `/api/calendar/${classA.id}/extra-classes`, admin, body)).statusCode).toBe(403);
    expect((await call("POST", `/api/calendar/${classA.id}/extra-classes`, otherTenantTeacher, body)).statusCode).toBe(404);
    const reversed = await call("POST", `/api/calendar/${classA.id}/extra-classes`, teacher, { startsAt: body.endsAt, endsAt: body.startsAt });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed)).toMatchObject({ key: "VALIDATION_ERROR", details: [{ field: "endsAt", message: "end_before_start_time" }] });
    const long = await call("POST", `/api/calendar/${classA.id}/extra-classes`, teacher, { startsAt: "2026-10-21T08:00:00Z", endsAt: "2026-10-21T21:00:00Z" });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toMatchObject({ key: "EXTRA_CLASS_TOO_LONG", details: { maxHours: 12 } });
  });
});

describe("calendar/holiday", () => {
  const createHoliday = async (who: Person, body: object) => {
    const res = await call("POST", "/api/calendar/holiday", who, body);
    return { res, items: res.statusCode === 201 ? dataOf<{ items: Holiday[] }>(res).items.map((h) => HolidaySchema.parse(h)) : [] };
  };

  it("a class holiday removes that day's session and shows as an all-day event", async () => {
    const { res, items } = await createHoliday(teacher, { name: "Fiesta local", startDate: "2026-10-22", endDate: "2026-10-22", calendarGuids: [classA.id] });
    expect(res.statusCode).toBe(201);
    expect(items).toEqual([expect.objectContaining({ name: "Fiesta local", calendarGuid: classA.id, schoolWide: false, canEdit: true })]);
    const page = await eventsOf(student, classA.id, week);
    expect(kinds(page)).not.toContain("session 2026-10-22T10:00:00.000Z");
    const holiday = page.items.find((e) => e.kind === "holiday");
    expect(holiday).toMatchObject({
      title: "Fiesta local",
      allDay: true,
      startDate: "2026-10-22",
      endDate: "2026-10-22",
      start: "2026-10-21T22:00:00.000Z",
      end: "2026-10-22T22:00:00.000Z",
      sourceGuid: items[0]?.guid,
    });
    // Class B (same teacher, same school) keeps its Thursday.
    expect(kinds(await eventsOf(outsider, classB.id, week))).toContain("session 2026-10-22T10:00:00.000Z");
  });

  it("a school admin's whole-school holiday removes the sessions of every class of the school, shown once", async () => {
    const { res, items } = await createHoliday(admin, { name: "Puente", startDate: "2026-11-02", endDate: "2026-11-02", schoolWide: true });
    expect(res.statusCode).toBe(201);
    expect(items[0]).toMatchObject({ calendarGuid: null, schoolWide: true, canEdit: true });
    const both = await eventsOf(teacher, classA.id, `fromDate=2026-11-02&toDate=2026-11-02&calendar=${classB.id}`);
    expect(both.items.map((e) => [e.kind, e.calendarGuid])).toEqual([["holiday", classA.id]]);
    const onlyB = await eventsOf(outsider, classB.id, "fromDate=2026-11-02&toDate=2026-11-02");
    expect(onlyB.items.map((e) => e.kind)).toEqual(["holiday"]);
    await db().delete(holidays).where(eq(holidays.id, items[0]?.guid ?? ""));
  });

  it("is refused to a teacher for the whole school, to a student, and to a school admin for one class", async () => {
    expect((await createHoliday(teacher, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", schoolWide: true })).res.statusCode).toBe(403);
    expect((await createHoliday(student, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", calendarGuids: [classA.id] })).res.statusCode).toBe(403);
    expect((await createHoliday(admin, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", calendarGuids: [classA.id] })).res.statusCode).toBe(403);
    expect((await createHoliday(outsider, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", calendarGuids: [classA.id] })).res.statusCode).toBe(404);
    expect((await createHoliday(otherTenantTeacher, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", calendarGuids: [classA.id] })).res.statusCode).toBe(404);
    const left = await db().select().from(holidays).where(eq(holidays.name, "X"));
    expect(left).toEqual([]);
  });

  it("validates dates and the scope with keys", async () => {
    const reversed = await createHoliday(teacher, { name: "X", startDate: "2026-12-02", endDate: "2026-12-01", calendarGuids: [classA.id] });
    expect(reversed.res.statusCode).toBe(400);
    expect(errorOf(reversed.res)).toMatchObject({ key: "VALIDATION_ERROR", details: [{ field: "endDate", message: "end_before_start" }] });
    const long = await createHoliday(teacher, { name: "X", startDate: "2026-01-01", endDate: "2027-01-05", calendarGuids: [classA.id] });
    expect(errorOf(long.res)).toMatchObject({ key: "CALENDAR_RANGE_TOO_LONG", details: { maxDays: 366 } });
    const noScope = await createHoliday(teacher, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01" });
    expect(noScope.res.statusCode).toBe(400);
    const bothScopes = await createHoliday(admin, { name: "X", startDate: "2026-12-01", endDate: "2026-12-01", schoolWide: true, calendarGuids: [classA.id] });
    expect(bothScopes.res.statusCode).toBe(400);
    expect((await createHoliday(teacher, { name: " ", startDate: "2026-12-01", endDate: "2026-12-01", calendarGuids: [classA.id] })).res.statusCode).toBe(400);
  });

  it("lists the holidays of the caller's classes and their school, with what each may edit", async () => {
    const school = await createHoliday(admin, { name: "Navidad", startDate: "2026-12-21", endDate: "2027-01-07", schoolWide: true });
    const own = await createHoliday(teacher, { name: "Salida", startDate: "2026-12-10", endDate: "2026-12-10", calendarGuids: [classA.id, classB.id] });
    expect(own.items).toHaveLength(2);
    const res = await call("GET", `/api/calendar/holiday?calendar=${classA.id}&fromDate=2026-12-01&toDate=2026-12-31`, teacher);
    expect(res.statusCode).toBe(200);
    const page = dataOf<{ items: Holiday[]; total: number }>(res);
    expect(page.items.map((h) => [h.name, h.calendarGuid, h.canEdit])).toEqual([
      ["Salida", classA.id, true],
      ["Navidad", null, false],
    ]);
    expect(page.total).toBe(2);
    const asStudent = dataOf<{ items: Holiday[] }>(await call("GET", "/api/calendar/holiday?fromDate=2026-12-01&toDate=2026-12-31", student));
    expect(asStudent.items.map((h) => [h.name, h.canEdit])).toEqual([
      ["Salida", false],
      ["Navidad", false],
    ]);
    const asAdmin = dataOf<{ items: Holiday[] }>(await call("GET", "/api/calendar/holiday?fromDate=2026-12-01&toDate=2026-12-31", admin));
    expect(asAdmin.items.find((h) => h.name === "Navidad")?.canEdit).toBe(true);
    expect((await call("GET", `/api/calendar/holiday?calendar=${classA.id}`, outsider)).statusCode).toBe(404);
    const foreign = dataOf<{ items: Holiday[] }>(await call("GET", "/api/calendar/holiday", otherTenantTeacher));
    expect(foreign.items.map((h) => h.name)).not.toContain("Navidad");
    await db().delete(holidays).where(eq(holidays.id, school.items[0]?.guid ?? ""));
  });

  it("PUT renames and moves a holiday for those who may edit it", async () => {
    const { items } = await createHoliday(teacher, { name: "Excursión", startDate: "2027-02-01", endDate: "2027-02-01", calendarGuids: [classA.id] });
    const guid = items[0]?.guid ?? "";
    const moved = await call("PUT", "/api/calendar/holiday", coteacher, { guid, name: "Excursión al museo", endDate: "2027-02-02" });
    expect(moved.statusCode).toBe(200);
    expect(dataOf<Holiday>(moved)).toMatchObject({ guid, name: "Excursión al museo", startDate: "2027-02-01", endDate: "2027-02-02" });
    const reversed = await call("PUT", "/api/calendar/holiday", teacher, { guid, startDate: "2027-02-05" });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed)).toMatchObject({ key: "VALIDATION_ERROR", details: [{ field: "endDate", message: "end_before_start" }] });
    expect((await call("PUT", "/api/calendar/holiday", student, { guid, name: "Mine" })).statusCode).toBe(403);
    expect((await call("PUT", "/api/calendar/holiday", outsider, { guid, name: "Mine" })).statusCode).toBe(404);
    expect((await call("PUT", "/api/calendar/holiday", otherTenantTeacher, { guid, name: "Mine" })).statusCode).toBe(404);
    const [row] = await db().select().from(holidays).where(eq(holidays.id, guid));
    expect(row?.name).toBe("Excursión al museo");
  });

  it("DELETE takes a body of guids, all or none", async () => {
    const { items } = await createHoliday(teacher, { name: "Borrar", startDate: "2027-03-01", endDate: "2027-03-02", calendarGuids: [classA.id, classB.id] });
    const guids = items.map((h) => h.guid);
    const school = await createHoliday(admin, { name: "Del colegio", startDate: "2027-03-03", endDate: "2027-03-03", schoolWide: true });
    const schoolGuid = school.items[0]?.guid ?? "";
    const remaining = async () => (await db().select().from(holidays)).filter((h) => [...guids, schoolGuid].includes(h.id)).length;

    const ofClassA = items.find((h) => h.calendarGuid === classA.id)?.guid ?? "";
    expect((await call("DELETE", "/api/calendar/holiday", student, [ofClassA])).statusCode).toBe(403);
    // Class B's holiday is not the student's to see: the batch is a 404.
    expect((await call("DELETE", "/api/calendar/holiday", student, guids)).statusCode).toBe(404);
    // The teacher may not delete the school's holiday: nothing of the batch goes.
    expect((await call("DELETE", "/api/calendar/holiday", teacher, [...guids, schoolGuid])).statusCode).toBe(403);
    // An unknown guid (or another edition's) is a 404 for the whole batch.
    expect((await call("DELETE", "/api/calendar/holiday", teacher, [...guids, "0e0e0e0e-0000-4000-8000-000000000000"])).statusCode).toBe(404);
    expect((await call("DELETE", "/api/calendar/holiday", otherTenantTeacher, guids)).statusCode).toBe(404);
    expect(await remaining()).toBe(3);
    expect((await call("DELETE", "/api/calendar/holiday", teacher, [])).statusCode).toBe(400);

    expect((await call("DELETE", "/api/calendar/holiday", teacher, guids)).statusCode).toBe(204);
    expect((await call("DELETE", "/api/calendar/holiday", admin, [schoolGuid])).statusCode).toBe(204);
    expect(await remaining()).toBe(0);
  });
});

describe("GET /api/calendar/next-events", () => {
  it("gives the student's next events from now, across their classes", async () => {
    const res = await call("GET", "/api/calendar/next-events?limit=3", student);
    expect(res.statusCode).toBe(200);
    const items = dataOf<{ items: CalendarEvent[] }>(res).items;
    // Now is Wed 21 Oct 12:00 (Madrid): the extra class at 16:00, Thursday is a holiday, the due date on Friday, Monday's session.
    expect(items.map((e) => `${e.kind} ${e.start}`)).toEqual([
      "extra_class 2026-10-21T14:00:00.000Z",
      "due 2026-10-23T21:59:00.000Z",
      "session 2026-10-26T08:00:00.000Z",
    ]);
  });

  it("is empty for someone without classes", async () => {
    const lonely = await buildUser(db(), aulaId, { role: "student" });
    expect(dataOf<{ items: unknown[] }>(await call("GET", "/api/calendar/next-events", lonely)).items).toEqual([]);
  });
});

describe("ICS feed", () => {
  type Parsed = { uid: string; start: string; allDay: boolean; summary: string };
  const parse = (text: string): Parsed[] => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return calendar.getAllSubcomponents("vevent").map((v) => {
      const e = new ICAL.Event(v);
      return { uid: e.uid, start: e.startDate.isDate ? e.startDate.toString() : e.startDate.toJSDate().toISOString(), allDay: e.startDate.isDate, summary: e.summary };
    });
  };
  const pathOf = (url: string) => new URL(url).pathname;

  it("serves the same events as the API over its window, without a session", async () => {
    const created = await call("POST", "/api/calendar/feed", student);
    expect(created.statusCode).toBe(201);
    const { url, webcalUrl } = dataOf<{ url: string; webcalUrl: string }>(created);
    expect(url.startsWith(`${t.app.ctx.publicUrl}/api/calendar/feed/`)).toBe(true);
    expect(url.endsWith(".ics")).toBe(true);
    expect(webcalUrl).toBe(url.replace(/^https?:/, "webcal:"));
    const status = dataOf<{ exists: boolean; createdAt: string | null }>(await call("GET", "/api/calendar/feed", student));
    expect(status.exists).toBe(true);
    expect(JSON.stringify(status)).not.toContain(url.split("/").pop()?.replace(".ics", "") ?? "-");

    const feed = await t.app.inject({ method: "GET", url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.headers["cache-control"]).toMatch(/private, max-age=\d+/);
    const parsed = parse(feed.body);

    // Today is 2026-10-21 in Madrid: 30 days back, 180 ahead.
    const api = await eventsOf(student, classA.id, "fromDate=2026-09-21&toDate=2027-04-19&pageSize=500");
    expect(api.total).toBe(api.items.length);
    expect(parsed).toHaveLength(api.total);
    const host = new URL(t.app.ctx.publicUrl).host;
    expect(parsed.map((p) => [p.uid, p.start])).toEqual(api.items.map((e) => [`${e.guid}@${host}`, e.allDay ? e.startDate : e.start]));
    expect(new Set(api.items.map((e) => e.kind))).toEqual(new Set(["session", "extra_class", "due", "holiday"]));
    const due = parsed.find((p) => p.summary.startsWith("Entrega: "));
    expect(due?.summary).toBe("Entrega: Worksheet 2026-10-23T21:59:00.000Z");
    expect(parsed.find((p) => p.allDay)?.summary).toBe("Fiesta local");

    // Unchanged: a conditional request gets a 304.
    const again = await t.app.inject({ method: "GET", url: pathOf(url), headers: { "if-none-match": String(feed.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("rotating gives a new address and revokes the old one; deleting revokes it", async () => {
    const first = dataOf<{ url: string }>(await call("POST", "/api/calendar/feed", teacher)).url;
    expect((await t.app.inject({ method: "GET", url: pathOf(first) })).statusCode).toBe(200);
    const second = dataOf<{ url: string }>(await call("POST", "/api/calendar/feed", teacher)).url;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: pathOf(first) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: pathOf(second) })).statusCode).toBe(200);

    expect((await call("DELETE", "/api/calendar/feed", teacher)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: pathOf(second) })).statusCode).toBe(404);
    expect(dataOf<{ exists: boolean }>(await call("GET", "/api/calendar/feed", teacher))).toEqual({ exists: false, createdAt: null });
  });

  it("is a 404 for an unknown token and a 400 for a malformed one; the API side needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/calendar/feed/${"A".repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed/short.ics" })).statusCode).toBe(400);
    expect((await call("POST", "/api/calendar/feed", null)).statusCode).toBe(401);
    expect((await call("GET", "/api/calendar/feed", null)).statusCode).toBe(401);
  });
});

test("feed reads are rate-limited per client address (runs last: it uses up the minute's allowance)", async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= FEED_LIMIT; i += 1) {
    const res = await t.app.inject({ method: "GET", url: `/api/calendar/feed/${"B".repeat(43)}.ics` });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      expect(errorOf(res).key).toBe("RATE_LIMITED");
      break;
    }
  }
  expect(statuses).toContain(404);
  expect(statuses.at(-1)).toBe(429);
});
