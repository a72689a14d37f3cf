import { addDays, type CalendarEventView } from "../../../contracts/calendar-base";
import { dateTimeFormat, intlLocale } from "../../i18n/format";
import { isoDateOf, localDateOf } from "./calendarRange";

/** The days (YYYY-MM-DD, the reader's) an event shows on: every day of an all-day one, the start day of the rest. */
export function daysOfEvent(event: CalendarEventView): string[] {
  if (event.allDay && event.startDate && event.endDate) {
    const days: string[] = [];
    for (let d = event.startDate; d <= event.endDate && days.length < 400; d = addDays(d, 1)) days.push(d);
    return days;
  }
  return [isoDateOf(new Date(event.start))];
}

/** Events by day, each day's all-day events first, then by start. */
export function eventsByDay(events: readonly CalendarEventView[]): Map<string, CalendarEventView[]> {
  const byDay = new Map<string, CalendarEventView[]>();
  for (const event of events) {
    for (const day of daysOfEvent(event)) byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  for (const list of byDay.values()) list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.localeCompare(b.start));
  return byDay;
}

type Format = { format: (value: Date | number) => string };
const cache = new Map<string, Format>();
/** One formatter per language, region and options (building one is the costly part). */
export function formatter(language: string, options: Intl.DateTimeFormatOptions): Format {
  const key = `${language}|${intlLocale(language)}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = dateTimeFormat(language, options);
    cache.set(key, f);
  }
  return f;
}

export const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
export const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" };

/** "10:00" or "10:00–11:00" in the reader's language. */
export function timeOf(event: CalendarEventView, language: string): string {
  const f = formatter(language, TIME);
  const start = f.format(new Date(event.start));
  return event.end > event.start ? `${start}–${f.format(new Date(event.end))}` : start;
}

/** When an event is, in the reader's words: "Todo el día", "10:00–11:00", "Entrega a las 23:59". */
export function whenOf(event: CalendarEventView, language: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (event.allDay) {
    if (event.startDate && event.endDate && event.startDate !== event.endDate) {
      const day = formatter(language, { day: "numeric", month: "long" });
      return t("event.allDayRange", { from: day.format(localDateOf(event.startDate)), to: day.format(localDateOf(event.endDate)) });
    }
    return t("event.allDay");
  }
  return event.kind === "due" ? t("event.dueAt", { time: formatter(language, TIME).format(new Date(event.start)) }) : timeOf(event, language);
}

