import fs from "node:fs";
import { adminQuery, templates } from "./db";

/** Jest global teardown of the server project: removes what db-templates.ts built. */
export default async function removeTemplates(): Promise<void> {
  const built = templates();
  if (built?.kind === "pglite") fs.rmSync(built.dir, { recursive: true, force: true });
  if (built?.kind === "postgres") {
    for (const name of Object.values(built.names)) await adminQuery(process.env.TEST_DATABASE_URL ?? "", `drop database if exists ${name} with (force)`);
  }
}
