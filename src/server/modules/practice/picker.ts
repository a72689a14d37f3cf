import crypto from "node:crypto";

/*
 * Which bank questions make a practice session (ADR 0035), as a pure function so its rules are
 * unit-tested: the session's KCs take turns (interleaving, which also makes "mixed practice"
 * mixed), each slot takes the unused question of its KC whose difficulty is closest to what the
 * student's mastery calls for, preferring questions the student has seen least and not lately;
 * ties break by a hash of the session seed, so two sessions do not always open the same way.
 */

export type Difficulty = 1 | 2 | 3;
export type Candidate = { questionId: string; difficulty: number; kcs: readonly string[] };
export type Seen = { count: number; lastAt: Date };

/** The difficulty a student at P(known) = `known` should practise: easy while learning, hard near mastery. */
export function targetDifficulty(known: number | undefined): Difficulty {
  if (known === undefined || known < 0.4) return 1;
  if (known < 0.75) return 2;
  return 3;
}

/** Seen within this long counts as "lately": the question waits unless nothing else is left. */
const RECENT_MS = 24 * 60 * 60 * 1000;

const tiebreak = (seed: string, id: string) => crypto.createHash("sha1").update(`${seed}:${id}`).digest().readUInt32BE(0) / 2 ** 32;

export function pickActivities(
  candidates: readonly Candidate[],
  plan: { kcs: readonly string[]; size: number; known: ReadonlyMap<string, number>; seen: ReadonlyMap<string, Seen>; seed: string; now: Date },
): Array<{ questionId: string; kc: string }> {
  const used = new Set<string>();
  const picked: Array<{ questionId: string; kc: string }> = [];
  const kcs = plan.kcs.filter((kc) => candidates.some((c) => c.kcs.includes(kc)));
  if (kcs.length === 0) return picked;
  const cost = (c: Candidate, target: Difficulty) => {
    const seen = plan.seen.get(c.questionId);
    const recent = seen !== undefined && plan.now.getTime() - seen.lastAt.getTime() < RECENT_MS;
    return Math.abs(c.difficulty - target) + (seen?.count ?? 0) * 0.75 + (recent ? 3 : 0) + tiebreak(plan.seed, c.questionId) * 0.5;
  };
  let stalled = 0;
  for (let turn = 0; picked.length < plan.size && stalled < kcs.length; turn++) {
    const kc = kcs[turn % kcs.length] as string;
    const target = targetDifficulty(plan.known.get(kc));
    const best = candidates
      .filter((c) => !used.has(c.questionId) && c.kcs.includes(kc))
      .reduce<{ c: Candidate; cost: number } | null>((acc, c) => {
        const k = cost(c, target);
        return acc === null || k < acc.cost ? { c, cost: k } : acc;
      }, null);
    if (!best) {
      stalled++;
      continue;
    }
    stalled = 0;
    used.add(best.c.questionId);
    picked.push({ questionId: best.c.questionId, kc });
  }
  return picked;
}
