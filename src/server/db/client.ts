import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import * as schema from "./schema";
import { takeTurns } from "./pglite-turns";

export type Schema = typeof schema;
/** One Drizzle type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = "pglite" | "postgres";

export type Database = {
  db: Db;
  driver: DbDriver;
  /**
   * pgvector is there (PGlite always; a PostgreSQL server when the extension is installed): the
   * assistant searches by meaning too; without it, by words alone (ADR 0045).
   */
  vector: boolean;
  ping(): Promise<number>;
  close(): Promise<void>;
};

const MIGRATIONS_DIR = path.join(__dirname, "migrations");

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; "memory://" for an in-memory database (tests). */
  pgliteDir: string;
  /** A PGlite data folder dumped with `dumpDataDir` to start from (tests start from a migrated or seeded template). */
  pgliteLoad?: Blob | undefined;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new Pool({ connectionString: opts.url, max: 20 });
    // An idle connection the server closes (restart, failover, a dropped test database) is only
    // taken out of the pool; without a listener its "error" would end the process.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    return { db, driver: "postgres", vector: await enableVector(db), ping: () => ping(db), close: () => pool.end() };
  }
  if (!opts.pgliteDir.startsWith("memory://")) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteLoad, extensions: { vector } });
  takeTurns(client);
  const pdb = drizzlePglite(client, { schema });
  await migratePglite(pdb, { migrationsFolder: MIGRATIONS_DIR });
  const db = pdb as unknown as Db;
  return { db, driver: "pglite", vector: await enableVector(db), ping: () => ping(db), close: () => client.close() };
}

/** Creates the pgvector extension when the server has it (and lets us); false when it does not. Nothing depends on it but speed. */
async function enableVector(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    return true;
  } catch {
    return false;
  }
}

async function ping(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
