import type { i18n } from "i18next";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import type { Host } from "../platform";
import { App } from "./App";
import type { AppStore } from "./store";

/**
 * Mounts the app in `#root`. Its own module, imported by main.tsx in a task of its own: evaluating
 * React DOM, Fluent and the routes is the boot's largest piece of script work, and on a slow phone
 * it must not sit in one long task with the store, translations and the screen's first requests
 * (ADR 0029).
 */
export function renderApp(store: AppStore, i18n: i18n, host: Host): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  const reactRoot = createRoot(root);
  // The first render as a transition: React renders the screen in slices of a few milliseconds and
  // lets the browser answer input between them, instead of one long task on a slow phone (the
  // static splash stays until it commits).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App store={store} i18n={i18n} host={host} />
      </StrictMode>,
    );
  });
}
