import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Recommendation } from "../../../contracts/practice";
import { HOME_RECOMMENDATIONS, RECOMMENDATION_TITLE_COUNT, type ChallengeType } from "../../../contracts/practice-base";
import type { Db } from "../../db/client";
import { courseMembers, courses, kcStates, practiceAssignments, practiceSessions, users } from "../../db/schema";
import type { CourseRecord } from "../courses/access";
import { MASTERY_THRESHOLD } from "../learning/bkt";
import { classKcMap } from "../learning/kcs-service";
import { recallAt, reviewNeeded, type StoredCard } from "../learning/recall";
import { practisableKcs } from "./sessions-service";

/*
 * The practice a student is offered (issue 15, ADR 0035), per class, from the learner model:
 * - teacher: a practice set the class's teacher assigned them and they have not completed;
 * - review: KCs FSRS says are slipping (predicted recall below 0.7), the most forgotten first;
 * - microtest: KCs practised at least twice and still weak (P(known) < 0.6): a short reinforcement;
 * - new: the next KC of the program the student has not started;
 * - mixed: interleaved practice of mastered KCs (at least two), the least recalled first.
 * Only KCs the class's bank can practise are offered. A card whose session was left unfinished
 * offers to resume it.
 */

export const WEAK_BELOW = 0.6;
const REVIEW_KCS = 3;
const MICROTEST_KCS = 2;
const MIXED_KCS = 4;
const PRIORITY: readonly ChallengeType[] = ["teacher", "review", "microtest", "new", "mixed"];
const DAY_MS = 24 * 60 * 60 * 1000;

type Card = Omit<Recommendation, "titleIndex">;
type State = { kc: string; known: number; answers: number; card: unknown };

const keyOf = (type: ChallengeType, courseId: string, kcs: readonly string[]) => `${type}:${courseId}:${[...kcs].sort().join(",")}`;

/** The student's cards in one class, in priority order. */
export async function classRecommendations(db: Db, course: CourseRecord, userId: string, now: Date): Promise<Card[]> {
  const map = await classKcMap(db, course);
  if (map.length === 0) return [];
  const codes = map.map((k) => k.code);
  const [states, practisable, assignments, open] = await Promise.all([
    db
      .select({ kc: kcStates.kc, known: kcStates.known, answers: kcStates.answers, card: kcStates.card })
      .from(kcStates)
      .where(and(eq(kcStates.userId, userId), inArray(kcStates.kc, codes))),
    practisableKcs(db, course, codes, now),
    db
      .select({ a: practiceAssignments, firstName: users.firstName, lastName: users.lastName })
      .from(practiceAssignments)
      .leftJoin(users, eq(users.id, practiceAssignments.createdBy))
      .where(
        and(
          eq(practiceAssignments.courseId, course.id),
          sql`(cardinality(${practiceAssignments.studentIds}) = 0 or ${userId}::uuid = any(${practiceAssignments.studentIds}))`,
          sql`not exists (select 1 from ${practiceSessions} s where s.assignment_id = ${practiceAssignments.id} and s.user_id = ${userId} and s.status = 'completed')`,
        ),
      )
      .orderBy(sql`${practiceAssignments.dueAt} asc nulls last`, asc(practiceAssignments.createdAt)),
    db
      .select({ id: practiceSessions.id, challenge: practiceSessions.challenge, kcs: practiceSessions.kcs, assignmentId: practiceSessions.assignmentId })
      .from(practiceSessions)
      .where(and(eq(practiceSessions.userId, userId), eq(practiceSessions.courseId, course.id), sql`${practiceSessions.status} <> 'completed'`, sql`${practiceSessions.createdAt} > ${new Date(now.getTime() - 7 * DAY_MS).toISOString()}::timestamptz`))
      .orderBy(sql`${practiceSessions.createdAt} desc`),
  ]);
  const byKc = new Map<string, State>(states.map((s) => [s.kc, s]));
  const names = new Map(map.map((k) => [k.code, k.names]));
  const ref = { guid: course.id, name: course.name, color: course.color };
  const openFor = (type: ChallengeType, kcs: readonly string[], assignmentId: string | null) =>
    open.find((s) => (assignmentId ? s.assignmentId === assignmentId : s.challenge === type && keyOf(type, course.id, s.kcs) === keyOf(type, course.id, kcs)))?.id ?? null;
  const card = (type: ChallengeType, kcs: string[], assignment: Card["assignment"] = null): Card => {
    const practised = kcs.map((k) => byKc.get(k)).filter((s): s is State => s !== undefined && s.answers > 0);
    const recalls = practised.map((s) => recallAt(s.card as StoredCard, now));
    return {
      key: assignment ? `teacher:${assignment.guid}` : keyOf(type, course.id, kcs),
      type,
      course: ref,
      kcs: kcs.map((code) => ({ code, names: names.get(code) ?? {} })),
      known: kcs.reduce((sum, k) => sum + (byKc.get(k)?.known ?? 0), 0) / kcs.length,
      recall: recalls.length > 0 ? Math.min(...recalls) : null,
      assignment,
      sessionGuid: openFor(type, kcs, assignment?.guid ?? null),
    };
  };

  const cards: Card[] = assignments.map(({ a, firstName, lastName }) =>
    card(
      "teacher",
      a.kcs,
      { guid: a.id, dueAt: a.dueAt ? a.dueAt.toISOString() : null, teacherName: `${firstName ?? ""} ${lastName ?? ""}`.trim() },
    ),
  );
  const inMap = codes.filter((c) => practisable.has(c));
  const practised = inMap.map((c) => byKc.get(c)).filter((s): s is State => s !== undefined && s.answers > 0);
  const review = practised
    .filter((s) => reviewNeeded(s.card as StoredCard, now))
    .sort((a, b) => recallAt(a.card as StoredCard, now) - recallAt(b.card as StoredCard, now))
    .slice(0, REVIEW_KCS);
  if (review.length > 0) cards.push(card("review", review.map((s) => s.kc)));
  const weak = practised
    .filter((s) => s.answers >= 2 && s.known < WEAK_BELOW && !review.some((r) => r.kc === s.kc))
    .sort((a, b) => a.known - b.known)
    .slice(0, MICROTEST_KCS);
  if (weak.length > 0) cards.push(card("microtest", weak.map((s) => s.kc)));
  const next = inMap.find((c) => (byKc.get(c)?.answers ?? 0) === 0);
  if (next) cards.push(card("new", [next]));
  const mastered = practised
    .filter((s) => s.known >= MASTERY_THRESHOLD)
    .sort((a, b) => recallAt(a.card as StoredCard, now) - recallAt(b.card as StoredCard, now))
    .slice(0, MIXED_KCS);
  if (mastered.length >= 2) cards.push(card("mixed", mastered.map((s) => s.kc)));
  return cards.sort((a, b) => PRIORITY.indexOf(a.type) - PRIORITY.indexOf(b.type));
}

/** The twelve titles rotate by day; cards shown together get different ones. */
export const withTitles = (cards: readonly Card[], now: Date): Recommendation[] => {
  const day = Math.floor(now.getTime() / DAY_MS);
  return cards.map((c, i) => ({ ...c, titleIndex: (day + i) % RECOMMENDATION_TITLE_COUNT }));
};

/**
 * The home page's cards: across the student's classes (not archived), the most urgent first
 * (teacher, review, reinforcement, new, mixed), taking the classes in turn, at most HOME_RECOMMENDATIONS.
 */
export async function homeRecommendations(db: Db, tenantId: string, userId: string, now: Date): Promise<Recommendation[]> {
  const classes = await db
    .select({ course: courses })
    .from(courseMembers)
    .innerJoin(courses, and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, tenantId), eq(courses.archived, false)))
    .where(and(eq(courseMembers.userId, userId), eq(courseMembers.role, "student")))
    .orderBy(asc(courses.name));
  const perClass = await Promise.all(classes.map(({ course }) => classRecommendations(db, course, userId, now)));
  const merged: Card[] = [];
  for (const type of PRIORITY) {
    for (let round = 0; merged.length < HOME_RECOMMENDATIONS; round++) {
      const batch = perClass.map((cards) => cards.filter((c) => c.type === type)[round]).filter((c): c is Card => c !== undefined);
      if (batch.length === 0) break;
      merged.push(...batch.slice(0, HOME_RECOMMENDATIONS - merged.length));
    }
  }
  return withTitles(merged, now);
}
