import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { PageQuery } from "../../../contracts/common";
import type { Db } from "../../db/client";
import {
  courseMembers,
  coursePublications,
  courses,
  disciplines,
  educationLevels,
  educationYears,
  publications,
  units,
  users,
} from "../../db/schema";
import type { AccessClaims } from "../../platform/tokens";
import { seesWholeSchool } from "./policy";

type Caller = Pick<AccessClaims, "userId" | "tenantId" | "role">;

export type CourseRow = {
  id: string;
  name: string;
  color: string;
  icon: string;
  schoolYear: string;
  levelName: string | null;
  yearName: string | null;
  disciplineCode: string | null;
  memberRole: string | null;
};
export type CoursePublicationRow = { courseId: string; id: string; title: string; coverUrl: string | null };
export type CoursePage = {
  rows: CourseRow[];
  total: number;
  studentCounts: Map<string, number>;
  publications: CoursePublicationRow[];
};

/** A school admin's own school, read from the database rather than trusted from anywhere else. */
async function adminSchoolId(db: Db, caller: Caller): Promise<string | null> {
  if (!seesWholeSchool(caller.role)) return null;
  const [row] = await db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  return row?.schoolId ?? null;
}

/**
 * The caller's classes on the home screen: a constant number of queries whatever the page size
 * (page with total, student counts, publications), always inside the caller's tenant.
 */
export async function listCourseCards(db: Db, caller: Caller, page: PageQuery): Promise<CoursePage> {
  const schoolId = await adminSchoolId(db, caller);
  const myMembership = and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId));
  const enrolled = isNotNull(courseMembers.userId);
  const visible: SQL | undefined = schoolId ? or(enrolled, eq(courses.schoolId, schoolId)) : enrolled;
  const where = and(eq(courses.tenantId, caller.tenantId), eq(courses.archived, false), visible);

  const pageRows = await db
    .select({
      id: courses.id,
      name: courses.name,
      color: courses.color,
      icon: courses.icon,
      schoolYear: courses.schoolYear,
      levelName: educationLevels.name,
      yearName: educationYears.name,
      disciplineCode: disciplines.code,
      memberRole: courseMembers.role,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(courseMembers, myMembership)
    .leftJoin(educationLevels, eq(educationLevels.id, courses.educationLevelId))
    .leftJoin(educationYears, eq(educationYears.id, courses.educationYearId))
    .leftJoin(disciplines, eq(disciplines.id, courses.disciplineId))
    .where(where)
    .orderBy(asc(sql`lower(${courses.name})`), asc(courses.id))
    .limit(page.pageSize)
    .offset(page.offset);

  const first = pageRows[0];
  if (!first) {
    // Past the last page the window total is absent; count only in that rare case.
    const [counted] = await db.select({ n: count() }).from(courses).leftJoin(courseMembers, myMembership).where(where);
    return { rows: [], total: counted?.n ?? 0, studentCounts: new Map(), publications: [] };
  }

  const ids = pageRows.map((r) => r.id);
  const [studentCounts, pubs] = await Promise.all([
    db
      .select({ courseId: courseMembers.courseId, n: count() })
      .from(courseMembers)
      .where(and(inArray(courseMembers.courseId, ids), eq(courseMembers.role, "student")))
      .groupBy(courseMembers.courseId),
    db
      .select({
        courseId: coursePublications.courseId,
        id: publications.id,
        title: publications.title,
        coverUrl: publications.coverUrl,
      })
      .from(coursePublications)
      .innerJoin(publications, eq(publications.id, coursePublications.publicationId))
      .where(and(inArray(coursePublications.courseId, ids), eq(publications.tenantId, caller.tenantId)))
      .orderBy(asc(publications.title)),
  ]);

  return {
    rows: pageRows.map(({ total: _total, ...row }) => row),
    total: first.total,
    studentCounts: new Map(studentCounts.map((c) => [c.courseId, c.n])),
    publications: pubs,
  };
}

export type PublicationRow = {
  id: string;
  title: string;
  kind: string;
  coverUrl: string | null;
  disciplineCode: string | null;
  yearName: string | null;
  unitCount: number;
};

/** The edition's publications for the Programs tab, with their unit counts, in one query. */
export async function listPublicationCards(db: Db, tenantId: string, page: PageQuery): Promise<{ rows: PublicationRow[]; total: number }> {
  const where = eq(publications.tenantId, tenantId);
  const rows = await db
    .select({
      id: publications.id,
      title: publications.title,
      kind: publications.kind,
      coverUrl: publications.coverUrl,
      disciplineCode: disciplines.code,
      yearName: educationYears.name,
      unitCount: sql<number>`(select count(*) from ${units} where ${units.publicationId} = ${publications.id})`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(publications)
    .leftJoin(disciplines, eq(disciplines.id, publications.disciplineId))
    .leftJoin(educationYears, eq(educationYears.id, publications.educationYearId))
    .where(where)
    .orderBy(asc(sql`lower(${publications.title})`), asc(publications.id))
    .limit(page.pageSize)
    .offset(page.offset);

  const first = rows[0];
  if (!first) {
    const [counted] = await db.select({ n: count() }).from(publications).where(where);
    return { rows: [], total: counted?.n ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: first.total };
}
