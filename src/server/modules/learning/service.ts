import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kcEvidence, kcParams, kcStates } from "../../db/schema";
import { DEFAULT_BKT, update, type BktParams } from "./bkt";
import { gradeOf, newCard, recallAt, review, type IsHoliday, type StoredCard } from "./recall";

/**
 * The learner model's storage: applies scored answers to a student's KC estimates (BKT) and recall
 * cards (FSRS), keeping each answer's effect as evidence. Idempotent: an answer already applied (same
 * student, KC, source, source id and question) changes nothing, so a replayed event never counts
 * twice. One student's updates run one at a time (a transaction lock per student), in the order the
 * answers were given.
 */

export type EvidenceSource = "assessment" | "practice" | "activity" | "record";

export type ScoredAnswer = {
  questionId: string;
  kcs: readonly string[];
  /** The share of the marks, 0..1. */
  fraction: number;
  /** Right with help (a hint, a second try): recall counts it as Hard. */
  helped?: boolean;
  answeredAt: Date;
};

/** Full marks count as right for BKT (a partly right answer is evidence the KC is not yet known). */
export const isRight = (fraction: number): boolean => fraction >= 0.999;

export async function applyAnswers(
  db: Db,
  p: { tenantId: string; userId: string; source: EvidenceSource; sourceId: string; answers: readonly ScoredAnswer[]; isHoliday?: IsHoliday },
  /** The KC's parameters; by default the tenant's fitted ones (fitting.ts), else DEFAULT_BKT. */
  paramsFor?: (kc: string) => BktParams,
): Promise<{ applied: number; evidenceIds: number[] }> {
  const answers = p.answers.filter((a) => a.kcs.length > 0).sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime());
  if (answers.length === 0) return { applied: 0, evidenceIds: [] };
  const kcs = [...new Set(answers.flatMap((a) => a.kcs))];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1515, hashtext(${p.userId}))`);
    // One read for everything the update needs, per KC: the stored state, the tenant's fitted
    // parameters, and the questions of this source already applied (a replay changes nothing).
    const result = await tx.execute(sql`
      select k.kc, s.known, s.answers, s.correct, s.card, s.last_answer_at,
             prm.prior, prm.learn, prm.guess, prm.slip,
             coalesce((select array_agg(e.question_id) from ${kcEvidence} e
                       where e.user_id = ${p.userId}::uuid and e.kc = k.kc and e.source = ${p.source} and e.source_id = ${p.sourceId}), '{}') as done
      from unnest(array[${sql.join(kcs.map((k) => sql`${k}`), sql`, `)}]::text[]) as k(kc)
      left join ${kcStates} s on s.user_id = ${p.userId}::uuid and s.kc = k.kc
      left join ${kcParams} prm on prm.tenant_id = ${p.tenantId}::uuid and prm.kc = k.kc`);
    type Row = {
      kc: string;
      known: number | null;
      answers: number | null;
      correct: number | null;
      card: unknown;
      last_answer_at: Date | string | null;
      prior: number | null;
      learn: number | null;
      guess: number | null;
      slip: number | null;
      done: string[];
    };
    const rows = (result as unknown as { rows: Row[] }).rows;
    const done = new Set(rows.flatMap((r) => r.done.map((q) => `${r.kc}\u0000${q}`)));
    const fitted = new Map(
      rows.flatMap((r) => (r.prior !== null && r.learn !== null && r.guess !== null && r.slip !== null ? [[r.kc, { prior: r.prior, learn: r.learn, guess: r.guess, slip: r.slip }] as const] : [])),
    );
    const paramsOf = paramsFor ?? ((kc: string) => fitted.get(kc) ?? DEFAULT_BKT);
    const states = new Map(
      rows.flatMap((r) =>
        r.known !== null && r.last_answer_at !== null
          ? [[r.kc, { known: r.known, answers: r.answers ?? 0, correct: r.correct ?? 0, card: r.card, lastAnswerAt: new Date(r.last_answer_at) }] as const]
          : [],
      ),
    );
    type Working = { known: number; answers: number; correct: number; card: StoredCard; lastAnswerAt: Date };
    const working = new Map<string, Working>();
    const evidence: (typeof kcEvidence.$inferInsert)[] = [];
    for (const answer of answers) {
      // Right with help (after a hint) is not evidence the KC is known: BKT counts first tries.
      const right = isRight(answer.fraction) && answer.helped !== true;
      for (const kc of new Set(answer.kcs)) {
        if (done.has(`${kc}\u0000${answer.questionId}`)) continue;
        const params = paramsOf(kc);
        const stored = states.get(kc);
        const w: Working = working.get(kc) ?? {
          known: stored?.known ?? params.prior,
          answers: stored?.answers ?? 0,
          correct: stored?.correct ?? 0,
          card: (stored?.card as StoredCard | undefined) ?? newCard(answer.answeredAt),
          lastAnswerAt: stored?.lastAnswerAt ?? answer.answeredAt,
        };
        const step = update(w.known, right, params);
        const recallBefore = recallAt(w.card, answer.answeredAt);
        evidence.push({
          tenantId: p.tenantId,
          userId: p.userId,
          kc,
          source: p.source,
          sourceId: p.sourceId,
          questionId: answer.questionId,
          correct: right,
          fraction: answer.fraction,
          knownBefore: step.before,
          knownAfter: step.after,
          recallBefore,
          answeredAt: answer.answeredAt,
        });
        working.set(kc, {
          known: step.after,
          answers: w.answers + 1,
          correct: w.correct + (right ? 1 : 0),
          card: review(w.card, gradeOf({ fraction: answer.fraction, helped: answer.helped ?? false }), answer.answeredAt, p.isHoliday),
          lastAnswerAt: answer.answeredAt > w.lastAnswerAt ? answer.answeredAt : w.lastAnswerAt,
        });
      }
    }
    if (evidence.length === 0) return { applied: 0, evidenceIds: [] };
    const inserted = await tx.insert(kcEvidence).values(evidence).returning({ id: kcEvidence.id });
    const now = new Date();
    await tx
      .insert(kcStates)
      .values([...working.entries()].map(([kc, w]) => ({ tenantId: p.tenantId, userId: p.userId, kc, ...w, updatedAt: now })))
      .onConflictDoUpdate({
        target: [kcStates.userId, kcStates.kc],
        set: {
          known: sql`excluded.known`,
          answers: sql`excluded.answers`,
          correct: sql`excluded.correct`,
          card: sql`excluded.card`,
          lastAnswerAt: sql`excluded.last_answer_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    return { applied: evidence.length, evidenceIds: inserted.map((r) => r.id) };
  });
}
