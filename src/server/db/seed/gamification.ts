import { and, eq, inArray } from "drizzle-orm";
import { EventBus } from "../../platform/events";
import { DEFAULT_RULES, evidenceCandidates, practiceCandidate, utcDay } from "../../modules/gamification/rules";
import { award, earnsInClass, EVIDENCE_FACT, saveRules } from "../../modules/gamification/service";
import type { Db } from "../client";
import { kcEvidence, practiceSessions } from "../schema";
import type { EditionIds } from "./editions";
import { idOf, seedId } from "./ids";
import type { PeopleIds } from "./people";

/*
 * Gamification (issue 18): the gamified edition's rules, written as data, and the demo students'
 * progress, earned from their simulated weeks of practice through the same rules and ledger as a
 * live answer (the keys make a second run pay nothing), plus one medal Marta's teacher gave her by
 * hand. The plain edition (Lumen) gets nothing.
 */
type Deps = { editions: EditionIds; people: PeopleIds };

export async function seedGamification(db: Db, { editions, people }: Deps): Promise<void> {
  const tenantId = idOf(editions.tenants, "aula", "edition");
  await saveRules(db, tenantId, DEFAULT_RULES);
  const quiet = new EventBus();
  const students = ["student1@demo.test", "student2@demo.test"].map((email) => idOf(people, email, "person"));
  const sessions = await db
    .select({ id: practiceSessions.id, userId: practiceSessions.userId, courseId: practiceSessions.courseId, completedAt: practiceSessions.completedAt })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.tenantId, tenantId), inArray(practiceSessions.userId, students), eq(practiceSessions.status, "completed")))
    .orderBy(practiceSessions.completedAt);
  for (const session of sessions) {
    if (!session.completedAt || !(await earnsInClass(db, tenantId, session.userId, session.courseId))) continue;
    const facts = await db
      .select(EVIDENCE_FACT)
      .from(kcEvidence)
      .where(and(eq(kcEvidence.userId, session.userId), eq(kcEvidence.source, "practice"), eq(kcEvidence.sourceId, session.id)));
    const candidates = [...evidenceCandidates(DEFAULT_RULES, facts), practiceCandidate(DEFAULT_RULES, session.id, session.completedAt)];
    await award(db, quiet, DEFAULT_RULES, { tenantId, userId: session.userId, courseId: session.courseId, candidates }, session.completedAt);
  }
  // Marta's teacher recognised her effort (a stable key: a second run gives nothing).
  const marta = idOf(people, "student1@demo.test", "person");
  const course = seedId("course", tenantId, "matematicas-1-eso-a");
  if (await earnsInClass(db, tenantId, marta, course)) {
    const effort = DEFAULT_RULES.medals.find((m) => m.id === "effort");
    if (effort) {
      await award(db, quiet, DEFAULT_RULES, {
        tenantId,
        userId: marta,
        courseId: course,
        awardedBy: idOf(people, "teacher@demo.test", "person"),
        candidates: [{ key: "teacher-medal:seed-effort", reason: "teacher_medal", points: effort.points, currency: effort.currency, day: utcDay(new Date()), medalId: effort.id, note: "Por repasar cada semana sin que nadie te lo pida." }],
      });
    }
  }
}
