import { act } from "@testing-library/react";

/**
 * The tab's realtime module as client tests play it: screens subscribe through `onRealtime` as in
 * the app, and `pushRealtime` delivers an event to every listener, as the server's push would.
 * Use it from a test file with:
 *
 *   jest.mock("../../src/client/features/notifications/realtime", () => jest.requireActual<typeof import("../support/realtime-double")>("../support/realtime-double").realtimeDouble());
 */
const handlers = new Map<string, Set<(payload: unknown) => void>>();

export function realtimeDouble() {
  return {
    ...jest.requireActual("../../src/client/features/notifications/realtime"),
    onRealtime: (event: string, handler: (payload: unknown) => void) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
    onRealtimeReconnect: () => () => undefined,
  };
}

/** The server pushes `event` to every listener of the tab (the bell's and the page's). */
export const pushRealtime = (event: string, payload: unknown) => act(() => handlers.get(event)?.forEach((h) => h(payload)));

/** How many listeners `event` has now (a screen subscribes once its realtime chunk has loaded). */
export const realtimeListeners = (event: string): number => handlers.get(event)?.size ?? 0;

/** Forgets every listener (between tests). */
export const resetRealtime = (): void => handlers.clear();
