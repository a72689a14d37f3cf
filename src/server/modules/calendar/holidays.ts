import { and, asc, count, eq, gte, inArray, lte } from "drizzle-orm";
import { CALENDAR_LIMITS, daysInRange } from "../../../contracts/calendar-base";
import type { HolidayCreate, HolidayListQuery, HolidayUpdate } from "../../../contracts/calendar";
import { FORM_RULES } from "../../../contracts/course-settings-base";
import type { Db } from "../../db/client";
import type { EventBus } from "../../platform/events";
import { holidays } from "../../db/schema";
import { AppError, forbidden, notFound, validation } from "../../platform/errors";
import type { Caller } from "../courses/access";
import { canEditClassCalendar, canEditHoliday, canSeeHoliday, canSetSchoolHolidays, type HolidayReader } from "./policy";
import { type HolidayRow, holidayOwners, loadClassCalendars, requireClassCalendars, type ClassCalendar } from "./service";

export const rangeTooLong = (maxDays: number) =>
  new AppError(400, "CALENDAR_RANGE_TOO_LONG", `The range may span at most ${maxDays} days`, { maxDays });
export const extraClassTooLong = (maxHours: number) =>
  new AppError(400, "EXTRA_CLASS_TOO_LONG", `An extra class may last at most ${maxHours} hours`, { maxHours });

/** Open calendars of the holidays' classes (or of every class of their schools) reload. */
function announce(events: EventBus, tenantId: string, rows: readonly Pick<HolidayRow, "courseId" | "schoolId">[]): void {
  const courseIds = [...new Set(rows.flatMap((h) => (h.courseId ? [h.courseId] : [])))];
  const schoolIds = [...new Set(rows.flatMap((h) => (h.courseId === null && h.schoolId ? [h.schoolId] : [])))];
  if (courseIds.length + schoolIds.length > 0) events.emit("calendar.changed", { tenantId, courseIds, schoolIds });
}

/** A holiday of at most CALENDAR_LIMITS.maxHolidayDays days, its end not before its start. */
function checkHolidayRange(startDate: string, endDate: string): void {
  if (endDate < startDate) throw validation([{ field: "endDate", message: FORM_RULES.endBeforeStart }]);
  if (daysInRange(startDate, endDate) > CALENDAR_LIMITS.maxHolidayDays) throw rangeTooLong(CALENDAR_LIMITS.maxHolidayDays);
}

/** What the caller may see and change of holidays: their classes, their roles on them, their school. */
export function readerOf(caller: Caller, schoolId: string | null, calendars: readonly ClassCalendar[]): HolidayReader {
  return {
    role: caller.role,
    schoolId,
    classRoles: new Map(calendars.map((c) => [c.course.id, c.role])),
    classSchools: new Set(calendars.flatMap((c) => (c.course.schoolId ? [c.course.schoolId] : []))),
  };
}

/**
 * GET calendar/holiday: the holidays of the listed classes and of their schools, or without a list
 * those of all the caller's classes and of their own school; a page in order of first day.
 */
export async function listHolidays(
  db: Db,
  caller: Caller,
  schoolId: string | null,
  listed: readonly string[] | undefined,
  query: Pick<HolidayListQuery, "fromDate" | "toDate" | "offset" | "pageSize">,
): Promise<{ rows: HolidayRow[]; total: number; reader: HolidayReader }> {
  const all = await loadClassCalendars(db, caller);
  const reader = readerOf(caller, schoolId, all);
  const shown = listed ? await requireClassCalendars(db, caller, listed) : all;
  const schoolIds = new Set(shown.flatMap((c) => (c.course.schoolId ? [c.course.schoolId] : [])));
  if (!listed && schoolId) schoolIds.add(schoolId);
  const owners = holidayOwners({ courseIds: shown.map((c) => c.course.id), schoolIds: [...schoolIds] });
  if (!owners) return { rows: [], total: 0, reader };
  const where = and(
    eq(holidays.tenantId, caller.tenantId),
    owners,
    query.toDate ? lte(holidays.startDate, query.toDate) : undefined,
    query.fromDate ? gte(holidays.endDate, query.fromDate) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(holidays).where(where).orderBy(asc(holidays.startDate), asc(holidays.id)).limit(query.pageSize).offset(query.offset),
    db.select({ n: count() }).from(holidays).where(where),
  ]);
  return { rows, total: counted?.n ?? 0, reader };
}

/**
 * POST calendar/holiday: one holiday per listed class (each must be one the caller teaches: 404 for
 * a class they cannot see, 403 for one they only study or oversee), or one for the caller's whole
 * school (its school admins only).
 */
export async function createHolidays(
  db: Db,
  events: EventBus,
  caller: Caller,
  schoolId: string | null,
  body: HolidayCreate,
): Promise<{ rows: HolidayRow[]; reader: HolidayReader }> {
  checkHolidayRange(body.startDate, body.endDate);
  const common = { tenantId: caller.tenantId, name: body.name, startDate: body.startDate, endDate: body.endDate, createdBy: caller.userId };
  if (body.schoolWide) {
    if (!canSetSchoolHolidays(caller.role, schoolId)) throw forbidden();
    const rows = await db.insert(holidays).values({ ...common, courseId: null, schoolId }).returning();
    announce(events, caller.tenantId, rows);
    return { rows, reader: readerOf(caller, schoolId, await loadClassCalendars(db, caller)) };
  }
  const ids = [...new Set(body.calendarGuids ?? [])];
  const calendars = await requireClassCalendars(db, caller, ids);
  if (!calendars.every((c) => canEditClassCalendar(c.role))) throw forbidden();
  const rows = await db
    .insert(holidays)
    .values(calendars.map((c) => ({ ...common, courseId: c.course.id, schoolId: null })))
    .returning();
  announce(events, caller.tenantId, rows);
  return { rows, reader: readerOf(caller, schoolId, calendars) };
}

/** The holidays `ids` of the caller's edition that they may see: 404 if any is not one. */
async function visibleHolidays(db: Db, caller: Caller, schoolId: string | null, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(holidays).where(and(eq(holidays.tenantId, caller.tenantId), inArray(holidays.id, unique)));
  const classIds = [...new Set(rows.flatMap((h) => (h.courseId ? [h.courseId] : [])))];
  const reader = readerOf(caller, schoolId, await loadClassCalendars(db, caller, classIds));
  if (rows.length !== unique.length || !rows.every((h) => canSeeHoliday(h, reader))) throw notFound("Holiday");
  return { rows, reader };
}

/** PUT calendar/holiday: 404 for a holiday the caller cannot see, 403 for one they cannot edit. */
export async function updateHoliday(
  db: Db,
  events: EventBus,
  caller: Caller,
  schoolId: string | null,
  body: HolidayUpdate,
): Promise<{ row: HolidayRow; reader: HolidayReader }> {
  const { rows, reader } = await visibleHolidays(db, caller, schoolId, [body.guid]);
  const [current] = rows;
  if (!current) throw notFound("Holiday");
  if (!canEditHoliday(current, reader)) throw forbidden();
  const next = { name: body.name ?? current.name, startDate: body.startDate ?? current.startDate, endDate: body.endDate ?? current.endDate };
  checkHolidayRange(next.startDate, next.endDate);
  const [row] = await db
    .update(holidays)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(holidays.id, current.id), eq(holidays.tenantId, caller.tenantId)))
    .returning();
  if (!row) throw notFound("Holiday");
  announce(events, caller.tenantId, [row]);
  return { row, reader };
}

/**
 * DELETE calendar/holiday with the spec's guid[]: all or nothing. Any guid that is not a holiday the
 * caller can see is a 404 and any they cannot edit a 403, and then none is deleted.
 */
export async function deleteHolidays(db: Db, events: EventBus, caller: Caller, schoolId: string | null, ids: readonly string[]): Promise<number> {
  const { rows, reader } = await visibleHolidays(db, caller, schoolId, ids);
  if (!rows.every((h) => canEditHoliday(h, reader))) throw forbidden();
  const deleted = await db
    .delete(holidays)
    .where(and(eq(holidays.tenantId, caller.tenantId), inArray(holidays.id, rows.map((h) => h.id))))
    .returning({ courseId: holidays.courseId, schoolId: holidays.schoolId });
  announce(events, caller.tenantId, deleted);
  return deleted.length;
}
