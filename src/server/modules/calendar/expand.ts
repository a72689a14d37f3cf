import crypto from "node:crypto";
import { RRule, type Weekday as RRuleWeekday } from "rrule";
import { addDays } from "../../../contracts/calendar-base";
import { defaultPeriods, PERIOD_TYPES, type Periods, type Schedule, type ScheduleSlot, type Weekday } from "../../../contracts/course-settings";

/*
 * Pure rules of the calendar: wall-clock times in an IANA zone, the timetable's quarters laid over
 * the course dates, and the weekly expansion of each slot with rrule. Times in a timetable are
 * wall-clock times of the class's zone: 09:00 stays 09:00 across a DST change, so the instant moves.
 */

export const DEFAULT_TIME_ZONE = "Europe/Madrid";
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone if the runtime knows it, else the default (a bad value in a row never breaks a calendar). */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The wall-clock reading of `instantMs` in `timeZone`, as if that reading were UTC. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/**
 * The instant at which clocks in `timeZone` read `date` `time`. In the spring-forward gap (a time
 * that does not exist that day) it gives the instant an hour later on the wall clock, as calendar
 * apps do; in the autumn overlap, the first of the two.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The zone's offsets a day either side cover any change on that day (changes are months apart).
  const instants = [wall - DAY_MS, wall, wall + DAY_MS].map((probe) => wall - (wallClockMs(probe, timeZone) - probe));
  const reading = instants.filter((t) => wallClockMs(t, timeZone) === wall);
  // Overlap: two instants read `time`, the earlier is its first occurrence. Gap: none does, and the
  // later candidate (the offset before the change) reads an hour on.
  return new Date(reading.length > 0 ? Math.min(...reading) : Math.max(...instants));
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export const dateInZone = (instant: Date, timeZone: string): string => new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);

/** Local midnight of `date` and of the day after: the instants an all-day range spans. */
export const dayBounds = (from: string, to: string, timeZone: string): { start: Date; end: Date } => ({
  start: wallTimeToInstant(from, "00:00", timeZone),
  end: wallTimeToInstant(addDays(to, 1), "00:00", timeZone),
});

export type DateRange = { startDate: string; endDate: string };

/** `date` falls inside one of the ranges (both ends included). */
export const inAnyRange = (date: string, ranges: readonly DateRange[]): boolean => ranges.some((r) => r.startDate <= date && date <= r.endDate);

export type QuarterSpan = { start: string; end: string; slots: ScheduleSlot[] };
export type Timetable = { startDate: string; endDate: string; schedule: Schedule; periods: Periods };

/**
 * When each quarter of the timetable applies. Quarter i starts with evaluation period i (the first
 * with the course) and lasts until the next period starts (the last until the course ends), so the
 * days between two periods still have class. When the number of periods differs from the number
 * of quarters, the course is split into that many near-equal spans instead.
 */
export function quarterSpans(t: Timetable): QuarterSpan[] {
  const quarters = t.schedule.quarters;
  if (quarters.length === 0 || t.endDate < t.startDate) return [];
  const starts =
    t.periods.items.length === quarters.length
      ? [...t.periods.items].sort((a, b) => a.start.localeCompare(b.start)).map((p) => p.start)
      : defaultPeriods(PERIOD_TYPES[Math.min(quarters.length, PERIOD_TYPES.length) - 1] ?? "annual", t.startDate, t.endDate).items.map((p) => p.start);
  return quarters
    .map((q, i) => {
      const next = starts[i + 1];
      const start = i === 0 ? t.startDate : (starts[i] ?? t.startDate);
      const end = next !== undefined && i < quarters.length - 1 ? addDays(next, -1) : t.endDate;
      return { start: start < t.startDate ? t.startDate : start, end: end > t.endDate ? t.endDate : end, slots: q.days };
    })
    .filter((s) => s.start <= s.end);
}

const RRULE_DAYS: Record<Weekday, RRuleWeekday> = {
  monday: RRule.MO,
  tuesday: RRule.TU,
  wednesday: RRule.WE,
  thursday: RRule.TH,
  friday: RRule.FR,
  saturday: RRule.SA,
  sunday: RRule.SU,
};

/** rrule works on "floating" times: a UTC Date whose fields are the wall clock of the class's zone. */
const floating = (date: string, time = "00:00") => new Date(`${date}T${time}:00Z`);

/** The days (YYYY-MM-DD) in [from, to] on which a weekly slot recurs. */
export function weeklyDates(slot: Pick<ScheduleSlot, "weekday">, from: string, to: string): string[] {
  if (to < from) return [];
  const rule = new RRule({ freq: RRule.WEEKLY, byweekday: [RRULE_DAYS[slot.weekday]], dtstart: floating(from), until: floating(to) });
  return rule.all().map((d) => d.toISOString().slice(0, 10));
}

export type Session = { slotGuid: string; date: string; start: Date; end: Date };

/**
 * The class sessions of a timetable whose day is in [from, to] (days in the class's zone), without
 * the days of `holidays`, in order of start.
 */
export function expandSessions(t: Timetable, window: { from: string; to: string }, timeZone: string, holidays: readonly DateRange[]): Session[] {
  const sessions: Session[] = [];
  for (const span of quarterSpans(t)) {
    const from = span.start > window.from ? span.start : window.from;
    const to = span.end < window.to ? span.end : window.to;
    if (to < from) continue;
    for (const slot of span.slots) {
      for (const date of weeklyDates(slot, from, to)) {
        if (inAnyRange(date, holidays)) continue;
        sessions.push({
          slotGuid: slot.guid,
          date,
          start: wallTimeToInstant(date, slot.start, timeZone),
          end: wallTimeToInstant(date, slot.end, timeZone),
        });
      }
    }
  }
  return sessions.sort((a, b) => a.start.getTime() - b.start.getTime() || a.slotGuid.localeCompare(b.slotGuid));
}

/** A name-based UUID (version 5 layout over SHA-1): the same parts give the same event guid in every fetch and feed. */
export function stableEventGuid(...parts: string[]): string {
  const digest = crypto.createHash("sha1").update(["calendar-event", ...parts].join("\u001f")).digest();
  digest.writeUInt8((digest.readUInt8(6) & 0x0f) | 0x50, 6);
  digest.writeUInt8((digest.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = digest.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
