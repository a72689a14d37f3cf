import type { FastifyInstance } from "fastify";
import type { Namespace, Server, Socket } from "socket.io";
import { ZodError } from "zod";
import type { ErrorKey } from "../../contracts/constants";
import {
  PROJECTION_EVENTS,
  ProjectionCommandSchema,
  ProjectionJoinSchema,
  type ProjectionAck,
  type ProjectionState,
} from "../../contracts/projection";
import { AppError } from "../platform/errors";
import { loadCourseAccess } from "../modules/courses/access";
import { hashSecret, secretMatches } from "../modules/projection/policy";
import { presentInfo, presentState } from "../modules/projection/presenter";
import { findSession, isExpired, projectedItemCount, projectedTitles, runCommand, type SessionView } from "../modules/projection/service";

export const PROJECTION_NAMESPACE = "/projection";
export const projectionRoom = (sessionId: string): string => `projection:${sessionId}`;

/**
 * What a socket holds (plain data: the Redis adapter ships it between instances for fetchSockets).
 * `remotes`: sessions this socket controls as the phone, with the hash of the secret it joined with.
 */
type SocketData = { remotes: Record<string, string> };
type Ack = (answer: ProjectionAck) => void;
type ClientEvents = {
  [PROJECTION_EVENTS.join]: (payload: unknown, ack?: Ack) => void;
  [PROJECTION_EVENTS.command]: (payload: unknown, ack?: Ack) => void;
};
type ServerEvents = { [PROJECTION_EVENTS.state]: (state: ProjectionState) => void };
type ProjectionNamespace = Namespace<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type ProjectionSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

class Refusal extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

const keyOf = (err: unknown): ErrorKey => {
  if (err instanceof Refusal) return err.key;
  if (err instanceof AppError) return err.key;
  if (err instanceof ZodError) return "VALIDATION_ERROR";
  return "INTERNAL_ERROR";
};

/**
 * Namespace /projection (spec §2 projection, remote control): the classroom screen joins with its
 * bearer access token (handshake auth), the phone with the secret its claim gave it. Both sit in
 * the room `projection:<sessionId>`; every command updates the session row and sends the new state
 * to the whole room, so the screen and the phone always agree.
 */
export function registerProjectionRealtime(io: Server, app: FastifyInstance, closing: () => boolean = () => false): void {
  // Typed view of the namespace: the events this file handles and sends.
  const nsp = io.of(PROJECTION_NAMESPACE) as unknown as ProjectionNamespace;
  const db = () => app.ctx.db;

  const remoteConnected = async (sessionId: string): Promise<boolean> => {
    const sockets = await nsp.in(projectionRoom(sessionId)).fetchSockets();
    return sockets.some((s) => Object.hasOwn(s.data.remotes ?? {}, sessionId));
  };

  const stateOf = async (session: Pick<SessionView, "id" | "courseId" | "lessonId" | "position" | "revealed">, itemCount?: number) =>
    presentState(session, itemCount ?? (await projectedItemCount(db(), session.courseId, session.lessonId)), await remoteConnected(session.id));

  const broadcast = (state: ProjectionState) => {
    nsp.to(projectionRoom(state.sessionId)).emit(PROJECTION_EVENTS.state, state);
  };

  /** The screen: a valid access token of the session's teacher, or of a teacher or co-teacher of its class. */
  const authorizeScreen = async (socket: ProjectionSocket, session: SessionView): Promise<void> => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== "string" || !token) throw new Refusal("UNAUTHORIZED");
    const claims = await app.ctx.tokens.verify(token);
    if (!claims) throw new Refusal("SESSION_EXPIRED");
    if (claims.tenantId !== session.tenantId) throw new Refusal("NOT_FOUND");
    if (claims.userId === session.teacherId) return;
    const access = await loadCourseAccess(db(), claims, session.courseId);
    if (!access.canEdit) throw new Refusal("FORBIDDEN");
  };

  const join = async (socket: ProjectionSocket, payload: unknown): Promise<ProjectionAck> => {
    const { sessionId, remoteSecret } = ProjectionJoinSchema.parse(payload);
    const session = await findSession(db(), sessionId);
    if (!session) throw new Refusal("NOT_FOUND");
    if (remoteSecret !== undefined) {
      // A secret that is not (or no longer) the session's: the URL was used by another phone or regenerated.
      if (!secretMatches(remoteSecret, session.remoteSecretHash)) throw new Refusal("PROJECTION_URL_USED");
    } else {
      await authorizeScreen(socket, session);
    }
    if (isExpired(session)) throw new Refusal("PROJECTION_EXPIRED");
    if (remoteSecret !== undefined) socket.data.remotes = { ...socket.data.remotes, [sessionId]: hashSecret(remoteSecret) };
    await socket.join(projectionRoom(sessionId));
    const titles = await projectedTitles(db(), session.courseId, session.lessonId);
    const state = await stateOf(session, titles.length);
    broadcast(state);
    return { ok: true, state, info: presentInfo(session, titles) };
  };

  const command = async (socket: ProjectionSocket, payload: unknown): Promise<ProjectionAck> => {
    const parsed = ProjectionCommandSchema.parse(payload);
    const room = projectionRoom(parsed.sessionId);
    if (!socket.rooms.has(room)) throw new Refusal("FORBIDDEN");
    const secretHash = socket.data.remotes[parsed.sessionId];
    const outcome = await runCommand(db(), parsed.sessionId, parsed, secretHash);
    if (outcome.kind === "missing") throw new Refusal("NOT_FOUND");
    if (outcome.kind === "expired") throw new Refusal("PROJECTION_EXPIRED");
    if (outcome.kind === "revoked") {
      // Another URL was generated: this phone no longer holds the remote.
      await leave(socket, parsed.sessionId);
      throw new Refusal("PROJECTION_URL_USED");
    }
    const state = presentState({ id: parsed.sessionId, ...outcome.slide }, outcome.itemCount, await remoteConnected(parsed.sessionId));
    broadcast(state);
    return { ok: true, state };
  };

  const leave = async (socket: ProjectionSocket, sessionId: string) => {
    const { [sessionId]: _dropped, ...rest } = socket.data.remotes;
    socket.data.remotes = rest;
    await socket.leave(projectionRoom(sessionId));
    await announce(sessionId);
  };

  /** After a phone leaves, the others learn that the remote is gone. */
  const announce = async (sessionId: string) => {
    const session = await findSession(db(), sessionId);
    if (session && !isExpired(session)) broadcast(await stateOf(session));
  };

  /** Runs a handler and acknowledges with its answer or its refusal's key (a client may omit the ack). */
  const answer =
    (socket: ProjectionSocket, handler: (socket: ProjectionSocket, payload: unknown) => Promise<ProjectionAck>) =>
    (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === "function" ? ack : () => undefined;
      handler(socket, payload).then(reply, (err: unknown) => {
        const key = keyOf(err);
        if (key === "INTERNAL_ERROR") app.log.error({ err }, "projection socket handler failed");
        reply({ ok: false, error: key });
      });
    };

  nsp.on("connection", (socket) => {
    socket.data.remotes = {};
    socket.on(PROJECTION_EVENTS.join, answer(socket, join));
    socket.on(PROJECTION_EVENTS.command, answer(socket, command));
    socket.on("disconnect", () => {
      if (closing()) return;
      for (const sessionId of Object.keys(socket.data.remotes)) {
        announce(sessionId).catch((err: unknown) => app.log.error({ err }, "projection announce failed"));
      }
    });
  });
}
