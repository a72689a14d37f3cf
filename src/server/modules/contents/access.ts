import { and, eq } from "drizzle-orm";
import type { Role } from "../../../contracts/common";
import type { Db } from "../../db/client";
import { contents, lessonItems, resourceMaterials } from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import { isLessonVisibleToStudents } from "../program/service";

export type ContentRecord = typeof contents.$inferSelect;
export type ViewableContent = { content: ContentRecord; access: CourseAccess | null };

/** Roles that author: they see the publisher's contents and their own without a class. */
const AUTHOR_ROLES: ReadonlySet<string> = new Set<Role>(["teacher", "coteacher", "editorial", "school_admin"]);
export const canAuthor = (role: Role): boolean => AUTHOR_ROLES.has(role);

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

/** Authors may place the publisher's contents and their own in lessons and classroom resources. */
export function isUsableBy(content: ContentRecord, caller: Caller): boolean {
  return canAuthor(caller.role) && (content.createdBy === null || content.createdBy === caller.userId);
}

/** A content the caller may place in their lessons: same edition, not deleted, the publisher's or their own. */
export async function loadUsableContent(db: Db, caller: Caller, contentId: string): Promise<ContentRecord> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  if (!isUsableBy(content, caller)) throw contentNotAvailable();
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
 * (loadUsableContent's rule), or one already placed in this class (a co-teacher's content, say).
 * Deleted: 410; otherwise 404.
 */
export async function loadPlaceableContent(db: Db, caller: Caller, contentId: string, courseId: string): Promise<ContentRecord> {
  const content = await loadTenantContent(db, caller, contentId);
  if (content.deletedAt) throw contentDeleted();
  if (isUsableBy(content, caller) || (await placedInCourse(db, content.id, courseId, false))) return content;
  throw contentNotAvailable();
}

/**
 * A content the caller may open in a viewer. Authors open the publisher's and their own anywhere;
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
  if (isUsableBy(content, caller)) return { content, access };
  if (access && (await placedInCourse(db, content.id, access.course.id, !access.canEdit))) return { content, access };
  throw contentNotAvailable();
}
