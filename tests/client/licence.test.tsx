import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PersonalLicence } from "../../src/contracts/licences";
import { LICENCE_CODE_MAX_LENGTH } from "../../src/contracts/licences";
import errorsEn from "../../src/client/i18n/locales/en/errors.json";
import { fail, ok, reply, type ApiCall } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const licence = (overrides: Partial<PersonalLicence> = {}): PersonalLicence => ({
  guid: "5b1e6c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d",
  code: "*********2026",
  activatedAt: "2026-01-15T10:00:00.000Z",
  expiresAt: "2027-01-15T10:00:00.000Z",
  isExpired: false,
  publications: [{ guid: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", title: "Matemáticas 1º ESO" }],
  ...overrides,
});

const listOf = (items: PersonalLicence[]) => ok({ items, total: items.length });
const LIST = "GET /api/front/profile/licenses";
const REDEEM = "POST /api/front/redeem";

/** Active licences for plain calls, expired ones for isExpired=true. */
const lists = (active: PersonalLicence[], expired: PersonalLicence[] = []) => (call: ApiCall) => ({
  status: 200,
  body: listOf(call.query.get("isExpired") === "true" ? expired : active),
});

const codeInput = () => screen.getByRole("textbox", { name: /Licence code/ });

describe("Licences page", () => {
  it("redeems a code: names what it opens and until when, clears the field and refreshes the list", async () => {
    const user = userEvent.setup();
    const redeemed = licence({
      guid: "8c7b6a5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d",
      code: "**********0001",
      expiresAt: "2027-03-10T12:00:00.000Z",
      publications: [
        { guid: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", title: "Lengua 1º ESO" },
        { guid: "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f", title: "Historia 2º ESO" },
      ],
    });
    let active: PersonalLicence[] = [];
    const app = renderApp("/license", {
      auth: signedInAs("teacher"),
      language: "en",
      api: {
        [LIST]: (call: ApiCall) => lists(active)(call),
        [REDEEM]: () => {
          active = [redeemed];
          return reply(201, ok(redeemed));
        },
      },
    });
    expect(await screen.findByText("You have no active licences")).toBeInTheDocument();
    expect(app.api.callsTo(LIST)).toHaveLength(1);

    await user.type(codeInput(), "aula-teach-2026");
    await user.click(screen.getByRole("button", { name: "Redeem" }));

    const status = await screen.findByText("Licence redeemed");
    expect(status.closest("[role=status]")).toHaveTextContent("You can now use Lengua 1º ESO and Historia 2º ESO until Mar 10, 2027.");
    expect(app.api.callsTo(REDEEM)[0]?.body).toEqual({ code: "aula-teach-2026" });
    expect(app.api.callsTo(REDEEM)[0]?.headers.get("authorization")).toBe("Bearer access-token");
    expect(codeInput()).toHaveValue("");

    // The redeem invalidates the list: it is asked for again and shows the new licence.
    const list = await screen.findByRole("list", { name: "Active licences" });
    expect(app.api.callsTo(LIST).length).toBeGreaterThanOrEqual(2);
    expect(within(list).getByRole("heading", { level: 3, name: "Code ending in 0001" })).toBeInTheDocument();
    const chips = within(list).getByRole("list", { name: "Publications in this licence" });
    expect(within(chips).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Lengua 1º ESO", "Historia 2º ESO"]);
    expect(within(list).getByText("Expires on Mar 10, 2027")).toBeInTheDocument();
  });

  const LICENCE_ERRORS: Array<[string, number]> = [
    ["CODE_NOT_FOUND", 404],
    ["CODE_ALREADY_LINKED", 409],
    ["CODE_EXPIRED", 400],
    ["CODE_TYPE_NOT_FOUND", 400],
    ["INVALID_LICENSE", 400],
    ["LICENSE_ROLE_CONSTRAINT", 403],
    ["LICENSE_NO_MORE_USES", 409],
    ["LICENSE_ALREADY_ADDED", 409],
  ];

  it.each(LICENCE_ERRORS)("shows %s (HTTP %i) inline under the field and keeps the code", async (key, status) => {
    const user = userEvent.setup();
    renderApp("/license", {
      auth: signedInAs("student"),
      language: "en",
      api: { [LIST]: lists([]), [REDEEM]: () => fail(status, key) },
    });
    await screen.findByText("You have no active licences");
    await user.type(codeInput(), "AULA-WRONG-1");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    const message = (errorsEn as Record<string, string>)[key];
    expect(message).toBeTruthy();
    expect(await screen.findByRole("alert")).toHaveTextContent(message ?? "");
    expect(codeInput()).toHaveAccessibleDescription(message);
    expect(codeInput()).toHaveAttribute("aria-invalid", "true");
    expect(codeInput()).toHaveValue("AULA-WRONG-1");
    expect(screen.queryByText("Licence redeemed")).not.toBeInTheDocument();
  });

  it("asks for a code without calling the server when the field is empty, and refuses an over-long one", async () => {
    const user = userEvent.setup();
    const app = renderApp("/license", { auth: signedInAs("student"), language: "en", api: { [LIST]: lists([]) } });
    await screen.findByText("You have no active licences");
    await user.type(codeInput(), "   ");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This field is required");
    expect(codeInput()).toHaveFocus();

    await user.clear(codeInput());
    await user.click(codeInput());
    await user.paste("X".repeat(LICENCE_CODE_MAX_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid code");
    expect(app.api.callsTo(REDEEM)).toHaveLength(0);
  });

  it("lists expired licences from isExpired=true, marked as expired", async () => {
    const user = userEvent.setup();
    const app = renderApp("/license", {
      auth: signedInAs("student"),
      language: "en",
      api: {
        [LIST]: lists(
          [licence()],
          [licence({ guid: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", code: "*********2024", expiresAt: "2025-06-30T10:00:00.000Z", isExpired: true })],
        ),
      },
    });
    const active = await screen.findByRole("list", { name: "Active licences" });
    expect(within(active).getByText("Activated on Jan 15, 2026")).toBeInTheDocument();
    expect(within(active).queryByText("Expired")).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Expired" }));
    const expired = await screen.findByRole("list", { name: "Expired licences" });
    expect(within(expired).getByRole("heading", { level: 3, name: "Code ending in 2024" })).toBeInTheDocument();
    expect(within(expired).getByText("Expired")).toBeInTheDocument();
    expect(within(expired).getByText("Expired on Jun 30, 2025")).toBeInTheDocument();
    const asked = app.api.callsTo(LIST).map((c) => c.query.get("isExpired"));
    expect(asked).toEqual([null, "true"]);
  });

  it("never shows the active licences under Expired while the expired ones load", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const expiredOne = licence({ guid: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", code: "*********2024", isExpired: true });
    renderApp("/license", {
      auth: signedInAs("student"),
      language: "en",
      api: {
        [LIST]: async (call: ApiCall) => {
          if (call.query.get("isExpired") !== "true") return { body: listOf([licence()]) };
          await held;
          return { body: listOf([expiredOne]) };
        },
      },
    });
    await screen.findByRole("list", { name: "Active licences" });
    await user.click(screen.getByRole("tab", { name: "Expired" }));
    expect(await screen.findByText("Loading your licences")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Expired licences" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Code ending in 2026" })).not.toBeInTheDocument();
    release();
    const expired = await screen.findByRole("list", { name: "Expired licences" });
    expect(within(expired).getByRole("heading", { level: 3, name: "Code ending in 2024" })).toBeInTheDocument();
  });

  it("shows an empty state for expired licences too", async () => {
    const user = userEvent.setup();
    renderApp("/license", { auth: signedInAs("student"), language: "en", api: { [LIST]: lists([licence()]) } });
    await screen.findByRole("list", { name: "Active licences" });
    await user.click(screen.getByRole("tab", { name: "Expired" }));
    expect(await screen.findByText("You have no expired licences")).toBeInTheDocument();
  });

  it("tells teachers, not students, that redeemed publications can be added to their classes", async () => {
    const hint = /add the publications you redeem to your classes/;
    renderApp("/license", { auth: signedInAs("teacher"), language: "en", api: { [LIST]: lists([]) } });
    expect(await screen.findByText(hint)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Licences" })).toBeInTheDocument();
  });

  it("gives students no class hint", async () => {
    renderApp("/license", { auth: signedInAs("student"), language: "en", api: { [LIST]: lists([]) } });
    await screen.findByText("You have no active licences");
    expect(screen.queryByText(/add the publications you redeem/)).not.toBeInTheDocument();
  });

  it("opens from the profile menu", async () => {
    const user = userEvent.setup();
    const app = renderApp("/home", {
      auth: signedInAs("teacher"),
      api: { "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }), [LIST]: lists([]) },
    });
    await user.click(await screen.findByRole("button", { name: "Menú de perfil de Ana García" }));
    await user.click(await screen.findByRole("menuitem", { name: "Licencias" }));
    await waitFor(() => expect(app.location().pathname).toBe("/license"));
    expect(await screen.findByRole("heading", { level: 2, name: "Canjear un código" })).toBeInTheDocument();
  });
});
