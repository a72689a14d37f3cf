import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { ProgramView } from "../../../contracts/course-program";
import { FORM_RULES } from "../../../contracts/course-settings";
import {
  DEFAULT_PUBLICATION_STATUS,
  type LessonItemCreate,
  type LessonItemsBatch,
  type LessonItemUpdate,
  type PublicationStatus,
} from "../../../contracts/lessons";
import type { Db } from "../../db/client";
import { consumptions, contents, lessonItems } from "../../db/schema";
import { notFound, validation } from "../../platform/errors";
import type { Caller } from "../courses/access";
import type { ContentRecord } from "../contents/access";
import type { CourseRef } from "../program/service";
import { loadPlaceableContent } from "../contents/access";
import { lockLesson, renumberItems } from "./placement";
import { batchOrder, insertionPosition, nextPublication, type PublicationState } from "./policy";
import { ensureLessonItems } from "./service";

export type LessonItemRecord = typeof lessonItems.$inferSelect;
/** An item with its content and the caller's consumption of it, what the presenter needs. */
export type LessonItemRow = { item: LessonItemRecord; content: ContentRecord; opened: boolean; finishedAt: Date | null };

const rowsQuery = (db: Db, callerId: string) =>
  db
    .select({ item: lessonItems, content: contents, openedAt: consumptions.firstOpenedAt, finishedAt: consumptions.finishedAt })
    .from(lessonItems)
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .leftJoin(
      consumptions,
      and(eq(consumptions.userId, callerId), eq(consumptions.contentId, lessonItems.contentId), eq(consumptions.courseId, lessonItems.courseId)),
    );

const toRow = (r: { item: LessonItemRecord; content: ContentRecord; openedAt: Date | null; finishedAt: Date | null }): LessonItemRow => ({
  item: r.item,
  content: r.content,
  opened: r.openedAt !== null,
  finishedAt: r.finishedAt,
});

/** The class's items of one lesson by position; the student view gets published ones only. */
export async function listLessonItems(db: Db, course: CourseRef, lessonId: string, callerId: string, view: ProgramView): Promise<LessonItemRow[]> {
  const rows = await rowsQuery(db, callerId)
    .where(
      and(
        eq(lessonItems.courseId, course.id),
        eq(lessonItems.lessonId, lessonId),
        view === "student" ? eq(lessonItems.status, "published") : undefined,
      ),
    )
    .orderBy(asc(lessonItems.position), asc(lessonItems.createdAt), asc(lessonItems.id));
  return rows.map(toRow);
}

export async function loadLessonItemRow(db: Db, itemId: string, callerId: string): Promise<LessonItemRow> {
  const [row] = await rowsQuery(db, callerId).where(eq(lessonItems.id, itemId)).limit(1);
  if (!row) throw notFound("Lesson item");
  return toRow(row);
}

/** The item in the caller's edition; 404 otherwise (other editions' ids leak nothing). */
export async function loadTenantItem(db: Db, caller: Caller, itemId: string): Promise<LessonItemRecord> {
  const [row] = await db
    .select()
    .from(lessonItems)
    .where(and(eq(lessonItems.id, itemId), eq(lessonItems.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("Lesson item");
  return row;
}

const publicationOf = (item: LessonItemRecord): PublicationState => ({
  status: item.status as PublicationStatus,
  publishAt: item.publishAt,
  publishedAt: item.publishedAt,
});

/** An empty title means "use the content's title". */
const titleOf = (title: string | null | undefined): string | null => (title ? title : null);

/** Places a content in the class's lesson at `position` (others shift down), default published. */
export async function createLessonItem(
  db: Db,
  caller: Caller,
  course: CourseRef,
  lessonId: string,
  body: LessonItemCreate,
  now = new Date(),
): Promise<LessonItemRecord> {
  const content = await loadPlaceableContent(db, caller, body.contentGuid, course.id);
  const publication = nextPublication(null, { status: body.status ?? DEFAULT_PUBLICATION_STATUS, publishAt: body.publishAt }, now);
  await ensureLessonItems(db, course, lessonId);
  return db.transaction(async (tx) => {
    await lockLesson(tx, course.id, lessonId);
    const inLesson = and(eq(lessonItems.courseId, course.id), eq(lessonItems.lessonId, lessonId));
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(lessonItems).where(inLesson);
    const position = insertionPosition(counted?.n ?? 0, body.position);
    await tx
      .update(lessonItems)
      .set({ position: sql`${lessonItems.position} + 1` })
      .where(and(inLesson, gte(lessonItems.position, position)));
    const [row] = await tx
      .insert(lessonItems)
      .values({
        tenantId: course.tenantId,
        courseId: course.id,
        lessonId,
        contentId: content.id,
        title: titleOf(body.title),
        settings: body.settings ?? {},
        position,
        createdBy: caller.userId,
        ...publication,
      })
      .returning();
    if (!row) throw new Error("lesson item not inserted");
    return row;
  });
}

/** Edits an item's title, settings and publication (Publish, Unpublish, schedule, Save and publish). */
export async function updateLessonItem(db: Db, item: LessonItemRecord, body: LessonItemUpdate, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLesson(tx, item.courseId, item.lessonId);
    const [current] = await tx.select().from(lessonItems).where(eq(lessonItems.id, item.id)).limit(1);
    if (!current) throw notFound("Lesson item");
    const touchesPublication = body.status !== undefined || body.publishAt !== undefined;
    await tx
      .update(lessonItems)
      .set({
        ...(body.title !== undefined ? { title: titleOf(body.title) } : {}),
        ...(body.settings !== undefined ? { settings: body.settings } : {}),
        ...(touchesPublication ? nextPublication(publicationOf(current), { status: body.status, publishAt: body.publishAt }, now) : {}),
        updatedAt: now,
      })
      .where(eq(lessonItems.id, item.id));
  });
}

export async function deleteLessonItem(db: Db, item: LessonItemRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLesson(tx, item.courseId, item.lessonId);
    await tx.delete(lessonItems).where(eq(lessonItems.id, item.id));
    await renumberItems(tx, item.courseId, item.lessonId);
  });
}

/** Field errors for guids of a batch list that are not items of this lesson. */
function strangers(field: string, list: readonly string[] | undefined, known: ReadonlySet<string>) {
  const unknown = (list ?? []).filter((id) => !known.has(id));
  return unknown.length === 0 ? [] : [{ field, message: FORM_RULES.invalidChoice, reason: "not items of this lesson", unknown }];
}

/**
 * Reorders, publishes, unpublishes and deletes several items of one class's lesson in one
 * transaction. `order` must list exactly the lesson's items (all of them, or those left after the
 * deletions); every other list only items of this lesson; nothing both published and unpublished.
 */
export async function batchLessonItems(db: Db, course: CourseRef, lessonId: string, body: LessonItemsBatch, now = new Date()): Promise<void> {
  await ensureLessonItems(db, course, lessonId);
  await db.transaction(async (tx) => {
    await lockLesson(tx, course.id, lessonId);
    const inLesson = and(eq(lessonItems.courseId, course.id), eq(lessonItems.lessonId, lessonId));
    const current = await tx
      .select({ id: lessonItems.id, position: lessonItems.position })
      .from(lessonItems)
      .where(inLesson)
      .orderBy(asc(lessonItems.position), asc(lessonItems.createdAt), asc(lessonItems.id));
    const ids = current.map((c) => c.id);
    const known = new Set(ids);
    const removed = new Set(body.delete ?? []);
    const unpublish = new Set(body.unpublish ?? []);
    const problems: Array<Record<string, unknown>> = [
      ...strangers("publish", body.publish, known),
      ...strangers("unpublish", body.unpublish, known),
      ...strangers("delete", body.delete, known),
    ];
    const both = (body.publish ?? []).filter((id) => unpublish.has(id));
    if (both.length > 0) problems.push({ field: "publish", message: FORM_RULES.invalidChoice, reason: "both published and unpublished", unknown: both });
    const order = batchOrder(ids, removed, body.order);
    if (order === "invalid") {
      const listed = new Set(body.order ?? []);
      problems.push({
        field: "order",
        message: FORM_RULES.invalidChoice,
        reason: `order must list each of the lesson's ${ids.length} items exactly once`,
        unknown: (body.order ?? []).filter((id) => !known.has(id)),
        missing: ids.filter((id) => !listed.has(id) && !removed.has(id)),
      });
    }
    if (problems.length > 0 || order === "invalid") throw validation(problems);

    if (removed.size > 0) await tx.delete(lessonItems).where(and(inLesson, inArray(lessonItems.id, [...removed])));
    const publish = (body.publish ?? []).filter((id) => !removed.has(id));
    if (publish.length > 0) {
      await tx
        .update(lessonItems)
        .set({ status: "published", publishAt: null, publishedAt: now, updatedAt: now })
        .where(and(inLesson, inArray(lessonItems.id, publish), ne(lessonItems.status, "published")));
    }
    const drafts = [...unpublish].filter((id) => !removed.has(id));
    if (drafts.length > 0) {
      await tx
        .update(lessonItems)
        .set({ status: "draft", publishAt: null, publishedAt: null, updatedAt: now })
        .where(and(inLesson, inArray(lessonItems.id, drafts)));
    }
    const was = new Map(current.map((c) => [c.id, c.position]));
    for (const [i, id] of order.entries()) {
      if (was.get(id) !== i + 1) await tx.update(lessonItems).set({ position: i + 1 }).where(and(inLesson, eq(lessonItems.id, id)));
    }
  });
}
