import fs from "node:fs";
import path from "node:path";

const STATE = path.resolve(__dirname, "../../test-results/e2e-server.json");

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(STATE, "utf8")) as { pid: number; dataDir: string };
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(STATE, { force: true });
}
