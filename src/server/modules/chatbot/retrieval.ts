import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assistantPassages, contents, tenants } from "../../db/schema";
import type { Caller } from "../courses/access";
import { foldSql, tsConfigOf } from "./indexer";
import { placementsOf, readableContentWhere, type Placement } from "./scope";

/*
 * Retrieval for the assistant (issue 17, ADR 0041): PostgreSQL full-text search over the passages
 * of the contents the caller may read (scope.ts), in the edition's language. Any of the question's
 * words may match (its lexemes joined with OR), and ts_rank_cd orders the passages by how many of
 * them they hold and how close together. Passages of the lesson (then the class) the question was
 * asked from weigh more; at most two passages of one content, so the sources are varied.
 */

export type Passage = {
  contentId: string;
  ordinal: number;
  title: string;
  type: string;
  body: string;
  rank: number;
  placement: Placement | null;
};

/** Candidates read before the context boost and the per-content cap. */
const CANDIDATES = 24;
const PER_CONTENT = 2;
const LESSON_BOOST = 1.6;
const COURSE_BOOST = 1.2;

export type SearchOptions = { limit: number; courseId?: string | undefined; lessonId?: string | undefined };

export async function searchPassages(db: Db, caller: Caller, question: string, options: SearchOptions): Promise<Passage[]> {
  const [tenant] = await db.select({ language: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1);
  if (!tenant) return [];
  const config = tsConfigOf(tenant.language);
  // plainto_tsquery drops stop words and stems; its ANDs become ORs (any word may match).
  const query = sql`replace(plainto_tsquery(${config}::regconfig, ${foldSql(question)})::text, '&', '|')::tsquery`;
  const rows = await db
    .select({
      contentId: assistantPassages.contentId,
      ordinal: assistantPassages.ordinal,
      body: assistantPassages.body,
      title: contents.title,
      type: contents.type,
      rank: sql<number>`ts_rank_cd(${assistantPassages.search}, ${query})`.mapWith(Number),
    })
    .from(assistantPassages)
    .innerJoin(contents, eq(contents.id, assistantPassages.contentId))
    .where(and(eq(assistantPassages.tenantId, caller.tenantId), sql`${assistantPassages.search} @@ ${query}`, readableContentWhere(caller)))
    .orderBy(desc(sql`ts_rank_cd(${assistantPassages.search}, ${query})`), assistantPassages.contentId, assistantPassages.ordinal)
    .limit(CANDIDATES);
  if (rows.length === 0) return [];

  const placements = await placementsOf(db, caller, [...new Set(rows.map((r) => r.contentId))], options.courseId);
  const boosted = rows.map((row) => {
    const placement = placements.get(row.contentId) ?? null;
    let rank = row.rank;
    if (placement && options.lessonId && placement.lessonId === options.lessonId) rank *= LESSON_BOOST;
    else if (placement && options.courseId && placement.courseId === options.courseId) rank *= COURSE_BOOST;
    return { ...row, rank, placement };
  });
  boosted.sort((a, b) => b.rank - a.rank || a.contentId.localeCompare(b.contentId) || a.ordinal - b.ordinal);
  const perContent = new Map<string, number>();
  const out: Passage[] = [];
  for (const passage of boosted) {
    const n = perContent.get(passage.contentId) ?? 0;
    if (n >= PER_CONTENT) continue;
    perContent.set(passage.contentId, n + 1);
    out.push(passage);
    if (out.length >= options.limit) break;
  }
  return out;
}
