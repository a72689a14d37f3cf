import { and, eq } from "drizzle-orm";
import type { AssessmentClosure } from "../../../contracts/assessments";
import type { Db } from "../../db/client";
import { assessmentClosures } from "../../db/schema";

/*
 * Closing an assessment in a class (ADR 0018): the class's teacher ends it for the class. No new
 * attempt starts, and students see the answers of their handed-in attempts (unless the settings
 * say "never"). Reopening undoes both. One row per assessment and class while it is closed.
 */

/** When the class's teacher closed the assessment, or null while it is open. */
export async function loadClosedAt(db: Db, assessmentId: string, courseId: string): Promise<Date | null> {
  const [row] = await db
    .select({ closedAt: assessmentClosures.closedAt })
    .from(assessmentClosures)
    .where(and(eq(assessmentClosures.assessmentId, assessmentId), eq(assessmentClosures.courseId, courseId)))
    .limit(1);
  return row?.closedAt ?? null;
}

/** Closes (idempotent: the first closing time stays) or reopens the assessment in the class. */
export async function setClosed(db: Db, p: { assessmentId: string; courseId: string; userId: string }, closed: boolean): Promise<Date | null> {
  const where = and(eq(assessmentClosures.assessmentId, p.assessmentId), eq(assessmentClosures.courseId, p.courseId));
  if (!closed) {
    await db.delete(assessmentClosures).where(where);
    return null;
  }
  await db.insert(assessmentClosures).values({ assessmentId: p.assessmentId, courseId: p.courseId, closedBy: p.userId }).onConflictDoNothing();
  return loadClosedAt(db, p.assessmentId, p.courseId);
}

export const presentClosure = (closedAt: Date | null, canChange: boolean): AssessmentClosure => ({
  closed: closedAt !== null,
  closedAt: closedAt ? closedAt.toISOString() : null,
  canChange,
});
