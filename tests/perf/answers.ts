/**
 * Assessment answers: autosave and submit throughput of the demo Maths assessment ("Evaluación:
 * los números naturales", 23 questions of every type, in "Matemáticas 1º ESO A"), against the bare
 * single-row lookup baseline measured in the same run (before and after, averaged). The ratios
 * (throughput and p99 relative to the baseline's) are what to compare across machines. PGlite
 * always; PostgreSQL when TEST_DATABASE_URL is set. Run alone with `tsx tests/perf/answers.ts`,
 * or call `benchAnswers()`.
 *
 * Setup, all through the HTTP API (app.inject) except the extra students, who are made with the
 * server tests' factories and enrolled in the class as `buildCourse` enrols members:
 * - the teacher opens the lesson's items, so the class's lesson copies the publisher's contents and
 *   the assessment becomes a published lesson item; the teacher's cms read gives the answer key;
 * - BENCH_SUBMITS + CONNECTIONS students (student1@demo.test, student2@demo.test and made ones)
 *   each start an attempt and save a full-credit answer to every auto-scored question (seq 1).
 *
 * What is measured:
 * - autosave: PUT /api/front/attempts/:attempt/answers/:question of a single-choice (QT_1) answer
 *   as the client's answer queue sends it: body { seq, value }, a fresh Idempotency-Key
 *   (newIdempotencyKey) and the question's next seq on every request, so every request is a new
 *   save the server stores. Each connection is one student saving into their own attempt (one
 *   autocannon URL per connection): a class autosaving, not 20 tabs of one student queueing on
 *   one attempt's row lock. Every reply must say `applied: true`; a stale seq is checked first to
 *   answer 200 with `applied: false` (the answer queue treats anything else as a failure).
 * - replay: the same connections each resend one identical save (same key, same seq), as the queue
 *   retries after a lost reply; the server answers 200 with `applied: false`.
 * - submit: handing in is one-shot per attempt, so it is timed rather than loaded: BENCH_SUBMITS
 *   (default 200) prepared attempts, one per student (the assessment allows 2 attempts, and a
 *   student has one in progress at a time, so N attempts need N students), are submitted with
 *   CONNECTIONS requests at a time; submits/s is N over the wall time, p99 over the N latencies.
 *   CONNECTIONS other attempts are submitted first, untimed, to warm the path. Each submit scores
 *   every answer and stores the records' statements; every auto-scored answer must come back scored.
 */
import fs from "node:fs";
import path from "node:path";
import type autocannon from "autocannon";
import { and, eq } from "drizzle-orm";
import type { AnswerSave, AnswerSaved, AssessmentDetail, AttemptResult, AttemptView } from "../../src/contracts/assessments";
import type { LessonItem } from "../../src/contracts/lessons";
import { GRADING, parseQuestionData, QuestionSchema, type Answer } from "../../src/contracts/questions";
import { newIdempotencyKey } from "../../src/client/features/questions/answerQueue";
import { courseMembers, courses } from "../../src/server/db/schema";
import { DEMO_ASSESSMENTS } from "../../src/server/db/seed/assessments";
import { bearer, demoUser } from "../support/api";
import { buildUser } from "../support/factories";
import { rightAnswerValue } from "../support/question-fixtures";
import { averaged, BASELINE_PATH, CONNECTIONS, DURATION_S, load, startBenchApp, warm, type Load } from "./harness";

const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 200);
const CLASS_NAME = "Matemáticas 1º ESO A";
const ASSESSMENT_TITLE = "Evaluación: los números naturales";

export type AnswersBenchRow = Load & { unit: string; throughputRatio: number; p99Ratio: number };
export type AnswersBenchResult = {
  driver: string;
  /** Why the figures do not measure what they claim (saves not stored, replays stored, answers not scored). */
  problems: string[];
  students: number;
  answersPerAttempt: number;
  staleSave: { status: number; applied: boolean | null };
  submitP50Ms: number;
  applied: { autosave: { applied: number; replies: number }; replay: { applied: number; replies: number } };
  rows: AnswersBenchRow[];
};

/** A student with an attempt in progress: whose it is, and where its single-choice answer goes. */
type Taker = { authorization: string; attempt: string; path: string; seq: number; choices: string[] };

const mustFind = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} missing`);
  return value;
};

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The body of a single-choice save, as the answer queue sends it: seq, and the answer (cycling through the choices). */
const singleChoice = (t: Taker, seq: number): AnswerSave => ({ seq, value: { type: "QT_1", answer: { choiceId: t.choices[seq % t.choices.length] ?? "" } } });

/** Submits every attempt, CONNECTIONS at a time; the wall time gives submits/s, the latencies p99. */
async function submitAll(base: string, name: string, takers: readonly Taker[]): Promise<{ row: Load; p50Ms: number; unscored: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let unscored = 0;
  const startedAt = performance.now();
  await eachLimit(takers, CONNECTIONS, async (t) => {
    const sent = performance.now();
    const res = await fetch(`${base}/api/front/attempts/${t.attempt}/submit`, {
      method: "POST",
      headers: { authorization: t.authorization, "content-type": "application/json" },
      body: "{}",
    });
    const body = await res.text();
    latencies.push(performance.now() - sent);
    if (!res.ok) {
      failed++;
      return;
    }
    const result = (JSON.parse(body) as { data: AttemptResult }).data;
    unscored += result.questions.filter((q) => GRADING[q.question.type] === "auto" && q.outcome !== "scored").length;
  });
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.max(0, Math.ceil(latencies.length * q) - 1)] ?? 0;
  return { row: { name, reqPerSec: takers.length / seconds, p99Ms: at(0.99), non2xx: failed }, p50Ms: at(0.5), unscored };
}

async function benchDriver(label: string, usePostgres: boolean): Promise<AnswersBenchResult> {
  if (SUBMITS < CONNECTIONS) throw new Error(`BENCH_SUBMITS (${SUBMITS}) must be at least BENCH_CONNECTIONS (${CONNECTIONS})`);
  const { app, db, close } = await startBenchApp(usePostgres, "aula-bench-answers-");
  const maths = mustFind(DEMO_ASSESSMENTS.find((a) => a.title === ASSESSMENT_TITLE), ASSESSMENT_TITLE);
  const teacher = await demoUser(app, "teacher@demo.test");
  const demoStudents = [await demoUser(app, "student1@demo.test"), await demoUser(app, "student2@demo.test")];
  const [mathsClass] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.tenantId, teacher.tenantId), eq(courses.name, CLASS_NAME)))
    .limit(1);
  const courseGuid = mustFind(mathsClass, CLASS_NAME).id;

  /** One API call through app.inject with `authorization`; anything but 2xx stops the benchmark. */
  const call = async <T>(authorization: string, method: "GET" | "POST" | "PUT", url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json<{ data: T }>().data;
  };
  const save = (t: Taker, seq: number, idempotencyKey: string) =>
    call<AnswerSaved>(t.authorization, "PUT", t.path, singleChoice(t, seq), { "idempotency-key": idempotencyKey });
  const teacherAuth = (await bearer(app, teacher)).authorization;

  // The lesson's first opening gives the class its items: the assessment, published.
  const items = await call<LessonItem[]>(teacherAuth, "GET", `/api/front/lessons/${maths.lessonId}/items?courseGuid=${courseGuid}`);
  const item = items.find((i) => i.content.guid === maths.id);
  if (item?.status !== "published") throw new Error(`the assessment is not a published item of its lesson (${item?.status ?? "absent"})`);

  // The answer key, as the teacher's cms read gives it.
  const detail = await call<AssessmentDetail>(teacherAuth, "GET", `/api/cms/assessments/${maths.id}`);
  const key = new Map<string, Answer>();
  for (const q of detail.questions) {
    if (GRADING[q.type] !== "auto") continue;
    const data = parseQuestionData(q.type, q.question_data);
    if (!data.ok) throw new Error(`question ${q.guid} does not parse`);
    const answer = rightAnswerValue(QuestionSchema.parse({ type: q.type, data: data.data, prompt: q.prompt, points: q.points }));
    if (answer) key.set(q.guid, answer);
  }

  // Students: the two demo ones, then made ones enrolled in the class, one per attempt.
  const startedAt = Date.now();
  const made = new Array<Awaited<ReturnType<typeof buildUser>>>(SUBMITS + CONNECTIONS - demoStudents.length);
  await eachLimit([...made.keys()], 8, async (i) => {
    made[i] = await buildUser(db, teacher.tenantId, { role: "student", firstName: "Bench", lastName: `Student ${i + 1}`, dateOfBirth: "2012-01-01" });
  });
  await db.insert(courseMembers).values(made.map((s) => ({ courseId: courseGuid, userId: s.id, role: "student" })));
  const students = [...demoStudents, ...made];

  // Each starts an attempt and saves every auto-scored answer, as the answer queue does (seq 1).
  const takers = new Array<Taker>(students.length);
  let questionCount = 0;
  await eachLimit([...students.keys()], CONNECTIONS, async (i) => {
    const { authorization } = await bearer(app, mustFind(students[i], "student"));
    const view = await call<AttemptView>(authorization, "POST", `/api/front/assessments/${maths.id}/attempts`, { courseGuid });
    for (const q of view.questions) {
      const value = key.get(q.guid);
      if (value) await call<AnswerSaved>(authorization, "PUT", `/api/front/attempts/${view.guid}/answers/${q.guid}`, { seq: 1, value } satisfies AnswerSave, { "idempotency-key": newIdempotencyKey() });
    }
    const single = view.questions.find((q) => q.type === "QT_1");
    if (single?.type !== "QT_1") throw new Error("the assessment has no single-choice question");
    questionCount = view.questions.length;
    takers[i] = { authorization, attempt: view.guid, path: `/api/front/attempts/${view.guid}/answers/${single.guid}`, seq: 1, choices: single.data.choices.map((c) => c.id) };
  });
  console.log(`\n${label}: ${students.length} attempts prepared (${key.size} of ${questionCount} questions answered in each) in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  // A save whose seq is not newer than the stored one must still answer 200 (applied: false).
  const probe = mustFind(takers[0], "student1's attempt");
  const stale = await app.inject({ method: "PUT", url: probe.path, headers: { authorization: probe.authorization, "idempotency-key": newIdempotencyKey() }, payload: singleChoice(probe, probe.seq) });
  const staleSave = { status: stale.statusCode, applied: stale.statusCode === 200 ? stale.json<{ data: AnswerSaved }>().data.applied : null };
  if (staleSave.status !== 200 || staleSave.applied !== false) throw new Error(`a stale save answered ${stale.statusCode} ${stale.body}`);

  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const lookup: autocannon.Options = { url: `${base}${BASELINE_PATH}`, headers: { authorization: teacherAuth } };

  // The first CONNECTIONS students (student1 first) autosave; autocannon gives connection i URL i % n.
  const loaders = takers.slice(0, CONNECTIONS);
  const byPath = new Map(loaders.map((t) => [t.path, t]));
  const takerOf = (request: autocannon.Request) => mustFind(byPath.get(request.path ?? ""), `the attempt of ${request.path}`);
  const replies = { applied: 0, replies: 0 };
  const saves = (setupRequest: (request: autocannon.Request, t: Taker) => { seq: number; key: string }): autocannon.Options => ({
    // A list of URLs (one per connection) is documented; @types/autocannon only knows one.
    url: loaders.map((t) => `${base}${t.path}`) as unknown as string,
    method: "PUT",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const t = takerOf(request);
          const { seq, key: idempotencyKey } = setupRequest(request, t);
          return { ...request, headers: { ...request.headers, authorization: t.authorization, "idempotency-key": idempotencyKey }, body: JSON.stringify(singleChoice(t, seq)) };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          replies.replies++;
          if ((JSON.parse(body) as { data: AnswerSaved }).data.applied) replies.applied++;
        },
      },
    ],
  });
  // Autosave: every request a new save (the question's next seq, a fresh key).
  const autosave = saves((_request, t) => ({ seq: ++t.seq, key: newIdempotencyKey() }));
  // Replay: every request the same save again (one seq and key per student, stored once before).
  const replayed = new Map<string, { seq: number; key: string }>();
  const replay = saves((_request, t) => mustFind(replayed.get(t.path), "the replayed save"));
  const measured = async (name: string, opts: autocannon.Options) => {
    Object.assign(replies, { applied: 0, replies: 0 });
    const row = await load(name, opts);
    return { row, replies: { ...replies } };
  };

  // Warm-up: the loaded calls, and CONNECTIONS submits of attempts the timing does not use.
  await warm([lookup, autosave]);
  for (const t of loaders) {
    const once = { seq: ++t.seq, key: newIdempotencyKey() };
    if (!(await save(t, once.seq, once.key)).applied) throw new Error("the save to replay was not stored");
    replayed.set(t.path, once);
  }
  await warm([replay]);
  await submitAll(base, "warm-up", takers.slice(SUBMITS));

  const before = await load("single-row lookup (baseline)", lookup);
  const autosaved = await measured("PUT answer: new save", autosave);
  const replays = await measured("PUT answer: replay", replay);
  const submits = await submitAll(base, `POST submit (${SUBMITS} attempts)`, takers.slice(0, SUBMITS));
  const after = await load("single-row lookup (baseline)", lookup);
  await close();

  const baseline = averaged(before, after);
  const units = ["req/s", "saves/s", "saves/s", "submits/s"];
  const rows: AnswersBenchRow[] = [baseline, autosaved.row, replays.row, submits.row].map((r, i) => ({
    ...r,
    unit: units[i] ?? "req/s",
    throughputRatio: r.reqPerSec / baseline.reqPerSec,
    p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : 1,
  }));
  console.log(`${label} assessment answers (${CONNECTIONS} connections, ${DURATION_S} s each; submits: ${SUBMITS} attempts, ${CONNECTIONS} at a time)`);
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.unit.padEnd(9)}  p99 ${r.p99Ms.toFixed(0).padStart(4)} ms  ` +
        `x baseline: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  console.log(
    `  stored: ${autosaved.replies.applied} of ${autosaved.replies.replies} new saves, ${replays.replies.applied} of ${replays.replies.replies} replays; ` +
      `a stale seq answers ${staleSave.status} (applied: ${String(staleSave.applied)}); submit p50 ${submits.p50Ms.toFixed(0)} ms`,
  );
  const problems = [
    ...(autosaved.replies.applied === autosaved.replies.replies ? [] : [`only ${autosaved.replies.applied} of ${autosaved.replies.replies} new saves were stored`]),
    ...(replays.replies.applied === 0 ? [] : [`${replays.replies.applied} replays were stored again`]),
    ...(submits.unscored === 0 ? [] : [`${submits.unscored} auto-scored answers came back unscored`]),
  ];
  return {
    driver: label,
    problems,
    students: students.length,
    answersPerAttempt: key.size,
    staleSave,
    submitP50Ms: submits.p50Ms,
    applied: { autosave: autosaved.replies, replay: replays.replies },
    rows,
  };
}

/** Runs the benchmark (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), writes results/answers.json. */
export async function benchAnswers(): Promise<AnswersBenchResult[]> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/answers.json"), JSON.stringify(results, null, 2));
  const bad = results.flatMap((r) => r.rows).filter((r) => r.non2xx > 0);
  if (bad.length > 0) throw new Error("some benchmark requests failed; the figures are not valid");
  const problems = results.flatMap((r) => r.problems.map((p) => `${r.driver}: ${p}`));
  if (problems.length > 0) throw new Error(`the figures are not valid: ${problems.join("; ")}`);
  return results;
}

if (require.main === module) {
  benchAnswers().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
