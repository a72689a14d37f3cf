import { and, eq, inArray, isNull } from "drizzle-orm";
import type { QuestionFull, QuestionWrite, StudentQuestion } from "../../../contracts/assessments";
import { parseQuestionData, QuestionSchema, type Question, type QuestionDataFor, type QuestionType } from "../../../contracts/questions";
import { toStudentData } from "../../../contracts/student-questions";
import type { Db } from "../../db/client";
import { contents, questions } from "../../db/schema";
import { validation } from "../../platform/errors";
import type { Caller } from "../courses/access";
import type { ContentRecord } from "../contents/access";

/*
 * Questions as stored (a CTTY_19 content and its `questions` row, question_data as a JSON string)
 * and as each audience gets them: in full for authors, without solutions for students.
 */

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionInput = { type: QuestionType; questionData: string; prompt: string; points: number; kcs: string[]; media: QuestionRow["media"]; feedback: QuestionRow["feedback"] };

/** Authors edit their own questions; editorial staff edit every question of their edition. */
export const canEditQuestion = (content: Pick<ContentRecord, "createdBy">, caller: Caller): boolean =>
  caller.role === "editorial" || (content.createdBy !== null && content.createdBy === caller.userId);

/**
 * An author's question checked as a whole: question_data against its type's schema (issues named
 * `question_data.<path>`), then the common fields through QuestionSchema. 400 VALIDATION_ERROR otherwise.
 */
export function checkQuestionWrite(body: QuestionWrite & { points: number; kcs: string[]; media: QuestionRow["media"]; feedback: QuestionRow["feedback"] }): QuestionInput {
  const parsed = parseQuestionData(body.type, body.question_data);
  if (!parsed.ok) {
    throw validation(parsed.issues.map((i) => ({ field: ["question_data", ...i.path.map(String)].join("."), message: i.message })));
  }
  const whole = QuestionSchema.safeParse({ type: body.type, data: parsed.data, prompt: body.prompt, points: body.points, kcs: body.kcs, media: body.media, feedback: body.feedback });
  if (!whole.success) throw validation(whole.error.issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message })));
  return {
    type: body.type,
    // Stored as the author sent it, once it is known to parse: defaults are applied on every read.
    questionData: JSON.stringify(parsed.data),
    prompt: whole.data.prompt,
    points: whole.data.points,
    kcs: whole.data.kcs,
    media: whole.data.media ?? [],
    feedback: whole.data.feedback ?? {},
  };
}

/** The stored question as the scorer takes it. Stored data was checked on write; a row that no longer parses is a server fault. */
export function toQuestion(row: QuestionRow): Question {
  const parsed = parseQuestionData(row.type as QuestionType, row.questionData);
  if (!parsed.ok) throw new Error(`question ${row.contentId} has invalid question_data`);
  return QuestionSchema.parse({ type: row.type, data: parsed.data, prompt: row.prompt, points: row.points, kcs: row.kcs, media: row.media, feedback: row.feedback });
}

export function presentFullQuestion(row: QuestionRow, content: Pick<ContentRecord, "createdBy">, caller: Caller): QuestionFull {
  return {
    guid: row.contentId,
    type: row.type as QuestionType,
    question_data: row.questionData,
    prompt: row.prompt,
    points: row.points,
    kcs: row.kcs,
    media: row.media,
    feedback: row.feedback,
    editable: canEditQuestion(content, caller),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a student sees: no solutions; shuffled orders fixed by `seed` (the attempt). */
export function presentStudentQuestion(question: Question, guid: string, seed: string): StudentQuestion {
  return {
    guid,
    type: question.type,
    prompt: question.prompt,
    points: question.points,
    media: question.media ?? [],
    data: toStudentData(question.type, question.data as QuestionDataFor<typeof question.type>, `${seed}:${guid}`),
  } as StudentQuestion;
}

const excerpt = (prompt: string) => (prompt.length > 120 ? `${prompt.slice(0, 119)}…` : prompt);

/** A new question owned by the caller (a CTTY_19 content and its row). */
export async function insertQuestion(db: Db, caller: Caller, input: QuestionInput): Promise<{ content: ContentRecord; row: QuestionRow }> {
  const [content] = await db
    .insert(contents)
    .values({ tenantId: caller.tenantId, type: "CTTY_19", title: excerpt(input.prompt), createdBy: caller.userId })
    .returning();
  if (!content) throw new Error("content insert returned nothing");
  const [row] = await db
    .insert(questions)
    .values({ contentId: content.id, tenantId: caller.tenantId, ...input })
    .returning();
  if (!row) throw new Error("question insert returned nothing");
  return { content, row };
}

export async function updateQuestionRow(db: Db, contentId: string, input: QuestionInput): Promise<QuestionRow> {
  const now = new Date();
  await db.update(contents).set({ title: excerpt(input.prompt), updatedAt: now }).where(eq(contents.id, contentId));
  const [row] = await db.update(questions).set({ ...input, updatedAt: now }).where(eq(questions.contentId, contentId)).returning();
  if (!row) throw new Error("question update returned nothing");
  return row;
}

/** The question `contentId` of the caller's edition with its content (null when absent or deleted). */
export async function findTenantQuestion(db: Db, tenantId: string, contentId: string): Promise<{ content: ContentRecord; row: QuestionRow } | null> {
  const [found] = await db
    .select({ content: contents, row: questions })
    .from(questions)
    .innerJoin(contents, eq(contents.id, questions.contentId))
    .where(and(eq(questions.contentId, contentId), eq(questions.tenantId, tenantId), isNull(contents.deletedAt)))
    .limit(1);
  return found ?? null;
}

/** Question rows by id (deleted ones included: an attempt keeps the questions it started with). */
export async function loadQuestionRows(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.tenantId, tenantId), inArray(questions.contentId, [...ids])));
  return new Map(rows.map((r) => [r.contentId, r]));
}
