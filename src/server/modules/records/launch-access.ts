import { and, eq } from "drizzle-orm";
import type { PackageKind } from "../../../contracts/lessons";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { Caller, CourseAccess } from "../courses/access";
import { loadViewableContent, type ContentRecord } from "../contents/access";

export type Launchable = { content: ContentRecord; access: CourseAccess; user: LearnerRecord };
export type LearnerRecord = { id: string; firstName: string; lastName: string };

export const activityNotAvailable = () => new AppError(404, "ACTIVITY_NOT_AVAILABLE", "Activity is no longer available");

/** Members who keep runtime data: students, and teachers previewing their class's packages. */
const LEARNING_ROLES = new Set(["teacher", "coteacher", "student"]);

/**
 * A package the caller may run in a class and keep results for: the content must be viewable
 * through that class (contents/access), the caller a member of it (observers keep no data), and
 * the content a package of one of `kinds` (404 ACTIVITY_NOT_AVAILABLE otherwise).
 */
export async function loadLaunchable(db: Db, caller: Caller, courseId: string, contentId: string, kinds: readonly PackageKind[]): Promise<Launchable> {
  const { content, access } = await loadViewableContent(db, caller, contentId, courseId);
  if (!access || !LEARNING_ROLES.has(access.role)) throw notFound("Class");
  const kind = content.data.packageKind;
  if (!kind || !kinds.includes(kind)) throw activityNotAvailable();
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!user) throw notFound("User");
  return { content, access, user };
}
