import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CalendarEventView } from "../../../contracts/calendar-base";
import { whenOf } from "./eventDays";

const useStyles = makeStyles({
  item: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "flex-start", padding: `${tokens.spacingVerticalS} 0` },
  swatch: { width: "12px", height: "12px", borderRadius: "50%", marginTop: "4px", flexShrink: 0 },
  body: { display: "flex", flexDirection: "column", gap: "2px", flexGrow: 1, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", marginTop: tokens.spacingVerticalXS },
});

export type HolidayActions = { onEdit: (event: CalendarEventView) => void; onDelete: (event: CalendarEventView) => Promise<boolean> };

/**
 * One event: colour, time, title, kind and class, its link (the class, the lesson or the task) and,
 * for a holiday the reader may edit, Edit and Delete (which asks first).
 */
export function EventDetails({ event, calendarName, holidayActions }: { event: CalendarEventView; calendarName?: string; holidayActions?: HolidayActions }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("calendar");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.item}>
      <span className={styles.swatch} style={{ backgroundColor: event.color }} aria-hidden="true" />
      <div className={styles.body}>
        <span className={styles.title}>{event.title}</span>
        <span className={styles.meta}>
          {whenOf(event, i18n.language, t)} · {t(`kinds.${event.kind}`)}
          {calendarName ? ` · ${calendarName}` : ""}
        </span>
        {event.link || holidayActions ? (
          <div className={styles.actions}>
            {event.link ? (
              <Link to={event.link} aria-label={t("event.openNamed", { title: event.title })}>
                {t(event.kind === "due" ? "event.openTask" : "event.open")}
              </Link>
            ) : null}
            {holidayActions && !confirming ? (
              <>
                <Button size="small" onClick={() => holidayActions.onEdit(event)} aria-label={t("holiday.editNamed", { name: event.title })}>
                  {t("holiday.edit")}
                </Button>
                <Button size="small" onClick={() => setConfirming(true)} aria-label={t("holiday.deleteNamed", { name: event.title })}>
                  {t("holiday.delete")}
                </Button>
              </>
            ) : null}
            {holidayActions && confirming ? (
              <>
                <span role="status">{t("holiday.confirmDelete", { name: event.title })}</span>
                <Button
                  size="small"
                  appearance="primary"
                  disabled={busy}
                  onClick={() => {
                    setBusy(true);
                    void holidayActions.onDelete(event).then((done) => {
                      setBusy(false);
                      if (!done) setConfirming(false);
                    });
                  }}
                >
                  {t("holiday.confirm")}
                </Button>
                <Button size="small" onClick={() => setConfirming(false)}>
                  {t("form.cancel")}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
