import type { CalendarEventKind, CalendarEventView } from "../../../contracts/calendar-base";
import type { Db } from "../../db/client";
import type { Caller } from "../courses/access";
import { dayBounds, expandSessions } from "./expand";
import { byStart, presentDue, presentExtraClass, presentHolidayEvent, presentSession } from "./presenter";
import { type ClassCalendar, dueDatesBetween, extraClassesTouching, holidaysTouching, timetableOf } from "./service";

/** Days in the zone of each class, both ends included. */
export type DayWindow = { from: string; to: string };

/**
 * Every event of these calendars whose day falls in the window (in each class's zone), ordered by
 * start: timetable sessions without the holidays of the class and of its school, extra classes,
 * the due dates the caller may see, and the holidays. A whole-school holiday is shown once, on the
 * first of the calendars (in the order given) of that school. Four queries, whatever the number of
 * calendars.
 */
export async function agendaOf(
  db: Db,
  caller: Caller,
  calendars: readonly ClassCalendar[],
  window: DayWindow,
  kinds: ReadonlySet<CalendarEventKind> = new Set(["session", "extra_class", "due", "holiday"]),
): Promise<CalendarEventView[]> {
  if (calendars.length === 0) return [];
  const bounds = new Map(calendars.map((c) => [c.course.id, dayBounds(window.from, window.to, c.timeZone)]));
  const all = [...bounds.values()];
  const earliest = new Date(Math.min(...all.map((b) => b.start.getTime())));
  const latest = new Date(Math.max(...all.map((b) => b.end.getTime())));
  const courseIds = calendars.map((c) => c.course.id);
  const schoolIds = [...new Set(calendars.flatMap((c) => (c.course.schoolId ? [c.course.schoolId] : [])))];
  const [holidayRows, extraRows, dueRows] = await Promise.all([
    holidaysTouching(db, caller.tenantId, { courseIds, schoolIds }, window.from, window.to),
    kinds.has("extra_class") ? extraClassesTouching(db, courseIds, earliest, latest) : [],
    kinds.has("due")
      ? dueDatesBetween(
          db,
          caller,
          {
            allOf: calendars.filter((c) => c.role !== "student").map((c) => c.course.id),
            ownOf: calendars.filter((c) => c.role === "student").map((c) => c.course.id),
          },
          earliest,
          latest,
        )
      : [],
  ]);

  const events: CalendarEventView[] = [];
  const shownSchoolHolidays = new Set<string>();
  for (const calendar of calendars) {
    const { course } = calendar;
    const range = bounds.get(course.id) ?? dayBounds(window.from, window.to, calendar.timeZone);
    const own = holidayRows.filter((h) => h.courseId === course.id || (h.courseId === null && h.schoolId !== null && h.schoolId === course.schoolId));
    if (kinds.has("session")) {
      for (const s of expandSessions(timetableOf(course), window, calendar.timeZone, own)) events.push(presentSession(course, s));
    }
    for (const e of extraRows) if (e.courseId === course.id && e.startsAt < range.end && e.endsAt > range.start) events.push(presentExtraClass(course, e));
    for (const d of dueRows) if (d.courseId === course.id && d.dueAt >= range.start && d.dueAt < range.end) events.push(presentDue(course, d));
    if (kinds.has("holiday")) {
      for (const h of own) {
        if (h.courseId === null) {
          if (shownSchoolHolidays.has(h.id)) continue;
          shownSchoolHolidays.add(h.id);
        }
        events.push(presentHolidayEvent(calendar, h));
      }
    }
  }
  return events.sort(byStart);
}

/** The calendars of one event fetch, in order and once each, without the personal one (spec §3). */
export function requestedCalendars(path: string, listed: readonly string[], personal: string): string[] {
  return [...new Set([path, ...listed])].filter((g) => g !== personal);
}
