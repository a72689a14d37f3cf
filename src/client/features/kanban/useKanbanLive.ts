import { useEffect } from "react";
import { CALENDAR_SOCKET_EVENTS } from "../../../contracts/calendar-base";
import { NOTIFICATION_EVENTS, type NotificationView } from "../../../contracts/notifications-base";
import { useAppDispatch } from "../../app/store";
import { onRealtime, onRealtimeReconnect } from "../notifications/realtime";
import { kanbanApi } from "./kanbanApi";

/**
 * Boards follow the tab's socket: a notification about a task (assigned, unassigned, handed in,
 * graded), leaving a class or a reconnection reloads the boards on screen. Moves are not pushed
 * (ADR 0032): another tab sees them on its next load.
 */
export function useKanbanLive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(kanbanApi.util.invalidateTags(["Kanban"]));
    const stopNotifications = onRealtime<NotificationView>(NOTIFICATION_EVENTS.created, (notification) => {
      if (notification.jobGuid) reload();
    });
    // Out of a class (removed, or it was archived): its cards leave the board.
    const stopClassLeft = onRealtime(CALENDAR_SOCKET_EVENTS.classLeft, reload);
    const stopReconnect = onRealtimeReconnect(reload);
    return () => {
      stopNotifications();
      stopClassLeft();
      stopReconnect();
    };
  }, [dispatch]);
}
