import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courseLessons, lessonItems, resourceMaterials } from "../../db/schema";
import type { Caller } from "../courses/access";
import { contentDeleted, contentNotAvailable, isUsableBy, loadTenantContent, type ContentRecord } from "../contents/access";

/** Is the content already placed in the class, as a lesson item or a classroom resource? */
async function placedInCourse(db: Db, contentId: string, courseId: string): Promise<boolean> {
  const [item] = await db
    .select({ id: lessonItems.id })
    .from(lessonItems)
    .where(and(eq(lessonItems.courseId, courseId), eq(lessonItems.contentId, contentId)))
    .limit(1);
  if (item) return true;
  const [material] = await db
    .select({ id: resourceMaterials.id })
    .from(resourceMaterials)
    .where(and(eq(resourceMaterials.courseId, courseId), eq(resourceMaterials.contentId, contentId)))
    .limit(1);
  return material !== undefined;
}

/**
 * A content the caller may place in this class's lessons or classroom resources: one they may use
 * (the publisher's or their own, same edition, not deleted: loadUsableContent's rule), or one
 * already placed in this class (a co-teacher's content, say). Deleted: 410; otherwise 404.
 */
export async function loadPlaceableContent(db: Db, caller: Caller, contentId: string, courseId: string): Promise<ContentRecord> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  if (isUsableBy(content, caller)) return content;
  if (await placedInCourse(db, content.id, courseId)) return content;
  throw contentNotAvailable();
}

/** Serialises writes to one class's lesson items (positions stay a 1..n sequence). */
export async function lockLesson(tx: Db, courseId: string, lessonId: string): Promise<void> {
  await tx
    .select({ lessonId: courseLessons.lessonId })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.lessonId, lessonId)))
    .for("update");
}

/** Positions of a class's lesson items back to 1..n in their current order. */
export async function renumberItems(tx: Db, courseId: string, lessonId: string): Promise<void> {
  await tx.execute(sql`
    update ${lessonItems} as li set position = r.rn
    from (
      select id, row_number() over (order by position, created_at, id)::int as rn
      from ${lessonItems} where course_id = ${courseId} and lesson_id = ${lessonId}
    ) as r
    where li.id = r.id and li.position <> r.rn`);
}
