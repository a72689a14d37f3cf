import { useEffect } from "react";
import { CALENDAR_SOCKET_EVENTS } from "../../../contracts/calendar-base";
import { KANBAN_SOCKET_EVENTS, type KanbanChangedPush } from "../../../contracts/kanban-base";
import { NOTIFICATION_EVENTS, type NotificationView } from "../../../contracts/notifications-base";
import { useAppDispatch } from "../../app/store";
import { onRealtime, onRealtimeReconnect } from "../notifications/realtime";
import { KANBAN_TAB_ID, kanbanApi } from "./kanbanApi";

/**
 * Boards follow the tab's socket: a board changed elsewhere (the student's other tab moved, added,
 * edited or deleted a card; for a teacher, one of the class's students did), a notification about a
 * task (assigned, unassigned, handed in, graded), leaving a class or a reconnection reloads the
 * boards on screen. The tab that made a change already shows it and does not reload.
 */
export function useKanbanLive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(kanbanApi.util.invalidateTags(["Kanban"]));
    const stopChanged = onRealtime<KanbanChangedPush>(KANBAN_SOCKET_EVENTS.changed, (push) => {
      if (push.origin !== KANBAN_TAB_ID) reload();
    });
    const stopNotifications = onRealtime<NotificationView>(NOTIFICATION_EVENTS.created, (notification) => {
      if (notification.jobGuid) reload();
    });
    // Out of a class (removed, or it was archived): its cards leave the board.
    const stopClassLeft = onRealtime(CALENDAR_SOCKET_EVENTS.classLeft, reload);
    const stopReconnect = onRealtimeReconnect(reload);
    return () => {
      stopChanged();
      stopNotifications();
      stopClassLeft();
      stopReconnect();
    };
  }, [dispatch]);
}
