/**
 * Issue 4's scale goal: home's class list and the program page stay flat as the edition grows.
 * Each endpoint is measured with 10 and with 10,000 classes in the edition (other teachers' classes,
 * each with a teacher, 10 students, the Maths publication, and every other one personalised), each
 * run against the bare single-row lookup baseline measured in the same process. The figure to
 * compare is p99 (and throughput) relative to the baseline at 10,000 classes over the same ratio
 * at 10: the goal is a p99 growth of at most 1.5x. PGlite always; PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { courses, publications, users } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import { averaged, BASELINE_PATH, CONNECTIONS, DURATION_S, load, startBenchApp, warm, type Load } from "./harness";

const SIZES = [10, 10_000] as const;
const STUDENTS_PER_CLASS = 10;
const GOAL = 1.5;


/**
 * `count` classes of other teachers in the Aula edition, in set-based statements (seconds, not
 * minutes, at 10,000): one teacher per 20 classes, 10 students per class from a pool of `count`
 * students (at least 500), the Maths publication on each, and the program of every other class personalised (all its
 * units and lessons copied into the class's state, one unit hidden).
 */
async function grow(db: Db, tenantId: string, mathsId: string, count: number): Promise<void> {
  const teachers = Math.max(1, Math.ceil(count / 20));
  // A realistic school population: each student in about ten classes (a pool of `count` students,
  // at least 500). A tiny pool would put every student in hundreds of classes, which no edition has
  // and which misleads the planner's estimates for the membership-driven queries.
  const pool = Math.max(500, count);
  await db.execute(sql`
    insert into users (tenant_id, email, first_name, last_name, role)
    select ${tenantId}::uuid, 'bench-teacher-' || g || '@bench.test', 'Bench', 'Teacher ' || g, 'teacher' from generate_series(1, ${teachers}::int) g
    union all
    select ${tenantId}::uuid, 'bench-student-' || g || '@bench.test', 'Bench', 'Student ' || g, 'student' from generate_series(1, ${pool}::int) g`);
  await db.execute(sql`
    insert into courses (tenant_id, name, school_year, class_key, created_by)
    select ${tenantId}::uuid, 'Bench class ' || g, '2026-2027', 'BENCH' || g,
      (select id from users where email = 'bench-teacher-' || (1 + (g - 1) / 20) || '@bench.test' and tenant_id = ${tenantId}::uuid)
    from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into course_members (course_id, user_id, role)
    select c.id, c.created_by, 'teacher' from courses c where c.tenant_id = ${tenantId}::uuid and c.name like 'Bench class %'`);
  await db.execute(sql`
    insert into course_members (course_id, user_id, role)
    select c.id, s.id, 'student'
    from (select id, row_number() over (order by id) as n from courses where tenant_id = ${tenantId}::uuid and name like 'Bench class %') c
    join lateral (
      select u.id from users u
      where u.tenant_id = ${tenantId}::uuid and u.email in (
        select 'bench-student-' || (1 + ((c.n * 7 + k * 101) % ${pool}::int)) || '@bench.test' from generate_series(1, ${STUDENTS_PER_CLASS}::int) k)
    ) s on true
    on conflict do nothing`);
  await db.execute(sql`
    insert into course_publications (course_id, publication_id)
    select id, ${mathsId}::uuid from courses where tenant_id = ${tenantId}::uuid and name like 'Bench class %'`);
  const personalised = sql`(select id from (select id, row_number() over (order by id) as n from courses
    where tenant_id = ${tenantId}::uuid and name like 'Bench class %') x where n % 2 = 0)`;
  await db.execute(sql`
    insert into course_unit_states (course_id, unit_id, publication_id, position, hidden)
    select c.id, u.id, u.publication_id, u."order", u."order" = 2
    from ${personalised} c cross join units u where u.publication_id = ${mathsId}::uuid`);
  await db.execute(sql`
    insert into course_lesson_states (course_id, lesson_id, publication_id, position, hidden)
    select c.id, l.id, ${mathsId}::uuid, l."order", false
    from ${personalised} c cross join lessons l join units u on u.id = l.unit_id where u.publication_id = ${mathsId}::uuid`);
  await db.execute(sql`analyze`);
}

type SizeRun = { classes: number; rows: Array<Load & { throughputRatio: number; p99Ratio: number }> };

async function benchSize(usePostgres: boolean, extraClasses: number): Promise<SizeRun> {
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-classes-");

  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  if (!teacher) throw new Error("demo teacher missing: the seed did not run");
  const [maths] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.tenantId, teacher.tenantId), eq(publications.title, "Matemáticas 1º ESO")));
  const [mathsClass] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, "Matemáticas 1º ESO A"));
  if (!maths || !mathsClass) throw new Error("demo Maths publication or class missing");
  const started = Date.now();
  await grow(db, teacher.tenantId, maths.id, extraClasses);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(courses)
    .where(eq(courses.tenantId, teacher.tenantId));
  console.log(`  ${n} classes in the edition (${extraClasses} generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const token = await app.ctx.tokens.sign({ userId: teacher.id, tenantId: teacher.tenantId, role: "teacher", sessionId: teacher.id });
  const headers = { authorization: `Bearer ${token}` };
  const lookup = { url: `${base}${BASELINE_PATH}`, headers };
  const listing = { url: `${base}/api/front/courses`, headers };
  const programPage = { url: `${base}/api/front/courses/${mathsClass.id}/program`, headers };
  await warm([lookup, listing, programPage]);
  const before = await load("single-row lookup (baseline)", lookup);
  const list = await load("GET /api/front/courses", listing);
  const program = await load("GET .../courses/:guid/program", programPage);
  const baseline = averaged(before, await load("single-row lookup (baseline)", lookup));
  await close();
  const rows = [baseline, list, program].map((r) => ({
    ...r,
    throughputRatio: r.reqPerSec / baseline.reqPerSec,
    p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1,
  }));
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(32)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  p99 ${r.p99Ms.toFixed(0).padStart(4)} ms  ` +
        `x baseline: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  return { classes: n, rows };
}

async function benchDriver(label: string, usePostgres: boolean) {
  console.log(`\n${label} (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  const runs: SizeRun[] = [];
  for (const size of SIZES) runs.push(await benchSize(usePostgres, size));
  const [small, large] = runs;
  if (!small || !large) throw new Error("both sizes must run");
  const growth = large.rows.slice(1).map((r, i) => {
    const before = small.rows[i + 1];
    if (!before) throw new Error("mismatched rows");
    return {
      name: r.name,
      p99Growth: r.p99Ratio / before.p99Ratio,
      absoluteP99Growth: before.p99Ms > 0 ? r.p99Ms / before.p99Ms : 1,
      throughputGrowth: r.throughputRatio / before.throughputRatio,
    };
  });
  for (const g of growth) {
    console.log(
      `  ${g.name.padEnd(32)} ${small.classes} -> ${large.classes} classes: p99 (x baseline) grew ${g.p99Growth.toFixed(2)}x ` +
        `(absolute ${g.absoluteP99Growth.toFixed(2)}x), ` +
        `throughput (x baseline) ${g.throughputGrowth.toFixed(2)}x${g.p99Growth > GOAL ? `  ABOVE the ${GOAL}x goal` : ""}`,
    );
  }
  return { driver: label, runs, growth };
}

async function main(): Promise<void> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/classes.json"), JSON.stringify(results, null, 2));
  const bad = results.flatMap((r) => r.runs.flatMap((run) => run.rows)).filter((r) => r.non2xx > 0);
  if (bad.length > 0) {
    console.error("some benchmark requests failed; the figures are not valid");
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
