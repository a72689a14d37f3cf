import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthSession } from "../../src/contracts/auth";
import { ANALYTICS_DOM_EVENT, type AnalyticsEvent } from "../../src/client/app/analytics";
import { AUTH_STORAGE_KEY } from "../../src/client/features/auth/authStorage";
import { fail, ok, reply, type ApiHandler } from "../support/client-api";
import { buildUser, renderApp } from "../support/render";

const session = (locale: AuthSession["user"]["locale"] = "en"): AuthSession => ({
  token: "access-token-1",
  refreshToken: "refresh-token-1",
  expiresIn: 900,
  user: buildUser({ locale }),
});

function openLogin(login: ApiHandler, path = "/auth/login") {
  const app = renderApp(path, { language: "en", api: { "POST /api/auth/login": login } });
  return { ...app, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email = "ana@example.com", password = "secret-pass") {
  await user.type(await screen.findByLabelText(/^email/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

/** Past the spec's 1 s login delay (§4). */
const afterLoginDelay = () => act(async () => void jest.advanceTimersByTime(1000));

let analytics: AnalyticsEvent[] = [];
const record = (e: Event) => analytics.push((e as CustomEvent<AnalyticsEvent>).detail);
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
  analytics = [];
  delete window.dataLayer;
  window.addEventListener(ANALYTICS_DOM_EVENT, record);
});
afterEach(() => {
  window.removeEventListener(ANALYTICS_DOM_EVENT, record);
  // Unmount while timers are fake, so cache timers started on unmount die with them.
  cleanup();
  jest.useRealTimers();
});

describe("/auth/login", () => {
  it("offers email, password, recovery and signup under one h1", async () => {
    openLogin(ok(session()));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("main")).toContainElement(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText(/^email/i)).toBeRequired();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/recover-password");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/auth/signup");
  });

  it("calls the server only after 1 s, then stores the session, speaks the user's language and goes home", async () => {
    const { api, user, i18n, location } = openLogin(ok(session("ca")));
    await signIn(user, "  ana@example.com ");

    expect(screen.getByRole("button", { name: "Sign in" })).toHaveAttribute("aria-disabled", "true");
    await act(async () => void jest.advanceTimersByTime(999));
    expect(api.callsTo("POST /api/auth/login")).toHaveLength(0);
    await act(async () => void jest.advanceTimersByTime(1));

    await waitFor(() => expect(location().pathname).toBe("/home"));
    const [call] = api.callsTo("POST /api/auth/login");
    expect(call?.body).toEqual({ email: "ana@example.com", password: "secret-pass" });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")).toMatchObject({
      token: "access-token-1",
      refreshToken: "refresh-token-1",
      user: { email: "ana.garcia@example.org" },
    });
    expect(i18n.language).toBe("ca");
  });

  it("returns to the page the reader was sent from", async () => {
    const { user, location } = openLogin(ok(session()), "/profile?tab=devices");
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    await signIn(user);
    await afterLoginDelay();
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe("/profile?tab=devices"));
  });

  it("says 'Password incorrect' and fires login_failed with the key", async () => {
    const { user } = openLogin(() => fail(401, "PASSWORD_INCORRECT"));
    await signIn(user);
    await afterLoginDelay();

    expect(await screen.findByText("Password incorrect")).toBeInTheDocument();
    expect(analytics).toEqual([{ event: "login_failed", reason: "PASSWORD_INCORRECT" }]);
    expect(window.dataLayer).toEqual([{ event: "login_failed", reason: "PASSWORD_INCORRECT" }]);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).not.toHaveAttribute("aria-disabled");
  });

  it("says 'User not found' for an unknown address", async () => {
    const { user } = openLogin(() => fail(401, "USER_NOT_FOUND"));
    await signIn(user);
    await afterLoginDelay();
    expect(await screen.findByText("User not found")).toBeInTheDocument();
    expect(analytics).toEqual([{ event: "login_failed", reason: "USER_NOT_FOUND" }]);
  });

  it.each([
    [401, "INVALID_LOGIN"],
    [500, "INTERNAL_ERROR"],
    [400, "VALIDATION_ERROR"],
  ])("says 'Invalid login' for %i %s, never the server's own message", async (status, key) => {
    const { user } = openLogin(() => fail(status, key));
    await signIn(user);
    await afterLoginDelay();
    expect(await screen.findByText("Invalid login")).toBeInTheDocument();
    expect(screen.queryByText(key)).not.toBeInTheDocument();
    expect(analytics).toEqual([{ event: "login_failed", reason: key }]);
  });

  it("tells a rate-limited reader to wait", async () => {
    const { user } = openLogin(() => fail(429, "RATE_LIMITED"));
    await signIn(user);
    await afterLoginDelay();
    expect(await screen.findByText(/too many attempts/i)).toBeInTheDocument();
  });

  it("tells a reader whose account is throttled how many seconds to wait", async () => {
    const throttled = { status: "error", error: { key: "TOO_MANY_ATTEMPTS", message: "x", details: { retryAfterSeconds: 8 } } };
    const { user } = openLogin(() => reply(429, throttled));
    await signIn(user);
    await afterLoginDelay();
    expect(await screen.findByText("Too many failed attempts for this account. Try again in 8 seconds.")).toBeInTheDocument();
    expect(analytics).toEqual([{ event: "login_failed", reason: "TOO_MANY_ATTEMPTS" }]);
  });

  it("validates first: required fields, 'Email not valid', focus on the first invalid field, no call", async () => {
    const { api, user } = openLogin(ok(session()));
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(screen.getAllByText("This field is required")).toHaveLength(2);
    const email = screen.getByLabelText(/^email/i);
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute("aria-invalid", "true");

    await user.type(email, "not-an-email");
    await user.type(screen.getByLabelText(/^password/i), "whatever{Enter}");
    expect(email).toHaveAccessibleDescription("Email not valid");
    await afterLoginDelay();
    expect(api.callsTo("POST /api/auth/login")).toHaveLength(0);
  });

  it("shows and hides the password", async () => {
    const { user } = openLogin(ok(session()));
    const password = await screen.findByLabelText(/^password/i);
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "true");
  });
});
