import { useEffect } from "react";
import type { Host } from "../platform";
import { useHost } from "./hostContext";

const notified = new WeakSet<Host>();

/** Tells the host, once, that a first meaningful screen is on display. */
export function notifyReadyOnce(host: Host): void {
  if (notified.has(host)) return;
  notified.add(host);
  host.notifyReady();
}

/** Runs `fn` once the browser has an idle moment (at the latest after 2 s); returns the way to cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * Rendered beside a route's page inside its Suspense boundary: it mounts only once the page's
 * chunk has loaded and the page rendered, which is the "first meaningful render".
 */
export function ReadyMarker({ onShown }: { onShown?: () => void }) {
  const host = useHost();
  useEffect(() => notifyReadyOnce(host), [host]);
  // What no screen needs at first paint (the shell's notifications bell) starts after it, when idle.
  useEffect(() => (onShown ? whenIdle(onShown) : undefined), [onShown]);
  return null;
}
