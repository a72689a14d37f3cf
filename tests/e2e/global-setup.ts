import fs from "node:fs";
import path from "node:path";
import { startServer } from "./server";

const STATE = path.resolve(__dirname, "../../test-results/e2e-server.json");

export default async function globalSetup(): Promise<void> {
  // The scheduled-publication job looks every second, so a scheduled item goes live within the test.
  const server = await startServer({ JOB_INTERVAL_MS: "1000" });
  // Workers inherit the environment set here.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify({ pid: server.process.pid, dataDir: server.dataDir }));
  server.process.unref();
}
