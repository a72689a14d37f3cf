import type { i18n } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "react-redux";
import { useLocation } from "react-router-dom";
import { matchRouteAssets } from "../../contracts/route-assets";
import { preloadChunks } from "./lazyPage";
import { nextTask } from "./nextTask";
import type { AppStore } from "./store";

/**
 * Navigation starts a screen's code, translations and data together (ADR 0026). The route table
 * (contracts/route-assets.ts) names the screen's chunks and namespaces from its URL; its data
 * starters (routeData.ts) ask what its components will ask. Called at boot before the first render
 * (main.tsx) and at every later navigation (useNavigationStart), so nothing waits for the route's
 * chunk to run before asking for its data.
 */
export type NavigationDeps = {
  store: AppStore;
  /** Once translations run: the screen's namespaces load with its code (at boot, initI18n takes them). */
  i18n?: i18n;
  /** Start the screen's data too (at boot only once the session is settled, e.g. inside Teams). */
  data: boolean;
};

export function startNavigation(location: { pathname: string; search: string }, deps: NavigationDeps): void {
  const match = matchRouteAssets(location.pathname);
  if (!match) return;
  preloadChunks(match.route.chunks);
  if (deps.i18n) void deps.i18n.loadNamespaces([...match.route.namespaces]);
  const user = deps.store.getState().auth.record?.user;
  if (!deps.data || !match.route.data || !user) return;
  import(/* webpackChunkName: "route-data" */ "./routeData").then(
    // Evaluating the starters (RTK Query and every endpoint they use) is one task, asking for the
    // data the next: two short tasks instead of one long one, a few milliseconds apart (ADR 0031).
    (m) => nextTask().then(() => m.startRouteData(match, new URLSearchParams(location.search), user, deps.store.dispatch)),
    // Only a head start: without it each page still asks for its own data.
    () => undefined,
  );
}

/** The namespaces the screen at `pathname` reads, beyond the ones always loaded. */
export const namespacesOf = (pathname: string): string[] => [...(matchRouteAssets(pathname)?.route.namespaces ?? [])];

/**
 * Starts each navigation's code, translations and data as the router moves to it, in the same
 * render in which React starts the route's lazy chunk (not in an effect: a navigation that suspends
 * commits nothing until its chunk arrives). The store is updated in a microtask, not during render.
 */
export function useNavigationStart(): void {
  const location = useLocation();
  const store = useStore() as AppStore;
  const { i18n } = useTranslation();
  // The location last started, as state (React's "value from the previous render" pattern).
  const [started, setStarted] = useState<string | undefined>(undefined);
  const key = `${location.pathname}${location.search}`;
  if (started !== key) {
    setStarted(key);
    queueMicrotask(() => startNavigation(location, { store, i18n, data: true }));
  }
}
