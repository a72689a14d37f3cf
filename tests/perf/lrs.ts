/**
 * Record-store ingestion: statements stored per second through POST /api/lrs/statements, one
 * statement per request and batches of 50, with a launch credential (HTTP Basic, actor checked,
 * as a package sends them), against the bare single-row lookup baseline measured in the same run
 * (before and after, averaged). The ratios (statements/s and p99 relative to the baseline's
 * requests/s and p99) are what to compare across machines. PGlite always; PostgreSQL when
 * TEST_DATABASE_URL is set. Run alone with `tsx tests/perf/lrs.ts`, or call `benchLrs()`.
 */
import fs from "node:fs";
import path from "node:path";
import type autocannon from "autocannon";
import { and, eq, sql } from "drizzle-orm";
import { contents, courses, users, xapiStatements } from "../../src/server/db/schema";
import { mintLaunchCredential } from "../../src/server/modules/records/xapi-credentials";
import { agentForUser } from "../../src/server/modules/records/xapi-service";
import { averaged, BASELINE_PATH, CONNECTIONS, DURATION_S, load, startBenchApp, warm, type Load } from "./harness";

const BATCH = 50;

export type LrsBenchRow = Load & { statementsPerSec: number; throughputRatio: number; p99Ratio: number };
export type LrsBenchResult = { driver: string; stored: number; rows: LrsBenchRow[] };

async function benchDriver(label: string, usePostgres: boolean): Promise<LrsBenchResult> {
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-lrs-");

  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  const [student] = await db.select().from(users).where(eq(users.email, "student1@demo.test")).limit(1);
  if (!teacher || !student) throw new Error("demo people missing: the seed did not run");
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.tenantId, student.tenantId)).limit(1);
  const [content] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.tenantId, student.tenantId), eq(contents.type, "CTTY_17")))
    .limit(1);
  if (!course || !content) throw new Error("demo class or xAPI content missing");
  const registration = crypto.randomUUID();
  const credential = await mintLaunchCredential(db, {
    tenantId: student.tenantId,
    userId: student.id,
    contentId: content.id,
    courseId: course.id,
    registration,
    ttlHours: 2,
  });

  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const token = await app.ctx.tokens.sign({ userId: teacher.id, tenantId: teacher.tenantId, role: "teacher", sessionId: teacher.id });
  const lookup: autocannon.Options = { url: `${base}${BASELINE_PATH}`, headers: { authorization: `Bearer ${token}` } };
  const statement = {
    actor: agentForUser(app.ctx.publicUrl, student),
    verb: { id: "http://adlnet.gov/expapi/verbs/answered", display: { "en-US": "answered" } },
    object: {
      id: "https://aula.example/activities/roman-numerals/q1",
      definition: { name: { es: "Pregunta 1" }, type: "http://adlnet.gov/expapi/activities/cmi.interaction", interactionType: "choice", choices: [{ id: "a" }, { id: "b" }] },
    },
    result: { success: true, response: "a", score: { scaled: 1, raw: 1, min: 0, max: 1 }, duration: "PT12S" },
    context: { registration, contextActivities: { parent: [{ id: "https://aula.example/activities/roman-numerals" }] } },
  };
  const post = (body: unknown): autocannon.Options => ({
    url: `${base}/api/lrs/statements`,
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}`,
      "content-type": "application/json",
      "x-experience-api-version": "1.0.3",
    },
    body: JSON.stringify(body),
  });
  const single = post(statement);
  const batch = post(Array.from({ length: BATCH }, () => statement));

  await warm([lookup, single, batch]);
  const before = await load("single-row lookup (baseline)", lookup);
  const singles = await load("POST 1 statement", single);
  const batches = await load(`POST batch of ${BATCH}`, batch);
  const after = await load("single-row lookup (baseline)", lookup);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(xapiStatements);
  await close();

  const baseline = averaged(before, after);
  const perRequest = new Map<Load, number>([
    [baseline, 1],
    [singles, 1],
    [batches, BATCH],
  ]);
  const rows: LrsBenchRow[] = [baseline, singles, batches].map((r) => {
    const statementsPerSec = r.reqPerSec * (perRequest.get(r) ?? 1);
    return {
      ...r,
      statementsPerSec,
      throughputRatio: statementsPerSec / baseline.reqPerSec,
      p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1,
    };
  });
  console.log(`\n${label} record store ingestion (${CONNECTIONS} connections, ${DURATION_S} s each; ${n} statements stored)`);
  for (const r of rows) {
    const unit = r === rows[0] ? "req/s       " : "statements/s";
    console.log(
      `  ${r.name.padEnd(30)} ${r.statementsPerSec.toFixed(0).padStart(7)} ${unit}  p99 ${r.p99Ms.toFixed(0).padStart(4)} ms  ` +
        `x baseline: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  return { driver: label, stored: n, rows };
}

/** Runs the benchmark (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), writes results/lrs.json. */
export async function benchLrs(): Promise<LrsBenchResult[]> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/lrs.json"), JSON.stringify(results, null, 2));
  const bad = results.flatMap((r) => r.rows).filter((r) => r.non2xx > 0);
  if (bad.length > 0) throw new Error("some benchmark requests failed; the figures are not valid");
  return results;
}

if (require.main === module) {
  benchLrs().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
