/**
 * What the API benchmarks share: the load settings, one autocannon run, and the app under test on
 * a fresh database (PGlite, or PostgreSQL when asked) with the baseline every ratio is taken
 * against: the cheapest endpoint that still authenticates and reads one row.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { tenants } from "../../src/server/db/schema";
import { freshDatabase } from "../support/db";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** The path of the baseline endpoint `startBenchApp` adds. */
export const BASELINE_PATH = "/api/bench/lookup";

export type Load = { name: string; reqPerSec: number; p99Ms: number; non2xx: number };

/** One measured run of `opts` (url, headers, method, body) with the shared connections and duration. */
export async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return { name, reqPerSec: r.requests.average, p99Ms: r.latency.p99, non2xx: r.non2xx + r.errors };
}

/**
 * `repeats` runs of `opts`, reported as the run with the median p99 (its throughput the mean of
 * all): on one core a single 5 s run's p99 is the odd stall (a GC pause, a checkpoint) as often as
 * the endpoint, and a growth ratio of two such figures says little.
 */
export async function steadyLoad(name: string, opts: autocannon.Options, repeats = Number(process.env.BENCH_REPEATS ?? 3)): Promise<Load> {
  const runs: Load[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await load(name, opts));
  const byP99 = [...runs].sort((a, b) => a.p99Ms - b.p99Ms);
  const median = byP99[Math.floor((byP99.length - 1) / 2)];
  if (!median) throw new Error("steadyLoad needs at least one run");
  return {
    name,
    reqPerSec: runs.reduce((sum, r) => sum + r.reqPerSec, 0) / runs.length,
    p99Ms: median.p99Ms,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** Warms every endpoint first (JIT, query plans, caches): a cold first run would skew the ratios. */
export async function warm(all: readonly autocannon.Options[]): Promise<void> {
  for (const opts of all) await autocannon({ connections: CONNECTIONS, duration: WARMUP_S, ...opts });
}

/** The baseline measured before and after the endpoints, averaged, so drift lands on neither side alone. */
export const averaged = (before: Load, after: Load): Load => ({
  name: before.name,
  reqPerSec: (before.reqPerSec + after.reqPerSec) / 2,
  p99Ms: (before.p99Ms + after.p99Ms) / 2,
  non2xx: before.non2xx + after.non2xx,
});

/** The production app on a fresh database and data folder, with the baseline endpoint added. */
export async function startBenchApp(usePostgres: boolean, folderPrefix: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const saved = process.env.TEST_DATABASE_URL;
  if (!usePostgres) delete process.env.TEST_DATABASE_URL;
  const database = await freshDatabase();
  if (saved) process.env.TEST_DATABASE_URL = saved;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...env }, { dataDir, clientDist: path.join(dataDir, "none"), port: 0 });
  const app = await buildApp(config, { database });
  const db = app.ctx.db;
  app.get(BASELINE_PATH, { onRequest: app.authenticate }, async (request) => {
    const tenantId = request.auth?.tenantId ?? "";
    const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return { status: "success", data: row };
  });
  return {
    app,
    db,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
