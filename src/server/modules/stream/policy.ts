import type { CourseViewerRole } from "../../../contracts/courses";
import { StreamPermissionSchema, type CourseSettings, type StreamPermission } from "../../../contracts/course-settings";
import { canEditAs } from "../courses/access";

/** The class's stream setting; a class saved before the setting existed gets the new-class default. */
export const streamPermissionOf = (settings: Partial<CourseSettings>): StreamPermission =>
  StreamPermissionSchema.catch("students_comment").parse(settings.streamPermission);

export type StreamRights = { canPost: boolean; canComment: boolean };

/**
 * Spec §6 stream settings: "only the teacher comments and publishes", "students can only comment",
 * "students can comment and post". Teachers and co-teachers always can; observing school admins
 * only read.
 */
export function streamRights(role: CourseViewerRole, permission: StreamPermission): StreamRights {
  if (canEditAs(role)) return { canPost: true, canComment: true };
  if (role !== "student") return { canPost: false, canComment: false };
  return { canPost: permission === "students_post", canComment: permission !== "teacher_only" };
}

/** Authors remove their own posts and comments; the class's teachers moderate everything. */
export const canDeleteStreamItem = (viewer: { userId: string; role: CourseViewerRole }, authorId: string): boolean =>
  authorId === viewer.userId || canEditAs(viewer.role);
