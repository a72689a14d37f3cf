import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { chooseBootLanguage, needsEditionForLanguage } from "./app/bootLanguage";
import { makeStore } from "./app/store";
import { shellApi } from "./features/shell/shellApi";
import { initI18n, storedLanguage } from "./i18n";
import { detectHost } from "./platform";

async function boot(): Promise<void> {
  const store = makeStore();
  // Start loading the edition at once: branding needs it, and maybe the first language too.
  const edition = store.dispatch(shellApi.endpoints.getEdition.initiate());
  const host = await detectHost();
  try {
    const hints = { stored: storedLanguage(), userLocale: store.getState().auth.record?.user.locale };
    const editionDefault = needsEditionForLanguage(hints)
      ? await edition.unwrap().then((e) => e.defaultLanguage, () => undefined)
      : undefined;
    const i18n = await initI18n(chooseBootLanguage({ ...hints, editionDefault }));
    const root = document.getElementById("root");
    if (!root) throw new Error("#root is missing from index.html");
    createRoot(root).render(
      <StrictMode>
        <App store={store} i18n={i18n} host={host} />
      </StrictMode>,
    );
  } catch (error) {
    host.notifyFailure(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    edition.unsubscribe();
  }
}

void boot();
