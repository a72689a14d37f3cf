import { cleanup, waitFor } from "@testing-library/react";
import { AUTH_STORAGE_KEY, saveAuthRecord } from "../../src/client/features/auth/authStorage";
import { fail, ok, type ApiHandler } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const openLogout = (logout: ApiHandler) => {
  const auth = signedInAs("student");
  // As after a real sign-in: the record is in the store and persisted.
  saveAuthRecord(auth);
  sessionStorage.setItem("aula.lastCourse", "course-1");
  return renderApp("/logout", { language: "en", auth, api: { "POST /api/auth/logout": logout } });
};

beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  jest.useRealTimers();
});

describe("/logout", () => {
  it("revokes the session with the bearer token, forgets it here and goes to sign in", async () => {
    const { api, store, location } = openLogout(ok({ ok: true }));
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));

    const calls = api.callsTo("POST /api/auth/logout");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer access-token");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem("aula.lastCourse")).toBeNull();
    expect(store.getState().auth.record).toBeUndefined();
    // The RTK Query cache is reset: nothing of the signed-out person stays in memory.
    expect(store.getState().api.queries).toEqual({});
  });

  it("signs out here even when the server call fails", async () => {
    const { location } = openLogout(() => fail(500, "INTERNAL_ERROR"));
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("does not call the server without a session", async () => {
    const { api, location } = renderApp("/logout", { language: "en" });
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    expect(api.callsTo("POST /api/auth/logout")).toHaveLength(0);
  });
});
