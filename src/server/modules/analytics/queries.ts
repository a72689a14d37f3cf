import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { ANALYTICS_DISCIPLINES, ANALYTICS_NOT_AVAILABLE, type AnalyticsDiscipline } from "../../../contracts/analytics-base";
import type { Db } from "../../db/client";
import {
  courseLessonStates,
  courseMembers,
  coursePublications,
  courses,
  courseUnitStates,
  disciplines,
  kcEvidence,
  kcStates,
  knowledgeComponents,
  lessons,
  publications,
  users,
} from "../../db/schema";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { loadCourseAccess, type Caller } from "../courses/access";
import type { StateRow } from "./rules";

export type EvidenceRow = {
  userId: string;
  kc: string;
  questionId: string;
  source: string;
  correct: boolean;
  fraction: number;
  knownBefore: number;
  knownAfter: number;
  recallBefore: number;
  answeredAt: Date;
};

/*
 * What teacher analytics reads (ADR 0036), in set-based queries whose number does not grow with the
 * class: the classes, their KC maps, their students, the students' KC states and each state's newest
 * answers (one lateral query over kc_evidence's (user, kc, answered_at) index). Every query is bound
 * to the caller's edition.
 */

export type AnalyticsCourse = { id: string; tenantId: string; name: string; color: string; discipline: AnalyticsDiscipline };

const isAnalyticsDiscipline = (code: string | null | undefined): code is AnalyticsDiscipline =>
  code !== null && code !== undefined && (ANALYTICS_DISCIPLINES as readonly string[]).includes(code);

/**
 * The class `guid` for its analytics: a class the caller teaches (404 for anyone else's, 403 for a
 * member who does not teach it), of Mathematics or Language (409 ANALYTICS_NOT_AVAILABLE otherwise).
 */
export async function loadAnalyticsCourse(db: Db, caller: Caller, guid: string): Promise<AnalyticsCourse> {
  const access = await loadCourseAccess(db, caller, guid);
  if (!access.canEdit) throw forbidden();
  const { course } = access;
  const [discipline] = course.disciplineId
    ? await db.select({ code: disciplines.code }).from(disciplines).where(eq(disciplines.id, course.disciplineId))
    : [];
  if (!isAnalyticsDiscipline(discipline?.code)) throw conflict(ANALYTICS_NOT_AVAILABLE, "Analytics apply only to Mathematics and Language classes");
  return { id: course.id, tenantId: course.tenantId, name: course.name, color: course.color, discipline: discipline.code };
}

/** The caller's Mathematics and Language classes that they teach, not archived, by name. */
export async function listAnalyticsCourses(db: Db, caller: Caller): Promise<AnalyticsCourse[]> {
  const rows = await db
    .select({ id: courses.id, tenantId: courses.tenantId, name: courses.name, color: courses.color, discipline: disciplines.code })
    .from(courses)
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId), inArray(courseMembers.role, ["teacher", "coteacher"])))
    .innerJoin(disciplines, eq(disciplines.id, courses.disciplineId))
    .where(and(eq(courses.tenantId, caller.tenantId), eq(courses.archived, false), inArray(disciplines.code, [...ANALYTICS_DISCIPLINES])))
    .orderBy(asc(sql`lower(${courses.name})`), asc(courses.id));
  return rows.flatMap((r) => (isAnalyticsDiscipline(r.discipline) ? [{ ...r, discipline: r.discipline }] : []));
}

export type KcRow = { courseId: string; code: string; names: Record<string, string>; unitId: string | null; lessonIds: string[] };
export type StudentRow = { courseId: string; id: string; firstName: string; lastName: string };

/**
 * The KC maps of `courseIds`: each class's publications' KCs in program order (publication by
 * title, then the map's order; a code two publications share, once), as learning/kcs-service
 * gives one class's.
 */
export async function loadKcMaps(db: Db, tenantId: string, courseIds: readonly string[]): Promise<Map<string, KcRow[]>> {
  const byCourse = new Map<string, KcRow[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({
      courseId: coursePublications.courseId,
      code: knowledgeComponents.code,
      names: knowledgeComponents.names,
      unitId: knowledgeComponents.unitId,
      lessonIds: knowledgeComponents.lessonIds,
    })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, eq(coursePublications.publicationId, knowledgeComponents.publicationId))
    .innerJoin(publications, eq(publications.id, knowledgeComponents.publicationId))
    .where(and(inArray(coursePublications.courseId, [...courseIds]), eq(knowledgeComponents.tenantId, tenantId), eq(publications.tenantId, tenantId)))
    .orderBy(asc(publications.title), asc(publications.id), asc(knowledgeComponents.position));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.courseId}\u0000${r.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byCourse.get(r.courseId)?.push(r);
  }
  return byCourse;
}

/** The students of `courseIds` by last name then first name. */
export async function loadStudents(db: Db, tenantId: string, courseIds: readonly string[]): Promise<Map<string, StudentRow[]>> {
  const byCourse = new Map<string, StudentRow[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({ courseId: courseMembers.courseId, id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseMembers)
    .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, tenantId)))
    .where(and(inArray(courseMembers.courseId, [...courseIds]), eq(courseMembers.role, "student")))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  for (const r of rows) byCourse.get(r.courseId)?.push(r);
  return byCourse;
}

/** The lessons each class has hidden, itself or through its unit (the class does not follow them). */
export async function loadHiddenLessons(db: Db, courseIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const byCourse = new Map<string, Set<string>>(courseIds.map((id) => [id, new Set<string>()]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({ courseId: courseLessonStates.courseId, lessonId: courseLessonStates.lessonId })
    .from(courseLessonStates)
    .where(and(inArray(courseLessonStates.courseId, [...courseIds]), eq(courseLessonStates.hidden, true)))
    .union(
      db
        .select({ courseId: courseUnitStates.courseId, lessonId: lessons.id })
        .from(courseUnitStates)
        .innerJoin(lessons, eq(lessons.unitId, courseUnitStates.unitId))
        .where(and(inArray(courseUnitStates.courseId, [...courseIds]), eq(courseUnitStates.hidden, true))),
    );
  for (const r of rows) byCourse.get(r.courseId)?.add(r.lessonId);
  return byCourse;
}

/** The stored KC states of `studentIds` on `codes`. */
export async function loadStates(db: Db, tenantId: string, studentIds: readonly string[], codes: readonly string[]): Promise<StateRow[]> {
  if (studentIds.length === 0 || codes.length === 0) return [];
  return db
    .select({ userId: kcStates.userId, kc: kcStates.kc, known: kcStates.known, answers: kcStates.answers, correct: kcStates.correct, card: kcStates.card, lastAnswerAt: kcStates.lastAnswerAt })
    .from(kcStates)
    .where(and(eq(kcStates.tenantId, tenantId), inArray(kcStates.userId, [...studentIds]), inArray(kcStates.kc, [...codes])));
}

const EVIDENCE_COLUMNS = {
  userId: kcEvidence.userId,
  kc: kcEvidence.kc,
  questionId: kcEvidence.questionId,
  source: kcEvidence.source,
  correct: kcEvidence.correct,
  fraction: kcEvidence.fraction,
  knownBefore: kcEvidence.knownBefore,
  knownAfter: kcEvidence.knownAfter,
  recallBefore: kcEvidence.recallBefore,
  answeredAt: kcEvidence.answeredAt,
};

/**
 * The stored states of `studentIds` on `codes` whose last `lastWrong` answers were all wrong (rules.ts
 * endsInFailures, asked of every student and KC at once). A lateral join reads each candidate
 * state's newest answers backwards on kc_evidence's (user, kc, answered_at) index; candidates are the
 * states with at least `lastWrong` wrong answers in all, and only the pairs that qualify come back,
 * so the cost follows the states, not the length of the students' histories.
 */
export async function loadFailingRuns(db: Db, tenantId: string, studentIds: readonly string[], codes: readonly string[], lastWrong: number): Promise<Array<{ userId: string; kc: string }>> {
  if (studentIds.length === 0 || codes.length === 0) return [];
  const last = db
    .select({ correct: kcEvidence.correct })
    .from(kcEvidence)
    .where(and(eq(kcEvidence.userId, kcStates.userId), eq(kcEvidence.kc, kcStates.kc), eq(kcEvidence.tenantId, tenantId)))
    .orderBy(desc(kcEvidence.answeredAt), desc(kcEvidence.id))
    .limit(lastWrong)
    .as("last");
  return db
    .select({ userId: kcStates.userId, kc: kcStates.kc })
    .from(kcStates)
    .crossJoinLateral(last)
    .where(
      and(
        eq(kcStates.tenantId, tenantId),
        inArray(kcStates.userId, [...studentIds]),
        inArray(kcStates.kc, [...codes]),
        sql`${kcStates.answers} - ${kcStates.correct} >= ${lastWrong}`,
      ),
    )
    .groupBy(kcStates.userId, kcStates.kc)
    .having(sql`count(*) = ${lastWrong} and bool_and(not ${last.correct})`);
}

/** One student of the class (404 for anyone else). */
export async function loadClassStudent(db: Db, course: AnalyticsCourse, studentId: string): Promise<Omit<StudentRow, "courseId">> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseMembers)
    .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, course.tenantId)))
    .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, studentId), eq(courseMembers.role, "student")));
  if (!row) throw notFound("Student");
  return row;
}

/** One KC of the class's map (404 for a code it does not have). */
export async function loadClassKc(db: Db, course: AnalyticsCourse, code: string): Promise<{ code: string; names: Record<string, string> }> {
  const [row] = await db
    .select({ code: knowledgeComponents.code, names: knowledgeComponents.names })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, knowledgeComponents.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, eq(publications.id, knowledgeComponents.publicationId))
    .where(and(eq(knowledgeComponents.tenantId, course.tenantId), eq(knowledgeComponents.code, code)))
    .orderBy(asc(publications.title), asc(publications.id))
    .limit(1);
  if (!row) throw notFound("Knowledge component");
  return row;
}

/** Every answer of a student on a KC, newest first, one page, and how many there are. */
export async function loadEvidencePage(
  db: Db,
  tenantId: string,
  studentId: string,
  kc: string,
  page: { offset: number; pageSize: number },
): Promise<{ state: StateRow | undefined; items: EvidenceRow[]; total: number }> {
  const mine = and(eq(kcEvidence.tenantId, tenantId), eq(kcEvidence.userId, studentId), eq(kcEvidence.kc, kc));
  const [[state], items, [total]] = await Promise.all([
    loadStates(db, tenantId, [studentId], [kc]),
    db.select(EVIDENCE_COLUMNS).from(kcEvidence).where(mine).orderBy(desc(kcEvidence.answeredAt), desc(kcEvidence.id)).offset(page.offset).limit(page.pageSize),
    db.select({ n: count() }).from(kcEvidence).where(mine),
  ]);
  return { state, items, total: total?.n ?? 0 };
}
