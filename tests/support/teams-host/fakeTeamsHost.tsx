import { render } from "@testing-library/react";
import { MemoryRouter, useLocation, type Location } from "react-router-dom";
import { baseApi } from "../../../src/client/app/api";
import { AppProviders } from "../../../src/client/app/App";
import { AppRoutes } from "../../../src/client/app/routes";
import { makeStore, type AppStore } from "../../../src/client/app/store";
import type { AuthRecord } from "../../../src/client/features/auth/authStorage";
import { TeamsGate } from "../../../src/client/features/teams/TeamsGate";
import type { Host, HostContext, HostTheme, TabConfig } from "../../../src/client/platform";
import { mockApi, ok, type ApiRoutes } from "../client-api";
import { EDITION, makeTestI18n } from "../render";

export type FakeTeamsHost = Host & {
  notifyReady: jest.Mock;
  notifyFailure: jest.Mock;
  openAuthWindow: jest.Mock<Promise<string>, [string]>;
  getToken: jest.Mock<Promise<string | undefined>, []>;
  /** The config page's calls. */
  validity: boolean[];
  /** Presses the host's Save button: what the page's save handler returns. */
  save: () => Promise<TabConfig>;
  /** Pushes a theme change as Teams would. */
  pushTheme: (t: HostTheme) => void;
};

/** The Teams user the fake host reports (Teams context user.tenant.id, user.id, user.loginHint). */
export const FAKE_TEAMS_USER = {
  tenantId: "00000000-de00-4000-8000-0000000a01a0",
  objectId: "00000000-0000-4000-8000-0000000a0a0a",
  loginHint: "ana.garcia@example.org",
} as const;

/** A Host that behaves like the Teams adapter, for unit tests (the e2e suite uses the real one). */
export function fakeTeamsHost(context: Partial<HostContext> = {}): FakeTeamsHost {
  let saveHandler: (() => TabConfig | Promise<TabConfig>) | undefined;
  const themeListeners = new Set<(t: HostTheme) => void>();
  const validity: boolean[] = [];
  const ctx: HostContext = {
    kind: "teams",
    locale: "es-es",
    theme: "default",
    subPageId: undefined,
    userHint: "ana.garcia@example.org",
    user: FAKE_TEAMS_USER,
    frameContext: "content",
    ...context,
  };
  return {
    context: ctx,
    getToken: jest.fn(async () => "teams-sso-token"),
    openAuthWindow: jest.fn(async (_url: string) => "consented"),
    shareDeepLink: async () => undefined,
    notifyReady: jest.fn(),
    notifyFailure: jest.fn(),
    onThemeChange: (l) => {
      themeListeners.add(l);
      return () => void themeListeners.delete(l);
    },
    tabConfig:
      ctx.frameContext === "settings"
        ? {
            setValidity: (v) => void validity.push(v),
            onSave: (h) => {
              saveHandler = h;
            },
          }
        : undefined,
    validity,
    save: async () => {
      if (!saveHandler) throw new Error("no save handler registered");
      return saveHandler();
    },
    pushTheme: (t) => themeListeners.forEach((l) => l(t)),
  };
}

const stores: AppStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(baseApi.util.resetApiState());
});

/** The route table behind the Teams gate (as App renders it), at `path`, inside a Teams host. */
export function renderInTeams(path: string, options: { host?: FakeTeamsHost; api?: ApiRoutes; auth?: AuthRecord } = {}) {
  const api = mockApi({ "GET /api/edition": ok(EDITION), ...options.api });
  const store = makeStore(options.auth ? { auth: { record: options.auth } } : undefined);
  stores.push(store);
  const host = options.host ?? fakeTeamsHost();
  let current: Location | undefined;
  function Probe() {
    current = useLocation();
    return null;
  }
  const result = render(
    <AppProviders store={store} i18n={makeTestI18n("es")} host={host}>
      <MemoryRouter initialEntries={[path]}>
        <TeamsGate>
          <AppRoutes />
        </TeamsGate>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...result,
    api,
    store,
    host,
    location: () => {
      if (!current) throw new Error("router not rendered");
      return current;
    },
  };
}
