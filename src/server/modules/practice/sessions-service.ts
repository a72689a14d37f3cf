import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { QuestionResult } from "../../../contracts/assessments";
import type { GenerateActivities, PracticeActivity, PracticeAnswer, PracticeSession, PracticeSessionItem, PracticeSummary } from "../../../contracts/practice";
import { PRACTICE_ERRORS, PRACTICE_MAX_TRIES, SESSION_SIZES, type ChallengeType } from "../../../contracts/practice-base";
import { GRADING } from "../../../contracts/questions";
import type { Db } from "../../db/client";
import {
  assessmentClosures,
  assessmentQuestions,
  assessments,
  coursePublications,
  courses,
  kcEvidence,
  kcStates,
  knowledgeComponents,
  lessonItems,
  practiceActivities,
  practiceAssignments,
  practiceBank,
  practiceSessions,
  questions,
} from "../../db/schema";
import { badRequest, conflict, forbidden, notFound, validation } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import { presentStudentQuestion, toQuestion, type QuestionRow } from "../assessments/questions-service";
import { loadCourseAccess, type Caller, type CourseRecord } from "../courses/access";
import { masteryState } from "../learning/bkt";
import { AnswerInvalidError, scoreAnswer } from "../questions/scoring";
import { classKcNames, kcNamesOf, type KcNames } from "./kc-names";
import { pickActivities, type Seen } from "./picker";
import { recordAnswered, recordCompleted } from "./statements";

/*
 * Practice sessions (issue 15, ADR 0035): generated from the class's question bank for a
 * challenge on some KCs, answered one activity at a time with immediate feedback (a hint and a
 * second try after a wrong first one, the solution after a wrong second), completed with a
 * summary of the mastery before and after. Only the student who owns a session reads or answers
 * it. Finished activities reach the learner model through `practice.answered`, and the record
 * store as xAPI statements with the KCs as context (statements.ts).
 */

export type PracticeCtx = { db: Db; events: EventBus; publicUrl: string };
type SessionRow = typeof practiceSessions.$inferSelect;
type ActivityRow = typeof practiceActivities.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const noActivities = () => conflict(PRACTICE_ERRORS.noActivities, "There are no practice questions for these skills");

/** The assignment a student may practise: of this class and meant for them (the whole class or listed). */
export async function loadStudentAssignment(db: Db, tenantId: string, courseId: string, userId: string, assignmentId: string) {
  const [row] = await db
    .select()
    .from(practiceAssignments)
    .where(
      and(
        eq(practiceAssignments.id, assignmentId),
        eq(practiceAssignments.tenantId, tenantId),
        eq(practiceAssignments.courseId, courseId),
        sql`(cardinality(${practiceAssignments.studentIds}) = 0 or ${userId}::uuid = any(${practiceAssignments.studentIds}))`,
      ),
    );
  if (!row) throw notFound("Practice set");
  return row;
}

/** Question types the server scores by itself: the only ones practice hands out. */
const AUTO_SCORED = Object.entries(GRADING).flatMap(([type, grading]) => (grading === "auto" ? [type] : []));

/** The bank of the class's publications joins its questions this way (bankCandidates, practisableKcs). */
const inClassBank = (course: CourseRecord) => and(eq(coursePublications.publicationId, practiceBank.publicationId), eq(coursePublications.courseId, course.id));

/**
 * Which bank questions a class may practise for any of `kcs`: the tenant's, auto-scored types only,
 * never one of an assessment the class has open (published to it, not closed, not past its due
 * date): practice must not hand out an open test's items.
 */
const practisable = (course: CourseRecord, kcs: readonly string[], now: Date) =>
  and(
    eq(practiceBank.tenantId, course.tenantId),
    inArray(questions.type, AUTO_SCORED),
    sql`${questions.kcs} && ${sql`array[${sql.join(kcs.map((k) => sql`${k}`), sql`, `)}]::text[]`}`,
    sql`not exists (
      select 1 from ${assessmentQuestions}
      join ${lessonItems} on ${lessonItems.contentId} = ${assessmentQuestions.assessmentId} and ${lessonItems.courseId} = ${course.id} and ${lessonItems.status} = 'published'
      join ${assessments} on ${assessments.contentId} = ${assessmentQuestions.assessmentId}
      where ${assessmentQuestions.questionId} = ${practiceBank.questionId}
        and not exists (select 1 from ${assessmentClosures} where ${assessmentClosures.assessmentId} = ${assessmentQuestions.assessmentId} and ${assessmentClosures.courseId} = ${course.id})
        and (${assessments.settings}->>'dueAt' is null or (${assessments.settings}->>'dueAt')::timestamptz > ${now.toISOString()}::timestamptz)
    )`,
  );

/** The bank questions of the class's publications practising any of `kcs` (see `practisable`). */
export async function bankCandidates(db: Db, course: CourseRecord, kcs: readonly string[], now: Date) {
  if (kcs.length === 0) return [];
  return db
    .select({ questionId: practiceBank.questionId, difficulty: practiceBank.difficulty, kcs: questions.kcs, type: questions.type })
    .from(practiceBank)
    .innerJoin(coursePublications, inClassBank(course))
    .innerJoin(questions, eq(questions.contentId, practiceBank.questionId))
    .where(practisable(course, kcs, now));
}

/**
 * Which of `kcs` the class's bank can practise: those of bankCandidates' questions, without loading
 * the questions (recommendations ask this for every class on the student's home page).
 */
export async function practisableKcs(db: Db, course: CourseRecord, kcs: readonly string[], now: Date): Promise<Set<string>> {
  if (kcs.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ kc: sql<string>`unnest(${questions.kcs})` })
    .from(practiceBank)
    .innerJoin(coursePublications, inClassBank(course))
    .innerJoin(questions, eq(questions.contentId, practiceBank.questionId))
    .where(practisable(course, kcs, now));
  const wanted = new Set(kcs);
  return new Set(rows.map((r) => r.kc).filter((kc) => wanted.has(kc)));
}

/** Builds a session for the calling student (POST front/practice/activities-generation). */
export async function generateSession(ctx: PracticeCtx, caller: Caller, input: GenerateActivities, now: Date) {
  const access = await loadCourseAccess(ctx.db, caller, input.courseGuid);
  if (!access.isStudent) throw forbidden("Only students practise");
  let kcs = [...new Set(input.kcs)];
  let assignmentId: string | null = null;
  if (input.challenge === "teacher") {
    const assignment = await loadStudentAssignment(ctx.db, caller.tenantId, access.course.id, caller.userId, input.assignmentGuid as string);
    assignmentId = assignment.id;
    kcs = assignment.kcs;
    // A teacher's set has one open session per student: a second start resumes it.
    const [open] = await ctx.db
      .select({ id: practiceSessions.id })
      .from(practiceSessions)
      .where(and(eq(practiceSessions.userId, caller.userId), eq(practiceSessions.assignmentId, assignment.id), sql`${practiceSessions.status} <> 'completed'`));
    if (open) return { sessionId: open.id, activities: await activityRefs(ctx.db, open.id) };
  }
  const names = await classKcNames(ctx.db, access.course);
  const unknown = kcs.filter((k) => !names.has(k));
  if (unknown.length > 0) throw badRequest(PRACTICE_ERRORS.kcNotInClass, "A skill is not taught in this class", { kcs: unknown });
  const [candidates, states, seen] = await Promise.all([
    bankCandidates(ctx.db, access.course, kcs, now),
    ctx.db.select({ kc: kcStates.kc, known: kcStates.known }).from(kcStates).where(and(eq(kcStates.userId, caller.userId), inArray(kcStates.kc, kcs))),
    seenQuestions(ctx.db, caller.userId, access.course.id),
  ]);
  const sessionId = crypto.randomUUID();
  const picked = pickActivities(candidates, {
    kcs,
    size: SESSION_SIZES[input.challenge],
    known: new Map(states.map((s) => [s.kc, s.known])),
    seen,
    seed: sessionId,
    now,
  });
  if (picked.length === 0) throw noActivities();
  const activities = picked.map((p, i) => ({ id: crypto.randomUUID(), sessionId, questionId: p.questionId, kc: p.kc, position: i + 1 }));
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(practiceSessions).values({
        id: sessionId,
        tenantId: caller.tenantId,
        userId: caller.userId,
        courseId: access.course.id,
        challenge: input.challenge,
        kcs: [...new Set(picked.map((p) => p.kc))],
        assignmentId,
        createdAt: now,
      });
      await tx.insert(practiceActivities).values(activities);
    });
  } catch (error) {
    // Two starts of the same teacher's set at once: the other one made the session.
    if (assignmentId && isUniqueViolation(error)) return generateSession(ctx, caller, input, now);
    throw error;
  }
  return { sessionId, activities: activities.map((a) => ({ exerciseId: a.questionId, activityInstanceId: a.id })) };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

async function activityRefs(db: Db, sessionId: string) {
  const rows = await db
    .select({ exerciseId: practiceActivities.questionId, activityInstanceId: practiceActivities.id })
    .from(practiceActivities)
    .where(eq(practiceActivities.sessionId, sessionId))
    .orderBy(asc(practiceActivities.position));
  return rows;
}

/** How often, and when last, the student practised each question in this class. */
async function seenQuestions(db: Db, userId: string, courseId: string): Promise<Map<string, Seen>> {
  const rows = await db
    .select({ questionId: practiceActivities.questionId, count: sql<number>`count(*)::int`, lastAt: sql<Date>`max(${practiceActivities.finishedAt})` })
    .from(practiceActivities)
    .innerJoin(practiceSessions, eq(practiceSessions.id, practiceActivities.sessionId))
    .where(and(eq(practiceSessions.userId, userId), eq(practiceSessions.courseId, courseId), isNotNull(practiceActivities.finishedAt)))
    .groupBy(practiceActivities.questionId);
  return new Map(rows.map((r) => [r.questionId, { count: r.count, lastAt: new Date(r.lastAt) }]));
}

/** The caller's own session (anyone else's is a 404, as if it did not exist). */
async function ownSession(db: Db, caller: Caller, sessionId: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.tenantId, caller.tenantId), eq(practiceSessions.userId, caller.userId)));
  if (!row) throw notFound("Practice session");
  return row;
}

async function sessionQuestions(db: Db, activities: readonly ActivityRow[]): Promise<Map<string, QuestionRow>> {
  if (activities.length === 0) return new Map();
  const rows = await db
    .select()
    .from(questions)
    .where(inArray(questions.contentId, [...new Set(activities.map((a) => a.questionId))]));
  return new Map(rows.map((r) => [r.contentId, r]));
}

const activityState = (a: ActivityRow): PracticeActivity["state"] =>
  a.finishedAt ? (a.correct ? "right" : "wrong") : a.tries > 0 ? "retry" : "pending";

/** An activity as the student sees it: the hint after a wrong try; the solution once it is over. */
export function presentActivity(session: Pick<SessionRow, "id">, a: ActivityRow, row: QuestionRow): PracticeActivity {
  const question = toQuestion(row);
  const state = activityState(a);
  let result: QuestionResult | null = null;
  if (a.finishedAt && a.answer) {
    const scored = scoreAnswer(question, a.answer.answer);
    const score = scored.status === "scored" ? scored : null;
    result = {
      question: presentStudentQuestion(question, a.questionId, session.id),
      solution: question.data,
      answer: a.answer,
      outcome: "scored",
      score: score?.score ?? 0,
      maxScore: question.points,
      correct: a.correct,
      parts: score?.parts ?? [],
      feedback: (a.correct ? question.feedback?.correct : question.feedback?.incorrect) ?? null,
      kcs: question.kcs,
    } as QuestionResult;
  }
  return {
    exerciseId: a.questionId,
    activityInstanceId: a.id,
    position: a.position,
    kc: a.kc,
    state,
    tries: a.tries,
    question: presentStudentQuestion(question, a.questionId, session.id),
    answer: a.answer ?? null,
    hint: state === "retry" ? (question.feedback?.incorrect ?? null) : null,
    result,
  } as PracticeActivity;
}

type SessionHead = Omit<PracticeSession, "activities">;

const courseRef = { guid: courses.id, name: courses.name, color: courses.color };

async function sessionHead(db: Db, s: SessionRow): Promise<SessionHead> {
  const [[course], names] = await Promise.all([db.select(courseRef).from(courses).where(eq(courses.id, s.courseId)), kcNamesOf(db, s.courseId, s.kcs)]);
  if (!course) throw notFound("Class");
  return presentHead(s, course, names);
}

function presentHead(s: SessionRow, course: SessionHead["course"], names: ReadonlyMap<string, KcNames>): SessionHead {
  return {
    guid: s.id,
    state: s.status as PracticeSession["state"],
    challenge: s.challenge as ChallengeType,
    course,
    kcs: s.kcs.map((code) => ({ code, names: names.get(code) ?? {} })),
    assignmentGuid: s.assignmentId,
    createdAt: s.createdAt.toISOString(),
    startedAt: iso(s.startedAt),
    completedAt: iso(s.completedAt),
  };
}

export async function loadSession(db: Db, caller: Caller, sessionId: string): Promise<PracticeSession> {
  const session = await ownSession(db, caller, sessionId);
  const activities = await db.select().from(practiceActivities).where(eq(practiceActivities.sessionId, session.id)).orderBy(asc(practiceActivities.position));
  const [head, rows] = await Promise.all([sessionHead(db, session), sessionQuestions(db, activities)]);
  return {
    ...head,
    activities: activities.flatMap((a) => {
      const row = rows.get(a.questionId);
      return row ? [presentActivity(session, a, row)] : [];
    }),
  };
}

/** The student's recent sessions, newest first: two queries however many there are. */
export async function listSessions(db: Db, caller: Caller, limit = 20): Promise<PracticeSessionItem[]> {
  const rows = await db
    .select({
      session: practiceSessions,
      course: courseRef,
      activities: sql<number>`count(${practiceActivities.id})::int`,
      right: sql<number>`count(*) filter (where ${practiceActivities.correct})::int`,
    })
    .from(practiceSessions)
    .innerJoin(courses, and(eq(courses.id, practiceSessions.courseId), eq(courses.archived, false)))
    .leftJoin(practiceActivities, eq(practiceActivities.sessionId, practiceSessions.id))
    .where(and(eq(practiceSessions.tenantId, caller.tenantId), eq(practiceSessions.userId, caller.userId)))
    .groupBy(practiceSessions.id, courses.id)
    .orderBy(desc(practiceSessions.createdAt))
    .limit(limit);
  const names = await kcNamesByClass(db, rows.map((r) => r.session));
  return rows.map((r) => ({ ...presentHead(r.session, r.course, names.get(r.session.courseId) ?? new Map()), activities: r.activities, right: r.right }));
}

/** kcNamesOf for several sessions at once: per class, the names of the KCs its sessions practise. */
async function kcNamesByClass(db: Db, sessions: readonly SessionRow[]): Promise<Map<string, Map<string, KcNames>>> {
  const courseIds = [...new Set(sessions.map((s) => s.courseId))];
  const codes = [...new Set(sessions.flatMap((s) => s.kcs))];
  const byClass = new Map<string, Map<string, KcNames>>();
  if (courseIds.length === 0 || codes.length === 0) return byClass;
  const rows = await db
    .select({ courseId: coursePublications.courseId, code: knowledgeComponents.code, names: knowledgeComponents.names })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, knowledgeComponents.publicationId), inArray(coursePublications.courseId, courseIds)))
    .where(and(eq(knowledgeComponents.tenantId, (sessions[0] as SessionRow).tenantId), inArray(knowledgeComponents.code, codes)));
  for (const r of rows) {
    const names = byClass.get(r.courseId) ?? new Map<string, KcNames>();
    names.set(r.code, r.names);
    byClass.set(r.courseId, names);
  }
  return byClass;
}

/**
 * One try at an activity. The client numbers its tries: a try already counted (a retried request)
 * returns the activity as it stands and changes nothing. Right, or wrong at the last try, ends the
 * activity; the learner model and the record store hear of it then, once.
 */
export async function answerActivity(ctx: PracticeCtx, caller: Caller, sessionId: string, activityId: string, body: PracticeAnswer, now: Date): Promise<PracticeActivity> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(practiceSessions)
      .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.tenantId, caller.tenantId), eq(practiceSessions.userId, caller.userId)))
      .for("update");
    if (!session) throw notFound("Practice session");
    const [activity] = await tx
      .select()
      .from(practiceActivities)
      .where(and(eq(practiceActivities.id, activityId), eq(practiceActivities.sessionId, session.id)))
      .for("update");
    if (!activity) throw notFound("Activity");
    const [row] = await tx.select().from(questions).where(eq(questions.contentId, activity.questionId));
    if (!row) throw notFound("Question");
    if (body.try <= activity.tries) return { session, activity, row, finished: false };
    if (session.status === "completed") throw conflict(PRACTICE_ERRORS.sessionCompleted, "This practice session is completed: its activities take no more answers");
    if (activity.finishedAt) throw conflict(PRACTICE_ERRORS.activityFinished, "This activity is over");
    if (body.answer.type !== row.type) throw validation([{ field: "answer.type", message: "unknown_type" }]);
    let scored;
    try {
      scored = scoreAnswer(toQuestion(row), body.answer.answer);
    } catch (error) {
      if (error instanceof AnswerInvalidError) throw validation(error.issues);
      throw error;
    }
    if (scored.status !== "scored") throw validation([{ field: "answer.type", message: "unknown_type" }]);
    const tries = activity.tries + 1;
    const fraction = scored.maxScore > 0 ? scored.score / scored.maxScore : 0;
    const finished = scored.correct || tries >= PRACTICE_MAX_TRIES;
    const [updated] = await tx
      .update(practiceActivities)
      .set({ tries, answer: body.answer, fraction, correct: finished ? scored.correct : null, finishedAt: finished ? now : null })
      .where(eq(practiceActivities.id, activity.id))
      .returning();
    if (session.status === "not_started") {
      await tx.update(practiceSessions).set({ status: "in_progress", startedAt: now }).where(eq(practiceSessions.id, session.id));
    }
    return { session, activity: updated as ActivityRow, row, finished };
  });
  if (outcome.finished) {
    const { session, activity, row } = outcome;
    ctx.events.emit("practice.answered", { tenantId: session.tenantId, courseId: session.courseId, sessionId: session.id, activityId: activity.id, userId: session.userId });
    await recordAnswered(ctx, session, activity, row, now);
  }
  return presentActivity(outcome.session, outcome.activity, outcome.row);
}

/** Completes the session once every activity is over, and returns its summary. */
export async function completeSession(ctx: PracticeCtx, caller: Caller, sessionId: string, now: Date): Promise<PracticeSummary> {
  const done = await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(practiceSessions)
      .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.tenantId, caller.tenantId), eq(practiceSessions.userId, caller.userId)))
      .for("update");
    if (!session) throw notFound("Practice session");
    if (session.status === "completed") return null;
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(practiceActivities)
      .where(and(eq(practiceActivities.sessionId, session.id), sql`${practiceActivities.finishedAt} is null`));
    if ((open?.n ?? 0) > 0) throw conflict(PRACTICE_ERRORS.sessionIncomplete, "Some activities are still to answer");
    const [updated] = await tx
      .update(practiceSessions)
      .set({ status: "completed", completedAt: now, startedAt: session.startedAt ?? now })
      .where(eq(practiceSessions.id, session.id))
      .returning();
    return updated as SessionRow;
  });
  if (done) {
    ctx.events.emit("practice.completed", { tenantId: done.tenantId, courseId: done.courseId, sessionId: done.id, userId: done.userId, assignmentId: done.assignmentId });
    await recordCompleted(ctx, done, now);
  }
  return sessionSummary(ctx.db, caller, sessionId);
}

/**
 * What the session did: activities right (and right at the first try), and per KC the mastery
 * before its first answer and after its last, from the learner model's evidence. `complete` is
 * false while the model has not applied every finished activity yet (it listens to events).
 */
export async function sessionSummary(db: Db, caller: Caller, sessionId: string): Promise<PracticeSummary> {
  const session = await ownSession(db, caller, sessionId);
  const [activities, evidence, head] = await Promise.all([
    db.select().from(practiceActivities).where(eq(practiceActivities.sessionId, session.id)),
    db
      .select({ id: kcEvidence.id, kc: kcEvidence.kc, questionId: kcEvidence.questionId, correct: kcEvidence.correct, before: kcEvidence.knownBefore, after: kcEvidence.knownAfter })
      .from(kcEvidence)
      .where(and(eq(kcEvidence.userId, session.userId), eq(kcEvidence.source, "practice"), eq(kcEvidence.sourceId, session.id)))
      .orderBy(asc(kcEvidence.id)),
    sessionHead(db, session),
  ]);
  const kcs = [...new Set([...session.kcs, ...evidence.map((e) => e.kc)])];
  const earlier = kcs.length
    ? await db
        .select({ kc: kcEvidence.kc, n: sql<number>`count(*)::int` })
        .from(kcEvidence)
        .where(and(eq(kcEvidence.userId, session.userId), inArray(kcEvidence.kc, kcs), sql`${kcEvidence.id} < ${evidence[0]?.id ?? Number.MAX_SAFE_INTEGER}`))
        .groupBy(kcEvidence.kc)
    : [];
  const answersBefore = new Map(earlier.map((r) => [r.kc, r.n]));
  const names = new Map(head.kcs.map((k) => [k.code, k.names]));
  const missing = kcs.filter((k) => !names.has(k));
  if (missing.length > 0) for (const [code, n] of await kcNamesOf(db, session.courseId, missing)) names.set(code, n);
  const finished = activities.filter((a) => a.finishedAt);
  const evidenced = new Set(evidence.map((e) => e.questionId));
  return {
    session: head,
    activities: activities.length,
    right: finished.filter((a) => a.correct).length,
    rightFirstTry: finished.filter((a) => a.correct && a.tries === 1).length,
    kcs: kcs.flatMap((code) => {
      const rows = evidence.filter((e) => e.kc === code);
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (!first || !last) return [];
      const before = answersBefore.get(code) ?? 0;
      return [
        {
          code,
          names: names.get(code) ?? {},
          answers: rows.length,
          right: rows.filter((r) => r.correct).length,
          before: { known: first.before, state: masteryState(first.before, before) },
          after: { known: last.after, state: masteryState(last.after, before + rows.length) },
        },
      ];
    }),
    complete: finished.every((a) => evidenced.has(a.questionId)),
  };
}
