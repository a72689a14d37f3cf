import "./app/global.css";
import { applyBootData, readBootData } from "./app/bootData";
import { chooseBootLanguage, needsEditionForLanguage } from "./app/bootLanguage";
import { namespacesOf, startNavigation } from "./app/navigation";
import { nextTask } from "./app/nextTask";
import { loadPublic } from "./app/publicData";
import { makeStore } from "./app/store";
import { initI18n, storedLanguage, toLanguage } from "./i18n";
import { detectHost, mayBeInTeams } from "./platform";


async function boot(): Promise<void> {
  const store = makeStore();
  // The edition the server inlined into the HTML, when it is this browser's (else it is fetched).
  applyBootData(store, readBootData());
  // Start loading the edition at once: branding needs it, and maybe the first language too.
  const edition = store.dispatch(loadPublic("edition"));
  const framed = mayBeInTeams(window);
  // The first screen's code and (with a settled session: not in a frame that may be Teams) its data,
  // before anything else waits (ADR 0026). The HTML already preloads the same chunks.
  startNavigation(window.location, { store, data: !framed });
  // The app's components (React DOM, Fluent, the routes) are evaluated in a task of their own, while
  // the screen's code, data and translations load; still in the entry chunk ("eager"), so no request.
  const app = nextTask().then(() => import(/* webpackMode: "eager" */ "./app/render"));
  // The Teams session code is only for Teams: its chunk loads while the Teams library starts.
  const teamsSession = framed ? import(/* webpackChunkName: "teams-session" */ "./features/teams/earlySso") : undefined;
  const host = await detectHost();
  // Inside Teams: drop another Teams user's stored session, and with none sign in while translations
  // and the edition load (TeamsSignIn takes it).
  if (host.context.kind === "teams" && teamsSession) (await teamsSession).prepareTeamsSession(store, host, window.location.pathname);
  if (framed) startNavigation(window.location, { store, data: true });
  try {
    // Inside Teams, Teams' locale stands in for the account's when the reader chose no language here.
    const teamsLocale = host.context.kind === "teams" ? toLanguage(host.context.locale) : undefined;
    const hints = { stored: storedLanguage(), userLocale: store.getState().auth.record?.user.locale ?? teamsLocale };
    const editionDefault = needsEditionForLanguage(hints)
      ? await edition.then((e) => e.defaultLanguage, () => undefined)
      : undefined;
    const language = chooseBootLanguage({ ...hints, editionDefault });
    // Portuguese reads Brazilian or European words by the edition's country: know it first.
    if (language === "pt") await edition.catch(() => undefined);
    const i18n = await initI18n(language, namespacesOf(window.location.pathname));
    (await app).renderApp(store, i18n, host);
  } catch (error) {
    host.notifyFailure(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

void boot();
