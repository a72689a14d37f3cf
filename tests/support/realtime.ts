import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { buildApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";

/** Starts the app on a free loopback port; returns its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Socket.io clients as the app's tabs open them (websocket only, no reconnection), remembered so
 * `closeAll` ends them after each test. `open` resolves once connected and rejects with the
 * connect_error the server refused with.
 */
export function socketPool() {
  const sockets: Socket[] = [];
  return {
    async open(base: string, options: { namespace?: string; auth?: object } = {}): Promise<Socket> {
      const socket = connect(`${base}${options.namespace ?? "/"}`, {
        path: "/socket.io",
        transports: ["websocket"],
        auth: options.auth ?? {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    },
    closeAll(): void {
      for (const s of sockets.splice(0)) s.disconnect();
    },
  };
}

/**
 * Another instance of the product on the same database (sharing Redis when `overrides.redisUrl` is
 * given), listening on its own port. `close` stops it and removes its data folder.
 */
export async function extraInstance(database: Database, overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; base: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-test-"));
  const config = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
    { dataDir, clientDist: path.join(dataDir, "no-client"), jwtSecret: "test-secret-test-secret-test-secret-42", seedDemo: false, ...overrides },
  );
  const app = await buildApp(config, { database });
  const base = await listenLocally(app);
  return {
    app,
    base,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
