import { CALENDAR_SOCKET_EVENTS } from "../../../contracts/calendar-base";
import { NOTIFICATION_EVENTS } from "../../../contracts/notifications-base";
import { useAppDispatch } from "../../app/store";
import { useRealtimeEffect } from "../notifications/useRealtimeEffect";
import { taskListsChanged } from "./tasksApi";

/**
 * Keeps the tasks page live: a notification about a job (assigned, turned in, graded…), leaving a
 * class (its tasks go) or a reconnection (what was missed) refreshes the lists, the counts and any
 * open job.
 */
export function useLiveTasks(): void {
  const dispatch = useAppDispatch();
  useRealtimeEffect(
    ({ onRealtime, onRealtimeReconnect }) => {
      const reload = () => void dispatch(taskListsChanged());
      return [
        onRealtime<{ jobGuid?: string | null } | undefined>(NOTIFICATION_EVENTS.created, (note) => {
          if (note?.jobGuid) reload();
        }),
        onRealtime(CALENDAR_SOCKET_EVENTS.classLeft, reload),
        onRealtimeReconnect(reload),
      ];
    },
    [dispatch],
  );
}
