import crypto from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AnswerSave, AnswerSaved, AttemptSummary, AttemptView } from "../../../contracts/assessments";
import { GRADING, type Answer, type Question, type QuestionType } from "../../../contracts/questions";
import { seededShuffle } from "../../../contracts/student-questions";
import type { Db } from "../../db/client";
import { assessmentAttempts, attemptAnswers, attemptFiles, lessonItems, users } from "../../db/schema";
import { conflict, forbidden, notFound, validation } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { FileSigner } from "../../platform/storage";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import { contentNotAvailable } from "../contents/access";
import { ensureLessonsHolding } from "../lessons/service";
import { isLessonVisibleToStudents } from "../program/service";
import { AnswerInvalidError, scoreAnswer } from "../questions/scoring";
import { assessmentHead, listAssessmentQuestions, loadTenantAssessment, maxScoreOf, round2, type AssessmentRecord } from "./authoring-service";
import { loadClosedAt } from "./closures";
import { loadQuestionRows, presentStudentQuestion, toQuestion, type QuestionRow } from "./questions-service";
import { answeredStatement, completedStatement, storeAttemptStatements, type AttemptFrame } from "./statements";

/*
 * Attempts (issue 6): a student starts or resumes one, every answer is autosaved (ordered by the
 * client's per-question `seq`, a retried request recognised by its idempotency key), and on submit
 * the server scores every closed answer. Nothing the client says about correctness is used.
 */

export type AttemptRow = typeof assessmentAttempts.$inferSelect;
export type LessonItemRow = typeof lessonItems.$inferSelect;
/** Where a class has the assessment, and whether its teacher closed it there. */
export type Placement = { access: CourseAccess; item: LessonItemRow; record: AssessmentRecord; closedAt: Date | null };
export type AttemptCtx = { db: Db; files: FileSigner; publicUrl: string };
/** Writes others hear about (submitting, grading) also need the event bus. */
export type AttemptWriteCtx = AttemptCtx & { events: EventBus };

export const attemptsExhausted = () => conflict("ATTEMPTS_EXHAUSTED", "No attempts left");
export const assessmentClosed = () => conflict("ASSESSMENT_CLOSED", "The assessment is closed");
export const attemptSubmitted = () => conflict("ATTEMPT_SUBMITTED", "The attempt has been handed in");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The class's lesson item of the assessment the caller reaches: students only a published one in a lesson they can see. */
async function reachableItem(db: Db, access: CourseAccess, assessmentId: string): Promise<LessonItemRow | null> {
  const items = await db
    .select()
    .from(lessonItems)
    .where(and(eq(lessonItems.courseId, access.course.id), eq(lessonItems.contentId, assessmentId)))
    .orderBy(asc(lessonItems.createdAt));
  for (const item of items) {
    if (!access.isStudent) return item;
    if (item.status === "published" && (await isLessonVisibleToStudents(db, access.course.id, item.lessonId))) return item;
  }
  return null;
}

/**
 * Where the class has the assessment: its lesson item. Students only reach a published item in a
 * lesson they can see; anything else is a 404, as if it did not exist. A class gets its lesson
 * items when the lesson is first opened; someone coming straight to the assessment (a task, a deep
 * link) may be first, so the lessons of the class's publications that hold it get theirs now
 * (race-safe, once; `onCopied` hears of each lesson copied).
 */
export async function loadPlacement(
  db: Db,
  caller: Caller,
  assessmentId: string,
  courseId: string,
  onCopied: (lessonId: string) => void = () => undefined,
): Promise<Placement> {
  const access = await loadCourseAccess(db, caller, courseId);
  const record = await loadTenantAssessment(db, caller.tenantId, assessmentId);
  let item = await reachableItem(db, access, assessmentId);
  if (!item) {
    (await ensureLessonsHolding(db, access.course, assessmentId)).forEach(onCopied);
    // Read again even when another request made the copy a moment ago.
    item = await reachableItem(db, access, assessmentId);
  }
  if (!item) throw notFound("Assessment");
  return { access, item, record, closedAt: await loadClosedAt(db, assessmentId, access.course.id) };
}

const attemptWhere = (p: { assessmentId: string; courseId: string; userId: string }) =>
  and(eq(assessmentAttempts.assessmentId, p.assessmentId), eq(assessmentAttempts.courseId, p.courseId), eq(assessmentAttempts.userId, p.userId));

export async function listOwnAttempts(db: Db, p: { assessmentId: string; courseId: string; userId: string }): Promise<AttemptRow[]> {
  return db.select().from(assessmentAttempts).where(attemptWhere(p)).orderBy(asc(assessmentAttempts.number));
}

export const presentAttemptSummary = (a: AttemptRow): AttemptSummary => ({
  guid: a.id,
  number: a.number,
  status: a.status as AttemptSummary["status"],
  startedAt: a.startedAt.toISOString(),
  submittedAt: iso(a.submittedAt),
  score: a.score,
  maxScore: a.maxScore,
  pendingGrading: a.pendingGrading,
});

/**
 * Whether a new attempt may start now, and how many are left (null: unlimited). Closed: past the
 * due date, or closed by the class's teacher (`closedAt`).
 */
export function startRule(
  settings: AssessmentRecord["settings"],
  used: number,
  now: Date,
  closedAt: Date | null,
): { canStart: boolean; attemptsLeft: number | null; reason: "exhausted" | "closed" | null } {
  const attemptsLeft = settings.maxAttempts === null ? null : Math.max(0, settings.maxAttempts - used);
  if (closedAt !== null) return { canStart: false, attemptsLeft, reason: "closed" };
  if (settings.dueAt !== null && now.getTime() > new Date(settings.dueAt).getTime()) return { canStart: false, attemptsLeft, reason: "closed" };
  if (attemptsLeft === 0) return { canStart: false, attemptsLeft, reason: "exhausted" };
  return { canStart: true, attemptsLeft, reason: null };
}

/** Resumes the student's attempt in progress, or starts the next one. */
export async function startAttempt(db: Db, caller: Caller, placement: Placement, now = new Date()): Promise<AttemptRow> {
  if (!placement.access.isStudent) throw forbidden("Only students take assessments");
  const key = { assessmentId: placement.record.content.id, courseId: placement.access.course.id, userId: caller.userId };
  for (let round = 0; round < 3; round++) {
    const attempts = await listOwnAttempts(db, key);
    const open = attempts.find((a) => a.status === "in_progress");
    if (open) return open;
    const rule = startRule(placement.record.settings, attempts.length, now, placement.closedAt);
    if (rule.reason === "closed") throw assessmentClosed();
    if (rule.reason === "exhausted") throw attemptsExhausted();
    const questions = await listAssessmentQuestions(db, key.assessmentId);
    if (questions.length === 0) throw contentNotAvailable();
    const id = crypto.randomUUID();
    const ids = questions.map((q) => q.row.contentId);
    const [created] = await db
      .insert(assessmentAttempts)
      .values({
        id,
        tenantId: caller.tenantId,
        ...key,
        lessonItemId: placement.item.id,
        number: attempts.length + 1,
        questionOrder: placement.record.settings.shuffleQuestions ? seededShuffle(ids, id) : ids,
        maxScore: maxScoreOf(questions),
      })
      // Two starts at once: one insert wins (one attempt in progress; numbers unique); the other reads it.
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw conflict("VALIDATION_ERROR", "Could not start the attempt");
}

/** The caller's own attempt (404 for anyone else's). */
export async function loadOwnAttempt(db: Db, caller: Caller, attemptId: string): Promise<AttemptRow> {
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.tenantId, caller.tenantId), eq(assessmentAttempts.userId, caller.userId)))
    .limit(1);
  if (!row) throw notFound("Attempt");
  return row;
}

/** The attempt's questions, in its own order, parsed for scoring. */
export async function attemptQuestions(db: Db, attempt: AttemptRow): Promise<{ id: string; row: QuestionRow; question: Question }[]> {
  const rows = await loadQuestionRows(db, attempt.tenantId, attempt.questionOrder);
  return attempt.questionOrder.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ id, row, question: toQuestion(row) }] : [];
  });
}

export type AnswerRow = typeof attemptAnswers.$inferSelect;
export async function loadAnswers(db: Db, attemptId: string): Promise<Map<string, AnswerRow>> {
  const rows = await db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r]));
}

/** Signed addresses of the attempt's files, by key. */
export async function attemptFileUrls(ctx: AttemptCtx, attemptId: string): Promise<Record<string, string>> {
  const rows = await ctx.db.select({ key: attemptFiles.key }).from(attemptFiles).where(eq(attemptFiles.attemptId, attemptId));
  const grant = ctx.files.grant(attemptGrantId(attemptId));
  return Object.fromEntries(rows.map((r) => [r.key, `/attempt-files/${grant}/${encodeURIComponent(r.key)}`]));
}
export const attemptGrantId = (attemptId: string) => `att-${attemptId}`;

export async function lessonOfItem(db: Db, itemId: string): Promise<string> {
  const [row] = await db.select({ lessonId: lessonItems.lessonId }).from(lessonItems).where(eq(lessonItems.id, itemId)).limit(1);
  if (!row) throw notFound("Assessment");
  return row.lessonId;
}

export async function presentAttemptView(ctx: AttemptCtx, attempt: AttemptRow, record: AssessmentRecord): Promise<AttemptView> {
  const [questions, answers, fileUrls, lessonId, [used], closedAt] = await Promise.all([
    attemptQuestions(ctx.db, attempt),
    loadAnswers(ctx.db, attempt.id),
    attemptFileUrls(ctx, attempt.id),
    lessonOfItem(ctx.db, attempt.lessonItemId),
    ctx.db.select({ n: count() }).from(assessmentAttempts).where(attemptWhere(attempt)),
    loadClosedAt(ctx.db, attempt.assessmentId, attempt.courseId),
  ]);
  const rule = startRule(record.settings, Number(used?.n ?? 0), new Date(), closedAt);
  return {
    ...presentAttemptSummary(attempt),
    assessment: assessmentHead(record, questions.length, attempt.maxScore),
    courseGuid: attempt.courseId,
    lessonGuid: lessonId,
    questions: questions.map((q) => presentStudentQuestion(q.question, q.id, attempt.id)),
    answers: questions.flatMap((q) => {
      const a = answers.get(q.id);
      return a?.value ? [{ questionGuid: q.id, value: a.value, seq: a.seq, savedAt: a.savedAt.toISOString() }] : [];
    }),
    attemptsLeft: rule.attemptsLeft,
    fileUrls,
  };
}

/** The file keys an answer names (upload file, pencil). */
export const fileKeysOf = (value: Answer): string[] =>
  value.type === "QT_19" ? value.answer.files.map((f) => f.key) : value.type === "QT_20" ? [value.answer.file.key] : [];

/**
 * One autosave. Checked like a submitted answer (type, shape, ids of the question, files of this
 * attempt), then stored only if its `seq` is newer than the stored one: a late retry of an older
 * save never overwrites a newer answer, and a replay (same idempotency key) changes nothing.
 */
export async function saveAnswer(db: Db, caller: Caller, attemptId: string, questionId: string, idempotencyKey: string, body: AnswerSave): Promise<AnswerSaved> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.tenantId, caller.tenantId), eq(assessmentAttempts.userId, caller.userId)))
      .for("update")
      .limit(1);
    if (!attempt) throw notFound("Attempt");
    if (attempt.status !== "in_progress") throw attemptSubmitted();
    if (!attempt.questionOrder.includes(questionId)) throw notFound("Question");
    if (body.value !== null) {
      const row = (await loadQuestionRows(tx, caller.tenantId, [questionId])).get(questionId);
      if (!row) throw notFound("Question");
      if (body.value.type !== row.type) throw validation([{ field: "value.type", message: "unknown_type" }]);
      scoreAnswer(toQuestion(row), body.value.answer); // throws AnswerInvalidError for ids the question does not have
      const keys = fileKeysOf(body.value);
      if (keys.length > 0) {
        const owned = await tx.select({ key: attemptFiles.key }).from(attemptFiles).where(eq(attemptFiles.attemptId, attemptId));
        const ownKeys = new Set(owned.map((f) => f.key));
        keys.forEach((k, i) => {
          if (!ownKeys.has(k)) throw validation([{ field: body.value?.type === "QT_20" ? "value.answer.file.key" : `value.answer.files.${i}.key`, message: "unknown_id" }]);
        });
      }
    }
    const [stored] = await tx
      .insert(attemptAnswers)
      .values({ attemptId, questionId, value: body.value, seq: body.seq, idempotencyKey })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: { value: sql`excluded.value`, seq: sql`excluded.seq`, idempotencyKey: sql`excluded.idempotency_key`, savedAt: sql`now()` },
        setWhere: sql`${attemptAnswers.seq} < excluded.seq`,
      })
      .returning({ seq: attemptAnswers.seq, savedAt: attemptAnswers.savedAt });
    if (stored) return { questionGuid: questionId, seq: stored.seq, savedAt: stored.savedAt.toISOString(), applied: true };
    const [current] = await tx
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)))
      .limit(1);
    if (!current) throw new Error("answer row vanished");
    return { questionGuid: questionId, seq: current.seq, savedAt: current.savedAt.toISOString(), applied: false };
  });
}

/** Whose and where an attempt is, for its statements. */
export async function frameOf(ctx: AttemptCtx, attempt: AttemptRow, record: AssessmentRecord): Promise<AttemptFrame> {
  const [user] = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, attempt.userId)).limit(1);
  if (!user) throw notFound("User");
  return {
    publicUrl: ctx.publicUrl,
    tenantId: attempt.tenantId,
    user,
    registration: attempt.registration,
    assessment: { id: record.content.id, title: record.content.title },
    courseId: attempt.courseId,
    lessonId: await lessonOfItem(ctx.db, attempt.lessonItemId),
  };
}

type Outcome = { outcome: "unanswered" | "scored" | "needs_grading"; score: number | null; parts: { id: string; correct: boolean }[]; correct: boolean };

/** The outcome of one stored answer on submit. An answer that no longer fits its (edited) question counts as unanswered. */
function outcomeOf(question: Question, value: Answer | null | undefined): Outcome {
  if (!value || value.type !== question.type) return { outcome: "unanswered", score: 0, parts: [], correct: false };
  try {
    const result = scoreAnswer(question, value.answer);
    if (result.status === "needs_grading") return { outcome: "needs_grading", score: null, parts: [], correct: false };
    return { outcome: "scored", score: result.score, parts: result.parts, correct: result.correct };
  } catch (error) {
    if (error instanceof AnswerInvalidError) return { outcome: "unanswered", score: 0, parts: [], correct: false };
    throw error;
  }
}

/**
 * Hands the attempt in: scores every closed answer, leaves open ones (long text, upload, pencil)
 * for the teacher, and records the statements. Submitting twice returns the first result.
 */
export async function submitAttempt(ctx: AttemptWriteCtx, caller: Caller, attemptId: string): Promise<AttemptRow> {
  const scored: { attempt: AttemptRow; answered: Parameters<typeof answeredStatement>[1][] } | null = await ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.tenantId, caller.tenantId), eq(assessmentAttempts.userId, caller.userId)))
      .for("update")
      .limit(1);
    if (!attempt) throw notFound("Attempt");
    if (attempt.status === "submitted") return null;
    const questions = await attemptQuestions(tx, attempt);
    const answers = await loadAnswers(tx, attempt.id);
    let score = 0;
    let pending = 0;
    const answered: Parameters<typeof answeredStatement>[1][] = [];
    const rows: (typeof attemptAnswers.$inferInsert)[] = [];
    for (const q of questions) {
      const stored = answers.get(q.id);
      const o = outcomeOf(q.question, stored?.value);
      if (o.outcome === "needs_grading") pending++;
      score += o.score ?? 0;
      // A question never answered gets its row here; a saved answer keeps its value and sequence.
      rows.push({ attemptId: attempt.id, questionId: q.id, value: null, seq: 0, idempotencyKey: "", outcome: o.outcome, score: o.score, maxScore: q.question.points, parts: o.parts });
      if (stored?.value && o.outcome !== "unanswered") {
        answered.push({
          question: { id: q.id, type: q.question.type as QuestionType, prompt: q.question.prompt, kcs: q.question.kcs },
          answer: stored.value,
          score: o.outcome === "scored" ? { score: o.score ?? 0, maxScore: q.question.points, correct: o.correct } : null,
        });
      }
    }
    // Every question's outcome in one statement (a row per question was one round trip each).
    if (rows.length > 0) {
      await tx
        .insert(attemptAnswers)
        .values(rows)
        .onConflictDoUpdate({
          target: [attemptAnswers.attemptId, attemptAnswers.questionId],
          set: { outcome: sql`excluded.outcome`, score: sql`excluded.score`, maxScore: sql`excluded.max_score`, parts: sql`excluded.parts` },
        });
    }
    const [updated] = await tx
      .update(assessmentAttempts)
      .set({ status: "submitted", submittedAt: new Date(), score: round2(score), pendingGrading: pending })
      .where(eq(assessmentAttempts.id, attempt.id))
      .returning();
    if (!updated) throw new Error("attempt update returned nothing");
    return { attempt: updated, answered };
  });
  if (!scored) return loadOwnAttempt(ctx.db, caller, attemptId);
  const { attempt, answered } = scored;
  const record = await loadTenantAssessment(ctx.db, attempt.tenantId, attempt.assessmentId);
  const frame = await frameOf(ctx, attempt, record);
  const kcs = [...new Set(answered.flatMap((a) => a.question.kcs))];
  const duration = ((attempt.submittedAt ?? new Date()).getTime() - attempt.startedAt.getTime()) / 1000;
  await storeAttemptStatements(ctx.db, frame, [
    ...answered.map((a) => answeredStatement(frame, a)),
    completedStatement(frame, attempt.pendingGrading === 0 ? { score: attempt.score ?? 0, maxScore: attempt.maxScore } : null, duration, kcs),
  ]);
  ctx.events.emit("assessment.submitted", {
    tenantId: attempt.tenantId,
    courseId: attempt.courseId,
    lessonItemId: attempt.lessonItemId,
    attemptId: attempt.id,
    userId: attempt.userId,
    pendingGrading: attempt.pendingGrading,
  });
  return attempt;
}

/** Only closed or teacher types matter to the teacher's grading list. */
export const isTeacherGraded = (type: string): boolean => GRADING[type as QuestionType] === "teacher";
