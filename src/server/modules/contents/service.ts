import { and, asc, count, desc, eq, gt, or, sql, type SQL } from "drizzle-orm";
import type { ContentsQuery } from "../../../contracts/contents";
import type { Db } from "../../db/client";
import {
  ACCENTED,
  UNACCENTED,
  courseMembers,
  coursePublications,
  courses,
  disciplines,
  educationYears,
  licences,
  personalLicences,
  publications,
} from "../../db/schema";
import type { AccessClaims } from "../../platform/tokens";
import { publicationCardColumns } from "../courses/service";

type Caller = Pick<AccessClaims, "userId" | "tenantId" | "role">;

export type ContentRow = {
  id: string;
  title: string;
  description: string;
  kind: string;
  coverUrl: string | null;
  access: string;
  disciplineCode: string | null;
  yearName: string | null;
  unitCount: number;
};

/** At most this many words of a search are matched (a pasted paragraph is not a search). */
const MAX_SEARCH_WORDS = 8;

const FOLD = new Map([...ACCENTED].map((ch, i) => [ch, UNACCENTED.charAt(i)]));

/** The same accent folding as the publications.search column (schema/courses ACCENTED -> UNACCENTED). */
export const foldAccents = (text: string): string => [...text].map((ch) => FOLD.get(ch) ?? ch).join("");

/** A search's words: accents folded, lower-case, only letters and digits ("¡MATEMÁTICAS, 1º!" -> ["matematicas", "1º"]). */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return foldAccents(search)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * "word1:* & word2:*": every word must match, each as a prefix so results follow the typing. The
 * words hold only letters and digits, so the string is always a valid tsquery, and it reaches the
 * database as a bound parameter, never as SQL text.
 */
export const prefixTsQuery = (words: readonly string[]): string => words.map((w) => `${w}:*`).join(" & ");

/**
 * What the caller may find: staff see their edition's publications; students only those of their
 * classes and of their personal licences still running.
 */
function visibleTo(caller: Caller): SQL | undefined {
  if (caller.role !== "student") return undefined;
  const ofMyClasses = sql`select ${coursePublications.publicationId} from ${coursePublications}
    join ${courseMembers} on ${courseMembers.courseId} = ${coursePublications.courseId} and ${courseMembers.userId} = ${caller.userId}
    join ${courses} on ${courses.id} = ${coursePublications.courseId} and ${courses.tenantId} = ${caller.tenantId} and ${courses.archived} = false`;
  const ofMyLicences = sql`select unnest(${licences.publicationIds}) from ${personalLicences}
    join ${licences} on ${licences.id} = ${personalLicences.licenceId}
    where ${personalLicences.userId} = ${caller.userId} and ${personalLicences.tenantId} = ${caller.tenantId}
    and ${gt(personalLicences.expiresAt, new Date())}`;
  return or(sql`${publications.id} in (${ofMyClasses})`, sql`${publications.id} in (${ofMyLicences})`);
}

/**
 * The book search (spec §7 GET front/contents): Spanish full text over title and description with
 * accents and case ignored, in the caller's edition, one query per page. A search made only of
 * stop words ("de la") filters nothing, like an empty one.
 */
export async function searchContents(db: Db, caller: Caller, query: ContentsQuery): Promise<{ rows: ContentRow[]; total: number }> {
  const words = searchWords(query.search);
  const tsQuery = sql`to_tsquery('spanish'::regconfig, ${prefixTsQuery(words)})`;
  const where = and(
    eq(publications.tenantId, caller.tenantId),
    query.isBook === undefined ? undefined : eq(publications.kind, query.isBook === "1" ? "book" : "program"),
    words.length === 0 ? undefined : sql`(numnode(${tsQuery}) = 0 or ${publications.search} @@ ${tsQuery})`,
    visibleTo(caller),
  );
  const byName = query.orderBy === "name desc" ? desc : asc;

  const rows = await db
    .select({
      ...publicationCardColumns,
      description: publications.description,
      access: publications.access,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(publications)
    .leftJoin(disciplines, eq(disciplines.id, publications.disciplineId))
    .leftJoin(educationYears, eq(educationYears.id, publications.educationYearId))
    .where(where)
    .orderBy(byName(sql`lower(${publications.title})`), asc(publications.id))
    .limit(query.pageSize)
    .offset(query.offset);

  const first = rows[0];
  if (!first) {
    // Past the last page the window total is absent; count only in that case.
    const [counted] = await db.select({ n: count() }).from(publications).where(where);
    return { rows: [], total: counted?.n ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: first.total };
}
