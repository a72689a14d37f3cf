import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { lessonItems } from "../db/schema";
import type { EventBus } from "../platform/events";

/** Items published per run; the rest wait for the next one. */
export const PUBLISH_BATCH = 200;

export type PublishedItem = { id: string; tenantId: string; courseId: string; lessonId: string; publishedAt: Date | null };

/**
 * Publishes the scheduled lesson items whose date has come (spec §4: a scheduled item is published
 * at its date, once). The due rows are claimed with FOR UPDATE SKIP LOCKED inside the one UPDATE,
 * so several workers (several server instances) running at once each publish different rows and
 * none publishes a row twice: a row another worker holds is skipped, and one it has already
 * published is no longer 'scheduled' when re-checked.
 */
export async function publishDueItems(db: Db, now: Date = new Date()): Promise<PublishedItem[]> {
  const due = db
    .select({ id: lessonItems.id })
    .from(lessonItems)
    .where(and(eq(lessonItems.status, "scheduled"), lte(lessonItems.publishAt, now)))
    .orderBy(asc(lessonItems.publishAt))
    .limit(PUBLISH_BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(lessonItems)
    .set({ status: "published", publishedAt: now, publishAt: null, updatedAt: now })
    .where(and(inArray(lessonItems.id, due), eq(lessonItems.status, "scheduled")))
    .returning({
      id: lessonItems.id,
      tenantId: lessonItems.tenantId,
      courseId: lessonItems.courseId,
      lessonId: lessonItems.lessonId,
      publishedAt: lessonItems.publishedAt,
    });
}

/** One run: publishes what is due, then tells each class's lesson that its items changed (once per lesson). */
export async function runScheduledPublication(db: Db, events: EventBus, now: Date = new Date()): Promise<PublishedItem[]> {
  const published = await publishDueItems(db, now);
  const lessons = new Map<string, PublishedItem>();
  for (const item of published) lessons.set(`${item.courseId}:${item.lessonId}`, item);
  for (const { tenantId, courseId, lessonId } of lessons.values()) events.emit("lessonItems.changed", { tenantId, courseId, lessonId });
  return published;
}
