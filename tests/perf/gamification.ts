/**
 * Issue 18's goals for gamification, against the production app in this process (PGlite always;
 * PostgreSQL too when TEST_DATABASE_URL is set):
 *
 * 1. "A reward event to one of 2,000 connected gamified students arrives in p99 <= 50 ms." 2,000
 *    students of a gamified edition (classes of 30) connect to the /gamification namespace and
 *    join their room; the time runs from the domain event the real producer emits ("job.delivered",
 *    on time) to that student's client receiving its "pointsReward", so it covers the award
 *    listener (the class check, the ledger transaction), "gamification.awarded", the realtime
 *    layer's read of the entries and the room emit. The baseline, on the same sockets in the same
 *    process, is a bare socket.io emit from the server's socket object to its client; a room emit
 *    to `user:<guid>` is shown beside it. On one instance, and on two instances sharing Redis (when
 *    TEST_REDIS_URL is set) with half the sockets on each and every event emitted on the instance
 *    that does not hold the socket.
 * 2. "500 students answering at once for 60 s earn every award exactly once." 500 students answer
 *    through the learner model (applyAnswers) in concurrent loops for BENCH_GAMIFICATION_SECONDS
 *    (default 60); every "learning.applied", "practice.completed" and "job.delivered" is emitted
 *    twice (a replayed delivery; on the other instance when there are two). The ledger expected is
 *    computed apart, with rules.ts's pure functions, from the final kc_evidence rows and the
 *    events emitted, and compared key by key with what was written; every profile must equal its
 *    ledger's sums. Exit code 1 when it is not exact.
 *
 * Everything (instances and clients) runs in this one process, as the realtime tests do.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { GAMIFICATION_NAMESPACE, GAMIFICATION_SOCKET_EVENTS, type JoinRoomAck, type PointsRewardPush, type RewardReason } from "../../src/contracts/gamification-base";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { gamificationLedger, gamificationProfiles, gamificationRules, kcEvidence } from "../../src/server/db/schema";
import {
  applyCaps,
  DEFAULT_RULES,
  evidenceCandidates,
  levelsCrossed,
  medalsEarned,
  practiceCandidate,
  taskCandidate,
  utcDay,
  type Candidate,
  type EvidenceFact,
} from "../../src/server/modules/gamification/rules";
import { EVIDENCE_FACT } from "../../src/server/modules/gamification/service";
import { applyAnswers } from "../../src/server/modules/learning/service";
import type { DomainEventName, DomainEvents } from "../../src/server/platform/events";
import { SOCKET_PATH } from "../../src/server/realtime";
import { userRoom } from "../../src/server/realtime/user-rooms";
import { freshDatabase } from "../support/db";

const USERS = 2_000;
const CLASS_SIZE = 30;
const SAMPLES = 200;
const WARMUP = 20;
/** Sockets opened at once: the handshakes (token check, the gamified-student query) of a batch overlap. */
const CONNECT_BATCH = 100;
const TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 50;
const PING = "bench:ping";

/** The answering students of the exactly-once run (one set per setup, untouched by the latency samples). */
const ANSWERING = 500;
const SECONDS = Number(process.env.BENCH_GAMIFICATION_SECONDS ?? 60);
const QUESTIONS = 40;
const KCS = 6;
const SESSION_ANSWERS = 6;
const RIGHT_SHARE = 0.7;
/** The chance that an iteration also hands in a task on time. */
const TASK_SHARE = 0.03;

/** Students 0..499 answer on one instance, 500..999 on the pair; the latency samples go to 1000..1999 (one task each at most). */
const SAMPLED_FROM = 2 * ANSWERING;

type Timings = Map<string, number[]>;
type Instance = { app: FastifyInstance; base: string; timings: Timings; failures: string[]; close(): Promise<void> };

/** The production app on `database`, listening on a free port; scheduled jobs off. Its background tasks are timed by label, their failures kept. */
async function startInstance(database: Database, opts: { jwtSecret: string; redisUrl?: string }): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-bench-gamification-"));
  const config = loadConfig(
    { NODE_ENV: "production", LOG_LEVEL: "silent" },
    { dataDir, clientDist: path.join(dataDir, "none"), port: 0, seedDemo: false, jwtSecret: opts.jwtSecret, redisUrl: opts.redisUrl, services: ["web"] },
  );
  const app = await buildApp(config, { database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const timings: Timings = new Map();
  const failures: string[] = [];
  // The listeners were given this object: wrapping its `run` sees every task (the log is silent, so a failure would go unseen).
  const background = app.ctx.background;
  const run = background.run.bind(background);
  background.run = (label, task) =>
    run(label, async () => {
      const started = performance.now();
      try {
        await task();
      } catch (err) {
        failures.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
        throw err;
      } finally {
        const list = timings.get(label) ?? [];
        list.push(performance.now() - started);
        timings.set(label, list);
      }
    });
  return {
    app,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    timings,
    failures,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Person = { userId: string; courseId: string };
type Fixture = { tenantId: string; people: Person[] };

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** A gamified edition with 2,000 students in classes of 30, in set-based statements (no rules row: the default rules). */
async function grow(database: Database): Promise<Fixture> {
  const db = database.db;
  const [tenant] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into tenants (slug, name, logo_url, colors, languages, features, gamified)
      values ('bench-gamified', 'Bench gamified edition', '/logo.svg', ${JSON.stringify({ primary: "#0F6CBD", secondary: "#FFFFFF" })}::jsonb,
              array['es'], ${JSON.stringify({ libraryTab: false })}::jsonb, true)
      returning id`),
  );
  if (!tenant) throw new Error("bench tenant not stored");
  const T = sql`${tenant.id}::uuid`;
  const classes = Math.ceil(USERS / CLASS_SIZE);
  await db.execute(sql`
    insert into users (tenant_id, email, password_hash, first_name, last_name, role)
    select ${T}, 'bench-gam-' || g || '@bench.test', 'bench-placeholder', 'Bench', 'Gam ' || g, 'student' from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`
    insert into courses (tenant_id, name, school_year, start_date, end_date, class_key)
    select ${T}, 'Bench gamified class ' || g, '2026-2027', '2026-09-01', '2027-06-30', 'BGAM' || g from generate_series(1, ${classes}::int) g`);
  const bench = sql`(select id, substring(email from 'bench-gam-(\\d+)@')::int as n from users where tenant_id = ${T} and email like 'bench-gam-%')`;
  await db.execute(sql`
    insert into course_members (course_id, user_id, role)
    select c.id, b.id, 'student' from ${bench} b join courses c on c.tenant_id = ${T} and c.class_key = 'BGAM' || ((b.n - 1) / ${CLASS_SIZE}::int + 1)`);
  await db.execute(sql`analyze`);
  const people = rowsOf<{ user_id: string; course_id: string }>(
    await db.execute(sql`select b.id as user_id, m.course_id from ${bench} b join course_members m on m.user_id = b.id order by b.n`),
  ).map((r) => ({ userId: r.user_id, courseId: r.course_id }));
  if (people.length !== USERS) throw new Error(`expected ${USERS} bench students in a class, found ${people.length}`);
  return { tenantId: tenant.id, people };
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Figure = { name: string; samples: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; goalMs: number | null };

function figure(name: string, samples: readonly number[], goalMs: number | null = null): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  return { name, samples: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? NaN, goalMs };
}

const line = (r: Figure, baseline?: Figure) =>
  `  ${r.name.padEnd(40)} n=${String(r.samples).padStart(5)}  p50 ${r.p50Ms.toFixed(2).padStart(7)} ms  p95 ${r.p95Ms.toFixed(2).padStart(7)} ms  p99 ${r.p99Ms.toFixed(2).padStart(7)} ms  max ${r.maxMs.toFixed(1).padStart(7)} ms` +
  (baseline ? `  x baseline: p50 ${(r.p50Ms / baseline.p50Ms).toFixed(1)}, p99 ${(r.p99Ms / baseline.p99Ms).toFixed(1)}` : "") +
  (r.goalMs === null ? "" : `  ${r.p99Ms <= r.goalMs ? "meets" : "MISSES"} p99 <= ${r.goalMs} ms`);

/** The connected clients: one /gamification socket per student, spread over the instances, with one dispatcher per event. */
class Clients {
  readonly sockets: Socket[] = [];
  private readonly rewardWaiters = new Map<number, (p: PointsRewardPush) => void>();
  private readonly pingWaiters = new Map<number, () => void>();

  async connect(instances: readonly Instance[], tokens: readonly string[]): Promise<number> {
    const started = performance.now();
    for (let from = 0; from < tokens.length; from += CONNECT_BATCH) {
      const batch = tokens.slice(from, from + CONNECT_BATCH).map((token, k) => this.open(instanceOf(instances, from + k), token, from + k));
      this.sockets.push(...(await Promise.all(batch)));
    }
    return performance.now() - started;
  }

  /** Every socket joins its own room (since: null), in batches; resolves when all have been acked. */
  async join(people: readonly Person[]): Promise<number> {
    const started = performance.now();
    for (let from = 0; from < this.sockets.length; from += CONNECT_BATCH) {
      await Promise.all(
        this.sockets.slice(from, from + CONNECT_BATCH).map(
          (socket, k) =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`joinRoom of socket ${from + k} not acked`)), TIMEOUT_MS);
              socket.emit(GAMIFICATION_SOCKET_EVENTS.joinRoom, { userGuid: people[from + k]?.userId, since: null }, (ack: JoinRoomAck) => {
                clearTimeout(timer);
                if (ack.ok) resolve();
                else reject(new Error(`joinRoom of socket ${from + k} refused: ${ack.error}`));
              });
            }),
        ),
      );
    }
    return performance.now() - started;
  }

  private open(instance: Instance, token: string, index: number): Promise<Socket> {
    const socket = connect(`${instance.base}${GAMIFICATION_NAMESPACE}`, { path: SOCKET_PATH, transports: ["websocket"], auth: { token }, reconnection: false, forceNew: true });
    socket.on(GAMIFICATION_SOCKET_EVENTS.pointsReward, (p: PointsRewardPush) => this.rewardWaiters.get(index)?.(p));
    socket.on(PING, () => this.pingWaiters.get(index)?.());
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  }

  /** Resolves with the arrival time of the first pointsReward of student `index` that `matches`. */
  reward(index: number, matches: (p: PointsRewardPush) => boolean): Promise<{ at: number; push: PointsRewardPush }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.rewardWaiters.delete(index);
        reject(new Error(`no pointsReward reached student ${index} within ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      this.rewardWaiters.set(index, (push) => {
        if (!matches(push)) return;
        const at = performance.now();
        clearTimeout(timer);
        this.rewardWaiters.delete(index);
        resolve({ at, push });
      });
    });
  }

  ping(index: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ping reached student ${index}`)), TIMEOUT_MS);
      this.pingWaiters.set(index, () => {
        clearTimeout(timer);
        this.pingWaiters.delete(index);
        resolve(performance.now());
      });
    });
  }

  close(): void {
    for (const s of this.sockets.splice(0)) s.disconnect();
  }
}

/** Student `index`'s socket is on this instance… */
const instanceOf = (instances: readonly Instance[], index: number): Instance => {
  const instance = instances[index % instances.length];
  if (!instance) throw new Error("no instance");
  return instance;
};
/** …and its events are emitted on the other one (the same one when there is one). */
const otherOf = (instances: readonly Instance[], index: number): Instance => instanceOf(instances, index + 1);

/** The student a sample goes to: 1000..1999, none twice in the whole run (919 is prime to 1,000). */
let sampled = 0;
const nextSampled = () => SAMPLED_FROM + ((sampled++ * 919) % (USERS - SAMPLED_FROM));

const settledAll = (instances: readonly Instance[]) => Promise.all(instances.map((i) => i.app.ctx.background.settled()));

async function latency(instances: readonly Instance[], f: Fixture, clients: Clients) {
  // The baseline: the server's own socket object emits to its client.
  const direct = async (i: number) => {
    const id = clients.sockets[i]?.id ?? "";
    const server = instanceOf(instances, i).app.io.of(GAMIFICATION_NAMESPACE).sockets.get(id);
    if (!server) throw new Error(`no server socket for student ${i}`);
    const arrived = clients.ping(i);
    const started = performance.now();
    server.emit(PING);
    return (await arrived) - started;
  };
  // A room emit from the other instance: through the adapter (and Redis) to where the socket is.
  const room = async (i: number) => {
    const arrived = clients.ping(i);
    const started = performance.now();
    otherOf(instances, i).app.io.of(GAMIFICATION_NAMESPACE).to(userRoom(f.people[i]?.userId ?? "")).emit(PING);
    return (await arrived) - started;
  };
  // "job.delivered" on time, a fresh job: the award listener writes the ledger, realtime pushes it.
  const delivered = async (i: number) => {
    const person = f.people[i];
    if (!person) throw new Error(`no student ${i}`);
    const jobId = crypto.randomUUID();
    const arrived = clients.reward(i, (p) => p.reason === "task_on_time");
    const started = performance.now();
    otherOf(instances, i).app.ctx.events.emit("job.delivered", {
      tenantId: f.tenantId,
      courseId: person.courseId,
      jobId,
      studentId: person.userId,
      late: false,
      via: "files",
      at: new Date().toISOString(),
    });
    const { at, push } = await arrived;
    if (push.points <= 0 || push.capped) throw new Error(`student ${i}'s task was capped: the sample does not measure the normal path`);
    await settledAll(instances);
    return at - started;
  };
  const run = async (count: number, pick: (k: number) => number, one: (i: number) => Promise<number>) => {
    const samples: number[] = [];
    for (let k = 0; k < count; k++) samples.push(await one(pick(k)));
    return samples;
  };
  const spread = (k: number) => SAMPLED_FROM + ((k * 7919) % (USERS - SAMPLED_FROM));
  // Warm up (JIT, query plans, the adapter's channels).
  await run(WARMUP, spread, direct);
  await run(WARMUP, spread, room);
  await run(WARMUP, nextSampled, delivered);

  const before = await run(SAMPLES / 2, spread, direct);
  const roomSamples = await run(SAMPLES, spread, room);
  const rewardSamples = await run(SAMPLES, nextSampled, delivered);
  const after = await run(SAMPLES / 2, (k) => spread(k + SAMPLES / 2), direct);

  const baseline = figure("bare socket.io emit (baseline)", [...before, ...after]);
  const rows = [baseline, figure("room emit to user:<guid>", roomSamples), figure(`job.delivered -> pointsReward, 1 of ${USERS}`, rewardSamples, GOAL_P99_MS)];
  for (const r of rows) console.log(line(r, r === baseline ? undefined : baseline));
  const award = instances.flatMap((i) => i.timings.get("gamification (job.delivered)") ?? []);
  console.log(`  (the award listener itself: ${line(figure("job.delivered award", award)).trim()})`);
  return rows.map((r) => ({ ...r, p50Ratio: r.p50Ms / baseline.p50Ms, p99Ratio: r.p99Ms / baseline.p99Ms }));
}

type Emitted = { sessions: Array<{ id: string; at: Date }>; tasks: Array<{ jobId: string; at: Date }> };

const shuffled = <T>(xs: readonly T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** Part 2: `students` answer at once for SECONDS; every delivery twice; then the ledger against what it should hold. */
async function exactlyOnce(instances: readonly Instance[], f: Fixture, students: readonly Person[]) {
  const [first] = instances;
  if (!first) throw new Error("no instance");
  const db = first.app.ctx.db;
  for (const i of instances) i.timings.clear();
  const questions = Array.from({ length: QUESTIONS }, (_, q) => ({ id: `bench-q-${q}`, kc: `BENCH.KC${q % KCS}` }));
  const emitted = new Map<string, Emitted>();
  const counts = { answers: 0, evidence: 0, learning: 0, practice: 0, tasks: 0 };
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    students.map(async (p, s) => {
      const mine: Emitted = { sessions: [], tasks: [] };
      emitted.set(p.userId, mine);
      const twice = <K extends DomainEventName>(name: K, payload: DomainEvents[K]) => {
        // The delivery, then its replay on the other instance (the same one when there is one).
        instanceOf(instances, s).app.ctx.events.emit(name, payload);
        otherOf(instances, s).app.ctx.events.emit(name, payload);
      };
      let session = crypto.randomUUID();
      // Six different questions per session (the learner model keeps one answer per question and session).
      let order = shuffled(questions);
      let inSession = 0;
      while (performance.now() < deadline) {
        // A turn of the event loop between answers, as requests arriving over the network give: with
        // PGlite (no I/O) the loops would otherwise keep the listeners, started on setImmediate, from
        // running at all until the answering stops.
        await new Promise((resolve) => setImmediate(resolve));
        const q = order[inSession] ?? questions[0];
        if (!q) throw new Error("no question");
        const { evidenceIds } = await applyAnswers(db, {
          tenantId: f.tenantId,
          userId: p.userId,
          source: "practice",
          sourceId: session,
          answers: [{ questionId: q.id, kcs: [q.kc], fraction: Math.random() < RIGHT_SHARE ? 1 : 0, answeredAt: new Date() }],
        });
        counts.answers++;
        counts.evidence += evidenceIds.length;
        if (evidenceIds.length > 0) {
          twice("learning.applied", { tenantId: f.tenantId, courseId: p.courseId, userId: p.userId, evidenceIds });
          counts.learning += 2;
        }
        if (++inSession >= SESSION_ANSWERS) {
          twice("practice.completed", { tenantId: f.tenantId, courseId: p.courseId, sessionId: session, userId: p.userId, assignmentId: null });
          mine.sessions.push({ id: session, at: new Date() });
          counts.practice += 2;
          session = crypto.randomUUID();
          order = shuffled(questions);
          inSession = 0;
        }
        if (Math.random() < TASK_SHARE) {
          const at = new Date();
          const jobId = crypto.randomUUID();
          twice("job.delivered", { tenantId: f.tenantId, courseId: p.courseId, jobId, studentId: p.userId, late: false, via: "resource", at: at.toISOString() });
          mine.tasks.push({ jobId, at });
          counts.tasks += 2;
        }
      }
    }),
  );
  const answeringMs = performance.now() - started;
  await settledAll(instances);
  const drainMs = performance.now() - started - answeringMs;

  // ---- The ledger expected, from the final evidence and the events emitted, with rules.ts's pure functions ----
  const ids = students.map((p) => p.userId);
  const [ownRules] = await db.select({ tenantId: gamificationRules.tenantId }).from(gamificationRules).where(eq(gamificationRules.tenantId, f.tenantId)).limit(1);
  if (ownRules) throw new Error("the bench edition has its own rules: the expectation below assumes the default ones");
  const rules = DEFAULT_RULES;
  const [facts, ledger, profiles, duplicates] = await Promise.all([
    db
      .select({ userId: kcEvidence.userId, ...EVIDENCE_FACT })
      .from(kcEvidence)
      .where(inArray(kcEvidence.userId, ids)),
    db
      .select({ userId: gamificationLedger.userId, key: gamificationLedger.key, points: gamificationLedger.points, currency: gamificationLedger.currency })
      .from(gamificationLedger)
      .where(inArray(gamificationLedger.userId, ids)),
    db.select().from(gamificationProfiles).where(inArray(gamificationProfiles.userId, ids)),
    db
      .select({ userId: gamificationLedger.userId, key: gamificationLedger.key })
      .from(gamificationLedger)
      .where(inArray(gamificationLedger.userId, ids))
      .groupBy(gamificationLedger.userId, gamificationLedger.key)
      .having(sql`count(*) > 1`),
  ]);
  const factsOf = new Map<string, EvidenceFact[]>();
  for (const { userId, ...fact } of facts) factsOf.set(userId, [...(factsOf.get(userId) ?? []), fact]);
  const ledgerOf = new Map<string, typeof ledger>();
  for (const row of ledger) ledgerOf.set(row.userId, [...(ledgerOf.get(row.userId) ?? []), row]);
  const profileOf = new Map(profiles.map((p) => [p.userId, p]));

  let expectedRows = 0;
  let keyMismatches = 0;
  let sumMismatches = 0;
  let profileMismatches = 0;
  const examples: string[] = [];
  for (const p of students) {
    const mine = emitted.get(p.userId) ?? { sessions: [], tasks: [] };
    // Over all facts at once: each key's first qualifying fact creates it, as the first batch holding one does.
    const candidates: Candidate[] = [
      ...evidenceCandidates(rules, factsOf.get(p.userId) ?? []),
      ...mine.sessions.map((s) => practiceCandidate(rules, s.id, s.at)),
      ...mine.tasks.map((t) => taskCandidate(rules, t.jobId, t.at)),
    ];
    // The caps: per reason and day the points paid are min(cap, sum), whatever the order (with the
    // default rules no award is ever partly capped with currency, so the currency is order-free too).
    const paid = applyCaps(rules, candidates, new Map());
    let points = paid.reduce((s, c) => s + c.points, 0);
    let currency = paid.reduce((s, c) => s + c.currency, 0);
    const counts = new Map<RewardReason, number>();
    for (const c of paid) counts.set(c.reason, (counts.get(c.reason) ?? 0) + 1);
    const keys = new Set(paid.map((c) => c.key));
    // Levels and medals until neither moves, as award() does.
    let level = 1;
    const owned = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const levels = levelsCrossed(rules, level, points);
      for (const order of levels) keys.add(`level:${order}`);
      if (levels.length > 0) level = Math.max(level, ...levels);
      const medals = medalsEarned(rules, counts, level, owned);
      for (const m of medals) {
        keys.add(`medal:${m.id}`);
        owned.add(m.id);
        points += m.points;
        currency += m.currency;
      }
      if (levels.length === 0 && medals.length === 0) break;
    }
    expectedRows += keys.size;
    const rows = ledgerOf.get(p.userId) ?? [];
    const written = new Set(rows.map((r) => r.key));
    const missing = [...keys].filter((k) => !written.has(k));
    const extra = [...written].filter((k) => !keys.has(k));
    if (rows.length !== keys.size || missing.length > 0 || extra.length > 0) {
      keyMismatches++;
      if (examples.length < 5) examples.push(`${p.userId}: ${rows.length} rows for ${keys.size} keys; missing ${missing.slice(0, 4).join(" ")}; unexpected ${extra.slice(0, 4).join(" ")}`);
    }
    const ledgerPoints = rows.reduce((s, r) => s + r.points, 0);
    const ledgerCurrency = rows.reduce((s, r) => s + r.currency, 0);
    if (ledgerPoints !== points || ledgerCurrency !== currency) {
      sumMismatches++;
      if (examples.length < 5) examples.push(`${p.userId}: ledger pays ${ledgerPoints} points / ${ledgerCurrency} currency, expected ${points} / ${currency}`);
    }
    const profile = profileOf.get(p.userId);
    if ((profile?.points ?? 0) !== ledgerPoints || (profile?.currency ?? 0) !== ledgerCurrency || (profile?.level ?? 1) !== level) {
      profileMismatches++;
      if (examples.length < 5) examples.push(`${p.userId}: profile ${profile?.points}/${profile?.currency}/level ${profile?.level}, ledger ${ledgerPoints}/${ledgerCurrency}, expected level ${level}`);
    }
  }
  const dupes = duplicates.length;
  const failures = instances.flatMap((i) => i.failures.splice(0));
  const exact = dupes === 0 && keyMismatches === 0 && sumMismatches === 0 && profileMismatches === 0 && ledger.length === expectedRows && failures.length === 0;

  const events = counts.learning + counts.practice + counts.tasks;
  console.log(
    `  ${students.length} students answered for ${(answeringMs / 1000).toFixed(1)} s: ${counts.answers} answers (${(counts.answers / (answeringMs / 1000)).toFixed(0)}/s), ${counts.evidence} evidence rows; ` +
      `${events} events delivered incl. replays (learning.applied ${counts.learning}, practice.completed ${counts.practice}, job.delivered ${counts.tasks}); the listeners drained ${(drainMs / 1000).toFixed(1)} s after`,
  );
  console.log(
    `  ledger rows expected ${expectedRows}, written ${ledger.length} (${(ledger.length / ((answeringMs + drainMs) / 1000)).toFixed(0)} awards/s); duplicate keys ${dupes}; ` +
      `students whose keys differ ${keyMismatches}, whose sums differ ${sumMismatches}, whose profile differs ${profileMismatches}; listener failures ${failures.length}`,
  );
  for (const e of [...examples, ...failures.slice(0, 5)]) console.log(`    ${e}`);
  const awardTimes = instances.flatMap((i) => ["learning.applied", "practice.completed", "job.delivered"].flatMap((e) => i.timings.get(`gamification (${e})`) ?? []));
  console.log(line(figure("award listener, queueing for the db incl.", awardTimes)));
  console.log(`  exactly once: ${exact ? "yes" : "no"}`);
  return {
    exact,
    seconds: answeringMs / 1000,
    drainSeconds: drainMs / 1000,
    ...counts,
    eventsDelivered: events,
    expectedRows,
    writtenRows: ledger.length,
    duplicates: dupes,
    keyMismatches,
    sumMismatches,
    profileMismatches,
    listenerFailures: failures.length,
    awardListener: figure("award listener", awardTimes),
  };
}

async function measure(label: string, instances: readonly Instance[], f: Fixture, answering: readonly Person[]) {
  const [first] = instances;
  if (!first) throw new Error("no instance");
  const tokens = await Promise.all(f.people.map((p) => first.app.ctx.tokens.sign({ userId: p.userId, tenantId: f.tenantId, role: "student", sessionId: p.userId })));
  const clients = new Clients();
  try {
    const connectMs = await clients.connect(instances, tokens);
    const joinMs = await clients.join(f.people);
    console.log(`\n${label}: ${clients.sockets.length} gamification sockets connected in ${(connectMs / 1000).toFixed(1)} s, rooms joined in ${(joinMs / 1000).toFixed(1)} s`);
    const rows = await latency(instances, f, clients);
    console.log(`  ${answering.length} students answering at once, every delivery twice${instances.length > 1 ? " (the replay on the other instance)" : ""}:`);
    const once = await exactlyOnce(instances, f, answering);
    return { setup: label, sockets: clients.sockets.length, connectMs, joinMs, rows, exactlyOnce: once };
  } finally {
    clients.close();
  }
}

async function benchDriver(label: string, usePostgres: boolean) {
  const saved = process.env.TEST_DATABASE_URL;
  if (!usePostgres) delete process.env.TEST_DATABASE_URL;
  const database = await freshDatabase();
  if (saved) process.env.TEST_DATABASE_URL = saved;
  const jwtSecret = crypto.randomBytes(48).toString("base64url");
  const results = [];
  try {
    const one = await startInstance(database, { jwtSecret });
    let fixture: Fixture;
    try {
      const started = Date.now();
      fixture = await grow(database);
      console.log(`\n${label}: ${USERS} gamified students in classes of ${CLASS_SIZE} generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      results.push(await measure(`${label}, one instance`, [one], fixture, fixture.people.slice(0, ANSWERING)));
    } finally {
      await one.close();
    }
    const redisUrl = process.env.TEST_REDIS_URL;
    if (redisUrl) {
      const pair = [await startInstance(database, { jwtSecret, redisUrl }), await startInstance(database, { jwtSecret, redisUrl })];
      try {
        results.push(await measure(`${label}, two instances with Redis (half the sockets on each)`, pair, fixture, fixture.people.slice(ANSWERING, 2 * ANSWERING)));
      } finally {
        for (const instance of pair) await instance.close();
      }
    } else {
      console.log(`  (TEST_REDIS_URL unset: the two-instance run is skipped)`);
    }
  } finally {
    await database.close();
  }
  return { driver: label, utcDay: utcDay(new Date()), results };
}

async function main(): Promise<void> {
  const results = [await benchDriver("PGlite", false)];
  if (process.env.TEST_DATABASE_URL) results.push(await benchDriver("PostgreSQL", true));
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/gamification.json"), JSON.stringify(results, null, 2));
  if (results.some((d) => d.results.some((r) => !r.exactlyOnce.exact))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
