import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import type { Mail, Mailer } from "../../src/server/platform/mailer";
import { freshDatabase } from "./db";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Mails the app sent, newest last. */
  mails: Mail[];
  close(): Promise<void>;
};

/**
 * The real app, in-process, on a fresh database with the demo seed unless told otherwise. The
 * database starts from the run's seeded template, so the app's own (idempotent) seed adds no rows
 * and only writes the seed's files into this app's data folder.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "clock" | "background"> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-test-"));
  const database = await freshDatabase(overrides.seedDemo === false ? "migrated" : "seeded");
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const config = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
    { dataDir, clientDist: path.join(dataDir, "no-client"), jwtSecret: "test-secret-test-secret-test-secret-42", ...overrides },
  );
  const app = await buildApp(config, { database, mailer, ...options });
  await app.ready();
  return {
    app,
    database,
    mails,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
