import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { schools, users } from "../../db/schema";
import type { AccessClaims } from "../../platform/tokens";

export type CallerSchoolRow = {
  schoolId: string | null;
  entryPoint: string | null;
  canCreateCourse: boolean | null;
  canCreateGroup: boolean | null;
};

/** The caller's user row joined to their school, both within the caller's tenant; one query. */
export async function findCallerSchool(db: Db, caller: Pick<AccessClaims, "userId" | "tenantId">): Promise<CallerSchoolRow | undefined> {
  const [row] = await db
    .select({
      schoolId: schools.id,
      entryPoint: schools.lmsEntryPoint,
      canCreateCourse: schools.canCreateCourse,
      canCreateGroup: schools.canCreateGroup,
    })
    .from(users)
    .leftJoin(schools, and(eq(schools.id, users.schoolId), eq(schools.tenantId, users.tenantId)))
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  return row;
}
