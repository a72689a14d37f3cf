/**
 * Product analytics without third-party calls: events go to `window.dataLayer` (so a tag
 * manager, when an edition installs one, picks them up) and to an `aula:analytics` DOM event
 * (so first-party listeners and tests can observe them).
 */
export type AnalyticsProps = Record<string, string | number | boolean>;
export type AnalyticsEvent = AnalyticsProps & { event: string };

export const ANALYTICS_DOM_EVENT = "aula:analytics";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: string, props: AnalyticsProps = {}): void {
  if (typeof window === "undefined") return;
  // `event` last so a stray prop can never rename the event.
  const detail: AnalyticsEvent = { ...props, event };
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(detail);
    window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_DOM_EVENT, { detail }));
  } catch {
    // Analytics must never break the flow that reports it.
  }
}
