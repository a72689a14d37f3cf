import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import type { Namespace, Server, Socket } from "socket.io";
import type { ErrorKey } from "../../contracts/constants";
import { GAMIFICATION_NAMESPACE, GAMIFICATION_SOCKET_EVENTS, type JoinRoomAck } from "../../contracts/gamification-base";
import { isGamifiedStudent, pushesOf, type RewardPush } from "../modules/gamification/service";
import { userRoom } from "./user-rooms";

/*
 * The gamification socket (spec §4, §7, §9; issue 18): its own namespace, websocket only. The
 * handshake carries the bearer access token; only a student of a gamified edition is let in
 * (anyone else gets a connect_error: no socket). The client then sends the join-room event with its
 * user guid and the last ledger entry it has seen; the socket joins `user:<guid>` and is sent what
 * came after that entry (what was awarded while it was away: a reconnection, a server restart),
 * then every new award as it is written ("gamification.awarded"), through the Redis adapter when
 * there are several instances.
 */

type SocketData = { userId: string; tenantId: string; expiresAt: number };
type ClientEvents = {
  [GAMIFICATION_SOCKET_EVENTS.joinRoom]: (payload: unknown, ack?: (answer: JoinRoomAck) => void) => void;
  "auth:refresh": (payload: unknown, ack?: (answer: { ok: boolean; error?: ErrorKey }) => void) => void;
};
type ServerEvents = Record<RewardPush["event"], (payload: RewardPush["payload"]) => void>;
type GamificationNamespace = Namespace<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type GamificationSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

const isEntryId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

export function registerGamificationRealtime(io: Server, app: FastifyInstance, closing: () => boolean = () => false): GamificationNamespace {
  const nsp = io.of(GAMIFICATION_NAMESPACE) as unknown as GamificationNamespace;
  const { tokens, events, background } = app.ctx;
  const db = () => app.ctx.db;
  const emitTo = (target: { emit: GamificationSocket["emit"] }, pushes: readonly RewardPush[]) => {
    for (const push of pushes) target.emit(push.event, push.payload);
  };

  nsp.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const refuse = (key: ErrorKey) => next(Object.assign(new Error(key), { data: { key } }));
    (async () => {
      if (typeof token !== "string" || token.length === 0 || token.length > 4096) return refuse("UNAUTHORIZED");
      const claims = await tokens.verify(token);
      if (!claims) return refuse("SESSION_EXPIRED");
      // Spec §6: gamification events go only to students of a gamified edition.
      if (claims.role !== "student" || !(await isGamifiedStudent(db(), claims.tenantId, claims.userId))) return refuse("FORBIDDEN");
      socket.data = { userId: claims.userId, tenantId: claims.tenantId, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
      next();
    })().catch((err: unknown) => {
      app.log.error({ err }, "gamification socket authentication failed");
      refuse("INTERNAL_ERROR");
    });
  });

  nsp.on("connection", (socket) => {
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(socket.data.expiresAt - Date.now(), 2_147_483_647)));
    expiry.unref();
    socket.on("disconnect", () => clearTimeout(expiry));
    socket.on("auth:refresh", (payload, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      const token = payload && typeof payload === "object" ? (payload as Record<string, unknown>).token : undefined;
      void (async () => {
        const claims = typeof token === "string" && token.length <= 4096 ? await tokens.verify(token) : null;
        if (!claims || claims.userId !== socket.data.userId) {
          reply({ ok: false, error: "SESSION_EXPIRED" });
          socket.disconnect(true);
          return;
        }
        reply({ ok: true });
      })().catch(() => reply({ ok: false, error: "INTERNAL_ERROR" }));
    });

    socket.on(GAMIFICATION_SOCKET_EVENTS.joinRoom, (payload, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      const body = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
      // A room by user guid (spec), and only one's own.
      if (body.userGuid !== socket.data.userId) return reply({ ok: false, error: "FORBIDDEN" });
      const since = isEntryId(body.since) ? body.since : null;
      void socket.join(userRoom(socket.data.userId));
      (since === null ? Promise.resolve([] as RewardPush[]) : pushesOf(db(), socket.data.userId, { since })).then(
        (missed) => {
          emitTo(socket, missed);
          const last = missed.reduce((max, p) => Math.max(max, p.payload.entryId), since ?? 0);
          reply({ ok: true, lastEntryId: last });
        },
        (err: unknown) => {
          app.log.error({ err }, "gamification replay failed");
          reply({ ok: false, error: "INTERNAL_ERROR" });
        },
      );
    });
  });

  events.listen(background, "gamification.awarded", "realtime", async ({ userId, entryIds }) => {
    if (closing()) return;
    emitTo(nsp.to(userRoom(userId)), await pushesOf(db(), userId, { ids: entryIds }));
  });
  return nsp;
}
