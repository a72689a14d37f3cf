import type { Socket } from "socket.io-client";
import type { AuthState } from "../auth/authSlice";

/*
 * The tab's one realtime connection (issue 14): socket.io on the default namespace, websocket only,
 * authenticated with the session's access token. The server puts the socket in the reader's rooms
 * (`user:<guid>`, `course:<guid>`) and pushes domain events there; features listen with
 * `onRealtime(event, handler)` (notifications now; gamification and task refreshes later), all on
 * this one socket.
 *
 * socket.io-client is imported here, lazily, when the connection starts: the first signed-in screen
 * has rendered by then (the bell that starts it loads after it), and the sign-in screens never load
 * it. It lives for the session, not for one screen: it stays while a full-screen page (projection,
 * a viewer) hides the header, and closes on sign-out.
 */

/** Spec §9 "Socket: 5 reconnection attempts, 10 s delay (max 20 s), 20 s timeout, websocket transport only." */
export const REALTIME_SOCKET_OPTIONS = {
  path: "/socket.io",
  transports: ["websocket"],
  reconnectionAttempts: 5,
  reconnectionDelay: 10_000,
  reconnectionDelayMax: 20_000,
  timeout: 20_000,
} as const;

/** Client -> server: the access token was refreshed; the server checks it and keeps the socket. */
export const AUTH_REFRESH_EVENT = "auth:refresh";

/** What the connection reads from the store: the session's token, and its changes. */
export type RealtimeStore = { getState: () => { auth: AuthState }; subscribe: (listener: () => void) => () => void };

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const reconnectHandlers = new Set<() => void>();

/** How the connection gets a fresh token when the server turned it away: any authenticated call renews an expired session. */
export type RealtimeOptions = { renewSession?: () => void };

type Connection = {
  store: RealtimeStore;
  renewSession: () => void;
  userGuid: string;
  token: string;
  socket: Socket | undefined;
  stopped: boolean;
  /** Has been connected once: every later "connect" is a reconnection. */
  connectedOnce: boolean;
  cleanups: Array<() => void>;
};
let connection: Connection | undefined;

const sessionOf = (store: RealtimeStore) => store.getState().auth.record;

/**
 * Listens to a server event on the tab's socket, now or once it connects; returns the way to stop.
 * Handlers stay registered across reconnections and sign-ins.
 */
export function onRealtime<T>(event: string, handler: (payload: T) => void): () => void {
  const h = handler as Handler;
  const set = handlers.get(event) ?? new Set<Handler>();
  set.add(h);
  handlers.set(event, set);
  connection?.socket?.on(event, h);
  return () => {
    set.delete(h);
    connection?.socket?.off(event, h);
  };
}

/** Runs after every reconnection (not the first connection): the place to fetch what was missed. */
export function onRealtimeReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => void reconnectHandlers.delete(handler);
}

/** Whether the tab's socket is connected now. */
export const isRealtimeConnected = (): boolean => connection?.socket?.connected === true;

/** Closes the connection (sign-out, or another store taking over). */
export function stopRealtime(): void {
  const current = connection;
  if (!current) return;
  connection = undefined;
  current.stopped = true;
  for (const cleanup of current.cleanups.splice(0)) cleanup();
  current.socket?.removeAllListeners();
  current.socket?.disconnect();
}

/**
 * Opens the tab's connection for the signed-in session (idempotent: one per tab). Nothing without a
 * session. It follows the session: a refreshed token re-authenticates the socket, sign-out closes it.
 */
export function startRealtime(store: RealtimeStore, { renewSession = () => undefined }: RealtimeOptions = {}): void {
  const session = sessionOf(store);
  if (connection && connection.store === store && connection.userGuid === session?.user.guid) return;
  stopRealtime();
  if (!session) return;
  const conn: Connection = { store, renewSession, userGuid: session.user.guid, token: session.token, socket: undefined, stopped: false, connectedOnce: false, cleanups: [] };
  connection = conn;
  conn.cleanups.push(store.subscribe(() => followSession(conn)));
  void import(/* webpackChunkName: "realtime" */ "socket.io-client").then(({ io }) => {
    if (conn.stopped) return;
    const socket = io({
      ...REALTIME_SOCKET_OPTIONS,
      transports: [...REALTIME_SOCKET_OPTIONS.transports],
      // Read at every (re)connection: the latest token, not the one the tab started with.
      auth: (cb: (data: object) => void) => cb({ token: sessionOf(conn.store)?.token ?? "" }),
    });
    conn.socket = socket;
    for (const [event, set] of handlers) for (const h of set) socket.on(event, h);
    socket.on("connect", () => {
      if (conn.connectedOnce) for (const h of reconnectHandlers) h();
      conn.connectedOnce = true;
    });
    // Refused at the handshake, or dropped when the token expired: socket.io does not retry those. A
    // renewed session brings a new token, and followSession connects again with it.
    socket.on("connect_error", () => {
      if (!socket.active) conn.renewSession();
    });
    socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect") conn.renewSession();
    });
    // After the spec's five attempts, try again when the device is back online or the tab is looked at.
    // (Only this listener comes off at the end: the manager may be shared with the projection's namespace.)
    const onReconnectFailed = () => retryWhenBack(conn);
    socket.io.on("reconnect_failed", onReconnectFailed);
    conn.cleanups.push(() => void socket.io.off("reconnect_failed", onReconnectFailed));
  });
}

/** A new token re-authenticates the socket (or reconnects one the server refused); no session closes it. */
function followSession(conn: Connection): void {
  const session = sessionOf(conn.store);
  if (!session || session.user.guid !== conn.userGuid) {
    if (connection === conn) stopRealtime();
    if (session) startRealtime(conn.store, { renewSession: conn.renewSession });
    return;
  }
  if (session.token === conn.token) return;
  conn.token = session.token;
  const socket = conn.socket;
  if (!socket) return;
  if (socket.connected) socket.emit(AUTH_REFRESH_EVENT, { token: session.token });
  // Refused at the handshake (an expired token) or dropped by the server: try again with the new one.
  else if (!socket.active) socket.connect();
}

function retryWhenBack(conn: Connection): void {
  if (typeof window === "undefined") return;
  const retry = () => {
    if (document.visibilityState === "hidden") return;
    stop();
    if (!conn.stopped && conn.socket && !conn.socket.connected) conn.socket.connect();
  };
  const stop = () => {
    window.removeEventListener("online", retry);
    document.removeEventListener("visibilitychange", retry);
  };
  window.addEventListener("online", retry);
  document.addEventListener("visibilitychange", retry);
  conn.cleanups.push(stop);
}
