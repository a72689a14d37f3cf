import { pickActivities, targetDifficulty, type Candidate } from "../../src/server/modules/practice/picker";

/*
 * How a practice session's activities are chosen (ADR 0035): KCs take turns, each slot takes the
 * question closest to the difficulty the student's mastery calls for, the least and least lately
 * seen first, never the same question twice.
 */

const now = new Date("2026-11-27T10:00:00Z");
const q = (questionId: string, difficulty: number, kcs: string[]): Candidate => ({ questionId, difficulty, kcs });
const plan = (over: Partial<Parameters<typeof pickActivities>[1]> = {}) => ({ kcs: ["A"], size: 3, known: new Map<string, number>(), seen: new Map(), seed: "s", now, ...over });

describe("targetDifficulty", () => {
  it("is easy while learning, medium on the way, hard near mastery", () => {
    expect([undefined, 0, 0.39, 0.4, 0.74, 0.75, 0.99].map(targetDifficulty)).toEqual([1, 1, 1, 2, 2, 3, 3]);
  });
});

describe("pickActivities", () => {
  const bank = [q("a3", 3, ["A"]), q("a1", 1, ["A"]), q("a2", 2, ["A"]), q("b1", 1, ["B"]), q("b2", 2, ["B"]), q("ab", 2, ["A", "B"])];

  it("orders by closeness to the target difficulty", () => {
    expect(pickActivities(bank, plan({ size: 2 })).map((p) => p.questionId)).toEqual(["a1", expect.stringMatching(/^(a2|ab)$/)]);
    expect(pickActivities(bank, plan({ size: 1, known: new Map([["A", 0.9]]) })).map((p) => p.questionId)).toEqual(["a3"]);
  });

  it("interleaves KCs and never repeats a question", () => {
    const picked = pickActivities(bank, plan({ kcs: ["A", "B"], size: 10 }));
    // Six questions in all: every one is used once, whichever KC's turn takes the shared "ab".
    expect(picked.slice(0, 4).map((p) => p.kc)).toEqual(["A", "B", "A", "B"]);
    expect(new Set(picked.map((p) => p.questionId)).size).toBe(picked.length);
    expect(picked).toHaveLength(6);
  });

  it("puts questions seen lately, or often, after unseen ones of the same difficulty", () => {
    const same = [q("x", 1, ["A"]), q("y", 1, ["A"])];
    const seenX = new Map([["x", { count: 1, lastAt: new Date(now.getTime() - 3600_000) }]]);
    expect(pickActivities(same, plan({ size: 2, seen: seenX })).map((p) => p.questionId)).toEqual(["y", "x"]);
    const seenY = new Map([["y", { count: 1, lastAt: new Date(now.getTime() - 3600_000) }]]);
    expect(pickActivities(same, plan({ size: 2, seen: seenY })).map((p) => p.questionId)).toEqual(["x", "y"]);
  });

  it("offers nothing for KCs without questions", () => {
    expect(pickActivities(bank, plan({ kcs: ["C"] }))).toEqual([]);
  });
});
