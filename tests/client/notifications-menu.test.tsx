import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { useLocation } from "react-router-dom";
import { loggedOut, sessionStarted } from "../../src/client/features/auth/authSlice";
import { NotificationsBell } from "../../src/client/features/notifications/NotificationsBell";
import { notificationReceived, selectNotificationsState } from "../../src/client/features/notifications/notificationsSlice";
import { onRealtime, stopRealtime } from "../../src/client/features/notifications/realtime";
import { forgetIntlSupport, formatRelativeIso } from "../../src/client/i18n/format";
import { SOCIAL_NOTIFICATION_TYPES, TODO_NOTIFICATION_TYPES, type NotificationType, type NotificationView } from "../../src/contracts/notifications-base";
import { ok, type ApiCall, type ApiRoutes } from "../support/client-api";
import { buildUser, renderApp, renderWithProviders, signedInAs } from "../support/render";

/** socket.io-client stand-in: records the options and what the client sends; the test plays the server. */
type Handler = (...args: unknown[]) => void;
class MockSocket {
  handlers = new Map<string, Set<Handler>>();
  managerHandlers = new Map<string, Set<Handler>>();
  sent: Array<{ event: string; payload: unknown }> = [];
  connected = false;
  active = true;
  connects = 0;
  constructor(public options: Record<string, unknown>) {}
  io = {
    on: (event: string, fn: Handler) => void this.managerHandlers.set(event, new Set([...(this.managerHandlers.get(event) ?? []), fn])),
    off: (event: string, fn: Handler) => void this.managerHandlers.get(event)?.delete(fn),
  };
  on(event: string, fn: Handler) {
    this.handlers.set(event, new Set([...(this.handlers.get(event) ?? []), fn]));
    return this;
  }
  off(event: string, fn: Handler) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  emit(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }
  /** The server accepted the (re)connection. */
  accept() {
    this.connected = true;
    this.active = true;
    this.connects += 1;
    this.fire("connect");
  }
  drop() {
    this.connected = false;
    this.fire("disconnect", "transport close");
  }
  connect() {
    this.active = true;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
}
const mockSockets: MockSocket[] = [];
jest.mock("socket.io-client", () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new MockSocket(options);
    mockSockets.push(socket);
    return socket;
  },
}));

afterEach(() => {
  stopRealtime();
  mockSockets.length = 0;
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function note(id: number, type: NotificationType = "comment", overrides: Partial<NotificationView> = {}): NotificationView {
  const category = (SOCIAL_NOTIFICATION_TYPES as readonly string[]).includes(type) ? "social" : "todo";
  return {
    id,
    type,
    category,
    created_at: ago(5),
    viewed_at: null,
    consumed_at: null,
    actor: { guid: `actor-${id}`, name: "Ana García" },
    course: { guid: "course-1", name: "Matemáticas 1º ESO A" },
    jobGuid: null,
    title: `Tema ${id}`,
    link: null,
    ...overrides,
  };
}

const isSocial = (call: ApiCall) => call.query.getAll("type").join() === SOCIAL_NOTIFICATION_TYPES.join();
const isTodo = (call: ApiCall) => call.query.getAll("type").join() === TODO_NOTIFICATION_TYPES.join();

/** A server holding `social` and `todo` notifications, paged by offset and pageSize like the real one. */
function server(lists: { social: NotificationView[]; todo: NotificationView[] }, unread = { social: 2, todo: 3 }): ApiRoutes {
  return {
    "GET /api/notifications": (call: ApiCall) => {
      const all = isSocial(call) ? lists.social : lists.todo;
      const offset = Number(call.query.get("offset") ?? 0);
      const size = Number(call.query.get("pageSize") ?? 10);
      return { status: 200, body: ok({ data: all.slice(offset, offset + size), total: all.length, offset }) };
    },
    "GET /api/notifications/unread-count": (call: ApiCall) => ({ status: 200, body: ok({ amount: isSocial(call) ? unread.social : isTodo(call) ? unread.todo : -1 }) }),
    "PUT /api/notifications/read": (call: ApiCall) => ({ status: 200, body: ok({ updated: (call.body as { ids: number[] }).ids.length }) }),
    "PUT /api/notifications/consumed": () => ({ status: 200, body: ok({ updated: 1 }) }),
  };
}

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

function renderBell(api: ApiRoutes) {
  return renderWithProviders(
    <>
      <NotificationsBell />
      <Where />
    </>,
    { auth: signedInAs("student"), api },
  );
}

const SOCIAL = [note(1), note(2, "post"), note(3, "tenant", { actor: null, course: null, title: "Jornada de puertas abiertas" })];
const TODO = [note(20, "assigned", { link: "/tasks?job=j20", jobGuid: "j20" }), note(21, "late", { actor: null }), note(22, "evaluated", { viewed_at: ago(60) })];

describe("notifications bell and dropdown", () => {
  it("shows the unread total of both lists in its name and badge", async () => {
    const app = renderBell(server({ social: SOCIAL, todo: TODO }));
    const bell = await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(bell.parentElement).toHaveTextContent("5");
    // Counts asked per list, with each list's types; no list is asked before the dropdown opens.
    expect(app.api.callsTo("GET /api/notifications/unread-count").filter(isSocial)).toHaveLength(1);
    expect(app.api.callsTo("GET /api/notifications/unread-count").filter(isTodo)).toHaveLength(1);
    expect(app.api.callsTo("GET /api/notifications")).toHaveLength(0);
  });

  it("opens on the social list with translated texts, marks it read, and switches to the to-do list", async () => {
    const user = userEvent.setup();
    const app = renderBell(server({ social: SOCIAL, todo: TODO }));
    await user.click(await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    const social = within(dialog).getByRole("tab", { name: "Social, 2 sin leer" });
    expect(social).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByRole("tab", { name: "Tareas, 3 sin leer" })).toHaveAttribute("aria-selected", "false");

    const panel = within(dialog).getByRole("tabpanel");
    const rows = await within(panel).findAllByRole("button");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Ana García ha comentado en «Tema 1»Matemáticas 1º ESO A · hace 5 minutosNueva",
      "Ana García ha publicado en el tablón: «Tema 2»Matemáticas 1º ESO A · hace 5 minutosNueva",
      "Aviso: Jornada de puertas abiertashace 5 minutosNueva",
    ]);
    // Showing the list marks it read; the rows keep their "new" mark while the dropdown stays open.
    await waitFor(() => expect(app.api.callsTo("PUT /api/notifications/read")).toHaveLength(1));
    expect(app.api.callsTo("PUT /api/notifications/read")[0]?.body).toMatchObject({ ids: [1, 2, 3] });
    await waitFor(() => expect(selectNotificationsState(app.store.getState()).social.notifications.every((n) => n.viewed_at !== null)).toBe(true));
    expect(within(panel).getAllByText("Nueva")).toHaveLength(3);
    // Reading is not consuming: the social counter stays.
    expect(social).toHaveAccessibleName("Social, 2 sin leer");

    await user.click(within(dialog).getByRole("tab", { name: "Tareas, 3 sin leer" }));
    const todoPanel = within(dialog).getByRole("tabpanel");
    expect(await within(todoPanel).findByRole("link", { name: /Ana García te ha asignado «Tema 20»/ })).toHaveAttribute("href", "/tasks?job=j20");
    expect(within(todoPanel).getByRole("button", { name: /«Tema 21» está fuera de plazo/ })).toBeInTheDocument();
    // The one read an hour ago is not new; the to-do read marks only the unread ones.
    expect(within(todoPanel).getByRole("button", { name: /Ana García ha calificado «Tema 22»/ })).not.toHaveTextContent("Nueva");
    await waitFor(() => expect(app.api.callsTo("PUT /api/notifications/read")).toHaveLength(2));
    expect(app.api.callsTo("PUT /api/notifications/read")[1]?.body).toMatchObject({ ids: [20, 21] });
  });

  it("loads more at the end of a list, with the next offset, and focuses the first new row", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 13 }, (_, i) => note(100 + i));
    const app = renderBell(server({ social: many, todo: [] }, { social: 13, todo: 0 }));
    await user.click(await screen.findByRole("button", { name: "Notificaciones, 13 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    const panel = within(dialog).getByRole("tabpanel");
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(10));

    await user.click(within(panel).getByRole("button", { name: "Cargar más" }));
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(13));
    const socialPages = app.api.callsTo("GET /api/notifications").filter(isSocial);
    expect(socialPages.map((c) => c.query.get("offset"))).toEqual(["0", "10"]);
    expect(within(panel).queryByRole("button", { name: "Cargar más" })).not.toBeInTheDocument();
    const rows = within(panel).getAllByRole("listitem");
    expect(rows[10]).toHaveTextContent("«Tema 110»");
    expect(within(rows[10] as HTMLElement).getByRole("button")).toHaveFocus();
  });

  it("marks all of the shown list as read: consumes it with [0] and clears its counter", async () => {
    const user = userEvent.setup();
    const app = renderBell(server({ social: SOCIAL, todo: TODO }));
    await user.click(await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    await within(dialog).findAllByRole("listitem");
    await user.click(within(dialog).getByRole("button", { name: "Marcar todo como leído" }));
    await waitFor(() => expect(app.api.callsTo("PUT /api/notifications/consumed")).toHaveLength(1));
    expect(app.api.callsTo("PUT /api/notifications/consumed")[0]?.body).toMatchObject({ ids: [0], type: [...SOCIAL_NOTIFICATION_TYPES] });
    expect(await within(dialog).findByRole("tab", { name: "Social" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notificaciones, 3 sin leer" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Marcar todo como leído" })).toHaveAttribute("aria-disabled", "true");
  });

  it("opens a notification: consumes it and goes where it links, closing the dropdown", async () => {
    const user = userEvent.setup();
    const app = renderBell(server({ social: [], todo: TODO }, { social: 0, todo: 3 }));
    await user.click(await screen.findByRole("button", { name: "Notificaciones, 3 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    // With nothing unread in social, it opens on the to-do list.
    expect(within(dialog).getByRole("tab", { name: "Tareas, 3 sin leer" })).toHaveAttribute("aria-selected", "true");
    await user.click(await within(dialog).findByRole("link", { name: /«Tema 20»/ }));
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("/tasks?job=j20");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(app.api.callsTo("PUT /api/notifications/consumed")).toHaveLength(1));
    expect(app.api.callsTo("PUT /api/notifications/consumed")[0]?.body).toMatchObject({ ids: [20], type: [...TODO_NOTIFICATION_TYPES] });
    await waitFor(() => expect(selectNotificationsState(app.store.getState()).todo.notifications.find((n) => n.id === 20)?.consumed_at).toEqual(expect.any(String)));
    // The to-do counter is asked again after reading and after consuming (no local rule for it in §4).
    await waitFor(() => expect(app.api.callsTo("GET /api/notifications/unread-count").filter(isTodo)).toHaveLength(3));
  });

  it("says when a list is empty", async () => {
    const user = userEvent.setup();
    renderBell(server({ social: [], todo: [] }, { social: 0, todo: 0 }));
    await user.click(await screen.findByRole("button", { name: "Notificaciones" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    expect(await within(dialog).findByText("No tienes notificaciones sociales.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Tareas" }));
    expect(await within(dialog).findByText("No tienes notificaciones de tareas.")).toBeInTheDocument();
  });

  it("works from the keyboard: Enter opens on the selected tab, arrows and Enter switch lists, the rows follow in tab order, Escape closes back to the bell", async () => {
    const user = userEvent.setup();
    renderBell(server({ social: SOCIAL, todo: TODO }));
    const bell = await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" });
    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    expect(bell).toHaveAttribute("aria-expanded", "true");
    expect(bell).toHaveAttribute("aria-controls", dialog.id);
    await waitFor(() => expect(within(dialog).getByRole("tab", { name: /^Social/ })).toHaveFocus());
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: /^Tareas/ })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(dialog).getByRole("tab", { name: /^Tareas/ })).toHaveAttribute("aria-selected", "true"));
    const row = await within(dialog).findByRole("link", { name: /«Tema 20»/ });
    // The rows are plain links and buttons after the tab list, in the page's tab order. (Tab itself is
    // not pressed here: in jsdom, Fluent's focus manager sees no element as visible and skips them.)
    const tabbable = Array.from(dialog.querySelectorAll<HTMLElement>("a[href], button")).filter((el) => el.tabIndex >= 0);
    expect(tabbable.map((el) => el.getAttribute("role") ?? el.tagName.toLowerCase())).toEqual(["button", "tab", "a", "button", "button"]);
    row.focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("is axe-clean closed and open, on both lists (WCAG 2.1 A/AA rules that need no layout)", async () => {
    const user = userEvent.setup();
    const { container } = renderBell(server({ social: SOCIAL, todo: TODO }));
    const check = async () => {
      const results = await axe.run(container, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
    };
    await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" });
    await check();
    await user.click(screen.getByRole("button", { name: "Notificaciones, 5 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    await within(dialog).findAllByRole("listitem");
    await check();
    await user.click(within(dialog).getByRole("tab", { name: /^Tareas/ }));
    await within(dialog).findByRole("link", { name: /«Tema 20»/ });
    await check();
  });

  it("closes when the reader presses outside it", async () => {
    const user = userEvent.setup();
    renderBell(server({ social: SOCIAL, todo: TODO }));
    await user.click(await screen.findByRole("button", { name: /^Notificaciones/ }));
    await screen.findByRole("dialog", { name: "Notificaciones" });
    await user.click(screen.getByRole("status", { name: "where" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("speaks the reader's language", async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationsBell />, { auth: signedInAs("student"), api: server({ social: SOCIAL, todo: TODO }), language: "eu" });
    await user.click(await screen.findByRole("button", { name: "Jakinarazpenak, 5 irakurri gabe" }));
    const dialog = await screen.findByRole("dialog", { name: "Jakinarazpenak" });
    expect(await within(dialog).findByRole("button", { name: /Ana García\(e\)k iruzkina egin du «Tema 1» argitalpenean/ })).toHaveTextContent("duela 5 minutu");
  });
});

describe("live notifications", () => {
  it("connects once, websocket only, with the session's token; a pushed notification goes to the top and raises the counter", async () => {
    const user = userEvent.setup();
    const app = renderBell(server({ social: SOCIAL, todo: TODO }));
    await waitFor(() => expect(mockSockets).toHaveLength(1));
    const socket = mockSockets[0] as MockSocket;
    expect(socket.options).toMatchObject({ path: "/socket.io", transports: ["websocket"], reconnectionAttempts: 5, reconnectionDelay: 10_000, reconnectionDelayMax: 20_000, timeout: 20_000 });
    const auth = socket.options.auth as (cb: (d: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: "access-token" }));
    act(() => socket.accept());

    await user.click(await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" }));
    const dialog = await screen.findByRole("dialog", { name: "Notificaciones" });
    await within(dialog).findByRole("button", { name: /«Tema 1»/ });

    act(() => socket.fire("notification:new", note(77, "post", { title: "Salida al museo" })));
    expect(screen.getByRole("button", { name: "Notificaciones, 6 sin leer" })).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: "Social, 3 sin leer" })).toBeInTheDocument();
    const first = within(dialog).getAllByRole("listitem")[0] as HTMLElement;
    expect(first).toHaveTextContent("Ana García ha publicado en el tablón: «Salida al museo»");
    expect(selectNotificationsState(app.store.getState()).social.total).toBe(4);
    // Shown while open: it is marked read at once, and stays marked new.
    await waitFor(() => expect(app.api.callsTo("PUT /api/notifications/read").some((c) => (c.body as { ids: number[] }).ids.includes(77))).toBe(true));
    expect(first).toHaveTextContent("Nueva");

    // A to-do one while the social list is shown: only the to-do counter moves.
    act(() => void app.store.dispatch(notificationReceived(note(78, "one_day", { actor: null, title: "Redacción" }))));
    expect(within(dialog).getByRole("tab", { name: "Tareas, 4 sin leer" })).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem")[0]).toHaveTextContent("Salida al museo");
  });

  it("after a reconnection asks both lists' first pages and counters again (what it missed)", async () => {
    const lists = { social: [...SOCIAL], todo: [...TODO] };
    const unread = { social: 2, todo: 3 };
    const app = renderBell(server(lists, unread));
    await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" });
    await waitFor(() => expect(mockSockets).toHaveLength(1));
    const socket = mockSockets[0] as MockSocket;
    act(() => socket.accept());
    expect(app.api.callsTo("GET /api/notifications")).toHaveLength(0);

    act(() => socket.drop());
    // While away: one of each arrived.
    lists.social.unshift(note(90, "comment", { title: "Perdida 1" }));
    lists.todo.unshift(note(91, "assigned", { title: "Perdida 2" }));
    unread.social = 3;
    unread.todo = 4;
    act(() => socket.accept());
    expect(await screen.findByRole("button", { name: "Notificaciones, 7 sin leer" })).toBeInTheDocument();
    await waitFor(() => expect(selectNotificationsState(app.store.getState()).todo.notifications[0]?.id).toBe(91));
    expect(selectNotificationsState(app.store.getState()).social.notifications[0]?.id).toBe(90);
    expect(app.api.callsTo("GET /api/notifications").map((c) => c.query.get("offset"))).toEqual(["0", "0"]);
  });

  it("re-authenticates the socket when the token is refreshed, and closes it on sign-out", async () => {
    const app = renderBell(server({ social: SOCIAL, todo: TODO }));
    await waitFor(() => expect(mockSockets).toHaveLength(1));
    const socket = mockSockets[0] as MockSocket;
    act(() => socket.accept());
    const user = buildUser({ role: "student" });
    act(() => void app.store.dispatch(sessionStarted({ token: "new-access-token", refreshToken: "r2", expiresIn: 3600, user })));
    expect(socket.sent).toEqual([{ event: "auth:refresh", payload: { token: "new-access-token" } }]);
    // A later reconnection authenticates with the new token.
    const auth = socket.options.auth as (cb: (d: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: "new-access-token" }));

    await act(async () => void app.store.dispatch(loggedOut()));
    expect(socket.active).toBe(false);
    expect(selectNotificationsState(app.store.getState()).social.unread).toBe(0);
    expect(mockSockets).toHaveLength(1);
  });

  it("when the server drops the socket (its token expired), renews the session and connects again with the new token", async () => {
    const routes = server({ social: SOCIAL, todo: TODO });
    let expired = false;
    const counts = routes["GET /api/notifications/unread-count"] as (call: ApiCall) => { status: number; body: unknown };
    const app = renderBell({
      ...routes,
      "GET /api/notifications/unread-count": (call: ApiCall) =>
        expired && call.headers.get("authorization") === "Bearer access-token" ? { status: 401, body: { status: "error", error: { key: "SESSION_EXPIRED", message: "" } } } : counts(call),
      "POST /api/auth/refresh": () => ({ status: 200, body: ok({ token: "renewed-token", refreshToken: "r2", expiresIn: 900, user: buildUser({ role: "student" }) }) }),
    });
    await screen.findByRole("button", { name: "Notificaciones, 5 sin leer" });
    await waitFor(() => expect(mockSockets).toHaveLength(1));
    const socket = mockSockets[0] as MockSocket;
    act(() => socket.accept());

    expired = true;
    socket.connected = false;
    socket.active = false;
    act(() => socket.fire("disconnect", "io server disconnect"));
    await waitFor(() => expect(app.store.getState().auth.record?.token).toBe("renewed-token"));
    await waitFor(() => expect(socket.active).toBe(true));
    const auth = socket.options.auth as (cb: (d: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: "renewed-token" }));
    act(() => socket.accept());
    // Back: what it missed is asked again.
    await waitFor(() => expect(app.api.callsTo("GET /api/notifications").length).toBeGreaterThanOrEqual(2));
    expect(socket.sent).toEqual([]);
  });

  it("lets other features listen to their own events on the same socket", async () => {
    renderBell(server({ social: [], todo: [] }, { social: 0, todo: 0 }));
    const heard: unknown[] = [];
    const stop = onRealtime<{ points: number }>("gamification:points", (payload) => heard.push(payload));
    await waitFor(() => expect(mockSockets).toHaveLength(1));
    const socket = mockSockets[0] as MockSocket;
    act(() => socket.fire("gamification:points", { points: 5 }));
    stop();
    act(() => socket.fire("gamification:points", { points: 6 }));
    expect(heard).toEqual([{ points: 5 }]);
  });
});

describe("in the app's header", () => {
  it("appears after the first screen for a signed-in reader, between the language switch and the avatar", async () => {
    renderApp("/profile", { auth: signedInAs("teacher"), api: server({ social: [], todo: [note(5, "student_deliver")] }, { social: 0, todo: 1 }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Perfil" })).toBeInTheDocument();
    const bell = await screen.findByRole("button", { name: "Notificaciones, 1 sin leer" });
    const banner = screen.getByRole("banner");
    const buttons = within(banner).getAllByRole("button");
    expect(buttons.indexOf(bell)).toBe(buttons.indexOf(screen.getByRole("button", { name: "Idioma: Español" })) + 1);
    expect(buttons.indexOf(screen.getByRole("button", { name: "Menú de perfil de Ana García" }))).toBe(buttons.indexOf(bell) + 1);
  });

  it("is not there for a signed-out reader", async () => {
    const app = renderApp("/auth/login");
    expect(await screen.findByRole("button", { name: "Idioma: Español" })).toBeInTheDocument();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: /^Notificaciones/ })).not.toBeInTheDocument();
    expect(app.api.callsTo("GET /api/notifications/unread-count")).toHaveLength(0);
    expect(mockSockets).toHaveLength(0);
  });
});

describe("the time of a notification", () => {
  afterEach(() => forgetIntlSupport());
  const now = Date.parse("2026-11-26T12:00:00Z");

  it("is relative, in the largest unit that fits, in the reader's language", () => {
    expect(formatRelativeIso("2026-11-26T11:59:50Z", "es", now)).toBe("ahora");
    expect(formatRelativeIso("2026-11-26T11:55:00Z", "es", now)).toBe("hace 5 minutos");
    expect(formatRelativeIso("2026-11-26T09:00:00Z", "ca", now)).toBe("fa 3 hores");
    expect(formatRelativeIso("2026-11-25T12:00:00Z", "en", now)).toBe("yesterday");
    expect(formatRelativeIso("2026-11-12T12:00:00Z", "pt", now)).toBe("há 2 semanas");
    expect(formatRelativeIso("not a date", "es", now)).toBe("");
  });

  it("is written from CLDR's Basque where the browser has no Basque data (Chromium), as Intl writes it", () => {
    const cases: Array<[string, string]> = [
      ["2026-11-26T11:59:50Z", "orain"],
      ["2026-11-26T11:55:00Z", "duela 5 minutu"],
      ["2026-11-25T12:00:00Z", "atzo"],
      ["2026-11-12T12:00:00Z", "duela 2 aste"],
      ["2024-11-26T12:00:00Z", "duela 2 urte"],
    ];
    const withIntl = cases.map(([iso]) => formatRelativeIso(iso, "eu", now));
    forgetIntlSupport((_kind, locale) => locale !== "eu");
    expect(cases.map(([iso]) => formatRelativeIso(iso, "eu", now))).toEqual(cases.map(([, text]) => text));
    expect(withIntl).toEqual(cases.map(([, text]) => text));
  });
});
