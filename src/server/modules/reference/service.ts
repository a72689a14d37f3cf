import { and, asc, eq } from "drizzle-orm";
import type { Country } from "../../../contracts/common";
import type { Db } from "../../db/client";
import { disciplines, educationLevels, educationYears, tenants, users } from "../../db/schema";
import type { AccessClaims } from "../../platform/tokens";

export async function findTenantCountry(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ country: tenants.country }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.country;
}

export type LevelYearRow = {
  levelId: string;
  levelCode: string;
  levelName: string;
  levelOrder: number;
  yearId: string | null;
  yearCode: string | null;
  yearName: string | null;
  yearOrder: number | null;
};

/** Levels with their years for one country, ordered, in one query (a level without years still shows). */
export function listLevelsWithYears(db: Db, country: Country): Promise<LevelYearRow[]> {
  return db
    .select({
      levelId: educationLevels.id,
      levelCode: educationLevels.code,
      levelName: educationLevels.name,
      levelOrder: educationLevels.order,
      yearId: educationYears.id,
      yearCode: educationYears.code,
      yearName: educationYears.name,
      yearOrder: educationYears.order,
    })
    .from(educationLevels)
    .leftJoin(educationYears, eq(educationYears.levelId, educationLevels.id))
    .where(eq(educationLevels.country, country))
    .orderBy(asc(educationLevels.order), asc(educationYears.order));
}

export async function findCallerLocale(db: Db, caller: Pick<AccessClaims, "userId" | "tenantId">): Promise<string | undefined> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  return row?.locale;
}

export function listDisciplines(db: Db) {
  return db.select({ id: disciplines.id, code: disciplines.code }).from(disciplines).orderBy(asc(disciplines.code));
}
