import { and, count, desc, eq } from "drizzle-orm";
import type { EducationLevelSeedCode } from "../../../contracts/education-levels";
import type {
  DestinationLanguage,
  SpecialNeed,
  TeacherTool,
  ToolHistoryPage,
  ToolInstance,
  ToolRequestBase,
  ToolResult,
} from "../../../contracts/teacher-tools-base";
import type { Db } from "../../db/client";
import { courses, lessons, publications, teacherToolInstances, units } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";

/*
 * Tool instances (spec §3 "Teacher AI tool instance"; issue 16, ADR 0039): what each run made,
 * kept for its teacher's history. Only their owner reads or deletes them: every query here is
 * scoped to the caller's edition and user, so another teacher's id is a 404.
 */

type Owner = Pick<AccessClaims, "tenantId" | "userId">;
type InstanceRow = typeof teacherToolInstances.$inferSelect;

/** The history's title: the lesson's, or the text's first words. */
export function instanceTitle(text: string, lessonTitle: string | null): string {
  if (lessonTitle) return lessonTitle;
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  const head = words.slice(0, 8).join(" ");
  const short = head.length > 80 ? `${head.slice(0, 79)}…` : head;
  return words.length > 8 && !short.endsWith("…") ? `${short}…` : short;
}

export type NewInstance = {
  tool: TeacherTool;
  request: ToolRequestBase & { destinationLanguage?: DestinationLanguage; numberOfWordsToExtract?: number; numberOfQuestions?: number; learningObjectives?: string };
  lesson: { courseId: string; lessonId: string; title: string } | null;
  /** The history's title when neither the lesson's nor the text's fits (the student feedback's). */
  title?: string;
  provider: "local" | "openai";
  model: string | null;
  result: ToolResult;
};

export async function saveInstance(db: Db, owner: Owner, made: NewInstance, now: Date): Promise<string> {
  const { request } = made;
  const [row] = await db
    .insert(teacherToolInstances)
    .values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      tool: made.tool,
      title: made.title ?? instanceTitle(request.textToAdapt, made.lesson?.title ?? null),
      educationLevel: request.educationLevel,
      educationYear: request.educationYear,
      specialNeeds: request.specialNeeds ?? [],
      additionalNotes: request.additionalNotes || null,
      learningObjectives: request.learningObjectives || null,
      text: request.textToAdapt,
      destinationLanguage: request.destinationLanguage ?? null,
      vocabularyWordCount: request.numberOfWordsToExtract ?? null,
      courseId: made.lesson?.courseId ?? null,
      lessonId: made.lesson?.lessonId ?? null,
      provider: made.provider,
      model: made.model,
      result: made.result,
      createdAt: now,
    })
    .returning({ id: teacherToolInstances.id });
  return (row as { id: string }).id;
}

/** The caller's instances, newest first (spec §7: limit 20, offset 0 by default). */
export async function listHistory(db: Db, owner: Owner, limit: number, offset: number): Promise<ToolHistoryPage> {
  const mine = and(eq(teacherToolInstances.tenantId, owner.tenantId), eq(teacherToolInstances.userId, owner.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: teacherToolInstances.id, tool: teacherToolInstances.tool, title: teacherToolInstances.title, createdAt: teacherToolInstances.createdAt })
      .from(teacherToolInstances)
      .where(mine)
      .orderBy(desc(teacherToolInstances.createdAt), desc(teacherToolInstances.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(teacherToolInstances).where(mine),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, tool: r.tool as TeacherTool, title: r.title, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    limit,
    offset,
  };
}

/** One of the caller's instances with the lesson it came from (null when the text was typed, or the class or lesson is gone). */
export async function loadInstance(db: Db, owner: Owner, id: string): Promise<ToolInstance> {
  const [row] = await db
    .select({
      instance: teacherToolInstances,
      courseName: courses.name,
      lessonTitle: lessons.title,
      unitTitle: units.title,
      subject: publications.title,
    })
    .from(teacherToolInstances)
    .leftJoin(courses, and(eq(courses.id, teacherToolInstances.courseId), eq(courses.tenantId, owner.tenantId)))
    .leftJoin(lessons, eq(lessons.id, teacherToolInstances.lessonId))
    .leftJoin(units, eq(units.id, lessons.unitId))
    .leftJoin(publications, eq(publications.id, units.publicationId))
    .where(and(eq(teacherToolInstances.id, id), eq(teacherToolInstances.tenantId, owner.tenantId), eq(teacherToolInstances.userId, owner.userId)))
    .limit(1);
  if (!row) throw notFound("Tool instance");
  const i: InstanceRow = row.instance;
  const context =
    i.courseId && i.lessonId && row.courseName !== null && row.lessonTitle !== null
      ? { courseGuid: i.courseId, courseName: row.courseName, lessonGuid: i.lessonId, lessonTitle: row.lessonTitle, unitTitle: row.unitTitle ?? "", subject: row.subject ?? "" }
      : null;
  return {
    id: i.id,
    tool: i.tool as TeacherTool,
    title: i.title,
    createdAt: i.createdAt.toISOString(),
    educationLevel: i.educationLevel as EducationLevelSeedCode,
    educationYear: i.educationYear,
    specialNeeds: i.specialNeeds as SpecialNeed[],
    additionalNotes: i.additionalNotes,
    learningObjectives: i.learningObjectives,
    text: i.text,
    destinationLanguage: i.destinationLanguage as DestinationLanguage | null,
    vocabularyWordCount: i.vocabularyWordCount,
    context,
    provider: i.provider as "local" | "openai",
    model: i.model,
    result: i.result,
  };
}

/** Deletes one of the caller's instances; 404 when it is not theirs. */
export async function deleteInstance(db: Db, owner: Owner, id: string): Promise<void> {
  const deleted = await db
    .delete(teacherToolInstances)
    .where(and(eq(teacherToolInstances.id, id), eq(teacherToolInstances.tenantId, owner.tenantId), eq(teacherToolInstances.userId, owner.userId)))
    .returning({ id: teacherToolInstances.id });
  if (deleted.length === 0) throw notFound("Tool instance");
}
