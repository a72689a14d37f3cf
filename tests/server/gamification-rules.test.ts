import { GamificationRulesSchema, levelOf } from "../../src/contracts/gamification";
import { applyCaps, DEFAULT_RULES, evidenceCandidates, levelsCrossed, medalsEarned, practiceCandidate, type EvidenceFact } from "../../src/server/modules/gamification/rules";

/*
 * Issue 18's rules as pure functions (ADR 0046): learning pays, repetition and guessing do not,
 * caps clip a day's points per reason, levels and medals follow the ledger's counts.
 */

const at = new Date("2026-11-20T10:00:00Z");
let nextId = 1;
const fact = (over: Partial<EvidenceFact>): EvidenceFact => ({
  id: nextId++,
  kc: "MAT.X",
  questionId: "q1",
  correct: true,
  knownBefore: 0.2,
  knownAfter: 0.6,
  recallBefore: 0,
  answeredAt: at,
  ...over,
});
const reasons = (facts: EvidenceFact[]) => evidenceCandidates(DEFAULT_RULES, facts).map((c) => `${c.reason}:${c.points}`).sort();

describe("what an applied answer earns", () => {
  it("a first-try right answer on a KC being learnt pays its points and the mastery it added", () => {
    expect(reasons([fact({ knownBefore: 0.2, knownAfter: 0.6 })])).toEqual(["answer_right:10", "mastery_gain:40"]);
  });

  it("repeating a mastered KC pays nothing, right or not", () => {
    expect(reasons([fact({ knownBefore: 0.97, knownAfter: 0.99, recallBefore: 0.98 })])).toEqual([]);
  });

  it("a guess does not pay: right at the second try is not right to the learner model, and a wrong answer's lost mastery pays nothing", () => {
    // The learner model stores a right-after-a-wrong-try as not correct (BKT's first-attempt rule).
    expect(reasons([fact({ correct: false, knownBefore: 0.5, knownAfter: 0.3 })])).toEqual([]);
    // Low estimates rise after a wrong answer too (BKT's learning step): still nothing.
    expect(reasons([fact({ correct: false, knownBefore: 0.05, knownAfter: 0.156 })])).toEqual([]);
  });

  it("a question pays its right-answer points once, whatever KCs it trains", () => {
    const keys = evidenceCandidates(DEFAULT_RULES, [fact({ kc: "A" }), fact({ kc: "B" })]).filter((c) => c.reason === "answer_right");
    expect(keys).toHaveLength(1);
    expect(keys[0]?.key).toBe("answer:q1");
  });

  it("crossing the 0.95 mastery line pays the KC once", () => {
    const found = evidenceCandidates(DEFAULT_RULES, [fact({ knownBefore: 0.89, knownAfter: 0.977 })]);
    expect(found.find((c) => c.reason === "kc_mastered")).toMatchObject({ key: "mastered:MAT.X", points: 100, currency: 5 });
  });

  it("a review pays when FSRS had it due (recall under 0.9), once per KC and day, and not when it was not due", () => {
    const due = evidenceCandidates(DEFAULT_RULES, [fact({ knownBefore: 0.97, knownAfter: 0.98, recallBefore: 0.6 }), fact({ questionId: "q2", knownBefore: 0.98, knownAfter: 0.99, recallBefore: 0.62 })]);
    expect(due.map((c) => c.key)).toEqual(["review:MAT.X:2026-11-20"]);
    expect(reasons([fact({ knownBefore: 0.97, knownAfter: 0.98, recallBefore: 0.95 })])).toEqual([]);
    // A first answer on a KC (recall 0) is learning, not a review.
    expect(reasons([fact({ recallBefore: 0 })]).some((r) => r.startsWith("review_on_time"))).toBe(false);
  });
});

describe("daily caps", () => {
  it("clip a day's points per reason, keep what is over as capped with nothing paid, and start again the next day", () => {
    const sessions = Array.from({ length: 4 }, (_, i) => practiceCandidate(DEFAULT_RULES, `s${i}`, at));
    const tomorrow = practiceCandidate(DEFAULT_RULES, "s9", new Date("2026-11-21T08:00:00Z"));
    const paid = applyCaps(DEFAULT_RULES, [...sessions, tomorrow], new Map());
    expect(paid.map((p) => [p.points, p.currency, p.capped])).toEqual([
      [20, 1, false],
      [20, 1, false],
      [20, 1, false],
      [0, 0, true],
      [20, 1, false],
    ]);
  });

  it("count what the ledger already paid that day, and pay part of an award that reaches the cap", () => {
    const [paid] = applyCaps(DEFAULT_RULES, [practiceCandidate(DEFAULT_RULES, "s", at)], new Map([["practice_completed|2026-11-20", 50]]));
    expect(paid).toMatchObject({ points: 10, currency: 1, capped: true });
  });
});

describe("levels and medals", () => {
  it("a student's level is the highest threshold reached; crossing several levels at once names each", () => {
    expect(levelOf(DEFAULT_RULES.levels, 0)?.order).toBe(1);
    expect(levelOf(DEFAULT_RULES.levels, 99)?.order).toBe(1);
    expect(levelOf(DEFAULT_RULES.levels, 100)?.order).toBe(2);
    expect(levelsCrossed(DEFAULT_RULES, 1, 460)).toEqual([2, 3, 4]);
    expect(levelsCrossed(DEFAULT_RULES, 4, 460)).toEqual([]);
  });

  it("automatic medals unlock on their counts and the level, once; manual ones never unlock by themselves", () => {
    const counts = new Map([["kc_mastered", 1] as const, ["practice_completed", 5] as const]);
    expect(medalsEarned(DEFAULT_RULES, counts, 5, new Set()).map((m) => m.id).sort()).toEqual(["first-mastery", "level-5", "practice-habit"]);
    expect(medalsEarned(DEFAULT_RULES, counts, 5, new Set(["first-mastery", "level-5", "practice-habit"]))).toEqual([]);
    expect(medalsEarned(DEFAULT_RULES, new Map(), 1, new Set()).some((m) => m.criterion === "manual")).toBe(false);
  });

  it("the default rules are valid rules data", () => {
    expect(GamificationRulesSchema.safeParse(DEFAULT_RULES).success).toBe(true);
    const broken = { ...DEFAULT_RULES, levels: [{ order: 2, threshold: 10 }] };
    expect(GamificationRulesSchema.safeParse(broken).success).toBe(false);
  });
});
