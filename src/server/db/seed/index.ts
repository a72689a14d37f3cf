import { sql } from "drizzle-orm";
import type { Storage } from "../../platform/storage";
import type { Db } from "../client";
import { seedClasses } from "./classes";
import { seedPublications } from "./content";
import { seedDailyWork } from "./daily-work";
import { seedKnowledgeComponents } from "./knowledge-components";
import { seedPractice } from "./practice";
import { seedEditions } from "./editions";
import { seedGamification } from "./gamification";
import { seedLegal } from "./legal";
import { seedLessonContent } from "./lesson-content";
import { seedLicences } from "./licences";
import { seedPeople } from "./people";
import { seedReference } from "./reference";
import { seedTeams } from "./teams";
import { seedAssessments } from "./assessments";
import { indexStaleContents } from "../../modules/chatbot/indexer";

export { DEMO_CLASSES, DEMO_SCHOOL_YEAR } from "./classes";
export { DEMO_PUBLICATIONS } from "./content";
export { DEMO_DAILY_WORK } from "./daily-work";
export { DEMO_EDITIONS, DEMO_SCHOOLS } from "./editions";
export { DEMO_LESSON_CONTENT } from "./lesson-content";
export { DEMO_ASSESSMENTS } from "./assessments";
export { LUMEN_PRIVACY_PDF } from "./legal";
export { DEMO_LICENCE_CODES, type DemoLicenceCode } from "./licences";
export { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from "./people";

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 716_403_118;

/**
 * Reference data, the two demo editions, their schools, people, publications and classes, and the
 * classes' daily work (tasks in every state, their notifications, holidays, an extra class), and the
 * practice banks with a few weeks of the demo students' practice.
 * Idempotent: every row is matched by its natural key (or a stable id derived from it) and
 * inserted with ON CONFLICT DO NOTHING, so a second run changes nothing. One transaction, so a
 * failed seed leaves nothing half-written; the advisory lock keeps several instances starting
 * at once against the same PostgreSQL from racing.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const ref = await seedReference(tx);
    const editions = await seedEditions(tx);
    await seedLegal(tx, editions);
    const people = await seedPeople(tx, editions);
    const publications = await seedPublications(tx, editions, ref);
    await seedKnowledgeComponents(tx, { editions, publications });
    await seedClasses(tx, { editions, ref, people, publications });
    await seedLicences(tx, { editions, people, publications });
    await seedTeams(tx);
    await seedLessonContent(tx, storage, { editions, people, publications });
    await seedAssessments(tx, storage, { editions, publications });
    // Last: it assigns the lesson contents and assessments seeded above.
    await seedDailyWork(tx, storage, { editions, people, publications });
    // The practice banks and the demo students' simulated weeks of practice (through the learner model).
    await seedPractice(tx, { editions, people, publications });
    // The gamified edition's rules and what the demo students earned from that practice.
    await seedGamification(tx, { editions, people });
    // The assistant's index of what was seeded (a second run finds it current).
    while ((await indexStaleContents(tx, storage, 200)) > 0);
  });
}
