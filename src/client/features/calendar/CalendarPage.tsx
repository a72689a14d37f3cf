import { Button, Checkbox, makeStyles, tokens } from "@fluentui/react-components";
import { AddRegular, CalendarLtrRegular, ChevronLeftRegular, ChevronRightRegular, RssRegular } from "@fluentui/react-icons";
import { skipToken } from "@reduxjs/toolkit/query";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router-dom";
import type { CalendarEventView } from "../../../contracts/calendar-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useAppSelector } from "../../app/store";
import { localStore } from "../../platform/storage";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { EmptyState, ErrorState } from "../../ui/States";
import { useNotify } from "../../ui/toast";
import { selectCurrentUser } from "../auth/authSlice";
import { AgendaView } from "./AgendaView";
import { useDeleteHolidaysMutation, useGetCalendarEventsQuery, useGetCalendarsQuery } from "./calendarApi";
import {
  CALENDAR_VIEWS, dateOf, eventsArgOf, hiddenKey, isoDateOf, localDateOf, rangeOf, readHidden, shownCalendars, stepDate, viewOf,
  type CalendarViewMode,
} from "./calendarRange";
import { DayGrid, weeksOf } from "./DayGrid";
import { eventsByDay, formatter, LONG_DAY } from "./eventDays";
import { EventDetails, type HolidayActions } from "./EventDetails";
import { useCalendarLive } from "./useCalendarLive";
import type { HolidayEdit } from "./HolidayDialog";

// The teachers' forms and the subscription load when opened.
const HolidayDialog = lazy(() => import(/* webpackChunkName: "calendar-dialogs" */ "./HolidayDialog").then((m) => ({ default: m.HolidayDialog })));
const ExtraClassDialog = lazy(() => import(/* webpackChunkName: "calendar-dialogs" */ "./ExtraClassDialog").then((m) => ({ default: m.ExtraClassDialog })));
const FeedDialog = lazy(() => import(/* webpackChunkName: "calendar-dialogs" */ "./FeedDialog").then((m) => ({ default: m.FeedDialog })));

const useStyles = makeStyles({
  layout: { display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: tokens.spacingHorizontalXL, "@media (min-width: 900px)": { gridTemplateColumns: "220px minmax(0, 1fr)" } },
  toolbar: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  range: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: `0 ${tokens.spacingHorizontalM}`, flexGrow: 1 },
  views: { display: "flex", gap: tokens.spacingHorizontalXS },
  legend: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, border: "none", margin: 0, padding: 0 },
  legendTitle: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalS },
  swatch: { display: "inline-block", width: "12px", height: "12px", borderRadius: "3px", marginRight: tokens.spacingHorizontalS, verticalAlign: "middle" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground2, marginTop: tokens.spacingVerticalS },
  dayList: { listStyleType: "none", margin: 0, padding: 0 },
});

type Dialog = { kind: "day"; day: string } | { kind: "holiday"; edit?: HolidayEdit } | { kind: "extra" } | { kind: "feed" };

/** /calendar (every calendar of the reader) and /calendar/{course} (one class's): month, week and agenda. */
export function CalendarPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["calendar", "errors", "common"]);
  const notify = useNotify();
  const { course } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const [search, setSearch] = useSearchParams();
  const today = isoDateOf(new Date());
  const view = viewOf(search);
  const date = dateOf(search, today);
  const range = rangeOf(view, date);
  const rangeId = useId();
  const [hidden, setHidden] = useState<string[]>(() => (user ? readHidden(localStore, user.guid) : []));
  const [focused, setFocused] = useState(date);
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [deleteHolidays] = useDeleteHolidaysMutation();
  useCalendarLive();

  const calendarsQuery = useGetCalendarsQuery();
  const calendars = useMemo(() => calendarsQuery.data?.items ?? [], [calendarsQuery.data]);
  const classCalendars = calendars.filter((c) => c.kind === "class");
  // The page's class is known from the URL: its events start before the list answers.
  const shown = course ? [course] : calendarsQuery.data ? shownCalendars(calendars, undefined, hidden) : undefined;
  const arg = shown ? eventsArgOf(shown, view, date, offset) : undefined;
  const eventsQuery = useGetCalendarEventsQuery(arg ?? skipToken);
  const page = arg ? eventsQuery.currentData : undefined;
  const events = useMemo(() => page?.items ?? [], [page]);
  const byDay = useMemo(() => eventsByDay(events), [events]);

  const nameOf = useCallback((guid: string) => calendars.find((c) => c.guid === guid)?.name, [calendars]);
  const canSchool = calendarsQuery.data?.canSetSchoolHolidays ?? false;
  const editable = (course ? classCalendars.filter((c) => c.guid === course) : classCalendars).filter((c) => c.canEdit);
  const title = course ? (nameOf(course) ?? t("title")) : t("title");

  const navigate = (changes: { view?: CalendarViewMode; date?: string }) => {
    const next = new URLSearchParams(search);
    if (changes.view) next.set("view", changes.view);
    if (changes.date) next.set("date", changes.date);
    setSearch(next, { replace: true });
    setOffset(0);
    if (changes.date) setFocused(changes.date);
  };

  const toggle = (guid: string, on: boolean) => {
    const next = on ? hidden.filter((g) => g !== guid) : [...hidden, guid];
    setHidden(next);
    setOffset(0);
    if (user) localStore.setItem(hiddenKey(user.guid), JSON.stringify(next));
  };

  // Arrow keys may leave the days shown: the range follows the focus.
  const focusDay = (day: string) => {
    setFocused(day);
    if (day < range.fromDate || day > range.toDate || (view === "month" && day.slice(0, 7) !== date.slice(0, 7))) navigate({ date: day });
  };

  const actionsFor = (event: CalendarEventView): HolidayActions | undefined => {
    if (event.kind !== "holiday" || !event.sourceGuid) return undefined;
    const calendar = calendars.find((c) => c.guid === event.calendarGuid);
    if (!calendar?.canEdit && !canSchool) return undefined;
    return {
      onEdit: (e) =>
        setDialog({ kind: "holiday", edit: { guid: e.sourceGuid ?? "", name: e.title, startDate: e.startDate ?? "", endDate: e.endDate ?? "" } }),
      onDelete: async (e) => {
        try {
          await deleteHolidays([e.sourceGuid ?? ""]).unwrap();
          notify({ intent: "success", title: t("holiday.deleted", { name: e.title }) });
          return true;
        } catch (failure) {
          notify({ intent: "error", title: errorMessage(t, failure) });
          return false;
        }
      },
    };
  };

  const rangeLabel = (() => {
    if (view === "month") return formatter(i18n.language, { month: "long", year: "numeric" }).format(localDateOf(date));
    const f = formatter(i18n.language, { day: "numeric", month: "short", year: "numeric" });
    return t("rangeLabel", { from: f.format(localDateOf(range.fromDate)), to: f.format(localDateOf(range.toDate)) });
  })();

  const body = (() => {
    if (calendarsQuery.isError) return <ErrorState onRetry={() => void calendarsQuery.refetch()} />;
    if (shown && shown.length === 0) return <EmptyState icon={<CalendarLtrRegular />} title={t("empty.title")} body={t(classCalendars.length === 0 ? "empty.noClasses" : "empty.allHidden")} />;
    if (eventsQuery.isError) return <ErrorState message={errorMessage(t, eventsQuery.error)} onRetry={() => void eventsQuery.refetch()} />;
    if (view === "agenda") {
      if (!page) return <BusyIndicator label={t("loading")} />;
      return <AgendaView events={events} total={page.total} offset={page.offset} pageSize={page.pageSize} onPage={setOffset} nameOf={nameOf} actionsFor={actionsFor} />;
    }
    // The grid stays while another range loads, so the keyboard focus stays in it.
    return (
      <>
        {page ? null : <BusyIndicator size="tiny" label={t("loading")} />}
        <DayGrid
          weeks={weeksOf(range.fromDate, range.toDate)}
          month={view === "month" ? date : undefined}
          byDay={byDay}
          today={today}
          focused={focused >= range.fromDate && focused <= range.toDate ? focused : range.fromDate <= today && today <= range.toDate ? today : (view === "month" ? `${date.slice(0, 8)}01` : range.fromDate)}
          onFocusDay={focusDay}
          onOpenDay={(day) => setDialog({ kind: "day", day })}
          labelledBy={rangeId}
          showTimes={view === "week"}
        />
        {page && page.total > page.items.length ? <p className={styles.note}>{t("truncated", { shown: page.items.length, total: page.total })}</p> : null}
      </>
    );
  })();

  const dayEvents = dialog?.kind === "day" ? (byDay.get(dialog.day) ?? []) : [];
  return (
    <>
      <AppPageHeader
        title={title}
        actions={
          <div className={styles.actions}>
            {editable.length > 0 || canSchool ? (
              <Button icon={<AddRegular />} onClick={() => setDialog({ kind: "holiday" })}>
                {t("holiday.add")}
              </Button>
            ) : null}
            {editable.length > 0 ? (
              <Button icon={<AddRegular />} onClick={() => setDialog({ kind: "extra" })}>
                {t("extra.add")}
              </Button>
            ) : null}
            <Button icon={<RssRegular />} onClick={() => setDialog({ kind: "feed" })}>
              {t("feed.open")}
            </Button>
          </div>
        }
      />
      <div className={styles.layout}>
        {course ? null : (
          <aside aria-labelledby={`${rangeId}-legend`}>
            <fieldset className={styles.legend}>
              <legend id={`${rangeId}-legend`} className={styles.legendTitle}>
                {t("legend")}
              </legend>
              {classCalendars.map((c) => (
                <Checkbox
                  key={c.guid}
                  checked={!hidden.includes(c.guid)}
                  onChange={(_, d) => toggle(c.guid, d.checked === true)}
                  label={
                    <>
                      <span className={styles.swatch} style={{ backgroundColor: c.color ?? undefined }} aria-hidden="true" />
                      {c.name}
                    </>
                  }
                />
              ))}
            </fieldset>
          </aside>
        )}
        <div>
          <div className={styles.toolbar}>
            <Button icon={<ChevronLeftRegular />} aria-label={t(`previous.${view}`)} onClick={() => navigate({ date: stepDate(view, date, -1) })} />
            <Button onClick={() => navigate({ date: today })}>{t("today")}</Button>
            <Button icon={<ChevronRightRegular />} aria-label={t(`next.${view}`)} onClick={() => navigate({ date: stepDate(view, date, 1) })} />
            <h2 id={rangeId} className={styles.range} aria-live="polite">
              {rangeLabel}
            </h2>
            <div role="group" aria-label={t("views.label")} className={styles.views}>
              {CALENDAR_VIEWS.map((v) => (
                <Button key={v} appearance={v === view ? "primary" : "secondary"} aria-pressed={v === view} onClick={() => navigate({ view: v })}>
                  {t(`views.${v}`)}
                </Button>
              ))}
            </div>
          </div>
          {body}
        </div>
      </div>
      {dialog?.kind === "day" ? (
        <ModalDialog
          open
          onClose={() => {
            const day = dialog.day;
            setDialog(undefined);
            // The focus goes back to the day it came from (the dialog is gone before Fluent could restore it).
            setTimeout(() => document.querySelector<HTMLElement>(`[role="gridcell"][data-day="${day}"]`)?.focus(), 0);
          }}
          size="s"
          title={formatter(i18n.language, LONG_DAY).format(localDateOf(dialog.day))}
        >
          {dayEvents.length === 0 ? (
            <p>{t("grid.noEvents")}</p>
          ) : (
            <ul className={styles.dayList}>
              {dayEvents.map((e) => (
                <li key={e.guid}>
                  <EventDetails event={e} calendarName={nameOf(e.calendarGuid)} holidayActions={actionsFor(e)} />
                </li>
              ))}
            </ul>
          )}
        </ModalDialog>
      ) : null}
      {dialog && dialog.kind !== "day" ? (
        <Suspense fallback={null}>
          {dialog.kind === "holiday" ? (
            <HolidayDialog
              calendars={editable}
              canSetSchoolHolidays={canSchool}
              edit={dialog.edit}
              initialDate={dialog.edit ? undefined : focused}
              onClose={() => setDialog(undefined)}
            />
          ) : dialog.kind === "extra" ? (
            <ExtraClassDialog calendars={editable} initialCalendar={course} initialDate={focused} onClose={() => setDialog(undefined)} />
          ) : (
            <FeedDialog onClose={() => setDialog(undefined)} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
