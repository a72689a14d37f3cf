import { detectHost, mayBeInTeams } from "../../src/client/platform";

/*
 * teams-js must never load in a plain browser tab: both the Teams adapter and teams-js itself are
 * mocked with factories that record being loaded.
 */
let mockTeamsAdapterLoaded = false;
let mockTeamsJsLoaded = false;
jest.mock("../../src/client/platform/teams", () => {
  mockTeamsAdapterLoaded = true;
  return { createTeamsHost: jest.fn(async () => undefined) };
});

const mockApp = {
  initialize: jest.fn(async () => undefined),
  getContext: jest.fn(),
  notifySuccess: jest.fn(async () => ({})),
  notifyFailure: jest.fn(),
  registerOnThemeChangeHandler: jest.fn(),
  openLink: jest.fn(async () => undefined),
  FailedReason: { AuthFailed: "AuthFailed", Timeout: "Timeout", Other: "Other" },
};
const mockPages = {
  isSupported: jest.fn(() => true),
  shareDeepLink: jest.fn(),
  config: { setValidityState: jest.fn(), registerOnSaveHandler: jest.fn(), setConfig: jest.fn(async () => undefined) },
};
const mockAuthentication = { getAuthToken: jest.fn(async () => "sso"), authenticate: jest.fn(), notifySuccess: jest.fn(), notifyFailure: jest.fn() };
jest.mock("@microsoft/teams-js", () => {
  mockTeamsJsLoaded = true;
  return { app: mockApp, pages: mockPages, authentication: mockAuthentication, nestedAppAuth: { isNAAChannelRecommended: () => false } };
});

type FakeWindow = Window & { top: unknown };
const fakeWindow = (over: { framed?: boolean; opener?: unknown; pathname?: string } = {}): Window => {
  const w = {
    opener: over.opener ?? null,
    location: { pathname: over.pathname ?? "/home", origin: "https://aula.example" },
    navigator: { language: "es-ES", clipboard: { writeText: jest.fn() } },
    matchMedia: () => ({ matches: false, addEventListener: jest.fn(), removeEventListener: jest.fn() }),
  } as unknown as FakeWindow;
  Object.assign(w, { self: w, top: over.framed ? {} : w });
  return w;
};

const teamsContext = (over: Record<string, unknown> = {}) => ({
  app: { locale: "ca-ES", theme: "dark", host: { name: "Teams", clientType: "web" }, appId: { toString: () => "app-1" } },
  page: { id: "home", frameContext: "content", subPageId: "task" },
  user: {
    id: "00000000-0000-4000-8000-0000000a0a0a",
    loginHint: "ana@school.example",
    userPrincipalName: "ana@school.example",
    tenant: { id: "00000000-de00-4000-8000-0000000a01a0" },
  },
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe("detectHost", () => {
  it("calls a top-level window with no opener standalone at once, without loading teams-js", async () => {
    const host = await detectHost(window);
    expect(host.context.kind).toBe("standalone");
    expect(mayBeInTeams(window)).toBe(false);
    expect(mockTeamsAdapterLoaded).toBe(false);
    expect(mockTeamsJsLoaded).toBe(false);
  });

  it("checks frames, popups and the consent pages for Teams", () => {
    expect(mayBeInTeams(fakeWindow({ framed: true }))).toBe(true);
    expect(mayBeInTeams(fakeWindow({ opener: {} }))).toBe(true);
    expect(mayBeInTeams(fakeWindow({ pathname: "/tab-auth-end" }))).toBe(true);
    expect(mayBeInTeams(fakeWindow())).toBe(false);
  });

  it("falls back to standalone when a frame's parent is not Teams", async () => {
    const load = jest.fn(async () => ({ createTeamsHost: jest.fn(async () => undefined) }));
    const host = await detectHost(fakeWindow({ framed: true }), { load: load as never });
    expect(load).toHaveBeenCalled();
    expect(host.context.kind).toBe("standalone");
  });

  it("falls back to standalone when loading teams-js fails", async () => {
    const host = await detectHost(fakeWindow({ framed: true }), { load: () => Promise.reject(new Error("chunk")) });
    expect(host.context.kind).toBe("standalone");
  });
});

describe("Teams host", () => {
  it("reads locale, theme, sub-page, frame context, login hint and the Teams user from the context", async () => {
    mockApp.getContext.mockResolvedValue(teamsContext());
    const { createTeamsHost } = jest.requireActual<typeof import("../../src/client/platform/teams")>("../../src/client/platform/teams");
    const host = await createTeamsHost(fakeWindow({ framed: true }), 100);
    expect(host?.context).toEqual({
      kind: "teams",
      locale: "ca-ES",
      theme: "dark",
      subPageId: "task",
      userHint: "ana@school.example",
      // Who is signed in to Teams: a stored session is used only by them (ADR 0021).
      user: { tenantId: "00000000-de00-4000-8000-0000000a01a0", objectId: "00000000-0000-4000-8000-0000000a0a0a", loginHint: "ana@school.example" },
      frameContext: "content",
      hostName: "Teams",
      clientType: "web",
    });
    expect(host?.tabConfig).toBeUndefined();
    expect(await host?.getToken()).toBe("sso");
  });

  it("gives up when initialize does not answer in time", async () => {
    mockApp.initialize.mockImplementationOnce(() => new Promise(() => undefined));
    const { createTeamsHost } = jest.requireActual<typeof import("../../src/client/platform/teams")>("../../src/client/platform/teams");
    expect(await createTeamsHost(fakeWindow({ framed: true }), 20)).toBeUndefined();
  });

  it("notifies success once, maps failures and follows theme changes", async () => {
    mockApp.getContext.mockResolvedValue(teamsContext({ page: { id: "cfg", frameContext: "settings" } }));
    const { createTeamsHost } = jest.requireActual<typeof import("../../src/client/platform/teams")>("../../src/client/platform/teams");
    const host = await createTeamsHost(fakeWindow({ framed: true }), 100);
    host?.notifyReady();
    host?.notifyReady();
    expect(mockApp.notifySuccess).toHaveBeenCalledTimes(1);
    host?.notifyFailure("TEAMS_TOKEN_INVALID");
    expect(mockApp.notifyFailure).toHaveBeenCalledWith({ reason: "AuthFailed", message: "TEAMS_TOKEN_INVALID" });

    const seen: string[] = [];
    host?.onThemeChange((t) => seen.push(t));
    const handler = mockApp.registerOnThemeChangeHandler.mock.calls[0]?.[0] as (t: string) => void;
    handler("contrast");
    expect(seen).toEqual(["contrast"]);

    expect(host?.tabConfig).toBeDefined();
    host?.tabConfig?.setValidity(true);
    expect(mockPages.config.setValidityState).toHaveBeenCalledWith(true);
  });
});
