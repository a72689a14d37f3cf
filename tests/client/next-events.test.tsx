import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import type { CalendarEventView } from "../../src/contracts/calendar-base";
import { NextEvents } from "../../src/client/features/calendar/NextEvents";
import { ok } from "../support/client-api";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

const MATHS = "11111111-1111-4111-8111-111111111111";
const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

const NEXT: CalendarEventView[] = [
  { guid: "s1", calendarGuid: MATHS, kind: "session", sourceGuid: null, title: "Matemáticas 1º A", start: at(2026, 3, 10, 9), end: at(2026, 3, 10, 10), allDay: false, startDate: null, endDate: null, link: `/course/${MATHS}`, color: "#0f6cbd" },
  { guid: "d1", calendarGuid: MATHS, kind: "due", sourceGuid: "t1", title: "Problemas de fracciones", start: at(2026, 3, 11, 23, 59), end: at(2026, 3, 11, 23, 59), allDay: false, startDate: null, endDate: null, link: "/tasks?job=j1", color: "#0f6cbd" },
];

describe("next events", () => {
  it("lists the next events with their time and link, and links to the calendar", async () => {
    const { api, container } = renderWithProviders(<NextEvents />, { auth: signedInAs("student"), api: { "GET /api/calendar/next-events": ok({ items: NEXT }) } });
    const list = await screen.findByRole("list");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole("link", { name: /^Matemáticas 1º A, mar, 10 mar, 09:00/ })).toHaveAttribute("href", `/course/${MATHS}`);
    expect(within(items[1] as HTMLElement).getByRole("link", { name: /^Problemas de fracciones, / })).toHaveAttribute("href", "/tasks?job=j1");
    expect(items[1]).toHaveTextContent(/Entrega a las 23:59/);
    expect(screen.getByRole("link", { name: "Ver el calendario" })).toHaveAttribute("href", "/calendar");
    expect(api.callsTo("GET /api/calendar/next-events")[0]?.query.get("limit")).toBe("5");
    const results = await axe.run(container, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] }, rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says so when nothing is coming", async () => {
    renderWithProviders(<NextEvents />, { auth: signedInAs("teacher"), api: { "GET /api/calendar/next-events": ok({ items: [] }) } });
    expect(await screen.findByText("No tienes eventos próximos.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver el calendario" })).toBeInTheDocument();
  });

  it("shows on the home below the classes, asked only after the classes are on display", async () => {
    const app = renderApp("/home", {
      auth: signedInAs("student"),
      api: {
        "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
        "GET /api/calendar/next-events": ok({ items: NEXT }),
      },
    });
    const card = await screen.findByRole("region", { name: "Próximos eventos" });
    expect(await within(card).findByRole("link", { name: /^Problemas de fracciones, / })).toBeInTheDocument();
    // The classes were asked first; the card's request came after them.
    const paths = app.api.calls.map((c) => c.path);
    expect(paths.indexOf("/api/calendar/next-events")).toBeGreaterThan(paths.indexOf("/api/front/courses"));
  });
});
