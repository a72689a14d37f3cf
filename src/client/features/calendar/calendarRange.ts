import { addDays, CALENDAR_LIMITS, PERSONAL_CALENDAR_GUID, type CalendarView } from "../../../contracts/calendar-base";

/*
 * The calendar's visible range, from the URL alone (?view=&date=), so the page and its data
 * starter (app/routeData.ts) ask the same query. Pure: no React, no zod.
 */
export const CALENDAR_VIEWS = ["month", "week", "agenda"] as const;
export type CalendarViewMode = (typeof CALENDAR_VIEWS)[number];

/** Days an agenda page of the list covers. */
export const AGENDA_DAYS = 30;
/** Events per agenda page (offset/pageSize of the API). */
export const AGENDA_PAGE_SIZE = 20;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** A local Date's YYYY-MM-DD (the reader's own day). */
export const isoDateOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** YYYY-MM-DD as a local Date at midnight. */
export const localDateOf = (iso: string): Date => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

const isValidIso = (s: string | null): s is string => s !== null && ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export function viewOf(search: URLSearchParams): CalendarViewMode {
  const v = search.get("view");
  return (CALENDAR_VIEWS as readonly string[]).includes(v ?? "") ? (v as CalendarViewMode) : "month";
}

export function dateOf(search: URLSearchParams, today: string): string {
  const d = search.get("date");
  return isValidIso(d) ? d : today;
}

/** Monday = 0 ... Sunday = 6 (weeks start on Monday, as in the five languages' school calendars). */
export const weekdayIndex = (iso: string): number => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
export const startOfWeek = (iso: string): string => addDays(iso, -weekdayIndex(iso));
export const startOfMonth = (iso: string): string => `${iso.slice(0, 8)}01`;
export function endOfMonth(iso: string): string {
  const [y, m] = iso.split("-").map(Number);
  const next = m === 12 ? `${(y ?? 0) + 1}-01-01` : `${y}-${pad((m ?? 0) + 1)}-01`;
  return addDays(next, -1);
}

export type VisibleRange = { fromDate: string; toDate: string };

/** Month: whole weeks around the month; week: Monday to Sunday; agenda: AGENDA_DAYS from the date. */
export function rangeOf(view: CalendarViewMode, date: string): VisibleRange {
  if (view === "week") {
    const from = startOfWeek(date);
    return { fromDate: from, toDate: addDays(from, 6) };
  }
  if (view === "agenda") return { fromDate: date, toDate: addDays(date, AGENDA_DAYS - 1) };
  const from = startOfWeek(startOfMonth(date));
  const last = endOfMonth(date);
  return { fromDate: from, toDate: addDays(startOfWeek(last), 6) };
}

/** The date prev/next moves to. */
export function stepDate(view: CalendarViewMode, date: string, direction: 1 | -1): string {
  if (view === "week") return addDays(date, 7 * direction);
  if (view === "agenda") return addDays(date, AGENDA_DAYS * direction);
  const [y, m] = date.split("-").map(Number);
  const month = (m ?? 1) - 1 + direction;
  const year = (y ?? 1970) + Math.floor(month / 12);
  return `${year}-${pad((((month % 12) + 12) % 12) + 1)}-01`;
}

/** The argument of one event fetch (getCalendarEvents). */
export type EventsArg = {
  /** The path's calendar: the page's class, or the first shown one; never the personal calendar. */
  calendarGuid: string;
  /** calendar[]: every shown class calendar (the personal one is never sent, spec §3). */
  calendars: string[];
  fromDate: string;
  toDate: string;
  offset: number;
  pageSize: number;
};

/** The event fetch for these shown calendars, or undefined when none is shown. */
export function eventsArgOf(shown: readonly string[], view: CalendarViewMode, date: string, offset = 0): EventsArg | undefined {
  const calendars = [...new Set(shown)].filter((g) => g !== PERSONAL_CALENDAR_GUID);
  const first = calendars[0];
  if (first === undefined) return undefined;
  const agenda = view === "agenda";
  return {
    calendarGuid: first,
    calendars,
    ...rangeOf(view, date),
    offset: agenda ? offset : 0,
    pageSize: agenda ? AGENDA_PAGE_SIZE : CALENDAR_LIMITS.maxEventsPageSize,
  };
}

/** Where /calendar remembers the calendars a reader switched off (per user, in this browser). */
export const hiddenKey = (userGuid: string) => `aula.calendar.hidden.${userGuid}`;

export function readHidden(storage: Pick<Storage, "getItem">, userGuid: string): string[] {
  try {
    const raw = JSON.parse(storage.getItem(hiddenKey(userGuid)) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((g): g is string => typeof g === "string") : [];
  } catch {
    return [];
  }
}

/** The class calendars shown: on /calendar/{course} that class, else all the reader's classes but the hidden ones. */
export function shownCalendars(calendars: readonly CalendarView[], course: string | undefined, hidden: readonly string[]): string[] {
  if (course) return [course];
  return calendars.filter((c) => c.kind === "class" && !hidden.includes(c.guid)).map((c) => c.guid);
}
