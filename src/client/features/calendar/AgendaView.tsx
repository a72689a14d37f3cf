import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { CalendarEventView } from "../../../contracts/calendar-base";
import { EmptyState } from "../../ui/States";
import { localDateOf } from "./calendarRange";
import { daysOfEvent, formatter, LONG_DAY } from "./eventDays";
import { EventDetails, type HolidayActions } from "./EventDetails";

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0 },
  day: { margin: `${tokens.spacingVerticalM} 0 0`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  pager: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
});

export type AgendaViewProps = {
  events: readonly CalendarEventView[];
  total: number;
  offset: number;
  pageSize: number;
  onPage: (offset: number) => void;
  nameOf: (calendarGuid: string) => string | undefined;
  actionsFor: (event: CalendarEventView) => HolidayActions | undefined;
};

/** The agenda: the range's events in order, grouped by day, a page at a time (offset/pageSize/total of the API). */
export function AgendaView({ events, total, offset, pageSize, onPage, nameOf, actionsFor }: AgendaViewProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("calendar");
  const longDay = formatter(i18n.language, LONG_DAY);
  if (total === 0) return <EmptyState title={t("agenda.empty")} />;
  const groups: Array<{ day: string; items: CalendarEventView[] }> = [];
  for (const event of events) {
    const day = daysOfEvent(event)[0] ?? "";
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(event);
    else groups.push({ day, items: [event] });
  }
  return (
    <section aria-label={t("views.agenda")}>
      {groups.map((g) => (
        <div key={g.day}>
          <h2 className={styles.day}>{longDay.format(localDateOf(g.day))}</h2>
          <ul className={styles.list}>
            {g.items.map((e) => (
              <li key={e.guid}>
                <EventDetails event={e} calendarName={nameOf(e.calendarGuid)} holidayActions={actionsFor(e)} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {total > pageSize ? (
        <nav className={styles.pager} aria-label={t("agenda.pages")}>
          <Button disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - pageSize))}>
            {t("agenda.previous")}
          </Button>
          <span>{t("agenda.showing", { from: offset + 1, to: Math.min(offset + pageSize, total), total })}</span>
          <Button disabled={offset + pageSize >= total} onClick={() => onPage(offset + pageSize)}>
            {t("agenda.next")}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
