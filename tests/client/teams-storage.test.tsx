import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard } from "../../src/contracts/courses";
import { currentEditionSlug } from "../../src/client/app/edition";
import { makeStore } from "../../src/client/app/store";
import { AUTH_STORAGE_KEY, clearSessionState, loadAuthRecord } from "../../src/client/features/auth/authStorage";
import { isSamlSession, markSamlSession } from "../../src/client/features/auth/sso";
import { recallRemote, rememberRemote } from "../../src/client/features/projection/remoteStorage";
import { resetTeamsDeepLink } from "../../src/client/features/teams/TeamsGate";
import { storedLanguage } from "../../src/client/i18n";
import { fallbackStorage, localStore, sessionStore } from "../../src/client/platform/storage";
import { ok } from "../support/client-api";
import { buildUser } from "../support/render";
import { renderInTeams } from "../support/teams-host/fakeTeamsHost";

/*
 * A Teams tab where the browser blocks third-party storage (incognito, strict privacy): reading
 * window.localStorage / sessionStorage throws a SecurityError, as Chromium does. The app must start,
 * sign in with Teams SSO and keep the session in memory (ADR 0021).
 */
const securityError = () => new DOMException("Access is denied for this document.", "SecurityError");

function blockStorage() {
  jest.spyOn(window, "localStorage", "get").mockImplementation(() => {
    throw securityError();
  });
  jest.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
    throw securityError();
  });
}

describe("fallbackStorage", () => {
  it("keeps values in memory when reaching the storage throws, and never throws itself", () => {
    const store = fallbackStorage(() => {
      throw securityError();
    });
    expect(store.getItem("k")).toBeNull();
    store.setItem("k", "v");
    expect(store.getItem("k")).toBe("v");
    expect(store.length).toBe(1);
    expect(store.key(0)).toBe("k");
    store.removeItem("k");
    expect(store.getItem("k")).toBeNull();
    expect(() => store.clear()).not.toThrow();
  });

  it("keeps a value the storage refused (quota) in memory, where reads find it first", () => {
    const real = new Map<string, string>([["k", "old"]]);
    const refusing = {
      get length() {
        return real.size;
      },
      key: (i: number) => [...real.keys()][i] ?? null,
      getItem: (k: string) => real.get(k) ?? null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: (k: string) => void real.delete(k),
      clear: () => real.clear(),
    } satisfies Storage;
    const store = fallbackStorage(() => refusing);
    store.setItem("k", "new");
    expect(store.getItem("k")).toBe("new");
    store.removeItem("k");
    expect(store.getItem("k")).toBeNull();
    expect(real.has("k")).toBe(false);
  });

  it("uses the browser's storage when it works", () => {
    localStore.setItem("aula.probe", "1");
    expect(window.localStorage.getItem("aula.probe")).toBe("1");
  });
});

describe("storage blocked", () => {
  afterEach(() => {
    // Before the shared clean-up reads window.localStorage again; also forgets what memory kept.
    jest.restoreAllMocks();
    localStore.clear();
    sessionStore.clear();
  });

  it("starts: the store, language, edition, SAML flag, per-tab state and remote grants all fall back to memory", () => {
    blockStorage();
    expect(() => makeStore()).not.toThrow();
    expect(makeStore().getState().auth.record).toBeUndefined();
    expect(storedLanguage()).toBeUndefined();
    expect(currentEditionSlug()).toBeUndefined();
    markSamlSession();
    expect(isSamlSession()).toBe(true);
    expect(() => clearSessionState()).not.toThrow();
    const info = { lessonTitle: "L", courseName: "C", itemTitles: [] };
    rememberRemote("t1", { sessionId: "s1", remoteSecret: "x", info });
    expect(recallRemote("t1")).toMatchObject({ sessionId: "s1", remoteSecret: "x" });
  });

  it("signs in with Teams SSO, keeps the session in memory and navigates", async () => {
    blockStorage();
    resetTeamsDeepLink();
    const course: CourseCard = {
      guid: "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b",
      name: "Matemáticas 1º ESO A",
      color: "#0f6cbd",
      icon: "calculator",
      schoolYear: "2025-2026",
      educationLevel: null,
      educationYear: null,
      discipline: null,
      myRole: "teacher",
      studentCount: 3,
      publications: [],
    };
    const user = userEvent.setup();
    const app = renderInTeams("/home", {
      api: {
        "POST /api/auth/teams-sso": ok({ token: "access", refreshToken: "refresh", expiresIn: 3600, user: buildUser() }),
        "GET /api/front/courses": ok({ items: [course], total: 1, offset: 0, pageSize: 100 }),
        "GET /api/front/publications": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
      },
    });
    expect(await screen.findByText("Matemáticas 1º ESO A")).toBeInTheDocument();
    expect(app.host.notifyFailure).not.toHaveBeenCalled();
    // The session lives in memory: what a later read of the auth record finds.
    expect(loadAuthRecord()?.token).toBe("access");
    expect(localStore.getItem(AUTH_STORAGE_KEY)).toContain("refresh");
    // Navigating keeps it (no second sign-in), and calls carry the token.
    await user.click(screen.getByRole("link", { name: "Matemáticas 1º ESO A" }));
    expect(await screen.findByRole("heading", { name: "Esta clase no está disponible" })).toBeInTheDocument();
    expect(app.location().pathname).toBe(`/course/${course.guid}`);
    expect(app.api.callsTo(`GET /api/front/courses/${course.guid}`)[0]?.headers.get("authorization")).toBe("Bearer access");
    expect(app.api.callsTo("POST /api/auth/teams-sso")).toHaveLength(1);
  });
});
