import { and, asc, count, eq, exists, gt, gte, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CourseViewerRole } from "../../../contracts/courses";
import { addDays, CALENDAR_LIMITS } from "../../../contracts/calendar-base";
import { defaultCourseDates } from "../../../contracts/course-settings";
import type { Db } from "../../db/client";
import type { EventBus } from "../../platform/events";
import { contents, courseMembers, courses, extraClasses, holidays, jobs, lessonItems, schools, taskAssignments, tenants, users } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { Caller, CourseRecord } from "../courses/access";
import { completeSettings } from "../courses/manage-service";
import { seesWholeSchool, viewerRole } from "../courses/policy";
import { usableTimeZone, type Timetable } from "./expand";

/** A class calendar as the caller may see it: the class, the caller's role on it, and its zone. */
export type ClassCalendar = { course: CourseRecord; role: CourseViewerRole; timeZone: string };

/** What the calendar needs to know of the caller beyond the token: their school, zone and language. */
export type CallerProfile = { schoolId: string | null; timeZone: string; locale: string; name: string; tenantName: string };

export async function loadCallerProfile(db: Db, caller: Caller): Promise<CallerProfile> {
  const [row] = await db
    .select({
      schoolId: users.schoolId,
      schoolZone: schools.timeZone,
      tenantZone: tenants.timeZone,
      locale: users.locale,
      firstName: users.firstName,
      lastName: users.lastName,
      tenantName: tenants.name,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("User");
  return {
    schoolId: row.schoolId,
    timeZone: usableTimeZone(row.schoolZone ?? row.tenantZone),
    locale: row.locale,
    name: `${row.firstName} ${row.lastName}`.trim(),
    tenantName: row.tenantName,
  };
}

/**
 * The caller's class calendars, all of them or those of `ids`, in one query. The rule is
 * courses/access.ts's, for many classes at once: a class of the caller's edition, not archived,
 * that they are a member of, or of their own school when they are its school admin ("observer").
 */
export async function loadClassCalendars(db: Db, caller: Caller, ids?: readonly string[]): Promise<ClassCalendar[]> {
  if (ids && ids.length === 0) return [];
  const callerSchool = sql`(select ${users.schoolId} from ${users} where ${users.id} = ${caller.userId} and ${users.tenantId} = ${caller.tenantId})`;
  const reach: SQL | undefined = seesWholeSchool(caller.role)
    ? or(sql`${courseMembers.userId} is not null`, sql`${courses.schoolId} = ${callerSchool}`)
    : sql`${courseMembers.userId} is not null`;
  const rows = await db
    .select({ course: courses, memberRole: courseMembers.role, schoolZone: schools.timeZone, tenantZone: tenants.timeZone })
    .from(courses)
    .innerJoin(tenants, eq(tenants.id, courses.tenantId))
    .leftJoin(schools, eq(schools.id, courses.schoolId))
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId)))
    .where(and(eq(courses.tenantId, caller.tenantId), eq(courses.archived, false), ids ? inArray(courses.id, [...ids]) : undefined, reach))
    .orderBy(asc(courses.name), asc(courses.id));
  return rows.map((r) => ({ course: r.course, role: viewerRole(r.memberRole), timeZone: usableTimeZone(r.schoolZone ?? r.tenantZone) }));
}

/** The classes `ids` in the order given; any the caller may not see is a 404, leaking nothing. */
export async function requireClassCalendars(db: Db, caller: Caller, ids: readonly string[]): Promise<ClassCalendar[]> {
  const found = new Map((await loadClassCalendars(db, caller, ids)).map((c) => [c.course.id, c]));
  return ids.map((id) => {
    const calendar = found.get(id);
    if (!calendar) throw notFound("Calendar");
    return calendar;
  });
}

/** The class's timetable as the class page shows it (rows older than the form read as the defaults). */
export function timetableOf(course: CourseRecord): Timetable {
  const settings = completeSettings(course, false);
  const dates = course.startDate && course.endDate ? { startDate: course.startDate, endDate: course.endDate } : defaultCourseDates(course.schoolYear);
  return { ...dates, schedule: settings.schedule, periods: settings.periods };
}

export type HolidayRow = typeof holidays.$inferSelect;

/** Holidays of these classes and whole-school holidays of these schools that touch [from, to]. */
export async function holidaysTouching(
  db: Db,
  tenantId: string,
  scope: { courseIds: readonly string[]; schoolIds: readonly string[] },
  from: string,
  to: string,
): Promise<HolidayRow[]> {
  const owners = holidayOwners(scope);
  if (!owners) return [];
  return db
    .select()
    .from(holidays)
    .where(
      and(
        eq(holidays.tenantId, tenantId),
        lte(holidays.startDate, to),
        // No holiday is longer (holidays_length_ck): the index reads the window, not every holiday before it.
        gte(holidays.startDate, addDays(from, 1 - CALENDAR_LIMITS.maxHolidayDays)),
        gte(holidays.endDate, from),
        owners,
      ),
    )
    .orderBy(asc(holidays.startDate), asc(holidays.id));
}

/** "Belongs to one of these classes, or is a whole-school holiday of one of these schools". */
export function holidayOwners(scope: { courseIds: readonly string[]; schoolIds: readonly string[] }): SQL | undefined {
  const parts = [
    scope.courseIds.length > 0 ? inArray(holidays.courseId, [...scope.courseIds]) : undefined,
    scope.schoolIds.length > 0 ? and(isNull(holidays.courseId), inArray(holidays.schoolId, [...scope.schoolIds])) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? or(...parts) : undefined;
}

export type ExtraClassRow = typeof extraClasses.$inferSelect;

/**
 * Classes' windows as instants: the days of one fetch start and end at different instants in each
 * class's zone, so each group of classes sharing a zone has its own [start, end).
 */
export type CourseWindows = ReadonlyArray<{ courseIds: readonly string[]; start: Date; end: Date }>;

/**
 * A source read in order of `at` when a page needs only its first `first` events: the rows whose
 * `at` is at most the `first`-th one's (ties kept, as the merged order breaks them by guid). All of
 * them without `first`.
 */
export type FirstOf = { first?: number | undefined };

/** `at <= the first-th smallest at of the rows of subquery` (every row when there are fewer). */
const withinFirst = (at: AnyColumn, nth: SQL): SQL => sql`${at} <= coalesce((${nth}), 'infinity'::timestamptz)`;

const extraClassesIn = (windows: CourseWindows): SQL | undefined =>
  or(
    ...windows
      .filter((w) => w.courseIds.length > 0)
      .map((w) =>
        and(
          inArray(extraClasses.courseId, [...w.courseIds]),
          lt(extraClasses.startsAt, w.end),
          // None lasts longer (extra_classes_length_ck): the index reads the window, not every class before it.
          gte(extraClasses.startsAt, new Date(w.start.getTime() - CALENDAR_LIMITS.extraClassMaxHours * 3_600_000)),
          gt(extraClasses.endsAt, w.start),
        ),
      ),
  );

/** Extra classes of each group of classes that overlap its window, by start. */
export async function extraClassesTouching(db: Db, windows: CourseWindows, opts: FirstOf = {}): Promise<ExtraClassRow[]> {
  const where = extraClassesIn(windows);
  if (!where) return [];
  const nth = (first: number) =>
    db.select({ at: extraClasses.startsAt }).from(extraClasses).where(where).orderBy(asc(extraClasses.startsAt)).limit(1).offset(first - 1).getSQL();
  return db
    .select()
    .from(extraClasses)
    .where(and(where, opts.first !== undefined ? withinFirst(extraClasses.startsAt, nth(opts.first)) : undefined))
    .orderBy(asc(extraClasses.startsAt), asc(extraClasses.id));
}

/** How many `extraClassesTouching` gives without `first`. */
export async function countExtraClassesTouching(db: Db, windows: CourseWindows): Promise<number> {
  const where = extraClassesIn(windows);
  if (!where) return 0;
  const [row] = await db.select({ n: count() }).from(extraClasses).where(where);
  return row?.n ?? 0;
}

export async function createExtraClass(
  db: Db,
  events: EventBus,
  course: CourseRecord,
  createdBy: string,
  body: { title: string; startsAt: string; endsAt: string },
): Promise<ExtraClassRow> {
  const [row] = await db
    .insert(extraClasses)
    .values({ tenantId: course.tenantId, courseId: course.id, title: body.title, startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt), createdBy })
    .returning();
  if (!row) throw new Error("extra class not stored");
  events.emit("calendar.changed", { tenantId: course.tenantId, courseIds: [course.id], schoolIds: [] });
  return row;
}

export type DueRow = { assignmentId: string; courseId: string; dueAt: Date; lessonItemId: string; lessonId: string; title: string };

/**
 * Due dates in each group's [start, end): every task of the classes the caller teaches or oversees;
 * in the classes they study, only the published tasks that reach them (a job not unassigned).
 */
function dueDatesIn(db: Db, caller: Caller, scope: { allOf: readonly string[]; ownOf: readonly string[] }, windows: CourseWindows): SQL | undefined {
  const reach = [
    scope.allOf.length > 0 ? inArray(taskAssignments.courseId, [...scope.allOf]) : undefined,
    scope.ownOf.length > 0
      ? and(
          inArray(taskAssignments.courseId, [...scope.ownOf]),
          eq(lessonItems.status, "published"),
          exists(
            db
              .select({ one: sql`1` })
              .from(jobs)
              .where(and(eq(jobs.assignmentId, taskAssignments.id), eq(jobs.studentId, caller.userId), isNull(jobs.removedAt))),
          ),
        )
      : undefined,
  ].filter((p): p is SQL => p !== undefined);
  const within = windows
    .filter((w) => w.courseIds.length > 0)
    .map((w) => and(inArray(taskAssignments.courseId, [...w.courseIds]), gte(taskAssignments.dueAt, w.start), lt(taskAssignments.dueAt, w.end)));
  if (reach.length === 0 || within.length === 0) return undefined;
  return and(eq(taskAssignments.tenantId, caller.tenantId), isNull(taskAssignments.removedAt), or(...within), or(...reach));
}

export async function dueDatesBetween(
  db: Db,
  caller: Caller,
  scope: { allOf: readonly string[]; ownOf: readonly string[] },
  windows: CourseWindows,
  opts: FirstOf = {},
): Promise<DueRow[]> {
  const where = dueDatesIn(db, caller, scope, windows);
  if (!where) return [];
  const nth = (first: number) =>
    db
      .select({ at: taskAssignments.dueAt })
      .from(taskAssignments)
      .innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId))
      .where(where)
      .orderBy(asc(taskAssignments.dueAt))
      .limit(1)
      .offset(first - 1)
      .getSQL();
  const rows = await db
    .select({
      assignmentId: taskAssignments.id,
      courseId: taskAssignments.courseId,
      dueAt: taskAssignments.dueAt,
      lessonItemId: lessonItems.id,
      lessonId: lessonItems.lessonId,
      title: sql<string>`coalesce(nullif(${lessonItems.title}, ''), ${contents.title})`,
    })
    .from(taskAssignments)
    .innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(where, opts.first !== undefined ? withinFirst(taskAssignments.dueAt, nth(opts.first)) : undefined))
    .orderBy(asc(taskAssignments.dueAt), asc(taskAssignments.id));
  return rows.flatMap((r) => (r.dueAt ? [{ ...r, dueAt: r.dueAt }] : []));
}

/** How many `dueDatesBetween` gives without `first`. */
export async function countDueDatesBetween(db: Db, caller: Caller, scope: { allOf: readonly string[]; ownOf: readonly string[] }, windows: CourseWindows): Promise<number> {
  const where = dueDatesIn(db, caller, scope, windows);
  if (!where) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(taskAssignments)
    .innerJoin(lessonItems, eq(lessonItems.id, taskAssignments.lessonItemId))
    .where(where);
  return row?.n ?? 0;
}
