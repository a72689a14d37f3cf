import { useEffect } from "react";
import { useAppDispatch } from "../../app/store";
import { taskListsChanged } from "./tasksApi";

/**
 * Keeps the tasks page live: a "notification:new" about a job (assigned, turned in, graded…) or a
 * reconnection (what was missed) refreshes the lists, the counts and any open job. The realtime
 * module is the notifications bell's (its own chunk, loaded after the first screen): it is imported
 * here on demand, never in this page's first load.
 */
export function useLiveTasks(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let stopped = false;
    const stops: Array<() => void> = [];
    void import("../notifications/realtime")
      .then(({ onRealtime, onRealtimeReconnect }) => {
        if (stopped) return;
        stops.push(
          onRealtime<{ jobGuid?: string | null } | undefined>("notification:new", (note) => {
            if (note?.jobGuid) dispatch(taskListsChanged());
          }),
          onRealtimeReconnect(() => dispatch(taskListsChanged())),
        );
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      for (const stop of stops.splice(0)) stop();
    };
  }, [dispatch]);
}
