import { sql, type SQL } from "drizzle-orm";
import {
  contents,
  courseLessonStates,
  courseLessons,
  courseMembers,
  coursePublications,
  courseUnitStates,
  courses,
  lessonContents,
  lessonItems,
  lessons,
  resourceMaterials,
  units,
} from "../../db/schema";
import type { Caller } from "../courses/access";
import { READ, usableContentWhere } from "../contents/access";

/*
 * What the assistant may read for a caller (issue 17, ADR 0041), in one place: the passages of a
 * content reach a user only through
 * - a class of theirs (not archived, of their edition) where the content is placed: a lesson item
 *   (students: published, in a lesson and unit the class shows them), a publisher's lesson content
 *   of the class's program not yet copied into the class (students: the same visibility), or a
 *   classroom resource (students: visible to them);
 * - or, for authors (teachers, co-teachers, admins, editorial staff), the licence rule of the
 *   content manager (contents/access usableContentWhere): their own contents and the publisher's
 *   ones they may use.
 * Another edition's contents never: every branch is scoped to the caller's tenant.
 */

/** The unit and lesson are shown to the class's students (not hidden in its personalised program). */
const shownInClass = (courseId: SQL, unitId: SQL, lessonId: SQL): SQL =>
  sql`not exists (select 1 from ${courseUnitStates} where ${courseUnitStates.courseId} = ${courseId} and ${courseUnitStates.unitId} = ${unitId} and ${courseUnitStates.hidden})
    and not exists (select 1 from ${courseLessonStates} where ${courseLessonStates.courseId} = ${courseId} and ${courseLessonStates.lessonId} = ${lessonId} and ${courseLessonStates.hidden})`;

/**
 * The caller's placements: rows (content_id, course_id, lesson_id, lesson_title) of the contents
 * they reach through their classes, as students or teachers of each class see them. lesson_id is
 * null for a classroom resource.
 */
export function placementsSql(caller: Caller): SQL {
  const member = (courseId: SQL) =>
    sql`join ${courseMembers} cm on cm.course_id = ${courseId} and cm.user_id = ${caller.userId}
      join ${courses} co on co.id = cm.course_id and co.tenant_id = ${caller.tenantId} and co.archived = false`;
  return sql`
    select li.content_id, li.course_id, li.lesson_id, l.title as lesson_title
      from ${lessonItems} li ${member(sql`li.course_id`)}
      join ${lessons} l on l.id = li.lesson_id
      where li.tenant_id = ${caller.tenantId}
        and (cm.role <> 'student' or (li.status = 'published' and ${shownInClass(sql`li.course_id`, sql`l.unit_id`, sql`li.lesson_id`)}))
    union all
    select lc.content_id, cp.course_id, l.id, l.title
      from ${lessonContents} lc
      join ${lessons} l on l.id = lc.lesson_id
      join ${units} u on u.id = l.unit_id
      join ${coursePublications} cp on cp.publication_id = u.publication_id ${member(sql`cp.course_id`)}
      where not exists (select 1 from ${courseLessons} cl where cl.course_id = cp.course_id and cl.lesson_id = l.id)
        and (cm.role <> 'student' or ${shownInClass(sql`cp.course_id`, sql`u.id`, sql`l.id`)})
    union all
    select rm.content_id, rm.course_id, null::uuid, null::text
      from ${resourceMaterials} rm ${member(sql`rm.course_id`)}
      where rm.tenant_id = ${caller.tenantId} and (cm.role <> 'student' or rm.visible_to_students)`;
}

/** The condition on the `contents` row of the outer query: the caller may read it (same edition, not deleted, reached as above). */
export function readableContentWhere(caller: Caller): SQL {
  return sql`(${contents.tenantId} = ${caller.tenantId} and ${contents.deletedAt} is null and (
    ${contents.id} in (select content_id from (${placementsSql(caller)}) placed)
    or ${usableContentWhere(caller, READ)}))`;
}

export type Placement = { contentId: string; courseId: string; lessonId: string | null; lessonTitle: string | null };

/** A row of placementsSql. */
export type PlacementRow = { content_id: string; course_id: string | null; lesson_id: string | null; lesson_title: string | null };

/**
 * Each content's one placement among placementsSql's rows for it: in the class `preferCourse` first,
 * lessons before classroom resources, then by class and lesson (the same every time).
 */
export function choosePlacements(rows: readonly PlacementRow[], preferCourse?: string): Map<string, Placement> {
  const key = (r: PlacementRow) => [r.course_id === preferCourse ? 0 : 1, r.lesson_id === null ? 1 : 0] as const;
  // uuids compare as their hex text, as in PostgreSQL.
  const text = (a: string | null, b: string | null) => ((a ?? "") < (b ?? "") ? -1 : (a ?? "") > (b ?? "") ? 1 : 0);
  const sorted = [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || text(a.course_id, b.course_id) || text(a.lesson_id, b.lesson_id);
  });
  const out = new Map<string, Placement>();
  for (const row of sorted) {
    if (!out.has(row.content_id) && row.course_id) out.set(row.content_id, { contentId: row.content_id, courseId: row.course_id, lessonId: row.lesson_id, lessonTitle: row.lesson_title });
  }
  return out;
}
