import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent, { PointerEventsCheckLevel } from "@testing-library/user-event";
import type { CourseCard } from "../../src/contracts/courses";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

// Under jsdom, Tabster marks the open Fluent dialog aria-hidden; role queries skip that check here.
configure({ defaultHidden: true });

const card = (overrides: Partial<CourseCard> = {}): CourseCard => ({
  guid: "8b6e5f7a-6a7b-4c8d-9e9f-0a1b2c3d4e01",
  name: "Maths 2B",
  color: "#0F6CBD",
  icon: "calculator",
  schoolYear: "2025-2026",
  educationLevel: "Secondary",
  educationYear: "2nd ESO",
  discipline: "math",
  myRole: "student",
  studentCount: 21,
  publications: [],
  ...overrides,
});
const page = (items: CourseCard[]) => ok({ items, total: items.length, offset: 0, pageSize: 100 });

async function openJoin(join: unknown, courses: () => CourseCard[] = () => []) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const app = renderApp("/home", {
    auth: signedInAs("student"),
    language: "en",
    api: { "GET /api/front/courses": () => ({ body: page(courses()) }), "POST /api/front/courses/join": join },
  });
  await user.click(await screen.findByRole("button", { name: "Join a class" }));
  const dialog = await screen.findByRole("dialog", { name: "Join a class" });
  const input = within(dialog).getByRole("textbox", { name: "Class key" });
  return { user, app, dialog, input };
}

describe("Join a class", () => {
  it("checks the key before sending it", async () => {
    const { user, app, dialog, input } = await openJoin(fail(404, "CLASS_KEY_NOT_FOUND"));
    expect(input).toHaveAttribute("placeholder", "ABCD-EFGH");
    await user.click(within(dialog).getByRole("button", { name: "Join" }));
    expect(await within(dialog).findByText("Enter a class key")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.type(input, "ABC-12");
    await user.click(within(dialog).getByRole("button", { name: "Join" }));
    expect(await within(dialog).findByText("Enter a valid code")).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(app.api.callsTo("POST /api/front/courses/join")).toHaveLength(0);
  });

  it("joins with the normalised key, confirms, and lists the class as a link", async () => {
    let joined = false;
    const { user, app, input } = await openJoin(
      () => {
        joined = true;
        return { body: ok({ course: card(), alreadyMember: false }) };
      },
      () => (joined ? [card()] : []),
    );
    await user.type(input, " mate-esa2 ");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(app.api.callsTo("POST /api/front/courses/join")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/front/courses/join")[0]?.body).toEqual({ key: "MATEESA2" });
    expect(await screen.findByText("You joined Maths 2B")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Join a class" })).not.toBeInTheDocument());
    // The join invalidated the class list: it was fetched again and now shows the class.
    expect(await screen.findByRole("link", { name: "Maths 2B" })).toHaveAttribute("href", "/course/8b6e5f7a-6a7b-4c8d-9e9f-0a1b2c3d4e01");
    expect(app.api.callsTo("GET /api/front/courses")).toHaveLength(2);
  });

  it("says so when the student is already in the class", async () => {
    const { user, input } = await openJoin(ok({ course: card(), alreadyMember: true }), () => [card()]);
    await user.type(input, "MATE-ESA2{Enter}");
    expect(await screen.findByText("You are already in Maths 2B")).toBeInTheDocument();
  });

  it.each([
    [404, "CLASS_KEY_NOT_FOUND", "No class has that key. Check it and try again"],
    [410, "CLASS_KEY_EXPIRED", "This class key has expired. Ask your teacher for a new one"],
    [429, "RATE_LIMITED", "Too many attempts. Wait a moment and try again."],
  ])("shows %s %s under the field and keeps the key", async (status, key, message) => {
    const { user, dialog, input } = await openJoin(() => fail(status, key));
    await user.type(input, "PAST-KEY2{Enter}");
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveValue("PAST-KEY2");
    expect(input).toHaveFocus();
  });

  it("offers teachers no Join button", async () => {
    const app = renderApp("/home", {
      auth: signedInAs("teacher"),
      language: "en",
      api: { "GET /api/front/courses": page([]), "GET /api/organization": ok({ lms: { entryPoint: "/home", canCreateCourse: true, canCreateGroup: false }, tenant: { guid: "7d0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f" } }) },
    });
    expect(await screen.findByRole("button", { name: "New class" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join a class" })).not.toBeInTheDocument();
    expect(app.api.callsTo("POST /api/front/courses/join")).toHaveLength(0);
  });
});
