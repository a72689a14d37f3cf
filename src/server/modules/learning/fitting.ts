import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kcEvidence, kcParams } from "../../db/schema";
import { fitBkt } from "./bkt";

/*
 * Per-tenant BKT parameters, fitted by the worker (jobs/index.ts) (issue 15: "fitted from the tenant's answers with EM once enough data
 * exists, defaults before"; ADR 0034). A KC is fitted when the tenant has at least FIT_MIN_STUDENTS
 * students and FIT_MIN_ANSWERS answers on it, and fitted again when its answers have grown by
 * REFIT_GROWTH since. A fit that EM cannot make sense of (it did not converge to a model where
 * knowing helps: 1 - slip <= guess) is not stored, and the defaults stay.
 */

export const FIT_MIN_STUDENTS = 30;
export const FIT_MIN_ANSWERS = 300;
export const REFIT_GROWTH = 1.25;
/** KCs fitted per run; the rest wait for the next tick. */
export const FIT_BATCH = 10;

export type Fitted = { tenantId: string; kc: string; answers: number; students: number };

/** The tenant-KC pairs with enough new data, the ones never fitted first, most answers first. */
async function due(db: Db, limit: number) {
  return db
    .select({ tenantId: kcEvidence.tenantId, kc: kcEvidence.kc, answers: sql<number>`count(*)::int`, students: sql<number>`count(distinct ${kcEvidence.userId})::int` })
    .from(kcEvidence)
    .leftJoin(kcParams, and(eq(kcParams.tenantId, kcEvidence.tenantId), eq(kcParams.kc, kcEvidence.kc)))
    .groupBy(kcEvidence.tenantId, kcEvidence.kc, kcParams.answers)
    .having(
      and(
        sql`count(distinct ${kcEvidence.userId}) >= ${FIT_MIN_STUDENTS}`,
        sql`count(*) >= ${FIT_MIN_ANSWERS}`,
        sql`(${kcParams.answers} is null or count(*) >= ${kcParams.answers} * ${REFIT_GROWTH}::float8)`,
      ),
    )
    .orderBy(sql`${kcParams.answers} is not null`, sql`count(*) desc`)
    .limit(limit);
}

/** Fits what is due (at most `limit` KCs) and stores the fits; returns what it fitted. */
export async function runKcFitting(db: Db, now: Date, limit = FIT_BATCH): Promise<Fitted[]> {
  const fitted: Fitted[] = [];
  for (const pair of await due(db, limit)) {
    const rows = await db
      .select({ userId: kcEvidence.userId, correct: kcEvidence.correct })
      .from(kcEvidence)
      .where(and(eq(kcEvidence.tenantId, pair.tenantId), eq(kcEvidence.kc, pair.kc)))
      .orderBy(asc(kcEvidence.userId), asc(kcEvidence.answeredAt), asc(kcEvidence.id));
    const sequences = new Map<string, boolean[]>();
    for (const r of rows) sequences.set(r.userId, [...(sequences.get(r.userId) ?? []), r.correct]);
    const fit = fitBkt([...sequences.values()]);
    const sensible = 1 - fit.params.slip > fit.params.guess && Number.isFinite(fit.logLikelihood);
    if (!sensible) continue;
    await db
      .insert(kcParams)
      .values({ tenantId: pair.tenantId, kc: pair.kc, ...fit.params, answers: fit.answers, students: fit.sequences, logLikelihood: fit.logLikelihood, fittedAt: now })
      .onConflictDoUpdate({
        target: [kcParams.tenantId, kcParams.kc],
        set: {
          prior: fit.params.prior,
          learn: fit.params.learn,
          guess: fit.params.guess,
          slip: fit.params.slip,
          answers: fit.answers,
          students: fit.sequences,
          logLikelihood: fit.logLikelihood,
          fittedAt: now,
        },
      });
    fitted.push({ tenantId: pair.tenantId, kc: pair.kc, answers: fit.answers, students: fit.sequences });
  }
  return fitted;
}
