import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server } from "socket.io";
import { GAMIFICATION_NAMESPACE } from "../../contracts/gamification-base";
import { registerGamificationRealtime } from "./gamification";
import { registerProjectionRealtime } from "./projection";
import { registerUserRooms } from "./user-rooms";

declare module "fastify" {
  interface FastifyInstance {
    /** The socket.io server (one handler file per domain registers its namespace on it). */
    io: Server;
  }
}

/** Spec §9: websocket transport only. */
export const SOCKET_PATH = "/socket.io";

/**
 * Socket.io on the app's own HTTP server (same origin, so no CORS). With REDIS_URL, rooms are
 * shared by every instance through the Redis adapter: a phone connected to one instance moves
 * the screen connected to another.
 */
export async function attachRealtime(app: FastifyInstance): Promise<void> {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    serveClient: false,
  });

  const { redisUrl } = app.ctx.config;
  const redisClients: Redis[] = [];
  if (redisUrl) {
    const pub = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  // Set before the sockets are ended on close: their disconnect handlers must not start
  // cross-instance requests (fetchSockets) against a server that is shutting down.
  let closing = false;
  registerProjectionRealtime(io, app, () => closing);
  registerUserRooms(io, app, () => closing);
  registerGamificationRealtime(io, app, () => closing);
  app.decorate("io", io);

  // Before the HTTP server stops: end every socket (open websockets would keep it from closing).
  // io.close() is not used because it also closes the HTTP server, which Fastify owns.
  app.addHook("preClose", async () => {
    closing = true;
    for (const nsp of [io.of("/"), io.of("/projection"), io.of(GAMIFICATION_NAMESPACE)]) nsp.local.disconnectSockets(true);
    io.engine.close();
  });
  // With Redis, quitting the clients ends the subscriptions: the adapter's own close() would send
  // UNSUBSCRIBEs it never awaits, which QUIT can overtake (an unhandled "Connection is closed").
  app.addHook("onClose", async () => {
    if (redisClients.length === 0) await Promise.allSettled([io.of("/").adapter.close(), io.of("/projection").adapter.close(), io.of(GAMIFICATION_NAMESPACE).adapter.close()]);
    await Promise.allSettled(redisClients.map((client) => client.quit()));
  });
}
