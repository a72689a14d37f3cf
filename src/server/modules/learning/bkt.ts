/**
 * Bayesian Knowledge Tracing (Corbett & Anderson, 1995): per student and knowledge component (KC),
 * the probability that the KC is known, updated after every scored answer. A two-state hidden
 * Markov model: a KC not yet known can be learnt at each opportunity (`learn`) and is never
 * forgotten (forgetting is the recall model's job: recall.ts); a known KC is answered right unless
 * the student slips (`slip`), an unknown one only by a guess (`guess`). Pure functions: the storage
 * and the listener that feeds them live beside them.
 */

export type BktParams = {
  /** P(L0): the KC is known before the first answer. */
  prior: number;
  /** P(T): an unknown KC becomes known after an opportunity. */
  learn: number;
  /** P(G): an unknown KC is answered right. */
  guess: number;
  /** P(S): a known KC is answered wrong. */
  slip: number;
};

/**
 * Before a tenant has enough answers of a KC to fit its own: the usual starting values of the BKT
 * literature (a fifth known beforehand, a fifth guessed right, a tenth slipped).
 */
export const DEFAULT_BKT: Readonly<BktParams> = { prior: 0.2, learn: 0.15, guess: 0.2, slip: 0.1 };

/** Mastered at P(L) >= 0.95 (MATHia's rule, issue 15). */
export const MASTERY_THRESHOLD = 0.95;

/**
 * Guess and slip are bounded (Baker, Corbett & Aleven, 2008): above these the model becomes
 * degenerate (a "known" KC answered wrong more often than right) and its P(L) means nothing.
 */
export const BKT_BOUNDS = { guess: 0.3, slip: 0.3, min: 1e-4 } as const;

/** P(right answer) at the next opportunity, given P(L). */
export const predictCorrect = (known: number, p: BktParams): number => known * (1 - p.slip) + (1 - known) * p.guess;

/** P(L) given this answer (Bayes), before the chance to learn from it. */
export function posterior(known: number, correct: boolean, p: BktParams): number {
  const ifKnown = known * (correct ? 1 - p.slip : p.slip);
  const ifUnknown = (1 - known) * (correct ? p.guess : 1 - p.guess);
  return ifKnown / (ifKnown + ifUnknown);
}

/** One answer's update: P(L) before it, given it, and after the opportunity to learn. */
export function update(known: number, correct: boolean, p: BktParams): { before: number; given: number; after: number } {
  const given = posterior(known, correct, p);
  return { before: known, given, after: given + (1 - given) * p.learn };
}

/** P(L) after a sequence of answers, starting from the prior. */
export const knownAfter = (answers: readonly boolean[], p: BktParams): number => answers.reduce((known, correct) => update(known, correct, p).after, p.prior);

export type MasteryState = "mastered" | "in_progress" | "not_started";

/** Spec: KC mastery mastered / in progress / not started. Not started: no evidence yet. */
export const masteryState = (known: number, answers: number): MasteryState =>
  answers === 0 ? "not_started" : known >= MASTERY_THRESHOLD ? "mastered" : "in_progress";

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Keeps parameters inside the identifiable region (see BKT_BOUNDS). */
export function bounded(p: BktParams): BktParams {
  const { min } = BKT_BOUNDS;
  return {
    prior: clamp(p.prior, min, 1 - min),
    learn: clamp(p.learn, min, 1 - min),
    guess: clamp(p.guess, min, BKT_BOUNDS.guess),
    slip: clamp(p.slip, min, BKT_BOUNDS.slip),
  };
}

export type BktFit = { params: BktParams; logLikelihood: number; iterations: number; answers: number; sequences: number };

/**
 * Fits one KC's parameters to its answers by expectation-maximisation (Baum-Welch on the two-state
 * model), one sequence per student in the order answered. Forward-backward with scaling; each
 * step's parameters are kept inside the bounds. Starts from `start` (the defaults) and stops when
 * the log-likelihood improves by less than `tolerance`.
 */
export function fitBkt(
  sequences: ReadonlyArray<readonly boolean[]>,
  options: { start?: BktParams; maxIterations?: number; tolerance?: number } = {},
): BktFit {
  const used = sequences.filter((s) => s.length > 0);
  const answers = used.reduce((n, s) => n + s.length, 0);
  let params = bounded(options.start ?? DEFAULT_BKT);
  let previous = -Infinity;
  let logLikelihood = -Infinity;
  let iterations = 0;
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-6;
  while (iterations < maxIterations) {
    iterations++;
    // Expected counts over all sequences.
    let priorKnown = 0;
    let fromUnknown = 0; // expected times in "unknown" at a step that has a next one
    let learnt = 0; // expected unknown -> known transitions
    let inUnknown = 0;
    let guessedRight = 0;
    let inKnown = 0;
    let slipped = 0;
    logLikelihood = 0;
    for (const seq of used) {
      const n = seq.length;
      const emit = (state: 0 | 1, correct: boolean) => (state === 1 ? (correct ? 1 - params.slip : params.slip) : correct ? params.guess : 1 - params.guess);
      // Forward (scaled): alpha[t] = [P(unknown), P(known)] given answers up to t.
      const alpha: Array<[number, number]> = [];
      const scale: number[] = [];
      for (let t = 0; t < n; t++) {
        const correct = seq[t] === true;
        let a0: number;
        let a1: number;
        if (t === 0) {
          a0 = (1 - params.prior) * emit(0, correct);
          a1 = params.prior * emit(1, correct);
        } else {
          const [p0, p1] = alpha[t - 1] as [number, number];
          a0 = p0 * (1 - params.learn) * emit(0, correct);
          a1 = (p0 * params.learn + p1) * emit(1, correct);
        }
        const c = a0 + a1;
        scale.push(c);
        alpha.push([a0 / c, a1 / c]);
        logLikelihood += Math.log(c);
      }
      // Backward (same scaling).
      const beta: Array<[number, number]> = new Array(n);
      beta[n - 1] = [1, 1];
      for (let t = n - 2; t >= 0; t--) {
        const correct = seq[t + 1] === true;
        const [b0, b1] = beta[t + 1] as [number, number];
        const c = scale[t + 1] as number;
        beta[t] = [((1 - params.learn) * emit(0, correct) * b0 + params.learn * emit(1, correct) * b1) / c, (emit(1, correct) * b1) / c];
      }
      for (let t = 0; t < n; t++) {
        const [a0, a1] = alpha[t] as [number, number];
        const [b0, b1] = beta[t] as [number, number];
        const g0 = a0 * b0;
        const g1 = a1 * b1;
        const sum = g0 + g1;
        const known = g1 / sum;
        const unknown = g0 / sum;
        if (t === 0) priorKnown += known;
        const correct = seq[t] === true;
        inUnknown += unknown;
        inKnown += known;
        if (correct) guessedRight += unknown;
        else slipped += known;
        if (t < n - 1) {
          const next = seq[t + 1] === true;
          const [, nb1] = beta[t + 1] as [number, number];
          // P(unknown at t, known at t+1 | all answers), with the scaled quantities.
          learnt += (a0 * params.learn * emit(1, next) * nb1) / (scale[t + 1] as number);
          fromUnknown += unknown;
        }
      }
    }
    if (used.length === 0) break;
    const next = bounded({
      prior: priorKnown / used.length,
      learn: fromUnknown > 0 ? learnt / fromUnknown : params.learn,
      guess: inUnknown > 0 ? guessedRight / inUnknown : params.guess,
      slip: inKnown > 0 ? slipped / inKnown : params.slip,
    });
    const improved = logLikelihood - previous;
    params = next;
    if (improved >= 0 && improved < tolerance) break;
    previous = logLikelihood;
  }
  return { params, logLikelihood, iterations, answers, sequences: used.length };
}
