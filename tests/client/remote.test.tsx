import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ProjectionAck, ProjectionState, RemoteClaimResult } from "../../src/contracts/projection";
import { fail, ok } from "../support/client-api";
import { renderApp } from "../support/render";

/** socket.io-client stand-in: the "server" keeps a position and answers joins and commands like the real one. */
type Handler = (...args: unknown[]) => void;
class MockSocket {
  handlers = new Map<string, Handler[]>();
  sent: Array<{ event: string; payload: Record<string, unknown> }> = [];
  connected = false;
  options: Record<string, unknown> = {};
  state: ProjectionState = { sessionId: "", position: 0, revealed: false, itemCount: 3, remoteConnected: true };
  refuseJoin: ProjectionAck | undefined;
  io = { on: () => undefined };
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  emit(event: string, payload: Record<string, unknown>, ack?: (a: ProjectionAck) => void) {
    this.sent.push({ event, payload });
    if (event === "projection:join") {
      this.state = { ...this.state, sessionId: String(payload.sessionId) };
      ack?.(mockJoinRefusal ?? { ok: true, state: this.state, info: { lessonTitle: "Sumar fracciones", courseName: "Matemáticas 1º A", itemTitles: ["Intro", "Ejemplo", "Ejercicios"] } });
      return this;
    }
    const last = this.state.itemCount - 1;
    const position = payload.command === "next" ? Math.min(last, this.state.position + 1) : payload.command === "previous" ? Math.max(0, this.state.position - 1) : this.state.position;
    this.state = { ...this.state, position, revealed: payload.command === "reveal" ? true : payload.command === "hide" ? false : position === this.state.position && this.state.revealed };
    ack?.({ ok: true, state: this.state });
    return this;
  }
  timeout() {
    return { emit: (event: string, payload: Record<string, unknown>, ack: (err: Error | null, a?: ProjectionAck) => void) => this.emit(event, payload, (a) => ack(null, a)) };
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
}
const mockSockets: MockSocket[] = [];
let mockJoinRefusal: ProjectionAck | undefined;
jest.mock("socket.io-client", () => ({
  io: (_url: string, options: Record<string, unknown>) => {
    const socket = new MockSocket();
    socket.options = options;
    mockSockets.push(socket);
    setTimeout(() => {
      socket.connected = true;
      socket.fire("connect");
    }, 0);
    return socket;
  },
}));

const SESSION = "22222222-2222-4222-8222-222222222222";
const TOKEN = "ABCDEFGH";
const claimResult: RemoteClaimResult = {
  sessionId: SESSION,
  remoteSecret: "phone-secret-123",
  lessonTitle: "Sumar fracciones",
  courseName: "Matemáticas 1º A",
  itemTitles: ["Intro", "Ejemplo", "Ejercicios"],
  state: { sessionId: SESSION, position: 0, revealed: false, itemCount: 3, remoteConnected: true },
};

afterEach(() => {
  mockSockets.splice(0);
  mockJoinRefusal = undefined;
  window.sessionStorage.clear();
});

describe("phone remote /remote/:shortToken", () => {
  it("claims the URL, joins with its secret and drives the projection with big buttons", async () => {
    const app = renderApp(`/remote/${TOKEN}`, { api: { [`POST /api/projection/remote/${TOKEN}/claim`]: ok(claimResult) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Sumar fracciones" })).toBeInTheDocument();
    expect(screen.getByText("Matemáticas 1º A")).toBeInTheDocument();
    expect(await screen.findByText("Elemento 1 de 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Intro" })).toBeInTheDocument();
    expect(app.api.callsTo(`POST /api/projection/remote/${TOKEN}/claim`)).toHaveLength(1);

    const socket = mockSockets[0] as MockSocket;
    expect(socket.sent[0]).toEqual({ event: "projection:join", payload: { sessionId: SESSION, remoteSecret: "phone-secret-123" } });
    expect(socket.options).toMatchObject({ transports: ["websocket"], reconnectionAttempts: 5 });

    const previous = screen.getByRole("button", { name: "Anterior" });
    const next = screen.getByRole("button", { name: "Siguiente" });
    await waitFor(() => expect(next).toBeEnabled());
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    expect(await screen.findByText("Elemento 2 de 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Ejemplo" })).toBeInTheDocument();
    expect(screen.getByText("Diapositiva 2 de 3: Ejemplo")).toBeInTheDocument();
    expect(socket.sent).toContainEqual({ event: "projection:command", payload: { sessionId: SESSION, command: "next" } });
    await userEvent.click(next);
    expect(await screen.findByText("Elemento 3 de 3")).toBeInTheDocument();
    expect(next).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Mostrar respuestas" }));
    expect(await screen.findByRole("button", { name: "Ocultar respuestas" })).toHaveAttribute("aria-pressed", "true");

    // The screen moved on its own: the phone follows.
    act(() => socket.fire("projection:state", { ...socket.state, position: 0, revealed: false }));
    expect(await screen.findByText("Elemento 1 de 3")).toBeInTheDocument();
  });

  it("shows the spec's message when the URL was already used", async () => {
    renderApp(`/remote/${TOKEN}`, { api: { [`POST /api/projection/remote/${TOKEN}/claim`]: () => fail(410, "PROJECTION_URL_USED") } });
    expect(await screen.findByText("Esta URL ya se ha utilizado, genera otra")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Siguiente" })).not.toBeInTheDocument();
    expect(mockSockets).toHaveLength(0);
  });

  it("keeps working after a reload of the same phone, without claiming again", async () => {
    const first = renderApp(`/remote/${TOKEN}`, { api: { [`POST /api/projection/remote/${TOKEN}/claim`]: ok(claimResult) } });
    expect(await screen.findByText("Elemento 1 de 3")).toBeInTheDocument();
    first.unmount();

    const again = renderApp(`/remote/${TOKEN}`, { api: { [`POST /api/projection/remote/${TOKEN}/claim`]: () => fail(410, "PROJECTION_URL_USED") } });
    expect(await screen.findByText("Elemento 1 de 3")).toBeInTheDocument();
    expect(again.api.callsTo(`POST /api/projection/remote/${TOKEN}/claim`)).toHaveLength(0);
    await waitFor(() => expect(mockSockets[1]?.sent[0]?.payload).toEqual({ sessionId: SESSION, remoteSecret: "phone-secret-123" }));
  });

  it("tells the phone when another URL has replaced its own", async () => {
    mockJoinRefusal = { ok: false, error: "PROJECTION_URL_USED" };
    window.sessionStorage.setItem(`aula.remote.${TOKEN}`, JSON.stringify({ sessionId: SESSION, remoteSecret: "old", info: { lessonTitle: "L", courseName: "C", itemTitles: [] } }));
    renderApp(`/remote/${TOKEN}`, { api: {} });
    expect(await screen.findByText("Esta URL ya se ha utilizado, genera otra")).toBeInTheDocument();
    expect(window.sessionStorage.getItem(`aula.remote.${TOKEN}`)).toBeNull();
  });
});
