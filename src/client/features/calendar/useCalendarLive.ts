import { CALENDAR_SOCKET_EVENTS } from "../../../contracts/calendar-base";
import { useAppDispatch } from "../../app/store";
import { useRealtimeEffect } from "../notifications/useRealtimeEffect";
import { calendarApi } from "./calendarApi";

/**
 * Keeps calendars live: a holiday, an extra class or a timetable changed in one of the reader's
 * classes (or their school) reloads the events on screen and the next events; leaving a class or a
 * reconnection (what was missed) also reloads the list of calendars.
 */
export function useCalendarLive(): void {
  const dispatch = useAppDispatch();
  useRealtimeEffect(
    ({ onRealtime, onRealtimeReconnect }) => {
      const events = () => void dispatch(calendarApi.util.invalidateTags(["CalendarEvents", "NextEvents"]));
      const everything = () => void dispatch(calendarApi.util.invalidateTags(["Calendars", "CalendarEvents", "NextEvents"]));
      return [onRealtime(CALENDAR_SOCKET_EVENTS.changed, events), onRealtime(CALENDAR_SOCKET_EVENTS.classLeft, everything), onRealtimeReconnect(everything)];
    },
    [dispatch],
  );
}
