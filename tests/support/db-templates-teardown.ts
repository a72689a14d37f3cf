import fs from "node:fs";
import { adminQuery, TEMPLATES_ENV } from "./db";

/** Jest global teardown of the server project: removes what db-templates.ts built. */
export default async function removeTemplates(): Promise<void> {
  const raw = process.env[TEMPLATES_ENV];
  if (!raw) return;
  const built = JSON.parse(raw) as { kind: "pglite"; dir: string } | { kind: "postgres"; names: Record<string, string> };
  if (built.kind === "pglite") fs.rmSync(built.dir, { recursive: true, force: true });
  else for (const name of Object.values(built.names)) await adminQuery(process.env.TEST_DATABASE_URL ?? "", `drop database if exists ${name} with (force)`);
}
