import { TIMINGS_MS } from "../../../contracts/limits";
import type { RootState } from "../../app/store";
import { pointsShown, selectGamification, toastShown, type RewardToast } from "./gamificationSlice";

/*
 * The pace of the rewards (spec: "Reward toasts are shown from a queue every 3 s; point
 * notifications are dispatched every 1 s"): whenever a queue holds something and its time has come,
 * its first item goes out, and the next may follow one interval later. An idle queue shows its next
 * item at once. A timer wakes the scheduler for the next due item; nothing runs while both are empty.
 */

export type SchedulerStore = {
  getState: () => RootState;
  dispatch: (action: ReturnType<typeof toastShown> | ReturnType<typeof pointsShown>) => unknown;
  subscribe: (listener: () => void) => () => void;
};

export type SchedulerOptions = {
  /** Shows a toast (the app's toaster). */
  showToast: (toast: RewardToast) => void;
  now?: () => number;
  toastInterval?: number;
  pointsInterval?: number;
};

/** Starts taking rewards out of the store's queues; returns the way to stop. */
export function startRewardScheduler(store: SchedulerStore, options: SchedulerOptions): () => void {
  const { showToast, now = Date.now, toastInterval = TIMINGS_MS.gamifiedToastInterval, pointsInterval = TIMINGS_MS.pointNotificationInterval } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  const tick = () => {
    // Our own dispatches come back through subscribe: one pass at a time.
    if (running || stopped) return;
    running = true;
    try {
      const at = now();
      let state = selectGamification(store.getState());
      const toast = state.toasts[0];
      if (toast && at >= state.nextToastAt) {
        store.dispatch(toastShown({ now: at, interval: toastInterval }));
        showToast(toast);
      }
      state = selectGamification(store.getState());
      if (state.points.length > 0 && at >= state.nextPointsAt) store.dispatch(pointsShown({ now: at, interval: pointsInterval }));
      state = selectGamification(store.getState());
      const due = [state.toasts.length > 0 ? state.nextToastAt : undefined, state.points.length > 0 ? state.nextPointsAt : undefined].filter(
        (t): t is number => t !== undefined,
      );
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (due.length > 0) timer = setTimeout(tick, Math.max(0, Math.min(...due) - now()));
    } finally {
      running = false;
    }
  };

  const unsubscribe = store.subscribe(tick);
  tick();
  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
