import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { addDays, type CalendarEventView } from "../../../contracts/calendar-base";
import { isoDateOf, localDateOf, startOfMonth, startOfWeek } from "./calendarRange";
import { formatter, LONG_DAY, timeOf } from "./eventDays";

const useStyles = makeStyles({
  grid: { display: "flex", flexDirection: "column", border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  row: { display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))" },
  head: { padding: tokens.spacingVerticalXS, textAlign: "center", fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  cell: {
    minHeight: "96px",
    padding: tokens.spacingVerticalXS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    cursor: "pointer",
    overflow: "hidden",
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  tall: { minHeight: "320px" },
  outside: { color: tokens.colorNeutralForeground3, backgroundColor: tokens.colorNeutralBackground2 },
  today: { fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "2px" },
  chip: {
    display: "block",
    borderRadius: tokens.borderRadiusSmall,
    padding: "1px 4px",
    color: "#ffffff",
    fontSize: tokens.fontSizeBase200,
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
  },
  timeline: { position: "relative", listStyleType: "none", margin: `${tokens.spacingVerticalXS} 0 0`, padding: 0 },
  placed: { position: "absolute", boxSizing: "border-box", whiteSpace: "normal", minHeight: "20px", border: `1px solid ${tokens.colorNeutralBackground1}` },
  hidden: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" },
});

/** Pixels per hour of the week view's timeline. */
const HOUR_PX = 48;
const minutesOf = (iso: string) => {
  const d = new Date(iso);
  return d.getHours() * 60 + d.getMinutes();
};
/** Where an event ends on its first day: midnight when it runs into the next. */
const endMinutesOf = (e: CalendarEventView) => (isoDateOf(new Date(e.end)) === isoDateOf(new Date(e.start)) ? minutesOf(e.end) : 24 * 60);

/** The hours the week's timed events span (whole hours, 8:00-15:00 at least). */
function hoursOf(byDay: ReadonlyMap<string, CalendarEventView[]>, days: readonly string[]): { from: number; to: number } {
  let from = 8 * 60;
  let to = 15 * 60;
  for (const day of days) {
    for (const e of byDay.get(day) ?? []) {
      if (e.allDay) continue;
      from = Math.min(from, minutesOf(e.start));
      to = Math.max(to, endMinutesOf(e), minutesOf(e.start) + 30);
    }
  }
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) };
}

type Placed = { event: CalendarEventView; top: number; height: number; lane: number; lanes: number };

/** A day's timed events placed by time: side by side where they overlap. */
function place(events: readonly CalendarEventView[], hours: { from: number; to: number }): Placed[] {
  const placed: Placed[] = [];
  const laneEnds: number[] = [];
  let group: Placed[] = [];
  let groupEnd = -1;
  for (const event of events) {
    const start = minutesOf(event.start);
    // At least 20 minutes tall, so a due date (no duration) stays readable.
    const end = Math.min(hours.to, Math.max(start + 20, endMinutesOf(event)));
    if (start >= groupEnd) {
      for (const p of group) p.lanes = laneEnds.length;
      group = [];
      laneEnds.length = 0;
    }
    let lane = laneEnds.findIndex((e) => e <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    const p = { event, top: ((start - hours.from) / 60) * HOUR_PX, height: ((end - start) / 60) * HOUR_PX, lane, lanes: 1 };
    placed.push(p);
    group.push(p);
    groupEnd = Math.max(groupEnd, end);
  }
  for (const p of group) p.lanes = laneEnds.length;
  return placed;
}

export type DayGridProps = {
  /** Month: 4-6 weeks; week: one. */
  weeks: readonly (readonly string[])[];
  /** The month shown (days outside it are dimmed); undefined in the week view. */
  month?: string;
  byDay: ReadonlyMap<string, CalendarEventView[]>;
  today: string;
  focused: string;
  /** Arrow keys moved the focus to `day` (the page changes the range when it leaves the one shown). */
  onFocusDay: (day: string) => void;
  onOpenDay: (day: string) => void;
  labelledBy: string;
  showTimes: boolean;
};

/** Where an arrow, Home/End or PageUp/PageDown moves from `day` (WAI-ARIA date grid). */
function moveOf(key: string, day: string): string | undefined {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return startOfWeek(day);
    case "End":
      return addDays(startOfWeek(day), 6);
    case "PageUp":
      return isoDateOf(new Date(localDateOf(startOfMonth(day)).setMonth(localDateOf(day).getMonth() - 1)));
    case "PageDown":
      return isoDateOf(new Date(localDateOf(startOfMonth(day)).setMonth(localDateOf(day).getMonth() + 1)));
    default:
      return undefined;
  }
}

/**
 * The month and week views: a WAI-ARIA grid of days, one tab stop (the focused day), arrows move a
 * day or a week, Home/End to the week's ends, PageUp/PageDown a month, Enter or Space opens the day.
 */
export function DayGrid({ weeks, month, byDay, today, focused, onFocusDay, onOpenDay, labelledBy, showTimes }: DayGridProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("calendar");
  const cells = useRef(new Map<string, HTMLDivElement>());
  /** The day a key moved to, until its cell (maybe in the next range) has the focus. */
  const moved = useRef<string | undefined>(undefined);
  const weekday = formatter(i18n.language, { weekday: "short" });
  const longDay = formatter(i18n.language, LONG_DAY);

  // After a key moved the focus (possibly into a new range), focus that day's cell.
  useEffect(() => {
    const target = moved.current;
    if (!target || target !== focused) return;
    const el = cells.current.get(target);
    if (!el) return;
    moved.current = undefined;
    el.focus();
  }, [focused, weeks]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, day: string) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpenDay(day);
      return;
    }
    const next = moveOf(event.key, day);
    if (!next) return;
    event.preventDefault();
    moved.current = next;
    onFocusDay(next);
  };

  const first = weeks[0] ?? [];
  const hours = hoursOf(byDay, first);
  return (
    <div role="grid" aria-labelledby={labelledBy} className={styles.grid}>
      <div role="row" className={styles.row}>
        {first.map((day) => (
          <div role="columnheader" key={day} className={styles.head}>
            {weekday.format(localDateOf(day))}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className={styles.row}>
          {week.map((day) => {
            const events = byDay.get(day) ?? [];
            const outside = month !== undefined && day.slice(0, 7) !== month.slice(0, 7);
            return (
              <div
                role="gridcell"
                key={day}
                ref={(el) => {
                  if (el) cells.current.set(day, el);
                  else cells.current.delete(day);
                }}
                tabIndex={day === focused ? 0 : -1}
                aria-current={day === today ? "date" : undefined}
                data-day={day}
                className={mergeClasses(styles.cell, !month && styles.tall, outside && styles.outside)}
                onClick={() => {
                  onFocusDay(day);
                  onOpenDay(day);
                }}
                onKeyDown={(e) => onKeyDown(e, day)}
              >
                <span aria-hidden="true" className={day === today ? styles.today : undefined}>
                  {localDateOf(day).getDate()}
                </span>
                <span className={styles.hidden}>
                  {longDay.format(localDateOf(day))}
                  {events.length === 0 ? `, ${t("grid.noEvents")}` : `, ${t("grid.events", { count: events.length })}`}
                </span>
                {showTimes ? (
                  <>
                    {events.some((e) => e.allDay) ? (
                      <ul className={styles.list}>
                        {events.filter((e) => e.allDay).map((e) => (
                          <li key={`${e.guid}-${day}`} className={styles.chip} style={{ backgroundColor: e.color }}>
                            {e.title}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {/* Sessions placed by their time on the week's hours. */}
                    <ul className={styles.timeline} style={{ height: `${((hours.to - hours.from) / 60) * HOUR_PX}px` }}>
                      {place(events.filter((e) => !e.allDay), hours).map((p) => (
                        <li
                          key={`${p.event.guid}-${day}`}
                          className={mergeClasses(styles.chip, styles.placed)}
                          style={{
                            backgroundColor: p.event.color,
                            top: `${p.top}px`,
                            height: `${p.height}px`,
                            left: `${(p.lane / p.lanes) * 100}%`,
                            width: `${100 / p.lanes}%`,
                          }}
                        >
                          {`${timeOf(p.event, i18n.language)} `}
                          {p.event.title}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : events.length > 0 ? (
                  <ul className={styles.list}>
                    {events.map((e) => (
                      <li key={`${e.guid}-${day}`} className={styles.chip} style={{ backgroundColor: e.color }}>
                        {e.title}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The weeks of the month view's range, Monday first. */
export function weeksOf(fromDate: string, toDate: string): string[][] {
  const weeks: string[][] = [];
  for (let d = fromDate; d <= toDate; d = addDays(d, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(d, i)));
  return weeks;
}
