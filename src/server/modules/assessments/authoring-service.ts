import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import {
  AssessmentSettingsSchema, type AssessmentCreate, type AssessmentDetail, type AssessmentSettings, type AssessmentUpdate,
} from "../../../contracts/assessments";
import type { Db } from "../../db/client";
import { assessmentQuestions, assessments, contents, questions } from "../../db/schema";
import { forbidden, notFound, validation } from "../../platform/errors";
import type { Caller } from "../courses/access";
import { canAuthor, canUseContent, READ, type ContentRecord } from "../contents/access";
import { isPermutation } from "../program/policy";
import { canEditQuestion, insertQuestion, presentFullQuestion, type QuestionInput, type QuestionRow } from "./questions-service";

/*
 * Authoring assessments (cms/assessments): a CTTY_18 content with settings and an ordered list of
 * questions. Authors (teachers, co-teachers, editorial staff, school admins) see the publisher's
 * assessments and their own; they change only their own (editorial staff: every one).
 */

export type AssessmentRecord = { content: ContentRecord; settings: AssessmentSettings };

export const canEditAssessment = canEditQuestion;
/** Scores keep two decimals. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The points of a list of questions, together. */
export const maxScoreOf = (questions: readonly { row: { points: number } }[]) => round2(questions.reduce((sum, q) => sum + q.row.points, 0));

/** What every attempt and results view says about the assessment itself. */
export const assessmentHead = (record: AssessmentRecord, questionCount: number, maxScore: number) => ({
  guid: record.content.id,
  title: record.content.title,
  description: record.content.description,
  settings: record.settings,
  questionCount,
  maxScore,
});

/** The assessment of the caller's edition, not deleted (404 otherwise). */
export async function loadTenantAssessment(db: Db, tenantId: string, id: string): Promise<AssessmentRecord> {
  const [row] = await db
    .select({ content: contents, settings: assessments.settings })
    .from(assessments)
    .innerJoin(contents, eq(contents.id, assessments.contentId))
    .where(and(eq(assessments.contentId, id), eq(assessments.tenantId, tenantId), isNull(contents.deletedAt)))
    .limit(1);
  if (!row) throw notFound("Assessment");
  // Settings written by an older version get today's defaults for what they lack.
  return { content: row.content, settings: AssessmentSettingsSchema.parse(row.settings) };
}

/**
 * An assessment the caller authors with: one they may use (contents/access: their own, the
 * publisher's unless it belongs to a licensed publication they reach neither by licence nor by
 * class; every one for editorial staff), 404 otherwise; `edit` also requires it to be theirs.
 */
export async function loadAuthorAssessment(db: Db, caller: Caller, id: string, edit: boolean): Promise<AssessmentRecord> {
  if (!canAuthor(caller.role)) throw forbidden();
  const record = await loadTenantAssessment(db, caller.tenantId, id);
  if (!(await canUseContent(db, caller, record.content, READ))) throw notFound("Assessment");
  if (edit && !canEditAssessment(record.content, caller)) throw forbidden();
  return record;
}

/** The assessment's current questions, in order, with their contents. */
export async function listAssessmentQuestions(db: Db, assessmentId: string): Promise<{ content: ContentRecord; row: QuestionRow }[]> {
  return db
    .select({ content: contents, row: questions })
    .from(assessmentQuestions)
    .innerJoin(questions, eq(questions.contentId, assessmentQuestions.questionId))
    .innerJoin(contents, eq(contents.id, questions.contentId))
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(assessmentQuestions.position));
}

export async function presentAssessmentDetail(db: Db, caller: Caller, record: AssessmentRecord): Promise<AssessmentDetail> {
  const items = await listAssessmentQuestions(db, record.content.id);
  return {
    guid: record.content.id,
    title: record.content.title,
    description: record.content.description,
    settings: record.settings,
    maxScore: maxScoreOf(items),
    questions: items.map((q) => presentFullQuestion(q.row, q.content, caller)),
    editable: canEditAssessment(record.content, caller),
  };
}

export async function createAssessment(db: Db, caller: Caller, input: AssessmentCreate & { settings: AssessmentSettings; description: string }): Promise<AssessmentRecord> {
  if (!canAuthor(caller.role)) throw forbidden();
  return db.transaction(async (tx) => {
    const [content] = await tx
      .insert(contents)
      .values({ tenantId: caller.tenantId, type: "CTTY_18", title: input.title, description: input.description, createdBy: caller.userId })
      .returning();
    if (!content) throw new Error("content insert returned nothing");
    await tx.insert(assessments).values({ contentId: content.id, tenantId: caller.tenantId, settings: input.settings });
    return { content, settings: input.settings };
  });
}

export async function updateAssessment(db: Db, record: AssessmentRecord, patch: AssessmentUpdate): Promise<AssessmentRecord> {
  const id = record.content.id;
  return db.transaction(async (tx) => {
    if (patch.questionGuids !== undefined) {
      const current = await tx.select({ id: assessmentQuestions.questionId }).from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, id));
      if (!isPermutation(current.map((c) => c.id), patch.questionGuids)) {
        throw validation([{ field: "questionGuids", message: "not_every_item" }]);
      }
      for (const [i, questionId] of patch.questionGuids.entries()) {
        await tx
          .update(assessmentQuestions)
          .set({ position: i + 1 })
          .where(and(eq(assessmentQuestions.assessmentId, id), eq(assessmentQuestions.questionId, questionId)));
      }
    }
    const now = new Date();
    const contentPatch = {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
    };
    const [content] = await tx.update(contents).set({ ...contentPatch, updatedAt: now }).where(eq(contents.id, id)).returning();
    if (patch.settings !== undefined) await tx.update(assessments).set({ settings: patch.settings, updatedAt: now }).where(eq(assessments.contentId, id));
    return { content: content ?? record.content, settings: patch.settings ?? record.settings };
  });
}

/** A new question of the caller's, placed last in the assessment. */
export async function addQuestion(db: Db, caller: Caller, record: AssessmentRecord, input: QuestionInput): Promise<{ content: ContentRecord; row: QuestionRow }> {
  return db.transaction(async (tx) => {
    const created = await insertQuestion(tx, caller, input);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${assessmentQuestions.position}), 0)` })
      .from(assessmentQuestions)
      .where(eq(assessmentQuestions.assessmentId, record.content.id));
    await tx.insert(assessmentQuestions).values({ assessmentId: record.content.id, questionId: created.content.id, position: Number(last?.max ?? 0) + 1 });
    await tx.update(contents).set({ updatedAt: new Date() }).where(eq(contents.id, record.content.id));
    return created;
  });
}

/**
 * Takes a question out of the assessment. The question itself is soft-deleted when no other
 * assessment uses it: attempts that showed it keep their answers and results.
 */
export async function removeQuestion(db: Db, record: AssessmentRecord, questionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(assessmentQuestions)
      .where(and(eq(assessmentQuestions.assessmentId, record.content.id), eq(assessmentQuestions.questionId, questionId)))
      .returning({ id: assessmentQuestions.questionId });
    if (removed.length === 0) throw notFound("Question");
    const [other] = await tx
      .select({ id: assessmentQuestions.assessmentId })
      .from(assessmentQuestions)
      .where(and(eq(assessmentQuestions.questionId, questionId), ne(assessmentQuestions.assessmentId, record.content.id)))
      .limit(1);
    if (!other) await tx.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, questionId));
    // Keep positions dense: 1..n in the remaining order.
    const rest = await tx
      .select({ id: assessmentQuestions.questionId })
      .from(assessmentQuestions)
      .where(eq(assessmentQuestions.assessmentId, record.content.id))
      .orderBy(asc(assessmentQuestions.position));
    for (const [i, q] of rest.entries()) {
      await tx.update(assessmentQuestions).set({ position: i + 1 }).where(and(eq(assessmentQuestions.assessmentId, record.content.id), eq(assessmentQuestions.questionId, q.id)));
    }
  });
}
