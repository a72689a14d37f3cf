process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { generator } from "../../src/contracts/student-questions-base";
import { kcEvidence, kcParams, kcStates, users } from "../../src/server/db/schema";
import { DEFAULT_BKT, update, type BktParams } from "../../src/server/modules/learning/bkt";
import { FIT_MIN_ANSWERS, FIT_MIN_STUDENTS, runKcFitting } from "../../src/server/modules/learning/fitting";
import { applyAnswers } from "../../src/server/modules/learning/service";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant, buildUser } from "../support/factories";

/*
 * Per-tenant BKT parameters (issue 15, ADR 0034): once a KC has enough of the tenant's answers the
 * worker fits prior, learn, guess and slip with EM from them, and the model then uses them for that
 * tenant only; below the threshold, and in other tenants, the defaults stay.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const TRUTH: BktParams = { prior: 0.3, learn: 0.2, guess: 0.15, slip: 0.08 };
const KC = "FIT.KC";

/** `students` simulated learners answering `length` times from the hidden TRUTH, as evidence rows. */
async function simulate(tenantId: string, students: number, length: number, seed: string) {
  const random = generator(seed);
  const rows: Array<typeof kcEvidence.$inferInsert> = [];
  const start = Date.parse("2026-10-01T09:00:00Z");
  // One insert for the learners (buildUser hashes a password each: too slow for hundreds).
  const learners = await db()
    .insert(users)
    .values(Array.from({ length: students }, (_, s) => ({ tenantId, email: `fit-${seed}-${s}@example.test`, firstName: "L", lastName: String(s), role: "student", passwordHash: "x", dateOfBirth: "2013-01-01" })))
    .returning({ id: users.id });
  for (const [s, user] of learners.entries()) {
    let known = random() < TRUTH.prior;
    for (let i = 0; i < length; i++) {
      const correct = known ? random() >= TRUTH.slip : random() < TRUTH.guess;
      rows.push({ tenantId, userId: user.id, kc: KC, source: "practice", sourceId: `sim-${s}`, questionId: `q${i}`, correct, fraction: correct ? 1 : 0, knownBefore: 0, knownAfter: 0, recallBefore: 0, answeredAt: new Date(start + i * 3_600_000) });
      if (!known && random() < TRUTH.learn) known = true;
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db().insert(kcEvidence).values(rows.slice(i, i + 1000));
}

describe("fitting a tenant's BKT parameters", () => {
  it("waits for enough data, recovers the hidden parameters, and the model uses them for that tenant only", async () => {
    const tenantId = (await buildTenant(db())).id;
    const otherTenant = (await buildTenant(db())).id;
    // Below the threshold (too few students): nothing is fitted.
    await simulate(tenantId, FIT_MIN_STUDENTS - 1, 12, "few");
    expect((await runKcFitting(db(), new Date(), 1000)).filter((f) => f.tenantId === tenantId)).toEqual([]);

    await simulate(tenantId, 400 - (FIT_MIN_STUDENTS - 1), 12, "many");
    const fitted = (await runKcFitting(db(), new Date(), 1000)).filter((f) => f.tenantId === tenantId);
    expect(fitted).toEqual([{ tenantId, kc: KC, answers: 400 * 12, students: 400 }]);
    expect(400 * 12).toBeGreaterThanOrEqual(FIT_MIN_ANSWERS);
    const [stored] = await db().select().from(kcParams).where(and(eq(kcParams.tenantId, tenantId), eq(kcParams.kc, KC)));
    // 4,800 answers: within 0.06 of the truth on each parameter.
    for (const key of ["prior", "learn", "guess", "slip"] as const) expect(Math.abs((stored?.[key] ?? -1) - TRUTH[key])).toBeLessThan(0.06);
    // Nothing new: no refit.
    expect((await runKcFitting(db(), new Date(), 1000)).filter((f) => f.tenantId === tenantId)).toEqual([]);

    // A new answer of this tenant moves the estimate with the fitted parameters; another tenant's with the defaults.
    const params = { prior: stored?.prior ?? 0, learn: stored?.learn ?? 0, guess: stored?.guess ?? 0, slip: stored?.slip ?? 0 };
    const learner = await buildUser(db(), tenantId, { role: "student" });
    const stranger = await buildUser(db(), otherTenant, { role: "student" });
    const answer = [{ questionId: "new", kcs: [KC], fraction: 1, answeredAt: new Date() }];
    await applyAnswers(db(), { tenantId, userId: learner.id, source: "practice", sourceId: "x", answers: answer });
    await applyAnswers(db(), { tenantId: otherTenant, userId: stranger.id, source: "practice", sourceId: "x", answers: answer });
    const knownOf = async (userId: string) => (await db().select().from(kcStates).where(and(eq(kcStates.userId, userId), eq(kcStates.kc, KC))))[0]?.known;
    expect(await knownOf(learner.id)).toBeCloseTo(update(params.prior, true, params).after, 10);
    expect(await knownOf(stranger.id)).toBeCloseTo(update(DEFAULT_BKT.prior, true, DEFAULT_BKT).after, 10);
  }, 60_000);
});
