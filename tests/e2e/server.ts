import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type RunningServer = { url: string; dataDir: string; process: ChildProcess; stop(): Promise<void> };

const ROOT = path.resolve(__dirname, "../..");

/**
 * Starts the production server (dist/) on a free port (PORT=0) with a fresh data folder and
 * resolves once it logs the address it listens on.
 */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<RunningServer> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!fs.existsSync(main)) throw new Error("No server build: run `npm run build` first");
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "aula-e2e-"));
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      CLIENT_DIST: process.env.AULA_CLIENT_DIST ? path.resolve(process.env.AULA_CLIENT_DIST) : path.join(ROOT, "dist/client"),
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      // Every e2e sign-in comes from 127.0.0.1; the limit itself is covered by the server suite.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not start within 90 s")), 90_000);
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${buffered.slice(-2000)}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** A port nobody listens on right now, for a server whose address others must know first. */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
