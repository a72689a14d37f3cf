import type { i18n } from "i18next";
import { lazy, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router-dom";
import { TeamsGate } from "../features/teams/TeamsGate";
import type { Host } from "../platform";
import { AppShell } from "./AppShell";
import { HostProvider, useHost } from "./hostContext";
import { AppRoutes } from "./routes";
import type { AppStore } from "./store";

export type AppContextProps = { store: AppStore; i18n: i18n; host: Host };

/** Store, translations, host and shell: what every screen runs inside (tests add their own router). */
export function AppProviders({ store, i18n, host, children }: AppContextProps & { children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <HostProvider host={host}>
          <AppShell>{children}</AppShell>
        </HostProvider>
      </I18nextProvider>
    </Provider>
  );
}

/** Teams' own themes, a chunk loaded only inside Teams. */
const TeamsTheme = lazy(() =>
  import(/* webpackChunkName: "teams-theme" */ "../features/teams/TeamsTheme").then((m) => ({ default: m.TeamsTheme })),
);

/** Inside Teams: Teams' themes around the routes; standalone: the edition's brand theme only. */
function HostThemed({ children }: { children: ReactNode }) {
  const host = useHost();
  return host.context.kind === "teams" ? <TeamsTheme>{children}</TeamsTheme> : children;
}

export function App(props: AppContextProps) {
  return (
    <AppProviders {...props}>
      <HostThemed>
        <BrowserRouter>
          <TeamsGate>
            <AppRoutes />
          </TeamsGate>
        </BrowserRouter>
      </HostThemed>
    </AppProviders>
  );
}
