import { lazy, Suspense } from "react";

export const APP_TOASTER_ID = "app-toaster";

export type NotifyIntent = "success" | "error" | "info" | "warning";
export type Notice = { intent: NotifyIntent; title: string; body?: string; timeoutMs?: number };
type Listener = (notice: Notice) => void;

/*
 * Notices go through this tiny queue so the toaster itself (Fluent Toast, its motion and focus
 * code, ~10 KiB gzip) can load after the first paint: anything notified before it mounts waits
 * here and shows as soon as it does.
 */
const waiting: Notice[] = [];
let listener: Listener | undefined;

function pushNotice(notice: Notice): void {
  if (listener) listener(notice);
  else waiting.push(notice);
}

/** Used by the toaster host: receives every notice, starting with the ones that waited. */
export function listenToNotices(next: Listener): () => void {
  listener = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = undefined;
  };
}

const ToastHost = lazy(() => import(/* webpackChunkName: "toaster" */ "./ToastHost").then((m) => ({ default: m.ToastHost })));

/** The app's single toaster; rendered once by the app shell. */
export function AppToaster() {
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
