import { and, eq, inArray } from "drizzle-orm";
import type { AttemptResult, ClassResults, Grade, IndividualResults, QuestionOutcome, QuestionResult } from "../../../contracts/assessments";
import type { Db } from "../../db/client";
import { assessmentAttempts, attemptAnswers, users } from "../../db/schema";
import { notFound, validation } from "../../platform/errors";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import { listCourseStudents } from "../program/service";
import { assessmentHead, listAssessmentQuestions, loadTenantAssessment, maxScoreOf, round2, type AssessmentRecord } from "./authoring-service";
import {
  attemptFileUrls, attemptQuestions, frameOf, isTeacherGraded, lessonOfItem, listOwnAttempts, loadAnswers, presentAttemptSummary, startRule,
  type AttemptCtx, type AttemptRow, type AttemptWriteCtx, type Placement,
} from "./attempts-service";
import { loadClosedAt } from "./closures";
import { presentStudentQuestion } from "./questions-service";
import { assessmentScoredStatement, questionScoredStatement, storeAttemptStatements } from "./statements";

/*
 * Results and grading (issue 6): one attempt as its student or the class's teachers see it, the
 * class's table, one student's attempts, and the teacher's grades for open answers. The grade shown
 * in the gradebook is 0-10 and waits until every open answer is graded.
 */

const round1 = (x: number) => Math.round(x * 10) / 10;

/** 0-10 from an attempt's score; null while answers wait for the teacher (or with nothing to score). */
export const gradeOf = (a: Pick<AttemptRow, "status" | "score" | "maxScore" | "pendingGrading">): number | null =>
  a.status === "submitted" && a.pendingGrading === 0 && a.score !== null && a.maxScore > 0 ? round1((a.score / a.maxScore) * 10) : null;

/** The attempt that counts: the best submitted one (the latest on a tie), else the one in progress. */
export function countedAttempt(attempts: readonly AttemptRow[]): AttemptRow | null {
  const submitted = attempts.filter((a) => a.status === "submitted");
  if (submitted.length === 0) return attempts.find((a) => a.status === "in_progress") ?? null;
  const ratio = (a: AttemptRow) => (a.maxScore > 0 ? (a.score ?? 0) / a.maxScore : 0);
  return submitted.reduce((best, a) => (ratio(a) > ratio(best) || (ratio(a) === ratio(best) && a.number > best.number) ? a : best));
}

/** The student's standing at the assessment in the class: attempts used, one in progress, closed by the teacher. */
export type AttemptStanding = { used: number; inProgress: boolean; closedAt: Date | null };

/**
 * Whether the student may see the answers (solutions, per-part marks, the question's feedback) of
 * this handed-in attempt now; teachers always may (ADR 0018). Never while the student could still
 * use them: only once no attempt is left (all used or past the due date), or the class's teacher
 * closed the assessment, and not while another attempt is in progress, unless the author chose
 * "after_each_attempt". "never" and "after_due" keep their word.
 */
export function solutionsVisible(settings: AssessmentRecord["settings"], attempt: Pick<AttemptRow, "status">, standing: AttemptStanding, now = new Date()): boolean {
  if (attempt.status !== "submitted") return false;
  const { showAnswers, dueAt } = settings;
  if (showAnswers === "never") return false;
  if (showAnswers === "after_each_attempt") return true;
  if (standing.inProgress) return false;
  if (standing.closedAt !== null) return true;
  if (showAnswers === "after_due") return dueAt !== null && now.getTime() >= new Date(dueAt).getTime();
  return !startRule(settings, standing.used, now, null).canStart;
}

/** The standing of the attempt's student at its assessment in its class. */
async function standingOf(db: Db, attempt: AttemptRow): Promise<AttemptStanding> {
  const [attempts, closedAt] = await Promise.all([
    listOwnAttempts(db, { assessmentId: attempt.assessmentId, courseId: attempt.courseId, userId: attempt.userId }),
    loadClosedAt(db, attempt.assessmentId, attempt.courseId),
  ]);
  return { used: attempts.length, inProgress: attempts.some((a) => a.status === "in_progress"), closedAt };
}

/** An attempt the caller may look at: their own submitted one, or any of a class they teach or oversee. */
export async function loadViewableAttempt(db: Db, caller: Caller, attemptId: string): Promise<{ attempt: AttemptRow; access: CourseAccess | null }> {
  const [attempt] = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.tenantId, caller.tenantId)))
    .limit(1);
  if (!attempt) throw notFound("Attempt");
  if (attempt.userId === caller.userId) {
    if (attempt.status !== "submitted") throw notFound("Attempt");
    return { attempt, access: null };
  }
  const access = await loadCourseAccess(db, caller, attempt.courseId);
  if (access.isStudent) throw notFound("Attempt");
  return { attempt, access };
}

export async function presentAttemptResult(ctx: AttemptCtx, attempt: AttemptRow, teacherView: CourseAccess | null): Promise<AttemptResult> {
  const record = await loadTenantAssessment(ctx.db, attempt.tenantId, attempt.assessmentId);
  const [questions, answers, fileUrls, lessonId, [student]] = await Promise.all([
    attemptQuestions(ctx.db, attempt),
    loadAnswers(ctx.db, attempt.id),
    attemptFileUrls(ctx, attempt.id),
    lessonOfItem(ctx.db, attempt.lessonItemId),
    ctx.db.select({ guid: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, attempt.userId)).limit(1),
  ]);
  if (!student) throw notFound("User");
  const shows = teacherView !== null || solutionsVisible(record.settings, attempt, await standingOf(ctx.db, attempt));
  const results = questions.map((q): QuestionResult => {
    const a = answers.get(q.id);
    const outcome = (attempt.status === "submitted" ? (a?.outcome ?? "unanswered") : "unanswered") as QuestionOutcome;
    const score = a?.score ?? (outcome === "unanswered" && attempt.status === "submitted" ? 0 : null);
    const correct = outcome === "scored" || outcome === "graded" ? score !== null && score >= q.question.points : outcome === "unanswered" && attempt.status === "submitted" ? false : null;
    // The question's own feedback may explain the answer: it travels with the solutions.
    const own = q.question.feedback;
    const questionFeedback = shows && correct !== null ? ((correct ? own?.correct : own?.incorrect) ?? null) : null;
    // Without the answers a student still gets their own answer, right or wrong and the score per
    // question; not the solution nor which parts were right (that would spell the solution out).
    return {
      question: presentStudentQuestion(q.question, q.id, attempt.id),
      solution: shows ? q.question.data : null,
      answer: a?.value ?? null,
      outcome,
      score,
      maxScore: q.question.points,
      correct,
      parts: shows ? (a?.parts ?? []) : [],
      feedback: a?.feedback ?? questionFeedback,
      kcs: q.question.kcs,
    } as QuestionResult;
  });
  return {
    ...presentAttemptSummary(attempt),
    assessment: assessmentHead(record, questions.length, attempt.maxScore),
    courseGuid: attempt.courseId,
    lessonGuid: lessonId,
    student,
    showsSolutions: shows,
    canGrade: teacherView?.canEdit === true && attempt.status === "submitted",
    grade: gradeOf(attempt),
    questions: results,
    fileUrls,
  };
}

/**
 * A teacher's grade for an open answer (long text, upload file, pencil): score within the
 * question's points and feedback. The attempt's score and pending count follow; once nothing is
 * left to grade, the assessment's "scored" statement is recorded.
 */
export async function gradeAnswer(ctx: AttemptWriteCtx, caller: Caller, attemptId: string, questionId: string, grade: Required<Grade>): Promise<AttemptRow> {
  const { attempt, access } = await loadViewableAttempt(ctx.db, caller, attemptId);
  if (!access?.canEdit) throw notFound("Attempt");
  if (attempt.status !== "submitted") throw notFound("Attempt");
  const questions = await attemptQuestions(ctx.db, attempt);
  const q = questions.find((x) => x.id === questionId);
  if (!q) throw notFound("Question");
  const answers = await loadAnswers(ctx.db, attempt.id);
  const answer = answers.get(questionId);
  if (!isTeacherGraded(q.question.type) || !answer || (answer.outcome !== "needs_grading" && answer.outcome !== "graded")) {
    throw validation([{ field: "score", message: "not_gradable" }]);
  }
  if (grade.score > q.question.points) throw validation([{ field: "score", message: "max_score", params: { max: q.question.points } }]);
  const updated = await ctx.db.transaction(async (tx) => {
    await tx
      .update(attemptAnswers)
      .set({ outcome: "graded", score: round2(grade.score), feedback: grade.feedback || null, gradedBy: caller.userId, gradedAt: new Date() })
      .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, questionId)));
    const rows = await tx.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id));
    const score = round2(rows.reduce((sum, r) => sum + (r.score ?? 0), 0));
    const pending = rows.filter((r) => r.outcome === "needs_grading").length;
    const [row] = await tx.update(assessmentAttempts).set({ score, pendingGrading: pending }).where(eq(assessmentAttempts.id, attempt.id)).returning();
    if (!row) throw new Error("attempt update returned nothing");
    return row;
  });
  const record = await loadTenantAssessment(ctx.db, attempt.tenantId, attempt.assessmentId);
  const frame = await frameOf(ctx, updated, record);
  const facts = { id: q.id, type: q.question.type, prompt: q.question.prompt, kcs: q.question.kcs };
  const statements = [questionScoredStatement(frame, facts, { score: round2(grade.score), maxScore: q.question.points })];
  if (updated.pendingGrading === 0) {
    statements.push(assessmentScoredStatement(frame, { score: updated.score ?? 0, maxScore: updated.maxScore }, [...new Set(questions.flatMap((x) => x.question.kcs))]));
  }
  await storeAttemptStatements(ctx.db, frame, statements);
  ctx.events.emit("assessment.graded", {
    tenantId: updated.tenantId,
    courseId: updated.courseId,
    lessonItemId: updated.lessonItemId,
    attemptId: updated.id,
    userId: updated.userId,
    actorId: caller.userId,
    pendingGrading: updated.pendingGrading,
    questionId,
    feedback: grade.feedback.trim() !== "",
  });
  return updated;
}

/** Every attempt at the assessment in the class, by student. */
async function attemptsByStudent(db: Db, assessmentId: string, courseId: string): Promise<Map<string, AttemptRow[]>> {
  const rows = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.assessmentId, assessmentId), eq(assessmentAttempts.courseId, courseId)));
  const by = new Map<string, AttemptRow[]>();
  for (const r of rows) by.set(r.userId, [...(by.get(r.userId) ?? []), r]);
  return by;
}

export async function classResults(db: Db, placement: Placement): Promise<ClassResults> {
  const { access, record, item } = placement;
  const [students, byStudent, questions] = await Promise.all([
    listCourseStudents(db, access.course),
    attemptsByStudent(db, record.content.id, access.course.id),
    listAssessmentQuestions(db, record.content.id),
  ]);
  const rows = students.map((s) => {
    const attempts = byStudent.get(s.id) ?? [];
    const counted = countedAttempt(attempts);
    return {
      student: { guid: s.id, firstName: s.firstName, lastName: s.lastName },
      attempts: attempts.length,
      attempt: counted ? presentAttemptSummary(counted) : null,
      grade: counted ? gradeOf(counted) : null,
    };
  });
  const countedIds = rows.flatMap((r) => (r.attempt && r.attempt.status === "submitted" ? [r.attempt.guid] : []));
  const answerRows = countedIds.length > 0 ? await db.select().from(attemptAnswers).where(inArray(attemptAnswers.attemptId, countedIds)) : [];
  const stats = questions.map((q) => {
    const mine = answerRows.filter((a) => a.questionId === q.row.contentId);
    const scored = mine.filter((a) => a.score !== null && a.maxScore !== null && a.maxScore > 0);
    return {
      guid: q.row.contentId,
      type: q.row.type as ClassResults["questions"][number]["type"],
      prompt: q.row.prompt,
      kcs: q.row.kcs,
      answered: mine.filter((a) => a.value !== null).length,
      fullyCorrect: scored.filter((a) => (a.score ?? 0) >= (a.maxScore ?? 0)).length,
      averageFraction: scored.length > 0 ? round2(scored.reduce((s, a) => s + (a.score ?? 0) / (a.maxScore ?? 1), 0) / scored.length) : null,
      pendingGrading: mine.filter((a) => a.outcome === "needs_grading").length,
    };
  });
  return {
    assessment: assessmentHead(record, questions.length, maxScoreOf(questions)),
    course: { guid: access.course.id, name: access.course.name },
    lessonGuid: item.lessonId,
    rows,
    questions: stats,
  };
}

export async function individualResults(ctx: AttemptCtx, placement: Placement, userId: string, attemptId: string | undefined): Promise<IndividualResults> {
  const [student] = await listCourseStudents(ctx.db, placement.access.course, userId);
  if (!student) throw notFound("Student");
  const attempts = (await attemptsByStudent(ctx.db, placement.record.content.id, placement.access.course.id)).get(userId) ?? [];
  attempts.sort((a, b) => a.number - b.number);
  const chosen = attemptId !== undefined ? attempts.find((a) => a.id === attemptId) : countedAttempt(attempts.filter((a) => a.status === "submitted"));
  if (attemptId !== undefined && !chosen) throw notFound("Attempt");
  return {
    student: { guid: student.id, firstName: student.firstName, lastName: student.lastName },
    attempts: attempts.map(presentAttemptSummary),
    result: chosen ? await presentAttemptResult(ctx, chosen, placement.access) : null,
  };
}
