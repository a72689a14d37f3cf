import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CALENDAR_LIMITS, type CalendarEventView } from "../../../contracts/calendar-base";
import { useGetNextEventsQuery } from "./calendarApi";
import { formatter, whenOf } from "./eventDays";
import { useCalendarLive } from "./useCalendarLive";

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  item: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "baseline" },
  swatch: { width: "10px", height: "10px", borderRadius: "50%", flexShrink: 0 },
  when: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, minWidth: "120px" },
  more: { marginTop: tokens.spacingVerticalM, display: "inline-block" },
});

function Row({ event }: { event: CalendarEventView }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("calendar");
  const day = formatter(i18n.language, { weekday: "short", day: "numeric", month: "short" }).format(new Date(event.start));
  const when = `${day}, ${whenOf(event, i18n.language, t)}`;
  return (
    <li className={styles.item}>
      <span className={styles.swatch} style={{ backgroundColor: event.color }} aria-hidden="true" />
      <span className={styles.when}>
        {when}
      </span>
      {/* The time is in the link's name: several next events of one class would otherwise be links of one name. */}
      {event.link ? (
        <Link to={event.link} aria-label={`${event.title}, ${when}`}>
          {event.title}
        </Link>
      ) : (
        <span>{event.title}</span>
      )}
    </li>
  );
}

/** The home's next events (spec §2): GET calendar/next-events?limit=5, and a link to the calendar. */
export function NextEvents() {
  const styles = useStyles();
  const { t } = useTranslation("calendar");
  const { data, isLoading, isError } = useGetNextEventsQuery(CALENDAR_LIMITS.nextEvents);
  useCalendarLive();
  return (
    <>
      {isLoading ? (
        <p role="status">{t("upcoming.loading")}</p>
      ) : isError || !data ? (
        <p>{t("upcoming.failed")}</p>
      ) : data.items.length === 0 ? (
        <Text as="p">{t("upcoming.empty")}</Text>
      ) : (
        <ul className={styles.list}>
          {data.items.map((e) => (
            <Row key={e.guid} event={e} />
          ))}
        </ul>
      )}
      <Link to="/calendar" className={styles.more}>
        {t("upcoming.all")}
      </Link>
    </>
  );
}
