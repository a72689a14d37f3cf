import { and, asc, eq, isNull } from "drizzle-orm";
import type { ProgramView } from "../../../contracts/course-program";
import type { Db } from "../../db/client";
import { contents, courseLessons, coursePublications, lessonContents, lessonItems, lessons, publications, units } from "../../db/schema";
import type { CourseAccess } from "../courses/access";
import { presentProgram } from "../program/presenter";
import { isLessonVisibleToStudents, loadProgramTree, type CourseRef } from "../program/service";
import { lessonNotInCourse } from "./policy";

export type CourseLesson = {
  id: string;
  title: string;
  summary: string;
  unit: { id: string; title: string };
  publication: { id: string; title: string };
};

/**
 * A lesson of one of the class's publications (of the class's own edition), as `view` may see it:
 * 404 LESSON_NOT_IN_COURSE when it is not the class's, or when the student view may not see it
 * (hidden lesson or unit), so a student learns nothing about hidden lessons.
 */
export async function loadCourseLesson(db: Db, course: CourseRef, lessonId: string, view: ProgramView): Promise<CourseLesson> {
  const [row] = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      summary: lessons.summary,
      unitId: units.id,
      unitTitle: units.title,
      publicationId: publications.id,
      publicationTitle: publications.title,
    })
    .from(lessons)
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, course.tenantId)))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) throw lessonNotInCourse();
  if (view === "student" && !(await isLessonVisibleToStudents(db, course.id, lessonId))) throw lessonNotInCourse();
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    unit: { id: row.unitId, title: row.unitTitle },
    publication: { id: row.publicationId, title: row.publicationTitle },
  };
}

/** The lessons before and after `lessonId` in its publication's program, as `view` shows the class's program. */
export async function lessonNeighbours(
  db: Db,
  course: CourseRef,
  lesson: CourseLesson,
  view: ProgramView,
): Promise<{ previous: string | null; next: string | null }> {
  const program = presentProgram(course.id, await loadProgramTree(db, course), view);
  const pub = program.publications.find((p) => p.guid === lesson.publication.id);
  const ordered = pub?.units.flatMap((u) => u.lessons.map((l) => l.guid)) ?? [];
  const at = ordered.indexOf(lesson.id);
  if (at < 0) return { previous: null, next: null };
  return { previous: ordered[at - 1] ?? null, next: ordered[at + 1] ?? null };
}

export type LessonDetailInput = { access: CourseAccess; lesson: CourseLesson; previous: string | null; next: string | null };

export async function loadLessonDetail(db: Db, access: CourseAccess, lessonId: string, view: ProgramView): Promise<LessonDetailInput> {
  const lesson = await loadCourseLesson(db, access.course, lessonId, view);
  const { previous, next } = await lessonNeighbours(db, access.course, lesson, view);
  return { access, lesson, previous, next };
}

/**
 * Gives the class's lesson its items the first time anyone opens it: the publisher's lesson
 * contents (of the class's edition, not deleted) become published items in the publisher's order.
 * The course_lessons row is inserted ON CONFLICT DO NOTHING in the same transaction, so of two
 * first visits at once only the one that inserted it copies; the other waits for it and copies
 * nothing. Returns whether this call copied.
 */
export async function ensureLessonItems(db: Db, course: CourseRef, lessonId: string): Promise<boolean> {
  const [done] = await db
    .select({ lessonId: courseLessons.lessonId })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, course.id), eq(courseLessons.lessonId, lessonId)))
    .limit(1);
  if (done) return false;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(courseLessons)
      .values({ courseId: course.id, lessonId })
      .onConflictDoNothing()
      .returning({ lessonId: courseLessons.lessonId });
    if (claimed.length === 0) return false;
    const defaults = await tx
      .select({ contentId: lessonContents.contentId })
      .from(lessonContents)
      .innerJoin(contents, and(eq(contents.id, lessonContents.contentId), eq(contents.tenantId, course.tenantId), isNull(contents.deletedAt)))
      .where(eq(lessonContents.lessonId, lessonId))
      .orderBy(asc(lessonContents.position), asc(lessonContents.contentId));
    if (defaults.length === 0) return true;
    const now = new Date();
    await tx.insert(lessonItems).values(
      defaults.map((d, i) => ({
        tenantId: course.tenantId,
        courseId: course.id,
        lessonId,
        contentId: d.contentId,
        status: "published",
        publishedAt: now,
        position: i + 1,
      })),
    );
    return true;
  });
}

/**
 * Gives every lesson of the class's publications that holds `contentId` by default (and that no
 * one has opened in this class yet) its items now, as opening it would: a student who comes from a
 * task or a deep link to an assessment may start it before anyone opened its lesson. Same copy,
 * same claim as `ensureLessonItems` (idempotent, and two callers at once copy once). Returns the
 * lessons this call copied.
 */
export async function ensureLessonsHolding(db: Db, course: CourseRef, contentId: string): Promise<string[]> {
  const pending = await db
    .select({ lessonId: lessonContents.lessonId })
    .from(lessonContents)
    .innerJoin(lessons, eq(lessons.id, lessonContents.lessonId))
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, course.tenantId)))
    .leftJoin(courseLessons, and(eq(courseLessons.courseId, course.id), eq(courseLessons.lessonId, lessonContents.lessonId)))
    .where(and(eq(lessonContents.contentId, contentId), isNull(courseLessons.lessonId)))
    .orderBy(asc(lessonContents.lessonId));
  const copied: string[] = [];
  for (const { lessonId } of pending) {
    if (await ensureLessonItems(db, course, lessonId)) copied.push(lessonId);
  }
  return copied;
}
