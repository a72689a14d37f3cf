import {
  type CalendarEventKind, type CalendarEventView, type CalendarView, HOLIDAY_COLOR, type HolidayView, PERSONAL_CALENDAR_GUID,
} from "../../../contracts/calendar-base";
import type { CourseRecord } from "../courses/access";
import { dayBounds, type Session, stableEventGuid } from "./expand";
import { canEditClassCalendar, canEditHoliday, type HolidayReader } from "./policy";
import type { ClassCalendar, DueRow, ExtraClassRow, HolidayRow } from "./service";

export const presentPersonalCalendar = (): CalendarView => ({
  guid: PERSONAL_CALENDAR_GUID,
  name: PERSONAL_CALENDAR_GUID,
  kind: "personal",
  color: null,
  timeZone: null,
  canEdit: false,
});

export const presentClassCalendar = (c: ClassCalendar): CalendarView => ({
  guid: c.course.id,
  name: c.course.name,
  kind: "class",
  color: c.course.color,
  timeZone: c.timeZone,
  canEdit: canEditClassCalendar(c.role),
});

const classLink = (courseId: string) => `/course/${courseId}`;
const timed = (start: Date, end: Date) => ({ start: start.toISOString(), end: end.toISOString(), allDay: false, startDate: null, endDate: null });

export const presentSession = (course: CourseRecord, s: Session): CalendarEventView => ({
  guid: stableEventGuid("session", course.id, s.slotGuid, s.date),
  calendarGuid: course.id,
  kind: "session",
  sourceGuid: null,
  title: course.name,
  ...timed(s.start, s.end),
  link: classLink(course.id),
  color: course.color,
});

export const presentExtraClass = (course: CourseRecord, e: ExtraClassRow): CalendarEventView => ({
  guid: stableEventGuid("extra_class", e.id),
  calendarGuid: course.id,
  kind: "extra_class",
  sourceGuid: e.id,
  title: e.title || course.name,
  ...timed(e.startsAt, e.endsAt),
  link: classLink(course.id),
  color: course.color,
});

/** A due date is a moment (the deadline), not a span: it starts and ends at the due time. */
export const presentDue = (course: CourseRecord, d: DueRow): CalendarEventView => ({
  guid: stableEventGuid("due", d.assignmentId),
  calendarGuid: course.id,
  kind: "due",
  sourceGuid: d.lessonItemId,
  title: d.title,
  ...timed(d.dueAt, d.dueAt),
  link: `/course/${course.id}/lesson/${d.lessonId}`,
  color: course.color,
});

/** All day, from local midnight of its first day in the class's zone to local midnight after its last. */
export function presentHolidayEvent(calendar: ClassCalendar, h: HolidayRow): CalendarEventView {
  const { start, end } = dayBounds(h.startDate, h.endDate, calendar.timeZone);
  return {
    guid: stableEventGuid("holiday", h.id),
    calendarGuid: calendar.course.id,
    kind: "holiday",
    sourceGuid: h.id,
    title: h.name,
    start: start.toISOString(),
    end: end.toISOString(),
    allDay: true,
    startDate: h.startDate,
    endDate: h.endDate,
    link: `/calendar/${calendar.course.id}`,
    color: HOLIDAY_COLOR,
  };
}

const KIND_ORDER: Record<CalendarEventKind, number> = { holiday: 0, session: 1, extra_class: 2, due: 3 };

/** By start; on the same start all-day holidays first, then sessions, extra classes, due dates. */
export const byStart = (a: CalendarEventView, b: CalendarEventView): number =>
  a.start.localeCompare(b.start) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.guid.localeCompare(b.guid);

export const presentHoliday = (h: HolidayRow, reader: HolidayReader): HolidayView => ({
  guid: h.id,
  name: h.name,
  startDate: h.startDate,
  endDate: h.endDate,
  calendarGuid: h.courseId,
  schoolWide: h.courseId === null,
  canEdit: canEditHoliday(h, reader),
});
