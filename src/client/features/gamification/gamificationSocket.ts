import type { Socket } from "socket.io-client";
import {
  GAMIFICATION_NAMESPACE,
  GAMIFICATION_SOCKET_EVENTS,
  type JoinRoomAck,
  type JoinRoomPayload,
} from "../../../contracts/gamification-base";
import type { Edition } from "../../../contracts/organization";
import type { SessionUser } from "../../../contracts/auth";
import type { AuthState } from "../auth/authSlice";
import { AUTH_REFRESH_EVENT, REALTIME_SOCKET_OPTIONS } from "../notifications/realtime";
import type { RewardPush } from "./gamificationSlice";

/*
 * The gamification socket (issue 18, spec §4, §7, §9): namespace /gamification, the realtime
 * socket's options, the session's current token at every (re)connection. Every "connect" joins the
 * student's room with the highest entry the tab has seen, and the server replays what came after it
 * before the live pushes (the slice drops what arrives twice). It follows the session like
 * realtime.ts: a refreshed token re-authenticates it, sign-out (or another user) closes it.
 * socket.io-client is imported lazily, when a gamified student's header starts it.
 */

/** Only a student of a gamified edition is rewarded: nobody else gets the socket. */
export function isGamifiedStudent(user: Pick<SessionUser, "role"> | undefined, edition: Pick<Edition, "gamified"> | undefined): boolean {
  return user?.role === "student" && edition?.gamified === true;
}

export type GamificationSocketStore = {
  getState: () => { auth: AuthState; publicData: { edition: { value?: Pick<Edition, "gamified"> } } };
  subscribe: (listener: () => void) => () => void;
};

export type GamificationSocketOptions = {
  /** The `since` of each join: the highest entry id the tab has seen (null: none yet). */
  since: () => number | null;
  onPush: (push: RewardPush) => void;
  /** The server turned the socket away (an expired token): any authenticated call renews the session. */
  renewSession?: () => void;
};

type Connection = { store: GamificationSocketStore; options: GamificationSocketOptions; userGuid: string; token: string; socket: Socket | undefined; stopped: boolean; unsubscribe: () => void };
let connection: Connection | undefined;

const PUSH_EVENTS = ["pointsReward", "badgeReward", "currencyReward", "levelUp"] as const;

/** Closes the socket (sign-out, another user, the header gone for good). */
export function stopGamificationSocket(): void {
  const current = connection;
  if (!current) return;
  connection = undefined;
  current.stopped = true;
  current.unsubscribe();
  current.socket?.removeAllListeners();
  current.socket?.disconnect();
}

/** Opens the tab's gamification socket for a gamified student (idempotent); nothing for anyone else. */
export function startGamificationSocket(store: GamificationSocketStore, options: GamificationSocketOptions): void {
  const state = store.getState();
  const session = state.auth.record;
  if (connection && connection.store === store && connection.userGuid === session?.user.guid) return;
  stopGamificationSocket();
  if (!session || !isGamifiedStudent(session.user, state.publicData.edition.value)) return;
  const conn: Connection = { store, options, userGuid: session.user.guid, token: session.token, socket: undefined, stopped: false, unsubscribe: () => undefined };
  connection = conn;
  conn.unsubscribe = store.subscribe(() => followSession(conn));
  void import(/* webpackChunkName: "realtime" */ "socket.io-client").then(({ io }) => {
    if (conn.stopped) return;
    const socket = io(GAMIFICATION_NAMESPACE, {
      ...REALTIME_SOCKET_OPTIONS,
      transports: [...REALTIME_SOCKET_OPTIONS.transports],
      // Read at every (re)connection: the latest token, not the one the tab started with.
      auth: (cb: (data: object) => void) => cb({ token: conn.store.getState().auth.record?.token ?? "" }),
    });
    conn.socket = socket;
    for (const kind of PUSH_EVENTS) {
      socket.on(GAMIFICATION_SOCKET_EVENTS[kind], (payload: unknown) => conn.options.onPush({ kind, payload } as RewardPush));
    }
    // Rooms do not survive a reconnection: every connect joins again, asking for what was missed.
    socket.on("connect", () => {
      const join: JoinRoomPayload = { userGuid: conn.userGuid, since: conn.options.since() };
      socket.emit(GAMIFICATION_SOCKET_EVENTS.joinRoom, join, (ack: JoinRoomAck | undefined) => {
        if (ack && !ack.ok) conn.options.renewSession?.();
      });
    });
    socket.on("connect_error", () => {
      if (!socket.active) conn.options.renewSession?.();
    });
    socket.on("disconnect", (reason: string) => {
      if (reason === "io server disconnect") conn.options.renewSession?.();
    });
  });
}

/** A new token re-authenticates the socket (or reconnects one the server refused); no session closes it. */
function followSession(conn: Connection): void {
  const session = conn.store.getState().auth.record;
  if (!session || session.user.guid !== conn.userGuid) {
    if (connection === conn) stopGamificationSocket();
    return;
  }
  if (session.token === conn.token) return;
  conn.token = session.token;
  const socket = conn.socket;
  if (!socket) return;
  if (socket.connected) socket.emit(AUTH_REFRESH_EVENT, { token: session.token });
  else if (!socket.active) socket.connect();
}
