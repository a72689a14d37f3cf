/**
 * Issue 14's scale goal for daily work: GET front/tasks and the calendar's events query stay flat
 * (p99 within 1.5x) from 10 to 10,000 tasks and events. Each endpoint is measured with 10 and with
 * 10,000 of them in the Aula edition, against the bare single-row lookup baseline measured in the
 * same process; the figure to compare is p99 relative to the baseline at 10,000 over the same ratio
 * at 10, both sizes open side by side and measured in alternation (ADR 0047), the median over
 * BENCH_REPEATS rounds (5). PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 *
 * - Tasks: N tasks (a lesson item, its task_assignment and its jobs) spread over 12 classes (a
 *   secondary student's subjects) the demo teacher teaches and the demo student studies, due over
 *   the school year. The number of classes stays the same at both sizes: the lists' totals read one
 *   tally row per class the caller is in (ADR 0033), so their cost follows classes, not tasks.
 *   Every task is in the demo student's To Do (a job not started) and has one hand-in waiting for
 *   the teacher's grade (Pending tasks), one graded and three not started among five other
 *   students of the class.
 *   Measured: GET /api/front/tasks as the student (To Do) and as the teacher (Pending), one page.
 * - Events: N events in the calendar of the demo Maths class, besides the sessions its timetable
 *   expands to: 10 of them (8 extra classes, 2 holidays) in November 2026 at every size; the rest
 *   accumulate around it: extra classes in the weeks before and in the months after (the school
 *   year), holidays in the years before. Measured as the teacher: the month of November (a fixed
 *   window: the same events at both sizes) and the first page of the agenda from November to the
 *   end of the school year, as the screen asks for it (AGENDA_PAGE_SIZE, 20 events: the same number
 *   presented at both sizes, of 52 in range at 10 and some 4,500 at 10,000).
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { AGENDA_PAGE_SIZE } from "../../src/client/features/calendar/calendarRange";
import { courses, publications, users } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import { averaged, BASELINE_PATH, CONNECTIONS, DURATION_S, load, startBenchApp, warm, type Load } from "./harness";

const SIZES = [10, 10_000] as const;
const GOAL = 1.5;
const CLASSES = 12;
const STUDENTS_PER_CLASS = 5;
/** Events of the Maths class that fall in the measured month, at every size. */
const IN_MONTH = { extraClasses: 8, holidays: 2 } as const;
const MONTH = { from: "2026-11-01", to: "2026-11-30" } as const;
const AGENDA = { from: "2026-11-01", to: "2027-06-30" } as const;

type Ids = { tenantId: string; schoolId: string | null; teacherId: string; studentId: string; mathsPublicationId: string; mathsClassId: string };

/**
 * `count` tasks in set-based statements: 12 classes of the demo teacher with the demo student and
 * five students from a pool of 50, one content placed as a published lesson item per task (the
 * tasks dealt to the classes in turn), the task due at 23:59 of a day of the school year, and its
 * jobs.
 */
async function growTasks(db: Db, ids: Ids, count: number): Promise<void> {
  const classes = CLASSES;
  const pool = 50;
  const T = sql`${ids.tenantId}::uuid`;
  await db.execute(sql`
    insert into users (tenant_id, school_id, email, first_name, last_name, role)
    select ${T}, ${ids.schoolId}::uuid, 'bench-work-student-' || g || '@bench.test', 'Bench', 'Student ' || g, 'student'
    from generate_series(1, ${pool}::int) g`);
  await db.execute(sql`
    insert into courses (tenant_id, school_id, name, school_year, start_date, end_date, class_key, created_by)
    select ${T}, ${ids.schoolId}::uuid, 'Bench tasks class ' || g, '2026-2027', '2026-09-01', '2027-06-30', 'BWORK' || g, ${ids.teacherId}::uuid
    from generate_series(1, ${classes}::int) g`);
  const benchClasses = sql`(select id, class_key from courses where tenant_id = ${T} and class_key like 'BWORK%')`;
  await db.execute(sql`
    insert into course_members (course_id, user_id, role)
    select c.id, ${ids.teacherId}::uuid, 'teacher' from ${benchClasses} c
    union all
    select c.id, ${ids.studentId}::uuid, 'student' from ${benchClasses} c`);
  await db.execute(sql`
    insert into course_members (course_id, user_id, role)
    select c.id, u.id, 'student'
    from (select id, row_number() over (order by id) as n from courses where tenant_id = ${T} and class_key like 'BWORK%') c
    join lateral (
      select u.id from users u
      where u.tenant_id = ${T} and u.email in (
        select 'bench-work-student-' || (1 + ((c.n * 7 + k * 11) % ${pool}::int)) || '@bench.test' from generate_series(1, ${STUDENTS_PER_CLASS}::int) k)
    ) u on true
    on conflict do nothing`);
  const [content] = (
    (await db.execute(sql`
      insert into contents (tenant_id, type, title, created_by) values (${T}, 'CTTY_09', 'Bench hand-in', ${ids.teacherId}::uuid) returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  if (!content) throw new Error("bench content not stored");
  // The Maths publication's lessons, taken in turn (the class's lessons need not be the publication's for the lists).
  await db.execute(sql`
    insert into lesson_items (tenant_id, course_id, lesson_id, content_id, title, status, position, created_by)
    select ${T}, c.id, l.id, ${content.id}::uuid, 'Bench task ' || g, 'published', g, ${ids.teacherId}::uuid
    from generate_series(1, ${count}::int) g
    join ${benchClasses} c on c.class_key = 'BWORK' || (1 + (g - 1) % ${CLASSES}::int)
    join (select l.id, row_number() over (order by u."order", l."order") - 1 as n, count(*) over () as total
          from lessons l join units u on u.id = l.unit_id where u.publication_id = ${ids.mathsPublicationId}::uuid) l
      on l.n = g % l.total`);
  await db.execute(sql`
    insert into task_assignments (tenant_id, course_id, lesson_item_id, audience, due_at, instructions, assigned_by, assigned_at)
    select ${T}, li.course_id, li.id, 'class',
      timestamptz '2026-09-07 22:59:00+00' + ((li.position * 7919) % 290) * interval '1 day', 'Hand it in as a PDF.',
      ${ids.teacherId}::uuid, timestamptz '2026-09-01 08:00:00+00' + li.position * interval '1 minute'
    from lesson_items li where li.tenant_id = ${T} and li.content_id = ${content.id}::uuid`);
  const benchTasks = sql`(select a.id, a.course_id, a.lesson_item_id, a.assigned_at, li.position
    from task_assignments a join lesson_items li on li.id = a.lesson_item_id where li.content_id = ${content.id}::uuid)`;
  // The demo student's: every one to do.
  await db.execute(sql`
    insert into jobs (tenant_id, assignment_id, course_id, lesson_item_id, student_id, status, created_at)
    select ${T}, a.id, a.course_id, a.lesson_item_id, ${ids.studentId}::uuid, 'not_started', a.assigned_at from ${benchTasks} a`);
  // The other students': one handed in (the teacher's Pending), one graded, three not started, in turn.
  await db.execute(sql`
    insert into jobs (tenant_id, assignment_id, course_id, lesson_item_id, student_id, status, delivered_at, score, feedback, graded_by, graded_at, kanban_column, created_at)
    select ${T}, a.id, a.course_id, a.lesson_item_id, m.user_id, s.status,
      case when s.status <> 'not_started' then a.assigned_at + interval '2 days' end,
      case when s.status = 'graded' then 7.5 end, case when s.status = 'graded' then 'Bien hecho.' end,
      case when s.status = 'graded' then ${ids.teacherId}::uuid end,
      case when s.status = 'graded' then a.assigned_at + interval '4 days' end,
      case when s.status = 'not_started' then 'what_to_do' else 'done' end,
      a.assigned_at
    from ${benchTasks} a
    join (select course_id, user_id, row_number() over (partition by course_id order by user_id) as n
          from course_members where role = 'student' and user_id <> ${ids.studentId}::uuid) m on m.course_id = a.course_id
    cross join lateral (select case (m.n + a.position) % ${STUDENTS_PER_CLASS}::int when 0 then 'pending' when 1 then 'graded' else 'not_started' end as status) s`);
  // The reminders of the tasks already due went out when they fell due: the worker's next runs find
  // the steady state, not thousands of late notices at once (which would load the measured runs).
  await db.execute(sql`
    update jobs set reminded_for_due_at = a.due_at, late_notice_for_due_at = case when a.due_at <= now() then a.due_at end
    from task_assignments a where a.id = jobs.assignment_id and a.tenant_id = ${T} and a.due_at <= now() + interval '1 day'`);
}

/**
 * `count` events in the Maths class's calendar: IN_MONTH in November, the rest nine extra classes
 * in ten (half in September and October, half from December to June) and one holiday in ten (one
 * day each, in the years before).
 */
async function growEvents(db: Db, ids: Ids, count: number): Promise<void> {
  const rest = count - IN_MONTH.extraClasses - IN_MONTH.holidays;
  const restExtra = Math.round(rest * 0.9);
  const restHolidays = rest - restExtra;
  const T = sql`${ids.tenantId}::uuid`;
  const C = sql`${ids.mathsClassId}::uuid`;
  await db.execute(sql`
    insert into extra_classes (tenant_id, course_id, title, starts_at, ends_at, created_by)
    select ${T}, ${C}, 'Bench extra class ' || g, s, s + interval '1 hour', ${ids.teacherId}::uuid
    from (
      select g, timestamptz '2026-11-02 15:00:00+00' + (g - 1) * interval '3 days' as s from generate_series(1, ${IN_MONTH.extraClasses}::int) g
      union all
      select g, case when g % 2 = 0
        then timestamptz '2026-09-01 06:00:00+00' + ((g * 7919) % 61) * interval '1 day' + (g % 10) * interval '1 hour'
        else timestamptz '2026-12-01 06:00:00+00' + ((g * 7919) % 211) * interval '1 day' + (g % 10) * interval '1 hour' end
      from generate_series(${IN_MONTH.extraClasses + 1}::int, ${IN_MONTH.extraClasses + restExtra}::int) g
    ) x(g, s)`);
  await db.execute(sql`
    insert into holidays (tenant_id, course_id, name, start_date, end_date, created_by)
    select ${T}, ${C}, 'Bench holiday ' || g, d, d, ${ids.teacherId}::uuid
    from (
      select g, date '2026-11-10' + (g - 1) * 7 from generate_series(1, ${IN_MONTH.holidays}::int) g
      union all
      select g, date '2026-08-31' - g from generate_series(1, ${restHolidays}::int) g
    ) x(g, d)`);
}

type Endpoint = { name: string; url: string; headers: Record<string, string> };

/** One size's app, filled and listening, with what it measures. */
type Prepared = {
  size: number;
  lookup: Endpoint;
  endpoints: Endpoint[];
  /** What each endpoint answers ("20 of 4,540"), checked once: a 4xx would make the figures meaningless. */
  returned: Map<string, string>;
  /** Resolves when no request of an earlier run is still being handled. */
  drained: () => Promise<void>;
  close: () => Promise<void>;
};

async function prepare(usePostgres: boolean, size: number): Promise<Prepared> {
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-daily-work-");
  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.test")).limit(1);
  const [student] = await db.select().from(users).where(eq(users.email, "student1@demo.test")).limit(1);
  if (!teacher || !student) throw new Error("demo teacher or student missing: the seed did not run");
  const [maths] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.tenantId, teacher.tenantId), eq(publications.title, "Matemáticas 1º ESO")));
  const [mathsClass] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, "Matemáticas 1º ESO A"));
  if (!maths || !mathsClass) throw new Error("demo Maths publication or class missing");
  const ids: Ids = {
    tenantId: teacher.tenantId,
    schoolId: teacher.schoolId,
    teacherId: teacher.id,
    studentId: student.id,
    mathsPublicationId: maths.id,
    mathsClassId: mathsClass.id,
  };
  const started = Date.now();
  await growTasks(db, ids, size);
  await growEvents(db, ids, size);
  // The steady state, not the minutes after a bulk load: autovacuum would otherwise clean the
  // reminders' updated rows (and re-analyze) during the measured runs.
  await db.execute(sql`vacuum analyze`);
  const counted = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0);
  console.log(
    `  ${size} tasks and events: ${await counted("task_assignments")} tasks, ${await counted("jobs")} jobs, ` +
      `${await counted("extra_classes")} extra classes, ${await counted("holidays")} holidays ` +
      `(generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  // A slow endpoint leaves requests queued when a run ends (autocannon drops its connections, the
  // handlers go on): the next run waits for them, or it would measure the previous endpoint's queue.
  let inFlight = 0;
  app.addHook("onRequest", (_request, _reply, done) => {
    inFlight++;
    done();
  });
  app.addHook("onSend", (_request, _reply, payload, done) => {
    inFlight--;
    done(null, payload);
  });
  const drained = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const sign = (user: typeof teacher) => app.ctx.tokens.sign({ userId: user.id, tenantId: user.tenantId, role: user.role as "teacher", sessionId: user.id });
  const asTeacher = { authorization: `Bearer ${await sign(teacher)}` };
  const asStudent = { authorization: `Bearer ${await sign(student)}` };
  const events = `${base}/api/calendar/${mathsClass.id}/events`;
  const endpoints: Endpoint[] = [
    { name: "GET /api/front/tasks (student)", url: `${base}/api/front/tasks`, headers: asStudent },
    { name: "GET /api/front/tasks (teacher)", url: `${base}/api/front/tasks`, headers: asTeacher },
    { name: "GET .../events (one month)", url: `${events}?fromDate=${MONTH.from}&toDate=${MONTH.to}`, headers: asTeacher },
    { name: "GET .../events (agenda page)", url: `${events}?fromDate=${AGENDA.from}&toDate=${AGENDA.to}&offset=0&pageSize=${AGENDA_PAGE_SIZE}`, headers: asTeacher },
  ];
  const returned = new Map<string, string>();
  for (const e of endpoints) {
    const res = await fetch(e.url, { headers: e.headers });
    const body = (await res.json()) as { data?: { items?: unknown[]; total?: number } };
    if (!res.ok) throw new Error(`${e.name} answered ${res.status}: ${JSON.stringify(body)}`);
    returned.set(e.name, `${body.data?.items?.length ?? 0} of ${body.data?.total ?? 0}`);
  }
  const lookup: Endpoint = { name: "single-row lookup (baseline)", url: `${base}${BASELINE_PATH}`, headers: asTeacher };
  for (const opts of [lookup, ...endpoints]) {
    await warm([{ url: opts.url, headers: opts.headers }]);
    await drained();
  }
  return { size, lookup, endpoints, returned, drained, close };
}

type Row = Load & { throughputRatio: number; p99Ratio: number; returned: string };
type SizeRun = { size: number; rows: Row[] };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Both sizes are filled first and stay open side by side; then each round measures every endpoint
 * at one size and straight after at the other (the order alternating between rounds), the baseline
 * at both ends of the round. Measured one size after the other, minutes apart, the two sizes met
 * different moments of a shared machine: the baseline's own p99 moved by up to 1.6x between them,
 * and that drift, not the endpoints, set the growth figure (0.89x to 2.50x for the same code).
 * Side by side, a drift lands on both sizes of a pair alike. The figure is the median over rounds.
 */
async function benchDriver(label: string, usePostgres: boolean) {
  const rounds = Number(process.env.BENCH_REPEATS ?? 5);
  console.log(`\n${label}: daily work (${CONNECTIONS} connections, ${DURATION_S} s runs, ${rounds} rounds, the sizes side by side)`);
  const prepared: Prepared[] = [];
  for (const size of SIZES) prepared.push(await prepare(usePostgres, size));
  const [small, large] = prepared;
  if (!small || !large) throw new Error("both sizes must run");
  const measure = async (at: Prepared, e: Endpoint) => {
    const result = await load(e.name, { url: e.url, headers: e.headers });
    await at.drained();
    return result;
  };
  /** Each size's runs: the baseline's (two per round) and each endpoint's (one per round). */
  const runs = new Map<Prepared, { baseline: Load[]; endpoints: Load[][] }>(
    prepared.map((p) => [p, { baseline: [], endpoints: p.endpoints.map(() => []) }]),
  );
  const runsOf = (at: Prepared) => {
    const own = runs.get(at);
    if (!own) throw new Error("no runs for this size");
    return own;
  };
  /** Each endpoint's growth in each round. */
  const growthByRound: number[][] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [small, large] : [large, small];
    for (const at of order) runsOf(at).baseline.push(await measure(at, at.lookup));
    for (let i = 0; i < small.endpoints.length; i++) {
      for (const at of order) {
        const e = at.endpoints[i];
        if (e) runsOf(at).endpoints[i]?.push(await measure(at, e));
      }
    }
    for (const at of [...order].reverse()) runsOf(at).baseline.push(await measure(at, at.lookup));
    // This round's p99 over the mean of this round's two baseline runs, at one size.
    const ratios = (at: Prepared) => {
      const own = runsOf(at);
      const [before, after] = own.baseline.slice(-2);
      if (!before || !after) throw new Error("the baseline runs at both ends of a round");
      const base = averaged(before, after);
      return own.endpoints.map((all) => (all.at(-1)?.p99Ms ?? 0) / base.p99Ms);
    };
    const smallRatios = ratios(small);
    const largeRatios = ratios(large);
    const growth = smallRatios.map((r, i) => (largeRatios[i] ?? 0) / r);
    growthByRound.push(growth);
    console.log(`  round ${round + 1}: ${growth.map((g) => g.toFixed(2) + "x").join(", ")}`);
  }

  // Each size's table: the baseline and every endpoint with the median of its runs' p99 and the mean of their throughput.
  const summary = (name: string, all: readonly Load[]): Load => ({
    name,
    reqPerSec: all.reduce((sum, r) => sum + r.reqPerSec, 0) / all.length,
    p99Ms: median(all.map((r) => r.p99Ms)),
    non2xx: all.reduce((sum, r) => sum + r.non2xx, 0),
  });
  const sizeRuns: SizeRun[] = prepared.map((at) => {
    const own = runsOf(at);
    const baseline = summary(at.lookup.name, own.baseline);
    const rows = [baseline, ...at.endpoints.map((e, i) => summary(e.name, own.endpoints[i] ?? []))].map((r) => ({
      ...r,
      throughputRatio: r.reqPerSec / baseline.reqPerSec,
      p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1,
      returned: at.returned.get(r.name) ?? "",
    }));
    console.log(`  ${at.size} tasks and events:`);
    for (const r of rows) {
      console.log(
        `    ${r.name.padEnd(32)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  p99 ${r.p99Ms.toFixed(0).padStart(4)} ms  ` +
          `x baseline: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}` +
          `${r.returned ? `  (${r.returned} items)` : ""}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
      );
    }
    return { size: at.size, rows };
  });
  for (const at of prepared) await at.close();

  const [smallRun, largeRun] = sizeRuns;
  if (!smallRun || !largeRun) throw new Error("both sizes must run");
  const growth = small.endpoints.map((e, i) => {
    const before = smallRun.rows[i + 1];
    const after = largeRun.rows[i + 1];
    if (!before || !after) throw new Error("mismatched rows");
    const perRound = growthByRound.map((round) => round[i] ?? 0);
    return {
      name: e.name,
      p99Growth: median(perRound),
      p99GrowthByRound: perRound,
      absoluteP99Growth: before.p99Ms > 0 ? after.p99Ms / before.p99Ms : 1,
      throughputGrowth: after.throughputRatio / before.throughputRatio,
    };
  });
  for (const g of growth) {
    console.log(
      `  ${g.name.padEnd(32)} ${SIZES[0]} -> ${SIZES[1]} tasks/events: p99 (x baseline) grew ${g.p99Growth.toFixed(2)}x ` +
        `(rounds ${g.p99GrowthByRound.map((v) => v.toFixed(2)).join(", ")}; absolute ${g.absoluteP99Growth.toFixed(2)}x), ` +
        `throughput (x baseline) ${g.throughputGrowth.toFixed(2)}x${g.p99Growth > GOAL ? `  ABOVE the ${GOAL}x goal` : ""}`,
    );
  }
  return { driver: label, runs: sizeRuns, growth };
}

async function main(): Promise<void> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/daily-work-api.json"), JSON.stringify(results, null, 2));
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
