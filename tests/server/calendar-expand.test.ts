import type { Periods, Schedule, ScheduleSlot } from "../../src/contracts/course-settings";
import {
  dateInZone, dayBounds, expandSessions, quarterSpans, stableEventGuid, usableTimeZone, wallTimeToInstant, weeklyDates, type Timetable,
} from "../../src/server/modules/calendar/expand";

const MADRID = "Europe/Madrid";
let n = 0;
const guid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
const slot = (weekday: ScheduleSlot["weekday"], start: string, end: string): ScheduleSlot => ({ guid: guid(), weekday, start, end });
const schedule = (...quarters: ScheduleSlot[][]): Schedule => ({ quarters: quarters.map((days) => ({ guid: guid(), days })) });
const annual = (start: string, end: string): Periods => ({ type: "annual", items: [{ start, end }] });
const timetable = (s: Schedule, periods: Periods, startDate = "2026-09-01", endDate = "2027-06-30"): Timetable => ({ startDate, endDate, schedule: s, periods });

/** The wall clock of an instant in a zone, "YYYY-MM-DD HH:MM". */
const wall = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);

describe("weekly expansion", () => {
  it("repeats each slot every week on its weekday, in order of start", () => {
    const monday = slot("monday", "09:00", "10:00");
    const wednesday = slot("wednesday", "11:30", "12:15");
    const t = timetable(schedule([wednesday, monday]), annual("2026-09-01", "2027-06-30"));
    const sessions = expandSessions(t, { from: "2026-09-01", to: "2026-09-30" }, MADRID, []);
    expect(sessions.map((s) => `${s.date} ${s.slotGuid === monday.guid ? "mon" : "wed"}`)).toEqual([
      "2026-09-02 wed", "2026-09-07 mon", "2026-09-09 wed", "2026-09-14 mon", "2026-09-16 wed", "2026-09-21 mon", "2026-09-23 wed", "2026-09-28 mon", "2026-09-30 wed",
    ]);
    const first = sessions[0];
    expect(first?.start.toISOString()).toBe("2026-09-02T09:30:00.000Z");
    expect(first?.end.toISOString()).toBe("2026-09-02T10:15:00.000Z");
  });

  it("uses rrule's weekly days without drifting across months and years", () => {
    expect(weeklyDates({ weekday: "sunday" }, "2026-12-20", "2027-01-10")).toEqual(["2026-12-20", "2026-12-27", "2027-01-03", "2027-01-10"]);
    expect(weeklyDates({ weekday: "friday" }, "2028-02-25", "2028-03-03")).toEqual(["2028-02-25", "2028-03-03"]);
  });
});

describe("time zones and DST", () => {
  it("keeps 09:00 local across the October change in Europe/Madrid (the instant moves an hour)", () => {
    const t = timetable(schedule([slot("monday", "09:00", "10:00")]), annual("2026-09-01", "2027-06-30"));
    const sessions = expandSessions(t, { from: "2026-10-19", to: "2026-10-26" }, MADRID, []);
    expect(sessions.map((s) => s.start.toISOString())).toEqual(["2026-10-19T07:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
    expect(sessions.map((s) => wall(s.start, MADRID))).toEqual(["2026-10-19 09:00", "2026-10-26 09:00"]);
    expect(sessions.map((s) => wall(s.end, MADRID))).toEqual(["2026-10-19 10:00", "2026-10-26 10:00"]);
  });

  it("and across the March change", () => {
    const t = timetable(schedule([slot("monday", "09:00", "10:00")]), annual("2026-09-01", "2027-06-30"));
    const sessions = expandSessions(t, { from: "2027-03-22", to: "2027-03-29" }, MADRID, []);
    expect(sessions.map((s) => s.start.toISOString())).toEqual(["2027-03-22T08:00:00.000Z", "2027-03-29T07:00:00.000Z"]);
  });

  it("reads the timetable in the class's own zone", () => {
    const t = timetable(schedule([slot("monday", "09:00", "10:00")]), annual("2026-09-01", "2027-06-30"));
    const [canary] = expandSessions(t, { from: "2026-11-02", to: "2026-11-02" }, "Atlantic/Canary", []);
    expect(canary?.start.toISOString()).toBe("2026-11-02T09:00:00.000Z");
  });

  it("maps times in the gap and the overlap of a change as calendar apps do", () => {
    // 02:30 happens twice on 25 Oct 2026: the first one (still summer time) is taken.
    expect(wallTimeToInstant("2026-10-25", "02:30", MADRID).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // 02:30 never happens on 28 Mar 2027: it reads as 03:30 summer time.
    expect(wallTimeToInstant("2027-03-28", "02:30", MADRID).toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("finds the local day of an instant and the bounds of all-day ranges", () => {
    expect(dateInZone(new Date("2026-10-25T23:30:00Z"), MADRID)).toBe("2026-10-26");
    expect(dateInZone(new Date("2026-10-25T22:30:00Z"), MADRID)).toBe("2026-10-25");
    const { start, end } = dayBounds("2026-10-24", "2026-10-25", MADRID);
    expect([start.toISOString(), end.toISOString()]).toEqual(["2026-10-23T22:00:00.000Z", "2026-10-25T23:00:00.000Z"]);
  });

  it("falls back to Europe/Madrid for a zone the runtime does not know", () => {
    expect(usableTimeZone("Not/AZone")).toBe(MADRID);
    expect(usableTimeZone(null)).toBe(MADRID);
    expect(usableTimeZone("America/Sao_Paulo")).toBe("America/Sao_Paulo");
  });
});

describe("holidays", () => {
  const monday = slot("monday", "09:00", "10:00");
  const friday = slot("friday", "12:00", "13:00");
  const t = timetable(schedule([monday, friday]), annual("2026-09-01", "2027-06-30"));

  it("skips the days of a class holiday and of a school holiday range", () => {
    const classHoliday = { startDate: "2026-10-12", endDate: "2026-10-12" };
    const schoolBreak = { startDate: "2026-12-21", endDate: "2027-01-07" };
    const dates = expandSessions(t, { from: "2026-10-05", to: "2027-01-15" }, MADRID, [classHoliday, schoolBreak]).map((s) => s.date);
    expect(dates).toContain("2026-10-09");
    expect(dates).not.toContain("2026-10-12");
    expect(dates).toContain("2026-10-16");
    expect(dates.filter((d) => d >= "2026-12-21" && d <= "2027-01-07")).toEqual([]);
    expect(dates).toContain("2026-12-18");
    expect(dates).toContain("2027-01-08");
    expect(dates).toContain("2027-01-11");
  });

  it("skips nothing else", () => {
    const all = expandSessions(t, { from: "2026-10-05", to: "2026-10-18" }, MADRID, []);
    const without = expandSessions(t, { from: "2026-10-05", to: "2026-10-18" }, MADRID, [{ startDate: "2026-10-12", endDate: "2026-10-12" }]);
    expect(all).toHaveLength(4);
    expect(without.map((s) => s.date)).toEqual(["2026-10-05", "2026-10-09", "2026-10-16"]);
  });
});

describe("range edges", () => {
  const monday = slot("monday", "09:00", "10:00");
  // The course starts on a Wednesday and ends on a Wednesday.
  const t = timetable(schedule([monday]), annual("2026-09-02", "2027-06-30"), "2026-09-02", "2027-06-30");

  it("counts both ends of the window", () => {
    expect(expandSessions(t, { from: "2026-10-05", to: "2026-10-05" }, MADRID, []).map((s) => s.date)).toEqual(["2026-10-05"]);
    expect(expandSessions(t, { from: "2026-10-06", to: "2026-10-11" }, MADRID, [])).toEqual([]);
    expect(expandSessions(t, { from: "2026-10-05", to: "2026-10-12" }, MADRID, []).map((s) => s.date)).toEqual(["2026-10-05", "2026-10-12"]);
  });

  it("gives nothing outside the course's dates", () => {
    expect(expandSessions(t, { from: "2026-08-01", to: "2026-09-13" }, MADRID, []).map((s) => s.date)).toEqual(["2026-09-07"]);
    expect(expandSessions(t, { from: "2027-06-20", to: "2027-07-31" }, MADRID, []).map((s) => s.date)).toEqual(["2027-06-21", "2027-06-28"]);
    expect(expandSessions(t, { from: "2027-07-01", to: "2027-08-31" }, MADRID, [])).toEqual([]);
  });

  it("gives nothing for a window that ends before it starts", () => {
    expect(expandSessions(t, { from: "2026-10-12", to: "2026-10-05" }, MADRID, [])).toEqual([]);
  });
});

describe("quarters over the periods", () => {
  const q1 = slot("monday", "08:00", "09:00");
  const q2 = slot("tuesday", "08:00", "09:00");
  const q3 = slot("wednesday", "08:00", "09:00");
  const periods: Periods = {
    type: "quarter",
    items: [
      { start: "2026-09-10", end: "2026-12-18" },
      { start: "2027-01-08", end: "2027-03-26" },
      { start: "2027-04-05", end: "2027-06-22" },
    ],
  };

  it("runs quarter i from period i's start until the next period starts (the first from the course's start, the last to its end)", () => {
    const spans = quarterSpans(timetable(schedule([q1], [q2], [q3]), periods));
    expect(spans.map((s) => [s.start, s.end, s.slots[0]?.weekday])).toEqual([
      ["2026-09-01", "2027-01-07", "monday"],
      ["2027-01-08", "2027-04-04", "tuesday"],
      ["2027-04-05", "2027-06-30", "wednesday"],
    ]);
  });

  it("switches the timetable on the day the next period starts", () => {
    const sessions = expandSessions(timetable(schedule([q1], [q2], [q3]), periods), { from: "2027-01-04", to: "2027-01-13" }, MADRID, []);
    expect(sessions.map((s) => s.date)).toEqual(["2027-01-04", "2027-01-12"]);
  });

  it("splits the course evenly when the numbers of periods and quarters differ", () => {
    const spans = quarterSpans(timetable(schedule([q1], [q2]), periods, "2026-09-01", "2027-06-30"));
    expect(spans).toHaveLength(2);
    expect(spans[0]?.start).toBe("2026-09-01");
    expect(spans[1]?.end).toBe("2027-06-30");
    expect(spans[1]?.start).toBe(addOne(spans[0]?.end ?? ""));
  });
});

const addOne = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test("event guids are stable name-based UUIDs", () => {
  const a = stableEventGuid("session", "c", "s", "2026-10-05");
  expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(stableEventGuid("session", "c", "s", "2026-10-05")).toBe(a);
  expect(stableEventGuid("session", "c", "s", "2026-10-12")).not.toBe(a);
});
