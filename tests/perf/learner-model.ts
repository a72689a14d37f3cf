import { generator } from "../../src/contracts/student-questions-base";
/**
 * Issue 15's evaluation of the learner model against learners whose skill is known: simulated
 * students with hidden states learn and forget knowledge components (KCs) over a term of practice,
 * and the model (BKT for mastery, FSRS for recall: src/server/modules/learning) sees only their
 * answers. Reported:
 *
 * - mastery state (mastered / in progress / not started) against the simulator's truth at the end
 *   of the term (goal >= 90% right). Truth: not started = never practised; mastered = learnt (the
 *   hidden state BKT models); in progress = practised, not learnt. Forgetting is the other
 *   figure's: a learnt KC whose recall has slipped is 'review needed', not 'in progress';
 * - next-answer AUC of the model against a percent-correct-so-far baseline, each answer predicted
 *   before it is seen, on students held out from fitting (goal >= baseline + 0.05). The model's
 *   prediction is BKT's P(right) from P(L); BKT times FSRS's default-weight recall is printed too
 *   (it costs AUC: ADR 0034). Beside them, the bound: the simulator's own filter, given the hidden
 *   parameters, each student's learning rate and the true recall; a model that sees only the
 *   answers should not beat it, so the figure reads as a share of the gain the data allows;
 * - review alerts: of the times a learnt KC's true recall fell below 0.7 before its next practice
 *   (or the end of the term), the share at which the model's alert (FSRS recall < 0.7, checked
 *   each morning) fired within one day of it.
 *
 * - the cost of an update (goal <= 5 ms per answer): answers applied to the demo student through
 *   the product's own applyAnswers on PGlite, one at a time and twenty at a time (a practice
 *   session handed in).
 *
 * The per-KC BKT parameters are fitted with EM on half of the students; the other half is
 * evaluated. Deterministic (SIM_SEED, default 2027). Run with `npx tsx tests/perf/learner-model.ts`
 * (SKIP_UPDATE_COST=1 skips the PGlite part when comparing seeds).
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_BKT, fitBkt, MASTERY_THRESHOLD, predictCorrect, update, type BktParams } from "../../src/server/modules/learning/bkt";
import { gradeOf, newCard, recallAt, review, REVIEW_BELOW, type StoredCard } from "../../src/server/modules/learning/recall";
import { applyAnswers } from "../../src/server/modules/learning/service";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import { startBenchApp } from "./harness";

const STUDENTS = Number(process.env.SIM_STUDENTS ?? 400);
const KCS = 8;
const DAYS = 70;
const DAY = 86_400_000;
const START = Date.UTC(2027, 0, 11, 9, 0);

/** Deterministic (mulberry32 seeded by the number), so the simulated classes are the same every run. */
const random = (seed: number): (() => number) => generator(String(seed));
const rnd = random(Number(process.env.SIM_SEED ?? 2027));
const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();

/** The simulator's truth per KC: how it is learnt and answered (hidden from the model). */
const truthOfKc: BktParams[] = Array.from({ length: KCS }, () => ({
  prior: between(0.05, 0.35),
  learn: between(0.08, 0.3),
  guess: between(0.1, 0.28),
  slip: between(0.04, 0.15),
}));

/**
 * Forgetting in the simulator: once learnt, true recall after t days is (1 + t / (9 S))^-1 (the
 * power curve FSRS itself assumes, so the comparison is fair to neither side's parameters), with
 * a stability S that grows with each successful retrieval and shrinks on a lapse.
 */
const trueRecall = (days: number, stability: number) => 1 / (1 + days / (9 * stability));

type Hidden = { known: boolean; stability: number; lastPractice: number };
/** An answer, and the hidden state just after it (for the review-alert figure). */
type Answer = { kc: number; at: number; correct: boolean; knownAfter: boolean; stabilityAfter: number };

/** When true recall of a KC learnt with `stability`, last practised at `at`, falls below 0.7. */
const trueDipAt = (at: number, stability: number) => at + 9 * stability * (1 / REVIEW_BELOW - 1) * DAY;

/**
 * About the best a predictor of the next answer can do on these answers (a bound, not a model): the
 * forward filter of the simulator's own process, given what the model never sees (the true KC
 * parameters, the student's own learning rate, and the true recall of a learnt KC since its last
 * practice; a KC known beforehand is taken at the mean starting stability). P(right | learnt) =
 * r (1 - slip) + (1 - r) guess, the simulator's structure.
 */
function boundPredictions(s: { answers: Answer[]; ability: number }): Array<{ p: number; y: boolean }> {
  const known = truthOfKc.map((p) => p.prior);
  const last: Array<Answer | null> = truthOfKc.map(() => null);
  return s.answers.map((a) => {
    const t = truthOfKc[a.kc] as BktParams;
    const learn = Math.min(1, t.learn * s.ability);
    const prev = last[a.kc];
    const r = prev ? trueRecall((a.at - prev.at) / DAY, prev.stabilityAfter) : trueRecall((a.at - START) / DAY, 2);
    const ifLearnt = r * (1 - t.slip) + (1 - r) * t.guess;
    const k = known[a.kc] as number;
    const p = k * ifLearnt + (1 - k) * t.guess;
    const given = (k * (a.correct ? ifLearnt : 1 - ifLearnt)) / (a.correct ? p : 1 - p);
    known[a.kc] = given + (1 - given) * learn;
    last[a.kc] = a;
    return { p, y: a.correct };
  });
}

function simulateStudent(ability: number): { answers: Answer[]; hidden: Hidden[]; ability: number } {
  const hidden: Hidden[] = truthOfKc.map((p) => ({ known: rnd() < p.prior, stability: between(1, 3), lastPractice: START }));
  const answers: Answer[] = [];
  let unlocked = 1;
  for (let day = 0; day < DAYS; day++) {
    const now = START + day * DAY;
    if (rnd() > 0.45) continue; // practises on about half the days
    const items = 4 + Math.floor(rnd() * 4);
    for (let i = 0; i < items; i++) {
      // The program's newest KC most of the time, an earlier one otherwise.
      const kc = rnd() < 0.6 ? unlocked - 1 : Math.floor(rnd() * unlocked);
      const p = truthOfKc[kc] as BktParams;
      const h = hidden[kc] as Hidden;
      const at = now + i * 90_000;
      const recalled = h.known && rnd() < trueRecall((at - h.lastPractice) / DAY, h.stability);
      const correct = recalled ? rnd() >= p.slip : rnd() < p.guess;
      if (h.known) h.stability = recalled ? h.stability * 1.8 : Math.max(0.5, h.stability * 0.5);
      else if (rnd() < p.learn * ability) h.known = true;
      h.lastPractice = at;
      answers.push({ kc, at, correct, knownAfter: h.known, stabilityAfter: h.stability });
    }
    // A KC is unlocked after a few days of the previous one.
    if (unlocked < KCS && rnd() < 0.15) unlocked++;
  }
  return { answers, hidden, ability };
}

function auc(scores: Array<{ p: number; y: boolean }>): number {
  const sorted = [...scores].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let positives = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j < sorted.length && (sorted[j] as { p: number }).p === (sorted[i] as { p: number }).p) j++;
    const rank = (i + j + 1) / 2; // average rank of ties, 1-based
    for (let k = i; k < j; k++) {
      if ((sorted[k] as { y: boolean }).y) {
        rankSum += rank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Milliseconds per answer applied through applyAnswers, `batch` answers per call. */
async function updateCost(): Promise<{ oneAtATime: number; twentyAtATime: number }> {
  const { db, close } = await startBenchApp(false, "aula-bench-learning-");
  try {
    const [student] = await db.select().from(users).where(eq(users.email, "student1@demo.test")).limit(1);
    if (!student) throw new Error("demo student missing: the seed did not run");
    const run = async (batch: number, count: number, tag: string) => {
      const answers = Array.from({ length: count }, (_, i) => ({
        questionId: `${tag}-q${i}`,
        kcs: [`BENCH.KC${i % 8}`],
        fraction: rnd() < 0.7 ? 1 : 0,
        answeredAt: new Date(START + i * 60_000),
      }));
      const started = performance.now();
      for (let i = 0; i < count; i += batch) {
        await applyAnswers(db, { tenantId: student.tenantId, userId: student.id, source: "practice", sourceId: `${tag}-${i}`, answers: answers.slice(i, i + batch) });
      }
      return (performance.now() - started) / count;
    };
    await run(20, 200, "warm");
    return { oneAtATime: await run(1, 400, "one"), twentyAtATime: await run(20, 2000, "twenty") };
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const students = Array.from({ length: STUDENTS }, () => simulateStudent(between(0.6, 1.4)));
  const training = students.slice(0, STUDENTS / 2);
  const held = students.slice(STUDENTS / 2);

  // EM per KC on the training half.
  const fitted: BktParams[] = truthOfKc.map((_, kc) => fitBkt(training.map((s) => s.answers.filter((a) => a.kc === kc).map((a) => a.correct))).params);

  const model: Array<{ p: number; y: boolean }> = [];
  const timesRecall: Array<{ p: number; y: boolean }> = [];
  const bound: Array<{ p: number; y: boolean }> = [];
  const baseline: Array<{ p: number; y: boolean }> = [];
  let statesRight = 0;
  let states = 0;
  const confusion: Record<string, number> = {};
  let dips = 0;
  let alertsInTime = 0;
  const end = START + DAYS * DAY;
  for (const s of held) {
    const known = fitted.map((p) => p.prior);
    const cards: StoredCard[] = fitted.map(() => newCard(new Date(START)));
    const seen = fitted.map(() => ({ n: 0, right: 0 }));
    const last: Array<Answer | null> = fitted.map(() => null);
    /**
     * The interval since the KC's last answer ends at `until`: if true recall fell below 0.7 in it,
     * that is a dip, caught in time when the model's alert (checked each morning, as a daily scan
     * would) fired within a day of it.
     */
    const closeInterval = (kc: number, until: number) => {
      const prev = last[kc];
      if (!prev?.knownAfter) return;
      const dip = trueDipAt(prev.at, prev.stabilityAfter);
      if (dip >= until) return;
      dips++;
      const card = cards[kc] as StoredCard;
      for (let day = Math.ceil((prev.at - START) / DAY); START + day * DAY <= until; day++) {
        const at = START + day * DAY;
        if (recallAt(card, new Date(at)) < REVIEW_BELOW) {
          if (Math.abs(at - dip) <= DAY) alertsInTime++;
          return;
        }
      }
    };
    for (const a of s.answers) {
      closeInterval(a.kc, a.at);
      last[a.kc] = a;
      const p = fitted[a.kc] as BktParams;
      const card = cards[a.kc] as StoredCard;
      const recall = card.state === "new" ? 1 : recallAt(card, new Date(a.at));
      const kKnown = known[a.kc] as number;
      model.push({ p: predictCorrect(kKnown, p), y: a.correct });
      timesRecall.push({ p: predictCorrect(kKnown * recall, p), y: a.correct });
      const so = seen[a.kc] as { n: number; right: number };
      baseline.push({ p: so.n === 0 ? 0.5 : so.right / so.n, y: a.correct });
      known[a.kc] = update(kKnown, a.correct, p).after;
      cards[a.kc] = review(card, gradeOf({ fraction: a.correct ? 1 : 0, helped: false }), new Date(a.at));
      so.n++;
      if (a.correct) so.right++;
    }
    for (let kc = 0; kc < KCS; kc++) closeInterval(kc, end);
    bound.push(...boundPredictions(s));
    for (let kc = 0; kc < KCS; kc++) {
      const h = s.hidden[kc] as Hidden;
      const practised = (seen[kc] as { n: number }).n > 0;
      const truth = !practised ? "not_started" : h.known ? "mastered" : "in_progress";
      const estimate = !practised ? "not_started" : (known[kc] as number) >= MASTERY_THRESHOLD ? "mastered" : "in_progress";
      states++;
      if (truth === estimate) statesRight++;
      confusion[`${truth} -> ${estimate}`] = (confusion[`${truth} -> ${estimate}`] ?? 0) + 1;
    }
  }

  const answers = students.reduce((n, s) => n + s.answers.length, 0);
  const result = {
    students: STUDENTS,
    kcs: KCS,
    days: DAYS,
    answers,
    parameters: truthOfKc.map((truth, kc) => ({ kc, truth, fitted: fitted[kc], defaults: DEFAULT_BKT })),
    masteryStateAccuracy: statesRight / states,
    masteryStates: confusion,
    auc: { model: auc(model), timesFsrsRecall: auc(timesRecall), percentCorrectBaseline: auc(baseline), bound: auc(bound) },
    reviewAlerts: { dips, withinOneDay: alertsInTime, share: dips > 0 ? alertsInTime / dips : null },
    updateMsPerAnswer: process.env.SKIP_UPDATE_COST ? { oneAtATime: NaN, twentyAtATime: NaN } : await updateCost(),
    seconds: (performance.now() - started) / 1000,
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`learner model on ${STUDENTS} simulated students x ${KCS} KCs over ${DAYS} days (${answers} answers; half fit, half held out)`);
  console.log(`  mastery state right: ${pct(result.masteryStateAccuracy)} (goal >= 90%)  ${JSON.stringify(confusion)}`);
  const above = (x: number) => (x - result.auc.percentCorrectBaseline).toFixed(4);
  console.log(
    `  next-answer AUC: model (BKT) ${result.auc.model.toFixed(4)}, percent-correct baseline ${result.auc.percentCorrectBaseline.toFixed(4)}: ` +
      `${above(result.auc.model)} above (goal >= 0.05)`,
  );
  console.log(
    `    bound (the simulator's own filter): ${above(result.auc.bound)} above, so the model takes ` +
      `${pct((result.auc.model - result.auc.percentCorrectBaseline) / (result.auc.bound - result.auc.percentCorrectBaseline))} of the reachable gain; ` +
      `BKT x FSRS recall: ${above(result.auc.timesFsrsRecall)} above`,
  );
  console.log(`  review alerts within a day of true recall < 0.7: ${alertsInTime} of ${dips} (${result.reviewAlerts.share === null ? "-" : pct(result.reviewAlerts.share)})`);
  console.log(
    `  update cost on PGlite: ${result.updateMsPerAnswer.oneAtATime.toFixed(2)} ms per answer one at a time, ` +
      `${result.updateMsPerAnswer.twentyAtATime.toFixed(2)} ms twenty at a time (goal <= 5 ms)`,
  );
  for (const p of result.parameters) {
    const f = p.fitted as BktParams;
    console.log(
      `  KC ${p.kc}: truth prior ${p.truth.prior.toFixed(2)} learn ${p.truth.learn.toFixed(2)} guess ${p.truth.guess.toFixed(2)} slip ${p.truth.slip.toFixed(2)}; ` +
        `fitted ${f.prior.toFixed(2)} ${f.learn.toFixed(2)} ${f.guess.toFixed(2)} ${f.slip.toFixed(2)}`,
    );
  }
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/learner-model.json"), JSON.stringify(result, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
