import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, type Database } from "../../src/server/db/client";
import { seedDemo } from "../../src/server/db/seed";
import { createStorage } from "../../src/server/platform/storage";
import { adminQuery, databaseUrl, TEMPLATES_ENV, type Template, type Templates } from "./db";

/**
 * Jest global setup of the server project: migrates and seeds one database, once per run, that
 * every test file then copies (tests/support/db.ts). A file used to migrate and seed its own,
 * which was most of its time on a loaded two-core runner.
 */
export default async function buildTemplates(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "aula-templates-"));
  const storage = createStorage(files);
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: "memory://" });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await dump(client, path.join(files, "migrated.tar"));
    await seedDemo(database.db, storage);
    await dump(client, path.join(files, "seeded.tar"));
    await database.close();
    process.env[TEMPLATES_ENV] = JSON.stringify({ kind: "pglite", dir: files } satisfies Templates);
    return;
  }
  const stem = `aula_tpl_${crypto.randomBytes(4).toString("hex")}`;
  const names: Record<Template, string> = { migrated: `${stem}_migrated`, seeded: `${stem}_seeded` };
  for (const [template, name] of Object.entries(names)) {
    await adminQuery(serverUrl, `create database ${name}`);
    const database: Database = await openDatabase({ url: databaseUrl(serverUrl, name), pgliteDir: "" });
    if (template === "seeded") await seedDemo(database.db, storage);
    await database.close();
  }
  fs.rmSync(files, { recursive: true, force: true });
  process.env[TEMPLATES_ENV] = JSON.stringify({ kind: "postgres", names } satisfies Templates);
}

async function dump(client: PGlite, file: string): Promise<void> {
  const tar = await client.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
}
