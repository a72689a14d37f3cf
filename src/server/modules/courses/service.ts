import { and, asc, count, eq, isNotNull, or, sql } from "drizzle-orm";
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
  studentCount: number;
  publications: CoursePublicationRow[];
};
export type CoursePublicationRow = { id: string; title: string; coverUrl: string | null };
export type CoursePage = { rows: CourseRow[]; total: number };

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

/** The columns of a class card; `courseMembers` must be joined on the caller's own membership. */
const cardColumns = (tenantId: string) => ({
  id: courses.id,
  name: courses.name,
  color: courses.color,
  icon: courses.icon,
  schoolYear: courses.schoolYear,
  levelName: educationLevels.name,
  yearName: educationYears.name,
  disciplineCode: disciplines.code,
  memberRole: courseMembers.role,
  studentCount: sql<number>`(select count(*) from ${courseMembers} as students
    where students.course_id = ${courses.id} and students.role = 'student')`.mapWith(Number),
  publications: sql<CoursePublicationRow[]>`coalesce((
    select json_agg(json_build_object('id', p.id, 'title', p.title, 'coverUrl', p.cover_url) order by p.title, p.id)
    from ${coursePublications} as cp join ${publications} as p on p.id = cp.publication_id
    where cp.course_id = ${courses.id} and p.tenant_id = ${tenantId}), '[]'::json)`,
});

/**
 * The caller's classes on the home screen in one query whatever the page size (student counts and
 * publications as correlated subqueries, the total as a window), always inside the caller's tenant.
 * One round trip matters most on PGlite, where queries run one at a time.
 */
export async function listCourseCards(db: Db, caller: Caller, page: PageQuery): Promise<CoursePage> {
  const schoolId = await adminSchoolId(db, caller);
  const myMembership = and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId));
  const live = and(eq(courses.tenantId, caller.tenantId), eq(courses.archived, false));
  // Members (everyone but school admins) start from their own memberships (course_members_user_idx),
  // so the query's cost follows the caller's classes, not the edition's: flat at 10,000 classes.
  // School admins also see every class of their school (courses_school_idx).
  const where = schoolId ? and(live, or(isNotNull(courseMembers.userId), eq(courses.schoolId, schoolId))) : live;
  const base = schoolId
    ? db.select({ ...cardColumns(caller.tenantId), total: sql<number>`count(*) over ()`.mapWith(Number) }).from(courses).leftJoin(courseMembers, myMembership)
    : db
        .select({ ...cardColumns(caller.tenantId), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(courseMembers)
        .innerJoin(courses, myMembership);

  const pageRows = await base
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
    const counted = schoolId
      ? await db.select({ n: count() }).from(courses).leftJoin(courseMembers, myMembership).where(where)
      : await db.select({ n: count() }).from(courseMembers).innerJoin(courses, myMembership).where(where);
    return { rows: [], total: counted[0]?.n ?? 0 };
  }
  return { rows: pageRows.map(({ total: _total, ...row }) => row), total: first.total };
}

/** One class as a card for the caller (after joining it), in one query; null if not in the tenant. */
export async function loadCourseCard(db: Db, caller: Caller, courseId: string): Promise<CourseRow | null> {
  const [row] = await db
    .select(cardColumns(caller.tenantId))
    .from(courses)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, caller.userId)))
    .leftJoin(educationLevels, eq(educationLevels.id, courses.educationLevelId))
    .leftJoin(educationYears, eq(educationYears.id, courses.educationYearId))
    .leftJoin(disciplines, eq(disciplines.id, courses.disciplineId))
    .where(and(eq(courses.id, courseId), eq(courses.tenantId, caller.tenantId)))
    .limit(1);
  return row ?? null;
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

/**
 * The columns of a publication card (Programs tab, book search); select from `publications` left
 * joined to `disciplines` and `educationYears` on the publication's own ids.
 */
export const publicationCardColumns = {
  id: publications.id,
  title: publications.title,
  kind: publications.kind,
  coverUrl: publications.coverUrl,
  disciplineCode: disciplines.code,
  yearName: educationYears.name,
  unitCount: sql<number>`(select count(*) from ${units} where ${units.publicationId} = ${publications.id})`.mapWith(Number),
};

/** The edition's publications for the Programs tab, with their unit counts, in one query. */
export async function listPublicationCards(db: Db, tenantId: string, page: PageQuery): Promise<{ rows: PublicationRow[]; total: number }> {
  const where = eq(publications.tenantId, tenantId);
  const rows = await db
    .select({
      ...publicationCardColumns,
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
