/**
 * Issue 15's goal for teacher analytics (ADR 0036): a class's analytics answer with p99 <= 200 ms
 * for a class of 30 students and 5,000 answers. The class is built in the demo edition: a
 * Mathematics class of its own with the seeded Matemáticas 1º ESO book (its KC map of 91 KCs), a
 * teacher and 30 students, whose 5,000 answers go through the learner model's own applyAnswers in
 * practice sessions of up to 20 (so kc_states and kc_evidence hold what production would). Each
 * simulated student works through the first half of the book's KCs over 120 days at their own pace
 * and ability, and some stop early (their recall fades: review alerts).
 *
 * Measured in the same process, one request at a time (a teacher opening the page: p99 is the
 * service time, not a queue), then with the bench's usual 20 connections: the single-row lookup
 * baseline, GET front/analytics/{guid} (the class page), GET front/analytics (the class list) and
 * the CSV export. Prints each p99 and its ratio to the baseline. PGlite always; PostgreSQL too
 * when TEST_DATABASE_URL is set. Run with `npx tsx tests/perf/analytics.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { courseMembers, coursePublications, courses, disciplines, knowledgeComponents, publications, users } from "../../src/server/db/schema";
import { applyAnswers, type ScoredAnswer } from "../../src/server/modules/learning/service";
import { averaged, BASELINE_PATH, CONNECTIONS, DURATION_S, startBenchApp, steadyLoad, warm, type Load } from "./harness";

const STUDENTS = 30;
const ANSWERS = 5_000;
const GOAL_P99_MS = 200;
const DAY = 86_400_000;
const SESSION = 20;

/** mulberry32: the same class on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One student's answers: `count` of them over the first `reach` KCs of the map in program order,
 * a session a day over the days they keep working, right with a chance that grows with practice on
 * the KC and with their ability.
 */
function studentAnswers(rnd: () => number, codes: readonly string[], count: number, now: number): ScoredAnswer[][] {
  const ability = 0.6 + 0.8 * rnd();
  const reach = Math.max(4, Math.round(codes.length / 2));
  const activeDays = 30 + Math.floor(rnd() * 90);
  const start = now - 120 * DAY;
  const practised = new Map<string, number>();
  const answers: ScoredAnswer[] = [];
  for (let j = 0; j < count; j++) {
    const progress = j / count;
    const index = Math.min(reach - 1, Math.max(0, Math.floor(progress * reach + (rnd() - 0.7) * 3)));
    const kc = codes[index] as string;
    const seen = practised.get(kc) ?? 0;
    practised.set(kc, seen + 1);
    const pRight = Math.min(0.95, Math.max(0.08, (0.3 + 0.12 * seen) * ability));
    const day = Math.floor((j / SESSION) * (activeDays / Math.ceil(count / SESSION)));
    answers.push({ questionId: `bench-q-${j}`, kcs: [kc], fraction: rnd() < pRight ? 1 : 0, answeredAt: new Date(start + day * DAY + (j % SESSION) * 60_000) });
  }
  const sessions: ScoredAnswer[][] = [];
  for (let i = 0; i < answers.length; i += SESSION) sessions.push(answers.slice(i, i + SESSION));
  return sessions;
}

type Row = Load & { p99Ratio: number; throughputRatio: number };

async function benchDriver(label: string, usePostgres: boolean) {
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-analytics-");
  const [demoTeacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  if (!demoTeacher) throw new Error("demo teacher missing: the seed did not run");
  const tenantId = demoTeacher.tenantId;
  const [maths] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.tenantId, tenantId), eq(publications.title, "Matemáticas 1º ESO")));
  const [math] = await db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.code, "math"));
  if (!maths || !math) throw new Error("demo Maths publication or the math discipline missing");
  const codes = (
    await db.select({ code: knowledgeComponents.code }).from(knowledgeComponents).where(eq(knowledgeComponents.publicationId, maths.id)).orderBy(asc(knowledgeComponents.position))
  ).map((k) => k.code);

  const started = Date.now();
  const [teacher] = await db
    .insert(users)
    .values({ tenantId, schoolId: demoTeacher.schoolId, email: "bench-analytics-teacher@bench.test", firstName: "Bench", lastName: "Teacher", role: "teacher" })
    .returning();
  const students = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenantId, schoolId: demoTeacher.schoolId, email: `bench-analytics-${i}@bench.test`, firstName: "Bench", lastName: `Student ${String(i + 1).padStart(2, "0")}`, role: "student" })))
    .returning();
  if (!teacher) throw new Error("bench teacher not stored");
  const [course] = await db
    .insert(courses)
    .values({ tenantId, schoolId: demoTeacher.schoolId, name: "Bench Matemáticas 1º ESO", schoolYear: "2026-2027", classKey: "BANALYTICS", disciplineId: math.id, createdBy: teacher.id })
    .returning();
  if (!course) throw new Error("bench class not stored");
  await db.insert(coursePublications).values({ courseId: course.id, publicationId: maths.id });
  await db.insert(courseMembers).values([{ courseId: course.id, userId: teacher.id, role: "teacher" }, ...students.map((s) => ({ courseId: course.id, userId: s.id, role: "student" }))]);

  const rnd = random(2027);
  const now = Date.now();
  let applied = 0;
  for (const [i, student] of students.entries()) {
    const count = Math.floor(ANSWERS / STUDENTS) + (i < ANSWERS % STUDENTS ? 1 : 0);
    for (const [n, answers] of studentAnswers(rnd, codes, count, now).entries()) {
      applied += (await applyAnswers(db, { tenantId, userId: student.id, source: "practice", sourceId: `bench-session-${i}-${n}`, answers })).applied;
    }
  }
  await db.execute(sql`vacuum analyze`);
  const counted = async (table: string) =>
    Number(
      ((await db.execute(sql`select count(*) as n from ${sql.identifier(table)} t join course_members m on m.user_id = t.user_id and m.course_id = ${course.id}::uuid`)) as unknown as {
        rows: Array<{ n: number | string }>;
      }).rows[0]?.n ?? 0,
    );
  console.log(
    `\n${label}: a class of ${STUDENTS} students, ${codes.length} KCs, ${applied} answers applied ` +
      `(the class's students have ${await counted("kc_states")} KC states and ${await counted("kc_evidence")} evidence rows; built in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const token = await app.ctx.tokens.sign({ userId: teacher.id, tenantId, role: "teacher", sessionId: teacher.id });
  const headers = { authorization: `Bearer ${token}` };
  const endpoints = [
    { name: "GET /api/front/analytics/{guid}", url: `${base}/api/front/analytics/${course.id}` },
    { name: "GET /api/front/analytics", url: `${base}/api/front/analytics` },
    { name: "GET .../{guid}/export (CSV)", url: `${base}/api/front/analytics/${course.id}/export?lang=es` },
  ];
  // What the class page answers (checked once: an error would make the figures meaningless).
  const res = await fetch(endpoints[0]?.url ?? "", { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`class analytics answered ${res.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { data: { summary: Record<string, unknown>; cells: Array<{ alerts: unknown[] }> } };
  const alerting = body.data.cells.filter((c) => c.alerts.length > 0).length;
  console.log(`  the class page: ${(text.length / 1024).toFixed(0)} KiB of JSON, ${body.data.cells.length} practised cells, ${alerting} of them with alerts; summary ${JSON.stringify(body.data.summary)}`);

  const lookup = { url: `${base}${BASELINE_PATH}`, headers };
  const runs: Array<{ connections: number; rows: Row[] }> = [];
  for (const connections of [1, CONNECTIONS]) {
    const all = [lookup, ...endpoints.map((e) => ({ url: e.url, headers }))].map((o) => ({ ...o, connections }));
    await warm(all);
    const before = await steadyLoad("single-row lookup (baseline)", { ...lookup, connections });
    const measured: Load[] = [];
    for (const e of endpoints) measured.push(await steadyLoad(e.name, { url: e.url, headers, connections }));
    const baseline = averaged(before, await steadyLoad("single-row lookup (baseline)", { ...lookup, connections }));
    const rows = [baseline, ...measured].map((r) => ({ ...r, p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1, throughputRatio: r.reqPerSec / baseline.reqPerSec }));
    console.log(`  ${connections} connection${connections === 1 ? "" : "s"}, ${DURATION_S} s runs, the median p99 of ${process.env.BENCH_REPEATS ?? 3}:`);
    for (const r of rows) {
      const goal = r.name.includes("{guid}") && !r.name.includes("export") && connections === 1 ? (r.p99Ms <= GOAL_P99_MS ? `  (goal <= ${GOAL_P99_MS} ms: met)` : `  ABOVE the ${GOAL_P99_MS} ms goal`) : "";
      console.log(
        `    ${r.name.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p99 ${r.p99Ms.toFixed(0).padStart(4)} ms  ` +
          `x baseline: p99 ${r.p99Ratio.toFixed(2)}, throughput ${r.throughputRatio.toFixed(2)}${goal}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
      );
    }
    runs.push({ connections, rows });
  }
  await close();
  return { driver: label, students: STUDENTS, answers: applied, kcs: codes.length, responseKiB: text.length / 1024, runs };
}

async function main(): Promise<void> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/analytics.json"), JSON.stringify(results, null, 2));
  if (results.flatMap((r) => r.runs.flatMap((run) => run.rows)).some((r) => r.non2xx > 0)) {
    console.error("some benchmark requests failed; the figures are not valid");
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
