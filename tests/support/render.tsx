import { createDOMRenderer, RendererProvider } from "@fluentui/react-components";
import { cleanup, render, type RenderResult } from "@testing-library/react";
import fs from "node:fs";
import path from "node:path";
import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { MemoryRouter, useLocation, type Location } from "react-router-dom";
import type { ReactNode } from "react";
import type { SessionUser } from "../../src/contracts/auth";
import type { Language, Role } from "../../src/contracts/common";
import type { Edition } from "../../src/contracts/organization";
import { baseApi } from "../../src/client/app/api";
import { AppProviders } from "../../src/client/app/App";
import { AppRoutes } from "../../src/client/app/routes";
import { makeStore, type AppStore } from "../../src/client/app/store";
import type { AuthRecord } from "../../src/client/features/auth/authStorage";
import { LANGUAGES } from "../../src/contracts/constants";
import { fixPlurals, followLanguage, i18nOptions, NAMESPACES } from "../../src/client/i18n";
import type { Host, HostTheme } from "../../src/client/platform";
import { mockApi, ok, type ApiRoutes, type MockApi } from "./client-api";

const LOCALES = path.join(__dirname, "../../src/client/i18n/locales");

/*
 * jsdom's getComputedStyle matches every stylesheet rule against the element, and Fluent's focus
 * manager asks it of every focusable candidate when a dialog opens: with the thousands of atomic
 * rules Griffel inserts, opening a large form took seconds. Tests only ever depend on the rules
 * that hide an element or turn off its pointer events, so those are the ones inserted.
 */
const BEHAVIOURAL_RULE = /display:\s*none|visibility:\s*hidden|pointer-events:\s*none/;
const styleRenderer = createDOMRenderer(document, { unstable_filterCSSRule: (rule) => BEHAVIOURAL_RULE.test(rule) });

function TestStyles({ children }: { children: ReactNode }) {
  return (
    <RendererProvider renderer={styleRenderer} targetDocument={document}>
      {children}
    </RendererProvider>
  );
}

/*
 * After each test: unmount, then reset every store's API state, which also clears RTK Query's
 * cache-expiry timers (they would keep jest alive for a minute).
 */
const stores: AppStore[] = [];
afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispatch(baseApi.util.resetApiState());
});

/** Every locale file, read synchronously once: tests never wait for translation chunks. */
export const localeResources: Resource = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    Object.fromEntries(
      NAMESPACES.filter((ns) => fs.existsSync(path.join(LOCALES, lng, `${ns}.json`))).map((ns) => [
        ns,
        JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), "utf8")) as Record<string, unknown>,
      ]),
    ),
  ]),
);

/** The app's i18n configuration with every language preloaded. */
export function makeTestI18n(lng: Language = "es"): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions(lng), ns: [...NAMESPACES], resources: localeResources, initAsync: false });
  followLanguage(instance);
  fixPlurals(instance);
  return instance;
}

export const EDITION: Edition = {
  guid: "7d0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f",
  slug: "aula",
  name: "Aula Digital",
  logoUrl: "/brand/aula.svg",
  colors: { primary: "#0f6cbd", secondary: "#c2410c" },
  defaultLanguage: "es",
  languages: ["es", "ca", "eu", "en", "pt"],
  country: "ES",
  gamified: false,
  chatbotAvailable: false,
  features: { libraryTab: true },
};

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    guid: "0b9d7b8e-2f43-4b7a-9a49-3c2f1e0d9a11",
    email: "ana.garcia@example.org",
    firstName: "Ana",
    lastName: "García",
    role: "teacher",
    locale: "es",
    tenantGuid: EDITION.guid,
    schoolGuid: null,
    chatbotEnabled: false,
    ...overrides,
  };
}

export const signedInAs = (role: Role, overrides: Partial<SessionUser> = {}): AuthRecord => ({
  token: "access-token",
  refreshToken: "refresh-token",
  expiresAt: Date.now() + 3600_000,
  user: buildUser({ role, ...overrides }),
});

export function fakeHost(theme: HostTheme = "default"): Host & { notifyReady: jest.Mock } {
  return {
    context: { kind: "standalone", locale: "es-ES", theme, subPageId: undefined, userHint: undefined },
    getToken: async () => undefined,
    openAuthWindow: async () => "",
    shareDeepLink: async () => undefined,
    notifyReady: jest.fn(),
    notifyFailure: jest.fn(),
    onThemeChange: () => () => undefined,
  };
}

export type AppHarness = RenderResult & {
  store: AppStore;
  i18n: i18n;
  api: MockApi;
  host: ReturnType<typeof fakeHost>;
  /** Where the router is now (path, search, state). */
  location: () => Location;
};

export type RenderAppOptions = {
  /** Signed-in record; omit for a signed-out reader. */
  auth?: AuthRecord;
  language?: Language;
  edition?: Partial<Edition>;
  /** Extra or replacing API routes ("GET /api/front/courses": ok(...)). */
  api?: ApiRoutes;
  host?: ReturnType<typeof fakeHost>;
};

/** Renders the real route table at `path` with the real store, i18n and a mocked network. */
export function renderApp(pathname: string, options: RenderAppOptions = {}): AppHarness {
  const api = mockApi({ "GET /api/edition": ok({ ...EDITION, ...options.edition }), ...options.api });
  const store = makeStore(options.auth ? { auth: { record: options.auth } } : undefined);
  stores.push(store);
  const i18n = makeTestI18n(options.language ?? "es");
  const host = options.host ?? fakeHost();
  let current: Location | undefined;
  function Probe() {
    current = useLocation();
    return null;
  }
  const result = render(
    <TestStyles>
      <AppProviders store={store} i18n={i18n} host={host}>
        <MemoryRouter initialEntries={[pathname]}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </AppProviders>
    </TestStyles>,
  );
  return {
    ...result,
    store,
    i18n,
    api,
    host,
    location: () => {
      if (!current) throw new Error("router not rendered");
      return current;
    },
  };
}

/** Renders any element inside the app's providers (store, i18n, host, theme) and a router. */
export function renderWithProviders(ui: ReactNode, options: RenderAppOptions = {}) {
  const api = mockApi({ "GET /api/edition": ok({ ...EDITION, ...options.edition }), ...options.api });
  const store = makeStore(options.auth ? { auth: { record: options.auth } } : undefined);
  stores.push(store);
  const i18n = makeTestI18n(options.language ?? "es");
  const result = render(
    <TestStyles>
      <AppProviders store={store} i18n={i18n} host={options.host ?? fakeHost()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AppProviders>
    </TestStyles>,
  );
  return { ...result, store, i18n, api };
}
