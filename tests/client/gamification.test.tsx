import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { ClassGamificationPanel } from "../../src/client/features/gamification/ClassGamificationPanel";
import { LevelUpDialog } from "../../src/client/features/gamification/LevelUpDialog";
import { startGamificationSocket, stopGamificationSocket } from "../../src/client/features/gamification/gamificationSocket";
import { ShellHeader } from "../../src/client/features/shell/ShellHeader";
import { stopRealtime } from "../../src/client/features/notifications/realtime";
import { sessionStarted } from "../../src/client/features/auth/authSlice";
import type { GamificationProfile, Ranking } from "../../src/contracts/gamification";
import { ok, type ApiCall } from "../support/client-api";
import { findDialog } from "../support/dialogs";
import { buildUser, renderApp, renderWithProviders, signedInAs } from "../support/render";

/** socket.io-client stand-in: records the namespace, the options and what the client sends; the test plays the server. */
type Handler = (...args: unknown[]) => void;
class MockSocket {
  handlers = new Map<string, Set<Handler>>();
  sent: Array<{ event: string; payload: unknown }> = [];
  connected = false;
  active = true;
  constructor(
    public namespace: string,
    public options: Record<string, unknown>,
  ) {}
  io = { on: () => undefined, off: () => undefined };
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
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.sent.push({ event, payload });
    ack?.({ ok: true, lastEntryId: 0 });
    return this;
  }
  accept() {
    this.connected = true;
    this.fire("connect");
  }
  connect() {
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
  io: (first: unknown, second?: Record<string, unknown>) => {
    const socket = typeof first === "string" ? new MockSocket(first, second ?? {}) : new MockSocket("/", (first ?? {}) as Record<string, unknown>);
    mockSockets.push(socket);
    return socket;
  },
}));

const gamificationSockets = () => mockSockets.filter((s) => s.namespace === "/gamification");

afterEach(() => {
  stopGamificationSocket();
  stopRealtime();
  mockSockets.length = 0;
});

const PROFILE: GamificationProfile = {
  enabled: true,
  points: 120,
  currency: 15,
  level: { order: 2, threshold: 100, nextThreshold: 250 },
  medals: [
    { id: "first", name: "Primer concepto", description: "Domina tu primer concepto", imageUrl: "/m/first.svg", criterion: "kcs_mastered", count: 1, progress: 1, unlocked: true, unlockedAt: "2026-10-01T10:00:00.000Z" },
    { id: "five", name: "Cinco conceptos", description: "Domina cinco conceptos", imageUrl: "/m/five.svg", criterion: "kcs_mastered", count: 5, progress: 2, unlocked: false, unlockedAt: null },
  ],
  lastEntryId: 40,
  equipped: { avatarFrame: null, theme: null },
  equippedColours: { avatarFrame: null, theme: null },
};

const COURSE_GUID = "5f1c7e2a-4b3d-4e5f-8a9b-0c1d2e3f4a5b";
const STUDENT_GUID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const ranking = (overrides: Partial<Ranking> = {}): Ranking => ({
  mode: "top10",
  enabled: true,
  rows: [
    { rank: 1, name: "Luis Pérez", studentGuid: STUDENT_GUID, points: 300, level: 3, me: false },
    { rank: 2, name: "Marta Ruiz", studentGuid: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e", points: 120, level: 2, me: false },
  ],
  mine: null,
  manualMedals: [
    { id: "effort", name: "Esfuerzo", imageUrl: "/m/effort.svg" },
    { id: "teamwork", name: "Trabajo en equipo", imageUrl: "/m/teamwork.svg" },
  ],
  ...overrides,
});

const studentApi = (rank: Ranking) => ({
  "GET /api/gamification/profile": ok(PROFILE),
  "GET /api/gamification/ledger": ok({
    entries: [
      { id: 40, reason: "teacher_medal", points: 20, currency: 5, capped: false, course: { guid: COURSE_GUID, name: "Matemáticas 1º A" }, kc: null, medal: { id: "effort", name: "Esfuerzo", imageUrl: "/m/effort.svg" }, level: null, itemId: null, note: "Gran trabajo en el proyecto", awardedBy: "Ana García", createdAt: "2026-10-02T10:00:00.000Z" },
      { id: 39, reason: "answer_right", points: 0, currency: 0, capped: true, course: null, kc: { code: "M1", name: "Fracciones" }, medal: null, level: null, itemId: null, note: null, awardedBy: null, createdAt: "2026-10-02T09:00:00.000Z" },
    ],
    total: 2,
    offset: 0,
  }),
  "GET /api/gamification/shop": ok({ balance: 15, items: [{ id: "gold-frame", kind: "avatar_frame", name: "Marco dorado", price: 30, colour: "#d4a017", owned: false, equipped: false }] }),
  "GET /api/front/courses": ok({ items: [{ guid: COURSE_GUID, name: "Matemáticas 1º A" }], total: 1, offset: 0, pageSize: 100 }),
  [`GET /api/gamification/courses/${COURSE_GUID}/ranking`]: ok(rank),
});

describe("level-up dialog", () => {
  it("congratulates with the new level and closes on Accept", async () => {
    const user = userEvent.setup();
    const onAccept = jest.fn();
    renderWithProviders(<LevelUpDialog level={4} onAccept={onAccept} />);
    const dialog = await findDialog("¡Enhorabuena!", "dialog");
    expect(within(dialog).getByText("¡Has subido al nivel 4!")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Aceptar", hidden: true }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });
});

describe("gamification page", () => {
  it("shows the level, medals locked and unlocked, the ranking, the achievements and the shop", async () => {
    const app = renderApp("/gamification", { auth: signedInAs("student"), edition: { gamified: true }, api: studentApi(ranking({ rows: [{ rank: 1, name: "Luis", studentGuid: null, points: 300, level: 3, me: false }], mine: { rank: 14, name: "Ana", studentGuid: null, points: 120, level: 2, me: true } })) });
    expect(await screen.findByRole("heading", { level: 2, name: "Tu nivel" })).toBeInTheDocument();
    expect(screen.getByText("Nivel 2")).toBeInTheDocument();
    expect(screen.getByText("120 de 250 puntos")).toBeInTheDocument();

    const medals = within(screen.getByRole("region", { name: "Medallas" })).getAllByRole("listitem");
    expect(medals.map((m) => m.getAttribute("aria-label"))).toEqual(["Primer concepto: conseguida", "Cinco conceptos: bloqueada, 2 de 5"]);
    expect(within(medals[1] as HTMLElement).getByText("Bloqueada")).toBeInTheDocument();
    expect(within(medals[1] as HTMLElement).getByText("2/5")).toBeInTheDocument();

    const table = await screen.findByRole("table", { name: "Clasificación de Matemáticas 1º A" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["PosiciónNombrePuntosNivel", "1Luis3003", "14Ana (tú)1202"]);

    expect(await screen.findByText("Medalla de tu profesor")).toBeInTheDocument();
    expect(screen.getByText("Nota del profesor: Gran trabajo en el proyecto")).toBeInTheDocument();
    expect(screen.getAllByText("Límite diario alcanzado").length).toBeGreaterThan(0);
    expect(await screen.findByRole("button", { name: "Comprar Marco dorado" })).toBeDisabled();

    const results = await axe.run(app.container, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says so when the teacher turned the ranking off", async () => {
    renderApp("/gamification", { auth: signedInAs("student"), edition: { gamified: true }, api: studentApi(ranking({ mode: "off", rows: [], mine: null })) });
    expect(await screen.findByText("Tu profesor ha desactivado la clasificación")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("teacher's class gamification", () => {
  function renderPanel() {
    const user = userEvent.setup();
    const app = renderWithProviders(<ClassGamificationPanel courseGuid={COURSE_GUID} />, {
      auth: signedInAs("teacher"),
      edition: { gamified: true },
      api: {
        [`GET /api/gamification/courses/${COURSE_GUID}/ranking`]: ok(ranking()),
        [`PUT /api/gamification/courses/${COURSE_GUID}/ranking`]: (call: ApiCall) => ({ status: 200, body: ok(ranking({ mode: (call.body as { mode: Ranking["mode"] }).mode })) }),
        [`POST /api/gamification/courses/${COURSE_GUID}/medals`]: { status: 201, body: ok({ id: 77 }) },
      },
    });
    return { user, ...app };
  }

  it("requires a reason before sending a medal, then sends it", async () => {
    const { user, api } = renderPanel();
    await user.click(await screen.findByRole("button", { name: "Dar medalla: Luis Pérez" }));
    const dialog = await findDialog("Dar una medalla a Luis Pérez", "dialog");
    await user.click(within(dialog).getByRole("button", { name: "Enviar", hidden: true }));
    expect(await within(dialog).findByText("Escribe el motivo de la medalla")).toBeInTheDocument();
    expect(api.callsTo(`POST /api/gamification/courses/${COURSE_GUID}/medals`)).toHaveLength(0);

    await user.click(within(dialog).getByRole("radio", { name: "Trabajo en equipo", hidden: true }));
    await user.type(within(dialog).getByRole("textbox", { name: /Motivo/, hidden: true }), "  Ayudó a todo su grupo ");
    await user.click(within(dialog).getByRole("button", { name: "Enviar", hidden: true }));
    await waitFor(() => expect(api.callsTo(`POST /api/gamification/courses/${COURSE_GUID}/medals`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/gamification/courses/${COURSE_GUID}/medals`)[0]?.body).toEqual({ studentGuid: STUDENT_GUID, medalId: "teamwork", reason: "Ayudó a todo su grupo" });
  });

  it("changes the ranking mode the students see", async () => {
    const { user, api } = renderPanel();
    await user.click(await screen.findByRole("radio", { name: "Desactivada" }));
    await waitFor(() => expect(api.callsTo(`PUT /api/gamification/courses/${COURSE_GUID}/ranking`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/gamification/courses/${COURSE_GUID}/ranking`)[0]?.body).toEqual({ mode: "off" });
    await waitFor(() => expect(screen.getByRole("radio", { name: "Desactivada" })).toBeChecked());
  });
});

describe("gamification socket", () => {
  const flush = async () => {
    for (let i = 0; i < 5; i += 1) await act(async () => await new Promise((r) => setTimeout(r, 0)));
  };

  it.each([
    ["a teacher of a gamified edition", "teacher" as const, true],
    ["a student of a plain edition", "student" as const, false],
  ])("is never started for %s (no chip either)", async (_who, role, gamified) => {
    const app = renderWithProviders(<ShellHeader full afterFirstScreen />, {
      auth: signedInAs(role),
      edition: { gamified },
      api: { "GET /api/notifications/unread-count": ok({ amount: 0 }), "GET /api/gamification/profile": ok(PROFILE) },
    });
    await screen.findByRole("button", { name: /Notificaciones/ });
    await flush();
    // Asked directly, it refuses too.
    startGamificationSocket(app.store, { since: () => null, onPush: () => undefined });
    await flush();
    expect(gamificationSockets()).toHaveLength(0);
    expect(screen.queryByRole("link", { name: /^Nivel/ })).not.toBeInTheDocument();
    expect(app.api.callsTo("GET /api/gamification/profile")).toHaveLength(0);
  });

  it("joins a gamified student's room with the last entry seen, takes pushes once and rejoins from the newest", async () => {
    const student = signedInAs("student");
    const app = renderWithProviders(<ShellHeader full afterFirstScreen />, {
      auth: student,
      edition: { gamified: true },
      api: { "GET /api/notifications/unread-count": ok({ amount: 0 }), "GET /api/gamification/profile": ok(PROFILE) },
    });
    const chip = await screen.findByRole("link", { name: "Nivel 2, 120 puntos. Ver mis logros" });
    expect(chip).toHaveAttribute("href", "/gamification");
    await waitFor(() => expect(gamificationSockets()).toHaveLength(1));
    const socket = gamificationSockets()[0] as MockSocket;
    expect(socket.options).toMatchObject({ path: "/socket.io", transports: ["websocket"], reconnectionAttempts: 5, reconnectionDelay: 10_000, reconnectionDelayMax: 20_000, timeout: 20_000 });
    const auth = socket.options.auth as (cb: (data: object) => void) => void;
    const token = jest.fn();
    auth(token);
    expect(token).toHaveBeenCalledWith({ token: "access-token" });

    act(() => socket.accept());
    expect(socket.sent).toEqual([{ event: "joinRoom", payload: { userGuid: student.user.guid, since: 40 } }]);

    const push = { entryId: 41, points: 10, reason: "answer_right", totalPoints: 130, capped: false };
    act(() => {
      socket.fire("pointsReward", push);
      socket.fire("pointsReward", push);
    });
    expect(await screen.findByRole("link", { name: "Nivel 2, 130 puntos. Ver mis logros" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("+10 puntos");

    // The pushes make the profile (and ledger, rankings, shop) stale: asked again once after the burst.
    await waitFor(() => expect(app.api.callsTo("GET /api/gamification/profile")).toHaveLength(2));

    act(() => socket.fire("levelUp", { entryId: 42, currentLevel: { order: 3, threshold: 250 }, order: 3 }));
    const dialog = await findDialog("¡Enhorabuena!", "dialog");
    expect(within(dialog).getByText("¡Has subido al nivel 3!")).toBeInTheDocument();

    // A refreshed token goes to the open socket; a reconnection asks for what came after entry 42.
    act(() => void app.store.dispatch(sessionStarted({ token: "new-token", refreshToken: "r2", expiresIn: 3600, user: buildUser({ role: "student" }) })));
    expect(socket.sent).toContainEqual({ event: "auth:refresh", payload: { token: "new-token" } });
    act(() => socket.accept());
    expect(socket.sent.filter((s) => s.event === "joinRoom").map((s) => s.payload)).toEqual([
      { userGuid: student.user.guid, since: 40 },
      { userGuid: student.user.guid, since: 42 },
    ]);
    await waitFor(() => expect(app.api.callsTo("GET /api/gamification/profile")).toHaveLength(3));
  });
});
