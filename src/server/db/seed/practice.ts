import { generator } from "../../../contracts/student-questions-base";
import { GRADING } from "../../../contracts/questions-base";
import { applyAnswers } from "../../modules/learning/service";
import type { Db } from "../client";
import { contents, practiceActivities, practiceAssignments, practiceBank, practiceSessions, questions } from "../schema";
import { checkedQuestion } from "./assessments";
import type { EditionIds, EditionSlug } from "./editions";
import { idOf, seedId } from "./ids";
import { KC_MAPS } from "./kc-maps";
import type { PeopleIds } from "./people";
import { LENGUA_BANK } from "./practice-bank-lengua";
import { LUMEN_BANK } from "./practice-bank-lumen";
import { MATHS_BANK } from "./practice-bank-maths";
import type { BankQuestion } from "./practice-bank-types";
import type { PublicationIds } from "./content";

/*
 * Practice (issue 15): each seeded publication's question bank, and a few weeks of the demo
 * students' practice so the recommendations and the teacher's analytics are alive at first start.
 * The history is simulated, not written by hand: each student has a hidden skill per KC, answers
 * bank questions session by session (a second try after a wrong first), and every finished
 * activity goes through the learner model (applyAnswers) exactly as a live one does.
 *   - Marta (student1): strong in Matemáticas, one early KC left unpractised for weeks (review due);
 *   - Pablo (student2): in trouble in Matemáticas (repeated failures), fair in Lengua, and a practice
 *     set from his teacher waiting;
 *   - Rafael (Lumen): steady.
 * Stable ids and idempotent writes: a second run changes nothing.
 */

const BANKS: ReadonlyArray<{ edition: EditionSlug; publication: string; bank: readonly BankQuestion[] }> = [
  { edition: "aula", publication: "matematicas-1-eso", bank: MATHS_BANK },
  { edition: "aula", publication: "lengua-1-eso", bank: LENGUA_BANK },
  { edition: "lumen", publication: "matematica-6-ano", bank: LUMEN_BANK },
];

export const bankQuestionId = (publication: string, key: string) => seedId("question", "practice-bank", publication, key);

/** Who practised what: skill = chance of a right first try per KC (by default, and for some KCs). */
type HistorySeed = {
  edition: EditionSlug;
  email: string;
  classKey: string;
  publication: string;
  /** Days ago of each session, oldest first. */
  days: readonly number[];
  skill: number;
  /** KCs with another skill. */
  skills?: Readonly<Record<string, number>>;
  /** KCs practised only in the first sessions (so FSRS has them slipping now). */
  early?: readonly string[];
};

export const PRACTICE_HISTORY: readonly HistorySeed[] = [
  {
    edition: "aula",
    email: "student1@demo.test",
    classKey: "matematicas-1-eso-a",
    publication: "matematicas-1-eso",
    days: [34, 31, 27, 24, 20, 17, 13, 10, 6, 3],
    skill: 0.85,
    skills: { "MAT.NUM.OPS": 0.6 },
    early: ["MAT.NUM.ROMAN"],
  },
  {
    edition: "aula",
    email: "student2@demo.test",
    classKey: "matematicas-1-eso-a",
    publication: "matematicas-1-eso",
    days: [30, 23, 16, 9, 4, 1],
    skill: 0.3,
    skills: { "MAT.NUM.PLACE": 0.55 },
  },
  { edition: "aula", email: "student1@demo.test", classKey: "lengua-1-eso-a", publication: "lengua-1-eso", days: [26, 19, 12, 5], skill: 0.75 },
  { edition: "aula", email: "student2@demo.test", classKey: "lengua-1-eso-a", publication: "lengua-1-eso", days: [22, 15, 8, 2], skill: 0.6 },
  { edition: "lumen", email: "student@lumen.test", classKey: "matematica-6-ano-b", publication: "matematica-6-ano", days: [21, 14, 7, 2], skill: 0.7 },
];

const DAY_MS = 86_400_000;
const PER_SESSION = 6;

type Deps = { editions: EditionIds; people: PeopleIds; publications: PublicationIds };

export async function seedPractice(db: Db, deps: Deps, now = new Date()): Promise<void> {
  await seedBanks(db, deps);
  for (const h of PRACTICE_HISTORY) await seedHistory(db, deps, h, now);
  await seedTeacherSet(db, deps, now);
}

async function seedBanks(db: Db, { editions, publications }: Deps): Promise<void> {
  const contentRows: Array<typeof contents.$inferInsert> = [];
  const questionRows: Array<typeof questions.$inferInsert> = [];
  const bankRows: Array<typeof practiceBank.$inferInsert> = [];
  for (const { edition, publication, bank } of BANKS) {
    const tenantId = idOf(editions.tenants, edition, "edition");
    const publicationId = idOf(publications, publication, "publication");
    for (const q of bank) {
      const row = checkedQuestion({ key: q.key, question: q.question });
      if (GRADING[row.type as keyof typeof GRADING] !== "auto") throw new Error(`seed: bank question ${q.key} is not auto-scored`);
      const contentId = bankQuestionId(publication, q.key);
      contentRows.push({ id: contentId, tenantId, type: "CTTY_19", title: row.prompt.length > 120 ? `${row.prompt.slice(0, 119)}…` : row.prompt, createdBy: null });
      questionRows.push({ contentId, tenantId, ...row });
      bankRows.push({ tenantId, publicationId, questionId: contentId, difficulty: q.difficulty });
    }
  }
  await db.insert(contents).values(contentRows).onConflictDoNothing();
  await db.insert(questions).values(questionRows).onConflictDoNothing();
  await db.insert(practiceBank).values(bankRows).onConflictDoNothing();
}

/** The KCs of units 1 and 2 in program order: what the demo classes have reached. */
const reachedKcs = (publication: string) => (KC_MAPS[publication] ?? []).filter((k) => k.unit <= 1).map((k) => k.code);

async function seedHistory(db: Db, { editions, people }: Deps, h: HistorySeed, now: Date): Promise<void> {
  const tenantId = idOf(editions.tenants, h.edition, "edition");
  const userId = idOf(people, h.email, "person");
  const courseId = seedId("course", tenantId, h.classKey);
  const bank = BANKS.find((b) => b.publication === h.publication)?.bank ?? [];
  const kcs = reachedKcs(h.publication).filter((kc) => bank.some((q) => (q.question.kcs ?? []).includes(kc)));
  const random = generator(`${h.email}:${h.classKey}`);
  const used = new Set<string>();
  // Sessions walk the program: each practises the next two KCs and one already met.
  let cursor = 0;
  for (const [n, daysAgo] of h.days.entries()) {
    const sessionId = seedId("practice-session", userId, h.classKey, String(n));
    const start = new Date(now.getTime() - daysAgo * DAY_MS + 17 * 3_600_000 - (now.getTime() % DAY_MS));
    const fresh = [kcs[cursor % kcs.length], kcs[(cursor + 1) % kcs.length]].filter((k): k is string => k !== undefined);
    cursor += 2;
    const met = kcs.slice(0, Math.min(cursor, kcs.length)).filter((k) => !fresh.includes(k) && !(h.early?.includes(k) && n >= 2));
    const revisit = met.length > 0 ? met[Math.floor(random() * met.length)] : undefined;
    const sessionKcs = [...new Set([...fresh, ...(revisit ? [revisit] : [])])].filter((k) => !(h.early?.includes(k) && n >= 2));
    if (sessionKcs.length === 0) continue;
    const activities: Array<typeof practiceActivities.$inferInsert> = [];
    const answers: Parameters<typeof applyAnswers>[1]["answers"][number][] = [];
    for (let i = 0; i < PER_SESSION; i++) {
      const kc = sessionKcs[i % sessionKcs.length] as string;
      const pool = bank.filter((q) => (q.question.kcs ?? []).includes(kc));
      const q = pool.find((c) => !used.has(`${n}:${c.key}`) && !used.has(c.key)) ?? pool.find((c) => !used.has(`${n}:${c.key}`));
      if (!q) continue;
      used.add(q.key);
      used.add(`${n}:${q.key}`);
      const skill = (h.skills?.[kc] ?? h.skill) * (1 - 0.08 * (q.difficulty - 1)) + Math.min(0.1, n * 0.01);
      const firstRight = random() < skill;
      const secondRight = !firstRight && random() < skill * 0.6;
      const finishedAt = new Date(start.getTime() + (i + 1) * 75_000);
      const questionId = bankQuestionId(h.publication, q.key);
      activities.push({
        id: seedId("practice-activity", sessionId, String(i)),
        sessionId,
        questionId,
        kc,
        position: i + 1,
        tries: firstRight ? 1 : 2,
        answer: null,
        fraction: firstRight || secondRight ? 1 : 0,
        correct: firstRight || secondRight,
        finishedAt,
      });
      answers.push({ questionId, kcs: q.question.kcs ?? [], fraction: firstRight || secondRight ? 1 : 0, helped: secondRight, answeredAt: finishedAt });
    }
    if (activities.length === 0) continue;
    const completedAt = new Date(start.getTime() + (activities.length + 1) * 75_000);
    await db
      .insert(practiceSessions)
      .values({ id: sessionId, tenantId, userId, courseId, challenge: n === 0 ? "new" : "mixed", kcs: sessionKcs, status: "completed", createdAt: start, startedAt: start, completedAt })
      .onConflictDoNothing();
    await db.insert(practiceActivities).values(activities).onConflictDoNothing();
    await applyAnswers(db, { tenantId, userId, source: "practice", sourceId: sessionId, answers });
  }
}

/** Pablo's teacher asks him to practise the KCs he fails, due in three days. */
async function seedTeacherSet(db: Db, { editions, people }: Deps, now: Date): Promise<void> {
  const tenantId = idOf(editions.tenants, "aula", "edition");
  await db
    .insert(practiceAssignments)
    .values({
      id: seedId("practice-assignment", "matematicas-1-eso-a", "refuerzo"),
      tenantId,
      courseId: seedId("course", tenantId, "matematicas-1-eso-a"),
      createdBy: idOf(people, "teacher@demo.test", "person"),
      kcs: ["MAT.NUM.ORDER", "MAT.NUM.OPS"],
      studentIds: [idOf(people, "student2@demo.test", "person")],
      dueAt: new Date(now.getTime() + 3 * DAY_MS),
      createdAt: new Date(now.getTime() - DAY_MS),
    })
    .onConflictDoNothing();
}
