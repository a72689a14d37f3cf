import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Role } from "../../../contracts/common";
import { AUTHOR_ROLES } from "../../../contracts/constants";
import type { Db } from "../../db/client";
import {
  assessmentQuestions,
  contents,
  courseMembers,
  coursePublications,
  courses,
  lessonContents,
  lessonItems,
  lessons,
  publications,
  resourceMaterials,
  units,
} from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import { licensedTo } from "../licences/access";
import { isLessonVisibleToStudents } from "../program/service";
import type { ContentUse } from "./policy";

export type ContentRecord = typeof contents.$inferSelect;
export type ViewableContent = { content: ContentRecord; access: CourseAccess | null };

/** Roles that author: they see the publisher's contents and their own without a class. */
const AUTHORS: ReadonlySet<string> = new Set<Role>(AUTHOR_ROLES);
export const canAuthor = (role: Role): boolean => AUTHORS.has(role);

export const contentNotAvailable = () => new AppError(404, "CONTENT_NOT_AVAILABLE", "Content not available");
export const contentDeleted = () => new AppError(410, "CONTENT_DELETED", "The content might have been deleted");

/** The content row in the caller's edition (404 otherwise); deleted ones too, so callers can say so. */
export async function loadTenantContent(db: Db, caller: Caller, contentId: string): Promise<ContentRecord> {
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw contentNotAvailable();
  return row;
}

/**
 * The publications a content of the `contents` row in the outer query belongs to: those whose
 * lessons hold it by default, and, for a question, those whose lessons hold an assessment with it.
 */
const publicationsHolding = (): SQL => sql`select ${units.publicationId} from ${lessonContents}
  join ${lessons} on ${lessons.id} = ${lessonContents.lessonId}
  join ${units} on ${units.id} = ${lessons.unitId}
  where ${lessonContents.contentId} = ${contents.id}
    or ${lessonContents.contentId} in (select ${assessmentQuestions.assessmentId} from ${assessmentQuestions} where ${assessmentQuestions.questionId} = ${contents.id})`;

/**
 * How a publication reaches the caller besides being open or licensed to them personally: through
 * a class. Reading: any class of theirs that has it (a class the licensed teacher added it to is
 * licensed for its members). Placing: only the class it goes into. Cloning: never (a copy would be
 * the caller's own, to place anywhere).
 */
function classGrant(caller: Caller, use: ContentUse): SQL {
  if (use.kind === "clone") return sql`false`;
  if (use.kind === "place") {
    return sql`exists (select 1 from ${coursePublications} where ${coursePublications.courseId} = ${use.courseId}
      and ${coursePublications.publicationId} = ${publications.id})`;
  }
  return sql`exists (select 1 from ${coursePublications}
    join ${courseMembers} on ${courseMembers.courseId} = ${coursePublications.courseId} and ${courseMembers.userId} = ${caller.userId}
    join ${courses} on ${courses.id} = ${coursePublications.courseId} and ${courses.tenantId} = ${caller.tenantId} and ${courses.archived} = false
    where ${coursePublications.publicationId} = ${publications.id})`;
}

/**
 * The licence rule, once, as a condition on the `contents` row (used in WHERE clauses only: a
 * single-table select names its selected columns without the table). Authors use their own
 * contents; editorial staff (the publisher's people) every content; the publisher's contents
 * belong to no one, and are usable when they are in no publication, or in at least one the caller
 * may use (open, licensed to them, or reached through a class as `classGrant` says). Anyone
 * else's content is not usable (it reaches others only through a class: loadViewableContent).
 */
export function usableContentWhere(caller: Caller, use: ContentUse): SQL {
  if (!canAuthor(caller.role)) return sql`false`;
  if (caller.role === "editorial") return sql`true`;
  return sql`(${contents.createdBy} = ${caller.userId} or (${contents.createdBy} is null and (
    not exists (${publicationsHolding()})
    or exists (select 1 from ${publications} where ${publications.id} in (${publicationsHolding()})
      and (${publications.access} = 'open' or ${licensedTo(caller, sql`${publications.id}`)} or ${classGrant(caller, use)})))))`;
}

/**
 * Whether the caller may read, place or clone this content of their edition (usableContentWhere,
 * for one row; only the publisher's contents need the database to tell).
 */
export async function canUseContent(db: Db, caller: Caller, content: Pick<ContentRecord, "id" | "createdBy">, use: ContentUse): Promise<boolean> {
  if (!canAuthor(caller.role)) return false;
  if (caller.role === "editorial" || content.createdBy === caller.userId) return true;
  if (content.createdBy !== null) return false;
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, content.id), usableContentWhere(caller, use)))
    .limit(1);
  return row !== undefined;
}

export const READ: ContentUse = { kind: "read" };

/**
 * A content the caller may read or clone in the content manager: same edition, not deleted, and
 * usable (their own, the publisher's they hold a licence for or reach through a class, ...).
 */
export async function loadUsableContent(db: Db, caller: Caller, contentId: string, use: ContentUse = READ): Promise<ContentRecord> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  if (!(await canUseContent(db, caller, content, use))) throw contentNotAvailable();
  return content;
}

/** Is the content placed in this class, as a lesson item or classroom resource, as students see it (or at all, for teachers)? */
async function placedInCourse(db: Db, contentId: string, courseId: string, asStudent: boolean): Promise<boolean> {
  const items = await db
    .select({ lessonId: lessonItems.lessonId, status: lessonItems.status })
    .from(lessonItems)
    .where(and(eq(lessonItems.courseId, courseId), eq(lessonItems.contentId, contentId)));
  for (const item of items) {
    if (!asStudent) return true;
    if (item.status === "published" && (await isLessonVisibleToStudents(db, courseId, item.lessonId))) return true;
  }
  const [material] = await db
    .select({ visible: resourceMaterials.visibleToStudents })
    .from(resourceMaterials)
    .where(and(eq(resourceMaterials.courseId, courseId), eq(resourceMaterials.contentId, contentId)))
    .limit(1);
  return material !== undefined && (!asStudent || material.visible);
}

/**
 * A content the caller may place in this class's lessons or classroom resources: one they may use
 * there (a licensed publication's only when the caller holds the licence or the class has the
 * publication), or one already placed in this class (a co-teacher's content, say).
 * Deleted: 410; otherwise 404.
 */
export async function loadPlaceableContent(db: Db, caller: Caller, contentId: string, courseId: string): Promise<ContentRecord> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  if (await canUseContent(db, caller, content, { kind: "place", courseId })) return content;
  if (await placedInCourse(db, content.id, courseId, false)) return content;
  throw contentNotAvailable();
}

/**
 * A content the caller may open in a viewer. Authors open their own and the publisher's they may
 * use (usableContentWhere) anywhere;
 * everyone else (and authors opening a colleague's content) opens it through a class: as a
 * student, only when it is a published item of a lesson visible to students, or a classroom
 * resource visible to students; as the class's teacher, whenever it is placed in the class.
 * Deleted contents answer 410 CONTENT_DELETED; anything else not viewable answers 404
 * CONTENT_NOT_AVAILABLE, the same as a content of another edition.
 */
export async function loadViewableContent(db: Db, caller: Caller, contentId: string, courseId?: string): Promise<ViewableContent> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  let access: CourseAccess | null = null;
  if (courseId) {
    try {
      access = await loadCourseAccess(db, caller, courseId);
    } catch {
      throw notFound("Class");
    }
  }
  if (await canUseContent(db, caller, content, READ)) return { content, access };
  if (access && (await placedInCourse(db, content.id, access.course.id, !access.canEdit))) return { content, access };
  throw contentNotAvailable();
}
