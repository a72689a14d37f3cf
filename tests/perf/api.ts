/**
 * API throughput and p99 for the home class list and organization endpoints, each against a
 * bare single-row lookup endpoint measured in the same run, on PGlite and (when
 * TEST_DATABASE_URL is set) on PostgreSQL. The ratios are what to compare across machines.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import { BASELINE_PATH, CONNECTIONS, DURATION_S, load, startBenchApp } from "./harness";

async function benchDriver(label: string, usePostgres: boolean) {
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-");
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  if (!teacher) throw new Error("demo teacher missing: the seed did not run");
  const token = await app.ctx.tokens.sign({ userId: teacher.id, tenantId: teacher.tenantId, role: "teacher", sessionId: teacher.id });
  const headers = { authorization: `Bearer ${token}` };

  await load("warmup", { url: `${base}${BASELINE_PATH}`, headers });
  const baseline = await load("single-row lookup (baseline)", { url: `${base}${BASELINE_PATH}`, headers });
  const courses = await load("GET /api/front/courses", { url: `${base}/api/front/courses`, headers });
  const organization = await load("GET /api/organization", { url: `${base}/api/organization`, headers });
  await close();

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
