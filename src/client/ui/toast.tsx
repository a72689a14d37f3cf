import { lazy, Suspense, useSyncExternalStore } from "react";

export const APP_TOASTER_ID = "app-toaster";

export type NotifyIntent = "success" | "error" | "info" | "warning";
export type Notice = { intent: NotifyIntent; title: string; body?: string; timeoutMs?: number };
type Listener = (notice: Notice) => void;

/*
 * Notices go through this tiny queue so the toaster itself (Fluent Toast with its motion, portal
 * and focus code: about 30 KiB gzip in five chunks) loads only when the first notice is shown,
 * never as part of a screen's first load (ADR 0027): anything notified before it mounts waits
 * here and shows as soon as it does.
 */
const waiting: Notice[] = [];
let listener: Listener | undefined;
/** Whether a notice was ever pushed, so the toaster must be (or stay) mounted. */
let wanted = false;
const wantedWatchers = new Set<() => void>();

function pushNotice(notice: Notice): void {
  if (listener) {
    listener(notice);
    return;
  }
  waiting.push(notice);
  if (!wanted) {
    wanted = true;
    wantedWatchers.forEach((watch) => watch());
  }
}

const watchWanted = (watch: () => void) => {
  wantedWatchers.add(watch);
  return () => void wantedWatchers.delete(watch);
};
const isWanted = () => wanted;

/** Used by the toaster host: receives every notice, starting with the ones that waited. */
export function listenToNotices(next: Listener): () => void {
  listener = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = undefined;
  };
}

const ToastHost = lazy(() => import(/* webpackChunkName: "toaster" */ "./ToastHost").then((m) => ({ default: m.ToastHost })));

/** The app's single toaster; rendered once by the app shell, its code loaded with the first notice. */
export function AppToaster() {
  const needed = useSyncExternalStore(watchWanted, isWanted, isWanted);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** `notify({ intent, title, body?, timeoutMs? })` shows a toast in the app's toaster. */
export function useNotify(): (notice: Notice) => void {
  return pushNotice;
}
