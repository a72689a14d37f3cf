import { waitFor } from "@testing-library/react";
import type { BootData } from "../../src/contracts/boot";
import { applyBootData, readBootData } from "../../src/client/app/bootData";
import { startNavigation } from "../../src/client/app/navigation";
import { makeStore } from "../../src/client/app/store";
import { loadPublic } from "../../src/client/app/publicData";
import { baseApi } from "../../src/client/app/api";
import { mockApi, type ApiCall } from "../support/client-api";
import { COURSE_GUID, LESSON_GUID } from "../support/lesson-data";
import { EDITION, signedInAs } from "../support/render";

/*
 * A screen's data starts with its code, at navigation, all at once (ADR 0026): nothing waits for the
 * route's chunk to run, nor for another answer, before asking.
 */
const LESSON_PATH = `/course/${COURSE_GUID}/lesson/${LESSON_GUID}`;

/** A network that records every call and answers none of them: what is asked cannot depend on an answer. */
function silentNetwork(): ApiCall[] {
  const calls: ApiCall[] = [];
  Object.assign(globalThis, {
    fetch: jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body: undefined, headers: request.headers });
      return new Promise<Response>(() => undefined);
    }),
  });
  return calls;
}
/** The screen's own data, without the header bell's counters that every signed-in screen asks once. */
const screenCalls = (calls: ApiCall[]) => calls.filter((c) => !c.path.startsWith("/api/notifications/"));

const stores: Array<ReturnType<typeof makeStore>> = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(baseApi.util.resetApiState());
});
const storeOf = (role?: "teacher" | "student") => {
  const store = makeStore(role ? { auth: { record: signedInAs(role) } } : undefined);
  stores.push(store);
  return store;
};

describe("navigation starts a screen's data", () => {
  it("asks for the class, the lesson and its items (and a teacher's tasks of the lesson) at once, before any of them answers", async () => {
    const calls = silentNetwork();
    startNavigation({ pathname: LESSON_PATH, search: "" }, { store: storeOf("teacher"), data: true });
    await waitFor(() =>
      expect(screenCalls(calls).map((c) => c.path).sort()).toEqual([
        `/api/front/courses/${COURSE_GUID}`,
        `/api/front/courses/${COURSE_GUID}/lessons/${LESSON_GUID}/tasks`,
        `/api/front/lessons/${LESSON_GUID}`,
        `/api/front/lessons/${LESSON_GUID}/items`,
      ]),
    );
    expect(calls.find((c) => c.path.endsWith("/items"))?.query.get("courseGuid")).toBe(COURSE_GUID);
  });

  it("asks the header bell's two unread counters with the first signed-in screen's data, once per signed-in user", async () => {
    const calls = silentNetwork();
    const store = storeOf("teacher");
    startNavigation({ pathname: LESSON_PATH, search: "" }, { store, data: true });
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/notifications/unread-count")).toHaveLength(2));
    const lists = calls.filter((c) => c.path === "/api/notifications/unread-count").map((c) => c.query.getAll("type"));
    expect(lists.map((types) => types.includes("post"))).toEqual(expect.arrayContaining([true, false]));
    startNavigation({ pathname: `/course/${COURSE_GUID}`, search: "" }, { store, data: true });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/stream"))).toBe(true));
    expect(calls.filter((c) => c.path === "/api/notifications/unread-count")).toHaveLength(2);
  });

  it("asks the teacher's student view when the URL asks for it, as the lesson page will", async () => {
    const calls = silentNetwork();
    startNavigation({ pathname: LESSON_PATH, search: "?view=student" }, { store: storeOf("teacher"), data: true });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/items"))).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/items"))?.query.get("view")).toBe("student");
    // A student's view shows no tasks badges: their list is not asked.
    expect(calls.some((c) => c.path.endsWith("/tasks"))).toBe(false);
  });

  it("asks a class's stream and members with the class, and a student's attempts with an assessment", async () => {
    const calls = silentNetwork();
    startNavigation({ pathname: `/course/${COURSE_GUID}`, search: "" }, { store: storeOf("teacher"), data: true });
    startNavigation({ pathname: `${LESSON_PATH}/assessment/a1b2`, search: "" }, { store: storeOf("student"), data: true });
    await waitFor(() => expect(screenCalls(calls).length).toBe(5));
    expect(screenCalls(calls).map((c) => c.path).sort()).toEqual([
      "/api/front/assessments/a1b2/my-attempts",
      `/api/front/courses/${COURSE_GUID}`,
      `/api/front/courses/${COURSE_GUID}`,
      `/api/front/courses/${COURSE_GUID}/members`,
      `/api/front/courses/${COURSE_GUID}/stream`,
    ]);
  });

  it("asks nothing without a session, nor on the sign-in screens, nor when told to wait (a Teams tab before its session is settled)", async () => {
    const calls = silentNetwork();
    startNavigation({ pathname: "/home", search: "" }, { store: storeOf(), data: true });
    startNavigation({ pathname: "/auth/login", search: "" }, { store: storeOf("teacher"), data: true });
    startNavigation({ pathname: "/home", search: "" }, { store: storeOf("teacher"), data: false });
    // The data starters' module is loaded, and a task later any request they made would be recorded.
    await import("../../src/client/app/routeData");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});

describe("the edition inlined in the page", () => {
  const boot: BootData = { edition: EDITION, ssoProviders: [{ id: "5f8c3c1e-1b2a-4c3d-8e9f-0a1b2c3d4e5f", kind: "oidc", brand: "google", label: "Google", startUrl: "/api/auth/oidc/x/start" }] };
  const inPage = (data: unknown) => {
    document.body.innerHTML = `<script id="aula-boot" type="application/json">${typeof data === "string" ? data : JSON.stringify(data)}</script>`;
  };

  it("is taken as the edition and providers calls' answers, so neither is asked", async () => {
    const api = mockApi({});
    inPage(boot);
    const store = storeOf();
    expect(applyBootData(store, readBootData(), undefined)).toBe(true);
    await expect(store.dispatch(loadPublic("edition"))).resolves.toEqual(EDITION);
    await expect(store.dispatch(loadPublic("ssoProviders"))).resolves.toEqual(boot.ssoProviders);
    expect(api.calls).toEqual([]);
  });

  it("is not taken for another edition than the one this browser chose, nor for a session of another edition", () => {
    expect(applyBootData(storeOf(), boot, "lumen")).toBe(false);
    const other = makeStore({ auth: { record: signedInAs("teacher", { tenantGuid: "11111111-2222-4333-8444-555555555555" }) } });
    stores.push(other);
    expect(applyBootData(other, boot, undefined)).toBe(false);
    expect(other.getState().publicData.edition.value).toBeUndefined();
  });

  it("is ignored when missing or not JSON", () => {
    document.body.innerHTML = "";
    expect(readBootData()).toEqual({});
    inPage("{not json");
    expect(readBootData()).toEqual({});
  });
});
