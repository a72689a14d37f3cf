import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { openDatabase, type Database } from "../../src/server/db/client";

/** What a fresh test database starts as: only migrated, or migrated and holding the demo seed. */
export type Template = "migrated" | "seeded";

/**
 * Where the templates built once per jest run live (tests/support/db-templates.ts sets it): a
 * folder of PGlite dumps, or the names of template databases on the PostgreSQL server.
 */
export const TEMPLATES_ENV = "AULA_TEST_TEMPLATES";

export type Templates = { kind: "pglite"; dir: string } | { kind: "postgres"; names: Record<Template, string> };

/** The templates this run built, or null outside jest's server project. */
export function templates(): Templates | null {
  const raw = process.env[TEMPLATES_ENV];
  return raw ? (JSON.parse(raw) as Templates) : null;
}

/** A PostgreSQL connection string naming another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`). Under jest it is a
 * copy of a template built once per run (a PGlite dump, or CREATE DATABASE ... TEMPLATE), so a
 * file pays for neither the migrations nor the seed; elsewhere it is migrated from scratch and
 * `seeded` is the caller's to do.
 */
export async function freshDatabase(template: Template = "migrated"): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const built = templates();
  if (!serverUrl) {
    const dump = built?.kind === "pglite" ? new Blob([fs.readFileSync(path.join(built.dir, `${template}.tar`))]) : undefined;
    return openDatabase({ pgliteDir: "memory://", pgliteLoad: dump });
  }
  const name = `aula_test_${crypto.randomBytes(6).toString("hex")}`;
  const from = built?.kind === "postgres" ? ` template ${built.names[template]}` : "";
  await createDatabase(serverUrl, `create database ${name}${from}`);
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), pgliteDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** CREATE DATABASE, retried while another file's copy of the same template still holds it (55006). */
async function createDatabase(serverUrl: string, query: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(serverUrl, query);
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
