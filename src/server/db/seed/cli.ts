import path from "node:path";
import { loadConfig } from "../../config";
import { createStorage } from "../../platform/storage";
import { openDatabase } from "../client";
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from "./index";

/** `npm run seed`: migrate and seed the database the server would open with this environment. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") });
  try {
    const started = performance.now();
    await seedDemo(database.db, createStorage(config.dataDir));
    const ms = Math.round(performance.now() - started);
    console.log(`Demo data seeded on ${database.driver} in ${ms} ms. Every demo person's password is "${DEMO_PASSWORD}":`);
    for (const p of DEMO_PEOPLE) console.log(`  ${p.edition.padEnd(6)} ${p.role.padEnd(13)} ${p.email}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
