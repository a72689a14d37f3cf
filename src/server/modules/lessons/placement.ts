import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courseLessons, lessonItems } from "../../db/schema";

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
