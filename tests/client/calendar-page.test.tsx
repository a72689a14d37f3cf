import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { CalendarEventView, CalendarView } from "../../src/contracts/calendar-base";
import { isoDateOf } from "../../src/client/features/calendar/calendarRange";
import { dateTimeFormat } from "../../src/client/i18n/format";
import { ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { pushRealtime, realtimeListeners } from "../support/realtime-double";
import { renderApp, signedInAs } from "../support/render";

// The page listens to the calendar's pushes through the realtime module; the test plays the socket.
jest.mock("../../src/client/features/notifications/realtime", () => jest.requireActual<typeof import("../support/realtime-double")>("../support/realtime-double").realtimeDouble());
const push = pushRealtime;

const MATHS = "11111111-1111-4111-8111-111111111111";
const HISTORY = "22222222-2222-4222-8222-222222222222";
const HOLIDAY = "33333333-3333-4333-8333-333333333333";

const CALENDARS: CalendarView[] = [
  { guid: "personal-calendar", name: "Mi calendario", kind: "personal", color: null, timeZone: null, canEdit: false },
  { guid: MATHS, name: "Matemáticas 1º A", kind: "class", color: "#0f6cbd", timeZone: "Europe/Madrid", canEdit: true },
  { guid: HISTORY, name: "Historia 2º B", kind: "class", color: "#8a3b12", timeZone: "Europe/Madrid", canEdit: false },
];

/** A local time of the reader's zone as the API's ISO instant. */
const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

const EVENTS: CalendarEventView[] = [
  { guid: "s1", calendarGuid: MATHS, kind: "session", sourceGuid: null, title: "Sesión de Matemáticas", start: at(2026, 3, 10, 9), end: at(2026, 3, 10, 10), allDay: false, startDate: null, endDate: null, link: `/course/${MATHS}`, color: "#0f6cbd" },
  { guid: "x1", calendarGuid: MATHS, kind: "extra_class", sourceGuid: "e1", title: "Repaso de fracciones", start: at(2026, 3, 11, 16), end: at(2026, 3, 11, 17), allDay: false, startDate: null, endDate: null, link: `/course/${MATHS}`, color: "#0f6cbd" },
  { guid: "d1", calendarGuid: HISTORY, kind: "due", sourceGuid: "t1", title: "Redacción sobre Roma", start: at(2026, 3, 12, 23, 59), end: at(2026, 3, 12, 23, 59), allDay: false, startDate: null, endDate: null, link: "/tasks?job=j1", color: "#8a3b12" },
  { guid: "h1", calendarGuid: MATHS, kind: "holiday", sourceGuid: HOLIDAY, title: "Fallas", start: at(2026, 3, 19, 0), end: at(2026, 3, 21, 0), allDay: true, startDate: "2026-03-19", endDate: "2026-03-20", link: null, color: "#616161" },
];

/** A server that answers the events of the asked calendars between the asked days, paged. */
function server(extra: ApiRoutes = {}, events: CalendarEventView[] = EVENTS): ApiRoutes {
  return {
    "GET /api/calendars": ok({ items: CALENDARS, canSetSchoolHolidays: false }),
    ...Object.fromEntries(
      [MATHS, HISTORY].map((g) => [
        `GET /api/calendar/${g}/events`,
        (call: ApiCall) => {
          const wanted = new Set([g, ...call.query.getAll("calendar[]")]);
          const from = call.query.get("fromDate") ?? "";
          const to = call.query.get("toDate") ?? "";
          const all = events.filter((e) => wanted.has(e.calendarGuid) && (e.startDate ?? isoDateOf(new Date(e.start))) <= to && (e.endDate ?? isoDateOf(new Date(e.start))) >= from);
          const offset = Number(call.query.get("offset"));
          const pageSize = Number(call.query.get("pageSize"));
          return reply(200, ok({ items: all.slice(offset, offset + pageSize), total: all.length, offset, pageSize, fromDate: from, toDate: to }));
        },
      ]),
    ),
    ...extra,
  };
}

const eventCalls = (app: ReturnType<typeof renderApp>) => app.api.calls.filter((c) => c.method === "GET" && /^\/api\/calendar\/[^/]+\/events$/.test(c.path));
const lastEventCall = (app: ReturnType<typeof renderApp>) => eventCalls(app).at(-1);
const cell = (day: string) => document.querySelector<HTMLElement>(`[role="gridcell"][data-day="${day}"]`);

async function openMarch(path = "/calendar?date=2026-03-10", routes: ApiRoutes = {}) {
  const app = renderApp(path, { auth: signedInAs("teacher"), api: server(routes) });
  await screen.findByText(/Sesión de Matemáticas/);
  return app;
}

describe("/calendar", () => {
  it("shows the month with each event on its days, asking the shown class calendars and never the personal one", async () => {
    const app = await openMarch();
    expect(eventCalls(app)).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: /marzo de 2026/i })).toBeInTheDocument();
    expect(within(cell("2026-03-10") as HTMLElement).getByText("Sesión de Matemáticas")).toBeInTheDocument();
    expect(within(cell("2026-03-11") as HTMLElement).getByText("Repaso de fracciones")).toBeInTheDocument();
    expect(within(cell("2026-03-12") as HTMLElement).getByText("Redacción sobre Roma")).toBeInTheDocument();
    // An all-day holiday on each of its days.
    expect(within(cell("2026-03-19") as HTMLElement).getByText("Fallas")).toBeInTheDocument();
    expect(within(cell("2026-03-20") as HTMLElement).getByText("Fallas")).toBeInTheDocument();
    expect(within(cell("2026-03-21") as HTMLElement).queryByText("Fallas")).not.toBeInTheDocument();
    const call = lastEventCall(app);
    expect(call?.path).toBe(`/api/calendar/${MATHS}/events`);
    expect(call?.query.getAll("calendar[]")).toEqual([MATHS, HISTORY]);
    expect([call?.query.get("fromDate"), call?.query.get("toDate")]).toEqual(["2026-02-23", "2026-04-05"]);
    for (const c of app.api.calls) expect(`${c.path}?${c.query.toString()}`).not.toContain("personal-calendar");
    // The legend: one checkbox per class calendar, the personal one has no events to show.
    expect(screen.getByRole("checkbox", { name: "Matemáticas 1º A" })).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: "Mi calendario" })).not.toBeInTheDocument();
  });

  it("moves the range with previous, next and today, and keeps it in the URL", async () => {
    const user = userEvent.setup();
    const app = await openMarch();
    await user.click(screen.getByRole("button", { name: "Mes siguiente" }));
    await waitFor(() => expect(lastEventCall(app)?.query.get("fromDate")).toBe("2026-03-30"));
    expect(lastEventCall(app)?.query.get("toDate")).toBe("2026-05-03");
    expect(app.location().search).toContain("date=2026-04-01");
    await user.click(screen.getByRole("button", { name: "Mes anterior" }));
    await user.click(screen.getByRole("button", { name: "Mes anterior" }));
    await waitFor(() => expect(lastEventCall(app)?.query.get("fromDate")).toBe("2026-01-26"));
    expect(lastEventCall(app)?.query.get("toDate")).toBe("2026-03-01");
    await user.click(screen.getByRole("button", { name: "Hoy" }));
    const today = isoDateOf(new Date());
    await waitFor(() => expect(app.location().search).toContain(`date=${today}`));
    await waitFor(() => expect(lastEventCall(app)?.query.get("fromDate")?.slice(0, 7)).not.toBe("2026-01"));
    const range = lastEventCall(app)?.query;
    expect((range?.get("fromDate") ?? "") <= today && today <= (range?.get("toDate") ?? "")).toBe(true);
  });

  it("shows the week with times in the reader's language and the agenda a page at a time", async () => {
    const user = userEvent.setup();
    const app = await openMarch("/calendar?view=week&date=2026-03-10");
    expect([lastEventCall(app)?.query.get("fromDate"), lastEventCall(app)?.query.get("toDate")]).toEqual(["2026-03-09", "2026-03-15"]);
    const time = dateTimeFormat("es", { hour: "2-digit", minute: "2-digit" });
    const session = `${time.format(new Date(EVENTS[0]?.start ?? ""))}–${time.format(new Date(EVENTS[0]?.end ?? ""))}`;
    // Placed by time on the week's hours (from 8:00, 48 px an hour): 9:00-10:00.
    expect(within(cell("2026-03-10") as HTMLElement).getByText(`${session} Sesión de Matemáticas`)).toHaveStyle({ top: "48px", height: "48px" });
    expect(within(cell("2026-03-11") as HTMLElement).getByText(/Repaso de fracciones/)).toHaveStyle({ top: "384px", height: "48px" });
    await user.click(screen.getByRole("button", { name: "Agenda" }));
    await waitFor(() => expect(lastEventCall(app)?.query.get("pageSize")).toBe("20"));
    expect([lastEventCall(app)?.query.get("fromDate"), lastEventCall(app)?.query.get("toDate")]).toEqual(["2026-03-10", "2026-04-08"]);
    expect(await screen.findByRole("heading", { name: /martes, 10 de marzo/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Abrir Redacción sobre Roma" })).toHaveAttribute("href", "/tasks?job=j1");
  });

  it("pages the agenda with the API's offset", async () => {
    const user = userEvent.setup();
    const many: CalendarEventView[] = Array.from({ length: 25 }, (_, i) => ({
      ...(EVENTS[0] as CalendarEventView),
      guid: `s${i}`,
      title: `Sesión ${i + 1}`,
      start: at(2026, 3, 10 + Math.floor(i / 5), 8 + (i % 5)),
      end: at(2026, 3, 10 + Math.floor(i / 5), 9 + (i % 5)),
    }));
    const app = renderApp("/calendar/" + MATHS + "?view=agenda&date=2026-03-10", { auth: signedInAs("teacher"), api: server({}, many) });
    expect(await screen.findByText("Sesión 1")).toBeInTheDocument();
    expect(screen.getByText("1–20 de 25")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Siguientes" }));
    expect(await screen.findByText("Sesión 21")).toBeInTheDocument();
    expect(lastEventCall(app)?.query.get("offset")).toBe("20");
  });

  it("asks only the ticked calendars, remembers them, and never sends the personal one", async () => {
    const user = userEvent.setup();
    const app = await openMarch();
    await user.click(screen.getByRole("checkbox", { name: "Matemáticas 1º A" }));
    await waitFor(() => expect(lastEventCall(app)?.query.getAll("calendar[]")).toEqual([HISTORY]));
    expect(lastEventCall(app)?.path).toBe(`/api/calendar/${HISTORY}/events`);
    expect(await screen.findByText("Redacción sobre Roma")).toBeInTheDocument();
    expect(screen.queryByText("Sesión de Matemáticas")).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`aula.calendar.hidden.${signedInAs("teacher").user.guid}`)).toBe(JSON.stringify([MATHS]));
    const before = eventCalls(app).length;
    await user.click(screen.getByRole("checkbox", { name: "Historia 2º B" }));
    expect(await screen.findByText("Marca algún calendario para ver sus eventos.")).toBeInTheDocument();
    expect(eventCalls(app).length).toBe(before);
    for (const c of eventCalls(app)) {
      expect(c.query.getAll("calendar[]")).not.toContain("personal-calendar");
      expect(c.path).not.toContain("personal-calendar");
    }
  });

  it("moves between days with the keyboard and opens a day with Enter", async () => {
    const user = userEvent.setup();
    const app = await openMarch();
    const start = cell("2026-03-10") as HTMLElement;
    expect(start).toHaveAttribute("tabindex", "0");
    expect(document.querySelectorAll('[role="gridcell"][tabindex="0"]')).toHaveLength(1);
    start.focus();
    await user.keyboard("{ArrowRight}");
    expect(cell("2026-03-11")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(cell("2026-03-18")).toHaveFocus();
    await user.keyboard("{End}");
    expect(cell("2026-03-22")).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}{Home}");
    expect(cell("2026-03-02")).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    const dialog = await screen.findByRole("dialog", { name: /lunes, 30 de marzo/ });
    expect(within(dialog).getByText("sin eventos")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    // Closing gives the focus back to the day.
    await waitFor(() => expect(cell("2026-03-30")).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Leaving the month takes the range along.
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(lastEventCall(app)?.query.get("fromDate")).toBe("2026-03-30"));
    await waitFor(() => expect(cell("2026-04-06")).toHaveFocus());
    // The new range's events are in (a slow machine may still be fetching them), then Enter opens the day.
    await waitFor(() => expect(screen.queryByText("Cargando el calendario…")).not.toBeInTheDocument(), { timeout: 10_000 });
    await waitFor(() => expect(cell("2026-04-06")).toHaveFocus());
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: /lunes, 6 de abril/ }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("adds a holiday to the chosen classes and refreshes the events", async () => {
    const user = userEvent.setup();
    const app = await openMarch("/calendar?date=2026-03-10", {
      "POST /api/calendar/holiday": () => reply(201, ok({ items: [{ guid: HOLIDAY, name: "x", startDate: "2026-03-19", endDate: "2026-03-20", calendarGuid: MATHS, schoolWide: false, canEdit: true }] })),
    });
    const before = eventCalls(app).length;
    await user.click(screen.getByRole("button", { name: "Añadir festivo" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo festivo" });
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    expect(await within(dialog).findByText("Este campo es obligatorio")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/calendar/holiday")).toHaveLength(0);
    await user.type(within(dialog).getByRole("textbox", { name: /Nombre/ }), "Fallas");
    fireEvent.change(within(dialog).getByLabelText(/Primer día/), { target: { value: "2026-03-19" } });
    fireEvent.change(within(dialog).getByLabelText(/Último día/), { target: { value: "2026-03-20" } });
    // The teacher's only editable class is chosen already; unticking it asks for one.
    const maths = within(dialog).getByRole("checkbox", { name: "Matemáticas 1º A" });
    expect(maths).toBeChecked();
    await user.click(maths);
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    expect(await within(dialog).findByText("Elige al menos una clase")).toBeInTheDocument();
    await user.click(maths);
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/calendar/holiday")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/calendar/holiday")[0]?.body).toEqual({ name: "Fallas", startDate: "2026-03-19", endDate: "2026-03-20", calendarGuids: [MATHS] });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(eventCalls(app).length).toBeGreaterThan(before));
  });

  it("deletes a holiday with the guid[] body after asking, and shows a translated error", async () => {
    const user = userEvent.setup();
    const app = await openMarch("/calendar?date=2026-03-10", { "DELETE /api/calendar/holiday": ok(null) });
    await user.click(cell("2026-03-19") as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: /jueves, 19 de marzo/ });
    await user.click(within(dialog).getByRole("button", { name: "Eliminar el festivo Fallas" }));
    expect(app.api.callsTo("DELETE /api/calendar/holiday")).toHaveLength(0);
    const before = eventCalls(app).length;
    await user.click(within(dialog).getByRole("button", { name: "Sí, eliminar" }));
    await waitFor(() => expect(app.api.callsTo("DELETE /api/calendar/holiday")).toHaveLength(1));
    expect(app.api.callsTo("DELETE /api/calendar/holiday")[0]?.body).toEqual([HOLIDAY]);
    expect(await screen.findByText("Festivo «Fallas» eliminado")).toBeInTheDocument();
    await waitFor(() => expect(eventCalls(app).length).toBeGreaterThan(before));
  });

  it("adds an extra class, and says so when it is too long", async () => {
    const user = userEvent.setup();
    const app = await openMarch(`/calendar/${MATHS}?date=2026-03-10`, {
      [`POST /api/calendar/${MATHS}/extra-classes`]: () => reply(400, { status: "error", error: { key: "EXTRA_CLASS_TOO_LONG", message: "x", details: { maxHours: 12 } } }),
    });
    await user.click(screen.getByRole("button", { name: "Añadir clase extra" }));
    const dialog = await screen.findByRole("dialog", { name: "Nueva clase extra" });
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Repaso");
    fireEvent.change(within(dialog).getByLabelText(/Hora de inicio/), { target: { value: "16:00" } });
    fireEvent.change(within(dialog).getByLabelText(/Hora de fin/), { target: { value: "17:30" } });
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    await waitFor(() => expect(app.api.callsTo(`POST /api/calendar/${MATHS}/extra-classes`)).toHaveLength(1));
    const body = app.api.callsTo(`POST /api/calendar/${MATHS}/extra-classes`)[0]?.body as { title: string; startsAt: string; endsAt: string };
    expect(body).toEqual({ title: "Repaso", startsAt: at(2026, 3, 10, 16), endsAt: at(2026, 3, 10, 17, 30) });
    expect(await within(dialog).findByText("Una clase extra puede durar como máximo 12 horas.")).toBeInTheDocument();
  });

  it("creates, copies and revokes the ICS feed address", async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, "writeText");
    const url = "https://aula.example.org/api/calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics";
    const app = await openMarch("/calendar?date=2026-03-10", {
      "GET /api/calendar/feed": ok({ exists: false, createdAt: null }),
      "POST /api/calendar/feed": () => reply(201, ok({ url, webcalUrl: url.replace("https://", "webcal://"), createdAt: "2026-03-10T10:00:00.000Z" })),
      "DELETE /api/calendar/feed": ok(null),
    });
    await user.click(screen.getByRole("button", { name: "Suscribirse" }));
    const dialog = await screen.findByRole("dialog", { name: "Suscribirse en Outlook o Google Calendar" });
    expect(await within(dialog).findByText("Todavía no tienes ninguna dirección de suscripción.")).toBeInTheDocument();
    expect(within(dialog).getByText(/Cualquiera que tenga la dirección puede ver tu calendario/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Crear dirección" }));
    expect(await within(dialog).findByRole("textbox", { name: /Dirección del calendario/ })).toHaveValue(url);
    expect(within(dialog).getByRole("link", { name: "Abrir en mi aplicación de calendario" })).toHaveAttribute("href", url.replace("https://", "webcal://"));
    await user.click(within(dialog).getByRole("button", { name: "Copiar" }));
    expect(writeText).toHaveBeenCalledWith(url);
    app.api.set({ "GET /api/calendar/feed": ok({ exists: true, createdAt: "2026-03-10T10:00:00.000Z" }) });
    await user.click(within(dialog).getByRole("button", { name: "Desactivar la dirección" }));
    await waitFor(() => expect(app.api.callsTo("DELETE /api/calendar/feed")).toHaveLength(1));
    expect(await screen.findByText("Dirección desactivada")).toBeInTheDocument();
    expect(within(dialog).queryByRole("textbox", { name: /Dirección del calendario/ })).not.toBeInTheDocument();
  });

  it("shows one class's calendar on /calendar/{course} without toggles", async () => {
    const app = await openMarch(`/calendar/${MATHS}?date=2026-03-10`);
    // The navigation's data starter and the page ask the very same query: one request.
    expect(eventCalls(app)).toHaveLength(1);
    expect(app.api.callsTo("GET /api/calendars")).toHaveLength(1);
    expect(lastEventCall(app)?.path).toBe(`/api/calendar/${MATHS}/events`);
    expect(lastEventCall(app)?.query.getAll("calendar[]")).toEqual([MATHS]);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Matemáticas 1º A" })).toBeInTheDocument();
    expect(screen.queryByText("Redacción sobre Roma")).not.toBeInTheDocument();
  });

  it("reloads the events when a calendar changes, and the calendars too when the reader leaves a class", async () => {
    const app = await openMarch();
    await waitFor(() => expect(realtimeListeners("calendar:changed")).toBeGreaterThan(0));
    const calendarCalls = () => app.api.calls.filter((c) => c.path === "/api/calendars").length;
    const [events, lists] = [eventCalls(app).length, calendarCalls()];
    push("calendar:changed", { calendarGuids: [MATHS] });
    await waitFor(() => expect(eventCalls(app)).toHaveLength(events + 1));
    expect(calendarCalls()).toBe(lists);
    push("course:left", { calendarGuids: [HISTORY] });
    await waitFor(() => expect(calendarCalls()).toBe(lists + 1));
    await waitFor(() => expect(eventCalls(app)).toHaveLength(events + 2));
  });

  it("is axe-clean in the month, the agenda and the day dialog", async () => {
    const user = userEvent.setup();
    const { container } = await openMarch();
    const run = async (root: Element) =>
      (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map((v) => v.id);
    expect(await run(container)).toEqual([]);
    await user.click(cell("2026-03-19") as HTMLElement);
    expect(await run(await screen.findByRole("dialog", {}, { timeout: 10_000 }))).toEqual([]);
    // A loaded runner may take longer than axe's run to render the dialog's title bar.
    await user.click(await screen.findByRole("button", { name: "Cerrar" }, { timeout: 10_000 }));
    await user.click(screen.getByRole("button", { name: "Agenda" }));
    await screen.findByRole("heading", { name: /martes, 10 de marzo/ });
    expect(await run(container)).toEqual([]);
  });
});
