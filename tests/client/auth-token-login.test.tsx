import { cleanup, screen, waitFor } from "@testing-library/react";
import type { AuthSession } from "../../src/contracts/auth";
import { AUTH_STORAGE_KEY } from "../../src/client/features/auth/authStorage";
import { fail, ok, reply, type ApiHandler } from "../support/client-api";
import { buildUser, renderApp } from "../support/render";

const session: AuthSession = { token: "access-token-1", refreshToken: "refresh-token-1", expiresIn: 900, user: buildUser({ locale: "en" }) };
const open = (path: string, tokenLogin: ApiHandler = ok(session)) =>
  renderApp(path, { language: "en", api: { "POST /api/auth/token-login": tokenLogin } });

beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe("/auth/login/:token", () => {
  it("shows 'Authenticating', exchanges the token in the Authorization header and goes to the login context", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { api, location } = open("/auth/login/one-time-abc?loginContext=%2Fprofile%3Ftab%3Ddevices", async () => {
      await answered;
      return reply(200, ok(session));
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Authenticating" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Authenticating" })).toBeInTheDocument();
    answer();

    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe("/profile?tab=devices"));
    const calls = api.callsTo("POST /api/auth/token-login");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer one-time-abc");
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.query.toString()).toBe("");
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")).toMatchObject({ token: "access-token-1" });
  });

  it("goes home without a login context", async () => {
    const { location } = open("/auth/login/one-time-abc");
    await waitFor(() => expect(location().pathname).toBe("/home"));
  });

  it.each(["https://evil.example/x", "//evil.example/x", "/\\evil.example", "/logout"])(
    "ignores an unsafe login context (%s) and goes home",
    async (context) => {
      const { location } = open(`/auth/login/one-time-abc?loginContext=${encodeURIComponent(context)}`);
      await waitFor(() => expect(location().pathname).toBe("/home"));
    },
  );

  it("does not call the server for the 'error' token: 'Invalid login' and back to sign in", async () => {
    const { api, location } = open("/auth/login/error");
    expect(await screen.findByText("Invalid login")).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    expect(api.callsTo("POST /api/auth/token-login")).toHaveLength(0);
  });

  it("sends a refused token back to sign in with 'Invalid login'", async () => {
    const { location } = open("/auth/login/spent-token", () => fail(401, "LOGIN_TOKEN_INVALID"));
    expect(await screen.findByText("Invalid login")).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
