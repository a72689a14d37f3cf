import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assessmentAttempts, contents, lessonItems } from "../../db/schema";
import { countedAttempt, gradeOf } from "./results-service";
import type { AttemptRow } from "./attempts-service";

/*
 * What assessments give the class gradebook (spec §7 front/courses/{courseGuid}/gradebook, §9
 * scopes): in the Workbook scope one column per assessment the class has, in the Program scope the
 * mean of a unit's assessments. A student's grade (0-10) is that of their counted attempt, and
 * waits while open answers wait for the teacher.
 */

export type GradebookAssessment = { assessmentId: string; lessonId: string; title: string };
export type AssessmentGrades = { assessments: GradebookAssessment[]; grade: (userId: string, assessmentId: string) => number | null };

/** The class's assessments (published ones for the student view) and each student's grades. */
export async function loadAssessmentGrades(db: Db, courseId: string, onlyPublished: boolean): Promise<AssessmentGrades> {
  const items = await db
    .select({ assessmentId: lessonItems.contentId, lessonId: lessonItems.lessonId, title: lessonItems.title, contentTitle: contents.title, status: lessonItems.status })
    .from(lessonItems)
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(lessonItems.courseId, courseId), eq(contents.type, "CTTY_18"), isNull(contents.deletedAt)))
    .orderBy(asc(lessonItems.createdAt), asc(lessonItems.id));
  const seen = new Set<string>();
  const assessments = items
    .filter((i) => (!onlyPublished || i.status === "published") && !seen.has(i.assessmentId) && seen.add(i.assessmentId))
    .map((i) => ({ assessmentId: i.assessmentId, lessonId: i.lessonId, title: i.title ?? i.contentTitle }));
  const attempts =
    assessments.length === 0
      ? []
      : await db
          .select()
          .from(assessmentAttempts)
          .where(and(eq(assessmentAttempts.courseId, courseId), inArray(assessmentAttempts.assessmentId, assessments.map((a) => a.assessmentId))));
  const byKey = new Map<string, AttemptRow[]>();
  for (const a of attempts) byKey.set(`${a.userId}:${a.assessmentId}`, [...(byKey.get(`${a.userId}:${a.assessmentId}`) ?? []), a]);
  return {
    assessments,
    grade: (userId, assessmentId) => {
      const counted = countedAttempt((byKey.get(`${userId}:${assessmentId}`) ?? []).filter((a) => a.status === "submitted"));
      return counted ? gradeOf(counted) : null;
    },
  };
}
