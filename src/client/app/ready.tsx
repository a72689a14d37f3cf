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

/**
 * Rendered beside a route's page inside its Suspense boundary: it mounts only once the page's
 * chunk has loaded and the page rendered, which is the "first meaningful render".
 */
export function ReadyMarker() {
  const host = useHost();
  useEffect(() => notifyReadyOnce(host), [host]);
  return null;
}
