/**
 * API throughput and p99 for the home class list and organization endpoints, each against a
 * bare single-row lookup endpoint measured in the same run, on PGlite and (when
 * TEST_DATABASE_URL is set) on PostgreSQL. The ratios are what to compare across machines.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { tenants, users } from "../../src/server/db/schema";
import { freshDatabase } from "../support/db";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Result = { name: string; reqPerSec: number; p99Ms: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, name: string): Promise<Result> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { name, reqPerSec: r.requests.average, p99Ms: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function benchDriver(label: string, usePostgres: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-bench-"));
  const saved = process.env.TEST_DATABASE_URL;
  if (!usePostgres) delete process.env.TEST_DATABASE_URL;
  const database = await freshDatabase();
  if (saved) process.env.TEST_DATABASE_URL = saved;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent" }, { dataDir, clientDist: path.join(dataDir, "none"), port: 0 });
  const app = await buildApp(config, { database });
  const db = app.ctx.db;
  // The baseline: the cheapest endpoint that still authenticates and reads one row.
  app.get("/api/bench/lookup", { onRequest: app.authenticate }, async (request) => {
    const tenantId = request.auth?.tenantId ?? "";
    const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return { status: "success", data: row };
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  if (!teacher) throw new Error("demo teacher missing: the seed did not run");
  const token = await app.ctx.tokens.sign({ userId: teacher.id, tenantId: teacher.tenantId, role: "teacher", sessionId: teacher.id });
  const headers = { authorization: `Bearer ${token}` };

  await load(`${base}/api/bench/lookup`, headers, "warmup");
  const baseline = await load(`${base}/api/bench/lookup`, headers, "single-row lookup (baseline)");
  const courses = await load(`${base}/api/front/courses`, headers, "GET /api/front/courses");
  const organization = await load(`${base}/api/organization`, headers, "GET /api/organization");
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const rows = [baseline, courses, organization].map((r) => ({
    ...r,
    throughputRatio: r.reqPerSec / baseline.reqPerSec,
    p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1,
  }));
  console.log(`\n${label} (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  ` +
        `x baseline: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  return { driver: label, rows };
}

async function main(): Promise<void> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/api.json"), JSON.stringify(results, null, 2));
  const bad = results.flatMap((r) => r.rows).filter((r) => r.non2xx > 0);
  if (bad.length > 0) {
    console.error("some benchmark requests failed; the figures are not valid");
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
