import type { CalendarEventKind, CalendarEventView } from "../../../contracts/calendar-base";
import type { Db } from "../../db/client";
import type { Caller } from "../courses/access";
import { dayBounds, expandSessions, type Session } from "./expand";
import { byStart, presentDue, presentExtraClass, presentHolidayEvent, presentSession } from "./presenter";
import {
  type ClassCalendar, type CourseWindows, countDueDatesBetween, countExtraClassesTouching, dueDatesBetween, extraClassesTouching, holidaysTouching,
  timetableOf,
} from "./service";

/** Days in the zone of each class, both ends included. */
export type DayWindow = { from: string; to: string };

const ALL_KINDS: ReadonlySet<CalendarEventKind> = new Set(["session", "extra_class", "due", "holiday"]);

/** The calendars' classes grouped by the instants their zone gives the window (one group per zone). */
function windowsOf(calendars: readonly ClassCalendar[], window: DayWindow): CourseWindows {
  const groups = new Map<string, { courseIds: string[]; start: Date; end: Date }>();
  for (const c of calendars) {
    const { start, end } = dayBounds(window.from, window.to, c.timeZone);
    const key = `${start.getTime()}/${end.getTime()}`;
    const group = groups.get(key) ?? { courseIds: [], start, end };
    group.courseIds.push(c.course.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The sessions that can be among the first `first` of a list in order of start (ties kept), all without `first`. */
function firstSessions(sessions: readonly Session[], first: number | undefined): readonly Session[] {
  const last = first === undefined ? undefined : sessions[first - 1];
  return last ? sessions.filter((s) => s.start.getTime() <= last.start.getTime()) : sessions;
}

/**
 * The events of these calendars whose day falls in the window (in each class's zone), ordered by
 * start, and how many there are: timetable sessions without the holidays of the class and of its
 * school, extra classes, the due dates the caller may see, and the holidays. A whole-school holiday
 * is shown once, on the first of the calendars (in the order given) of that school.
 *
 * With `first`, `events` holds at least the first `first` events in that order (every source is read
 * in order of start up to its `first`-th, ties kept, so the merge cannot miss one) and `total`
 * counts them all in SQL: a page of a long window costs the page, not the window.
 */
async function collect(
  db: Db,
  caller: Caller,
  calendars: readonly ClassCalendar[],
  window: DayWindow,
  kinds: ReadonlySet<CalendarEventKind>,
  first?: number,
): Promise<{ events: CalendarEventView[]; total: number }> {
  if (calendars.length === 0) return { events: [], total: 0 };
  const windows = windowsOf(calendars, window);
  const courseIds = calendars.map((c) => c.course.id);
  const schoolIds = [...new Set(calendars.flatMap((c) => (c.course.schoolId ? [c.course.schoolId] : [])))];
  const dueScope = {
    allOf: calendars.filter((c) => c.role !== "student").map((c) => c.course.id),
    ownOf: calendars.filter((c) => c.role === "student").map((c) => c.course.id),
  };
  const counted = first !== undefined;
  const [holidayRows, extraRows, dueRows, extraCount, dueCount] = await Promise.all([
    holidaysTouching(db, caller.tenantId, { courseIds, schoolIds }, window.from, window.to),
    kinds.has("extra_class") ? extraClassesTouching(db, windows, { first }) : [],
    kinds.has("due") ? dueDatesBetween(db, caller, dueScope, windows, { first }) : [],
    kinds.has("extra_class") && counted ? countExtraClassesTouching(db, windows) : undefined,
    kinds.has("due") && counted ? countDueDatesBetween(db, caller, dueScope, windows) : undefined,
  ]);

  const events: CalendarEventView[] = [];
  let total = (extraCount ?? extraRows.length) + (dueCount ?? dueRows.length);
  const shownSchoolHolidays = new Set<string>();
  for (const calendar of calendars) {
    const { course } = calendar;
    const own = holidayRows.filter((h) => h.courseId === course.id || (h.courseId === null && h.schoolId !== null && h.schoolId === course.schoolId));
    if (kinds.has("session")) {
      const sessions = expandSessions(timetableOf(course), window, calendar.timeZone, own);
      total += sessions.length;
      for (const s of firstSessions(sessions, first)) events.push(presentSession(course, s));
    }
    for (const e of extraRows) if (e.courseId === course.id) events.push(presentExtraClass(course, e));
    for (const d of dueRows) if (d.courseId === course.id) events.push(presentDue(course, d));
    if (kinds.has("holiday")) {
      for (const h of own) {
        if (h.courseId === null) {
          if (shownSchoolHolidays.has(h.id)) continue;
          shownSchoolHolidays.add(h.id);
        }
        events.push(presentHolidayEvent(calendar, h));
        total += 1;
      }
    }
  }
  return { events: events.sort(byStart), total };
}

/** Every event of these calendars in the window, by start (the feed and the next events). Four queries, whatever the number of calendars. */
export async function agendaOf(
  db: Db,
  caller: Caller,
  calendars: readonly ClassCalendar[],
  window: DayWindow,
  kinds: ReadonlySet<CalendarEventKind> = ALL_KINDS,
): Promise<CalendarEventView[]> {
  return (await collect(db, caller, calendars, window, kinds)).events;
}

/** One page of the events of these calendars in the window, by start, with how many there are in all. */
export async function agendaPageOf(
  db: Db,
  caller: Caller,
  calendars: readonly ClassCalendar[],
  window: DayWindow,
  page: { offset: number; pageSize: number },
): Promise<{ items: CalendarEventView[]; total: number }> {
  const { events, total } = await collect(db, caller, calendars, window, ALL_KINDS, page.offset + page.pageSize);
  return { items: events.slice(page.offset, page.offset + page.pageSize), total };
}

/** The calendars of one event fetch, in order and once each, without the personal one (spec §3). */
export function requestedCalendars(path: string, listed: readonly string[], personal: string): string[] {
  return [...new Set([path, ...listed])].filter((g) => g !== personal);
}
