import { generator } from "../../src/contracts/student-questions-base";
import {
  bounded,
  BKT_BOUNDS,
  DEFAULT_BKT,
  fitBkt,
  knownAfter,
  masteryState,
  posterior,
  predictCorrect,
  update,
  type BktParams,
} from "../../src/server/modules/learning/bkt";

/*
 * Bayesian Knowledge Tracing (issue 15): the update rules against values worked out by hand, the
 * mastery states, and expectation-maximisation recovering known parameters from simulated
 * students.
 */

describe("one answer's update", () => {
  const p = DEFAULT_BKT; // prior 0.2, learn 0.15, guess 0.2, slip 0.1

  it("after a right answer: 0.2 * 0.9 / (0.2 * 0.9 + 0.8 * 0.2) = 0.18 / 0.34, then + (1 - that) * 0.15 = 0.6", () => {
    const u = update(0.2, true, p);
    expect(u.before).toBe(0.2);
    expect(u.given).toBeCloseTo(0.18 / 0.34, 12);
    expect(u.after).toBeCloseTo(0.6, 12);
  });

  it("after a wrong answer: 0.2 * 0.1 / (0.2 * 0.1 + 0.8 * 0.8) = 0.02 / 0.66, then learning", () => {
    const u = update(0.2, false, p);
    const given = 0.02 / 0.66;
    expect(u.given).toBeCloseTo(given, 12);
    expect(u.after).toBeCloseTo(given + (1 - given) * 0.15, 12);
    expect(u.after).toBeCloseTo(0.1757575757, 9);
  });

  it("predicts the next answer: 0.6 * 0.9 + 0.4 * 0.2 = 0.62", () => {
    expect(predictCorrect(0.6, p)).toBeCloseTo(0.62, 12);
  });

  it("never moves a certainty, and a right answer always raises P(L) while a wrong one lowers it (before learning)", () => {
    expect(posterior(1, false, p)).toBe(1);
    expect(posterior(0, true, p)).toBe(0);
    for (const known of [0.05, 0.3, 0.5, 0.9]) {
      expect(posterior(known, true, p)).toBeGreaterThan(known);
      expect(posterior(known, false, p)).toBeLessThan(known);
    }
  });

  it("reaches mastery (0.95) after three right answers in a row from the defaults, not after two", () => {
    // 0.2 -> 0.6 -> 0.54 / 0.62 = 0.870968 + 0.129032 * 0.15 = 0.890323
    //     -> 0.801290 / 0.823226 = 0.973354 + 0.026646 * 0.15 = 0.977351
    expect(knownAfter([true, true], p)).toBeCloseTo(0.890323, 6);
    expect(knownAfter([true, true, true], p)).toBeCloseTo(0.977351, 6);
    expect(masteryState(knownAfter([true, true], p), 2)).toBe("in_progress");
    expect(masteryState(knownAfter([true, true, true], p), 3)).toBe("mastered");
  });
});

describe("mastery states", () => {
  it("is not started without answers, mastered from 0.95, in progress between", () => {
    expect(masteryState(0.99, 0)).toBe("not_started");
    expect(masteryState(0.95, 3)).toBe("mastered");
    expect(masteryState(0.9499, 3)).toBe("in_progress");
    expect(masteryState(0.1, 1)).toBe("in_progress");
  });
});

describe("bounds", () => {
  it("keeps guess and slip at most 0.3 and every parameter strictly between 0 and 1", () => {
    expect(bounded({ prior: 0, learn: 1, guess: 0.6, slip: 0.9 })).toEqual({ prior: BKT_BOUNDS.min, learn: 1 - BKT_BOUNDS.min, guess: 0.3, slip: 0.3 });
  });
});

/** Deterministic (mulberry32 seeded by the number), so the simulated classes are the same every run. */
const random = (seed: number): (() => number) => generator(String(seed));

/** Students who follow the model exactly: a hidden known/unknown state, answers drawn from it. */
function simulate(p: BktParams, students: number, answersEach: number, seed: number): boolean[][] {
  const next = random(seed);
  return Array.from({ length: students }, () => {
    let known = next() < p.prior;
    return Array.from({ length: answersEach }, () => {
      const correct = known ? next() >= p.slip : next() < p.guess;
      if (!known && next() < p.learn) known = true;
      return correct;
    });
  });
}

describe("fitting a KC's parameters (EM)", () => {
  it.each([
    { prior: 0.3, learn: 0.2, guess: 0.15, slip: 0.08 },
    { prior: 0.1, learn: 0.08, guess: 0.25, slip: 0.12 },
    { prior: 0.5, learn: 0.3, guess: 0.1, slip: 0.05 },
  ])("recovers %o from 2,000 simulated students within 0.05", (truth) => {
    const fit = fitBkt(simulate(truth, 2000, 15, 42));
    expect(fit.answers).toBe(30_000);
    for (const key of ["prior", "learn", "guess", "slip"] as const) {
      expect({ key, error: Math.abs(fit.params[key] - truth[key]) < 0.05 }).toEqual({ key, error: true });
    }
  });

  it("explains the data better than the defaults it starts from", () => {
    const data = simulate({ prior: 0.3, learn: 0.2, guess: 0.15, slip: 0.08 }, 300, 10, 7);
    const fitted = fitBkt(data);
    const atDefaults = fitBkt(data, { maxIterations: 1 });
    expect(fitted.logLikelihood).toBeGreaterThan(atDefaults.logLikelihood);
    expect(fitted.iterations).toBeGreaterThan(1);
  });

  it("keeps the defaults when there is nothing to fit", () => {
    expect(fitBkt([[], []]).params).toEqual(DEFAULT_BKT);
  });
});
