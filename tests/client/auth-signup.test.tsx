import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthSession } from "../../src/contracts/auth";
import { AUTH_STORAGE_KEY } from "../../src/client/features/auth/authStorage";
import { fail, ok, reply, type ApiHandler } from "../support/client-api";
import { buildUser, renderApp } from "../support/render";

const session: AuthSession = { token: "access-token-1", refreshToken: "refresh-token-1", expiresIn: 900, user: buildUser({ locale: "en" }) };

function openSignup(signup: ApiHandler = () => reply(201, ok(session))) {
  const app = renderApp("/auth/signup", { language: "en", api: { "POST /api/auth/signup": signup } });
  return { ...app, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

type Form = { first: string; last: string; email: string; birth: string; password: string; repeat: string; role?: RegExp };
const VALID: Form = { first: "Ana", last: "García", email: "ana@example.com", birth: "2008-04-30", password: "long-enough", repeat: "long-enough", role: /teacher/ };

async function fill(user: ReturnType<typeof userEvent.setup>, form: Partial<Form> = {}) {
  const f = { ...VALID, ...form };
  const type = async (label: RegExp, value: string) => value && user.type(screen.getByLabelText(label), value);
  await type(/^first name/i, f.first);
  await type(/^last name/i, f.last);
  await type(/^email/i, f.email);
  await type(/^date of birth/i, f.birth);
  await type(/^password/i, f.password);
  await type(/^repeat password/i, f.repeat);
  if (f.role) await user.click(screen.getByRole("radio", { name: f.role }));
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe("/auth/signup", () => {
  it("explains why the date of birth is required and uses the right autocomplete hints", async () => {
    openSignup();
    expect(await screen.findByRole("heading", { level: 1, name: "Create an account" })).toBeInTheDocument();
    const birth = screen.getByLabelText(/^date of birth/i);
    expect(birth).toBeRequired();
    expect(birth).toHaveAttribute("autocomplete", "bday");
    expect(birth).toHaveAccessibleDescription(/data protection law/i);
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByRole("radio", { name: "I am a teacher" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "I am a student" })).toBeInTheDocument();
  });

  it("creates the account with the chosen role and language, signs in and goes home", async () => {
    const { api, user, location } = openSignup();
    await screen.findByRole("heading", { level: 1 });
    await fill(user);
    await waitFor(() => expect(location().pathname).toBe("/home"));
    expect(api.callsTo("POST /api/auth/signup")[0]?.body).toEqual({
      firstName: "Ana",
      lastName: "García",
      email: "ana@example.com",
      password: "long-enough",
      dateOfBirth: "2008-04-30",
      locale: "en",
      role: "teacher",
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")).toMatchObject({ token: "access-token-1" });
  });

  it("shows every problem on its field and calls nothing", async () => {
    const { api, user } = openSignup();
    await screen.findByRole("heading", { level: 1 });
    await fill(user, { email: "ana@", birth: "", password: "short", repeat: "other", role: undefined });

    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription("Email not valid");
    expect(screen.getByLabelText(/^email/i)).toHaveFocus();
    expect(screen.getByText("The date of birth is required by data protection law")).toBeInTheDocument();
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(expect.stringContaining("Password too short (at least 8 characters)"));
    expect(screen.getByLabelText(/^repeat password/i)).toHaveAccessibleDescription("The password does not match");
    expect(screen.getByText("Choose whether you are a teacher or a student")).toBeInTheDocument();
    expect(api.callsTo("POST /api/auth/signup")).toHaveLength(0);
  });

  it("says 'Enter a valid date' for a date of birth in the future", async () => {
    const { user } = openSignup();
    await screen.findByRole("heading", { level: 1 });
    await fill(user, { birth: "2999-01-01" });
    expect(screen.getByLabelText(/^date of birth/i)).toHaveAccessibleDescription(expect.stringContaining("Enter a valid date"));
  });

  it("says 'User already exists' on the email field", async () => {
    const { user, location } = openSignup(() => fail(409, "USER_ALREADY_EXISTS"));
    await screen.findByRole("heading", { level: 1 });
    await fill(user);
    const email = screen.getByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveAccessibleDescription("User already exists"));
    expect(email).toHaveFocus();
    expect(location().pathname).toBe("/auth/signup");
  });

  it("puts the server's VALIDATION_ERROR details on the matching fields", async () => {
    const details = [{ field: "dateOfBirth", message: "Invalid ISO date" }];
    const { user } = openSignup(() => reply(400, { status: "error", error: { key: "VALIDATION_ERROR", message: "bad", details } }));
    await screen.findByRole("heading", { level: 1 });
    await fill(user);
    const birth = screen.getByLabelText(/^date of birth/i);
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining("Enter a valid date")));
    expect(screen.queryByText("Invalid ISO date")).not.toBeInTheDocument();
  });
});
