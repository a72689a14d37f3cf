import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChangePasswordDialog } from "../../src/client/features/auth/components/ChangePasswordDialog";
import { fail, ok, reply, type ApiHandler } from "../support/client-api";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

const setupUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe("/recover-password", () => {
  it("sends the address with the current language and answers neutrally", async () => {
    const { api } = renderApp("/recover-password", { language: "pt", api: { "POST /api/auth/recover-password": ok({ ok: true }) } });
    const user = setupUser();
    await user.type(await screen.findByLabelText(/^e-mail/i), "someone@example.com{Enter}");
    expect(await screen.findByText("Verifique seu e-mail")).toBeInTheDocument();
    expect(screen.getByText(/Se houver uma conta com esse e-mail/)).toBeInTheDocument();
    expect(api.callsTo("POST /api/auth/recover-password")[0]?.body).toEqual({ email: "someone@example.com", locale: "pt" });
  });

  it("checks the address before sending", async () => {
    const { api } = renderApp("/recover-password", { language: "en" });
    const user = setupUser();
    await user.type(await screen.findByLabelText(/^email/i), "nope{Enter}");
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription("Email not valid");
    expect(api.callsTo("POST /api/auth/recover-password")).toHaveLength(0);
  });
});

describe("/reset-password", () => {
  const openReset = (path: string, handler: ApiHandler = ok({ ok: true })) =>
    renderApp(path, { language: "en", api: { "POST /api/auth/reset-password": handler } });

  async function choose(password: string, repeat: string) {
    const user = setupUser();
    await user.type(await screen.findByLabelText(/^password/i), password);
    await user.type(screen.getByLabelText(/^repeat password/i), repeat);
    await user.click(screen.getByRole("button", { name: "Reset password" }));
  }

  it("resets with the token, confirms and goes to sign in", async () => {
    const { api, location } = openReset("/reset-password?token=reset-token-0123456789");
    await choose("brand-new-pass", "brand-new-pass");
    await waitFor(() => expect(location().pathname).toBe("/auth/login"));
    expect(await screen.findByText(/your password has been changed/i)).toBeInTheDocument();
    expect(api.callsTo("POST /api/auth/reset-password")[0]?.body).toEqual({ token: "reset-token-0123456789", password: "brand-new-pass" });
  });

  it("says 'The password does not match' and 'too short' without calling", async () => {
    const { api } = openReset("/reset-password?token=reset-token-0123456789");
    await choose("short", "different");
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(expect.stringContaining("Password too short (at least 8 characters)"));
    expect(screen.getByLabelText(/^repeat password/i)).toHaveAccessibleDescription("The password does not match");
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
    expect(api.callsTo("POST /api/auth/reset-password")).toHaveLength(0);
  });

  it("explains a used or expired link and offers a new one", async () => {
    openReset("/reset-password?token=reset-token-0123456789", () => fail(400, "RESET_LINK_INVALID"));
    await choose("brand-new-pass", "brand-new-pass");
    expect(await screen.findByText("This link is no longer valid")).toBeInTheDocument();
    expect(screen.getByText(/already been used or has expired/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/recover-password");
    expect(screen.queryByLabelText(/^password/i)).not.toBeInTheDocument();
  });

  it("treats a link without a token as invalid", async () => {
    openReset("/reset-password");
    expect(await screen.findByText("This link is no longer valid")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeInTheDocument();
  });
});

describe("ChangePasswordDialog", () => {
  function openDialog(handler: ApiHandler) {
    const onClose = jest.fn();
    const app = renderWithProviders(<ChangePasswordDialog open onClose={onClose} />, {
      language: "en",
      auth: signedInAs("teacher"),
      api: { "POST /api/auth/change-password": handler },
    });
    return { ...app, onClose, user: setupUser() };
  }

  async function change(user: ReturnType<typeof setupUser>, current = "old-password", next = "new-password-1", repeat = next) {
    await user.type(await screen.findByLabelText(/^current password/i), current);
    await user.type(screen.getByLabelText(/^new password/i), next);
    await user.type(screen.getByLabelText(/^repeat new password/i), repeat);
    await user.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("changes the password with the bearer token, confirms and closes", async () => {
    const { api, user, onClose } = openDialog(ok({ ok: true }));
    await change(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("Your password has been changed")).toBeInTheDocument();
    const [call] = api.callsTo("POST /api/auth/change-password");
    expect(call?.body).toEqual({ currentPassword: "old-password", newPassword: "new-password-1" });
    expect(call?.headers.get("authorization")).toBe("Bearer access-token");
  });

  it("says 'The current password is incorrect' on that field", async () => {
    const { user, onClose } = openDialog(() => fail(400, "CURRENT_PASSWORD_INCORRECT"));
    await change(user, "wrong-password");
    const current = screen.getByLabelText(/^current password/i);
    await waitFor(() => expect(current).toHaveAccessibleDescription("The current password is incorrect"));
    expect(current).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'There was an error changing the password' for anything else", async () => {
    const { user } = openDialog(() => reply(500, { status: "error", error: { key: "INTERNAL_ERROR", message: "boom" } }));
    await change(user);
    expect(await screen.findByText("There was an error changing the password")).toBeInTheDocument();
    expect(screen.queryByText("boom")).not.toBeInTheDocument();
  });

  it("checks the new password before calling", async () => {
    const { api, user } = openDialog(ok({ ok: true }));
    await change(user, "old-password", "new-password-1", "new-password-2");
    expect(screen.getByLabelText(/^repeat new password/i)).toHaveAccessibleDescription("The password does not match");
    expect(api.callsTo("POST /api/auth/change-password")).toHaveLength(0);
  });
});
