import { useEffect } from "react";

/** What a screen may do with the tab's socket: listen to an event, and hear about reconnections. */
export type RealtimeSubscriptions = Pick<typeof import("./realtime"), "onRealtime" | "onRealtimeReconnect">;

/**
 * Subscribes a screen to the tab's realtime connection while it is mounted. The realtime module is
 * the notifications bell's (its own chunk, loaded after the first screen): it is imported here on
 * demand, never in a page's first load. `subscribe` returns its stops; they run on unmount (also
 * when it unmounts before the module arrived, in which case nothing is subscribed).
 */
export function useRealtimeEffect(subscribe: (realtime: RealtimeSubscriptions) => Array<() => void>, deps: readonly unknown[]): void {
  useEffect(() => {
    let stopped = false;
    const stops: Array<() => void> = [];
    void import("./realtime")
      .then((realtime) => {
        if (!stopped) stops.push(...subscribe(realtime));
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      for (const stop of stops.splice(0)) stop();
    };
    // The caller names what `subscribe` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
