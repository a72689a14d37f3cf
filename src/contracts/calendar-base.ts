/*
 * The calendar (spec §3 "Calendar", §7 "Calendar"; issue 14) without zod (ADR 0028): the client's
 * calendar pages and the home screen's next events read these; calendar.ts holds the schemas and
 * re-exports them.
 */

/** Spec §3: the caller's own calendar. It holds no events of its own and is dropped from an event fetch. */
export const PERSONAL_CALENDAR_GUID = "personal-calendar";

export const CALENDAR_KINDS = ["personal", "class"] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/**
 * What a calendar shows: class sessions expanded from the timetable, extra classes, the due dates
 * of tasks, and days without class.
 */
export const CALENDAR_EVENT_KINDS = ["session", "extra_class", "due", "holiday"] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const CALENDAR_LIMITS = {
  /** fromDate..toDate of one event fetch, both days counted (a school year and a bit). */
  maxRangeDays: 400,
  eventsPageSize: 100,
  maxEventsPageSize: 500,
  /** `calendar` entries of one fetch. */
  maxCalendars: 100,
  /** Days of one holiday, both counted. */
  maxHolidayDays: 366,
  holidayNameMaxChars: 120,
  /** Classes of one POST calendar/holiday, and guids of one DELETE. */
  maxHolidaysPerRequest: 100,
  holidaysPageSize: 50,
  maxHolidaysPageSize: 200,
  extraClassTitleMaxChars: 120,
  extraClassMaxHours: 12,
  nextEvents: 5,
  maxNextEvents: 20,
  /** How far ahead the home screen's next events look. */
  nextEventsDays: 60,
} as const;

/** The ICS feed: the window it carries around the day it is read. */
/** Socket.io events of the calendar (server -> client, on the tab's one connection). */
export const CALENDAR_SOCKET_EVENTS = {
  /** What some calendars show changed (holidays, extra classes, a class's timetable): reload them. */
  changed: "calendar:changed",
  /** The reader left a class (removed from it, or it was archived): it leaves their calendars and lists. */
  classLeft: "course:left",
} as const;

/** The payload of CALENDAR_SOCKET_EVENTS.changed and .classLeft: the class calendars concerned. */
export type CalendarChangedPush = { calendarGuids: string[] };

export const CALENDAR_FEED = {
  pastDays: 30,
  futureDays: 180,
  /** A feed never grows beyond this (a school admin overseeing many classes). */
  maxEvents: 5000,
  /** Seconds a calendar app or proxy may keep a copy; clients poll the URL. */
  maxAgeSeconds: 900,
} as const;

/** Days without class are shown in a neutral grey (4.5:1 against white text, like the class palette). */
export const HOLIDAY_COLOR = "#616161";

/** GET /api/calendars: one calendar. */
export type CalendarView = {
  guid: string;
  name: string;
  kind: CalendarKind;
  /** The class colour; null for the personal calendar. */
  color: string | null;
  /** IANA zone the class's timetable is read in; null for the personal calendar. */
  timeZone: string | null;
  /** The caller may add extra classes and holidays to it (its teachers and co-teachers). */
  canEdit: boolean;
};

/** One event of GET /api/calendar/:calendarGuid/events and GET /api/calendar/next-events. */
export type CalendarEventView = {
  /** Stable across fetches and in the ICS feed (derived from the kind, its source and, for sessions, the day). */
  guid: string;
  calendarGuid: string;
  kind: CalendarEventKind;
  /** The holiday, extra class or task (lesson item) it comes from; null for timetable sessions. */
  sourceGuid: string | null;
  title: string;
  /** ISO instants; all-day events run from local midnight of their first day to local midnight after their last. */
  start: string;
  end: string;
  allDay: boolean;
  /** All-day events: first and last day (YYYY-MM-DD, inclusive) in the class's zone; null otherwise. */
  startDate: string | null;
  endDate: string | null;
  /** A path in the app: the class, or the lesson holding the task. */
  link: string | null;
  color: string;
};

/** GET /api/calendar/holiday: one day range without class. */
export type HolidayView = {
  guid: string;
  name: string;
  startDate: string;
  endDate: string;
  /** The class it belongs to; null for a holiday of a whole school. */
  calendarGuid: string | null;
  schoolWide: boolean;
  canEdit: boolean;
};

/** YYYY-MM-DD plus `days` (negative goes back), by the calendar, without time zones. */
export function addDays(isoDate: string, days: number): string {
  const t = Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for the same day, 0 or less when `to` is before). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
