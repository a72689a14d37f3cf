import { eq, sql, type SQL } from "drizzle-orm";
import type { AiProvider } from "../../ai/types";
import type { Database, Db } from "../../db/client";
import { assistantPassages, contents, tenants } from "../../db/schema";
import type { Caller } from "../courses/access";
import { foldSql, tsConfigOf } from "./indexer";
import { placementsOf, readableContentWhere, type Placement } from "./scope";
import { hasVectors, nearestSql, unit, withNearestScan } from "./vectors";

/*
 * Retrieval for the assistant (issue 17, ADR 0041): PostgreSQL full-text search over the passages
 * of the contents the caller may read (scope.ts), in the edition's language. Any of the question's
 * words may match (its lexemes joined with OR), and ts_rank orders the passages by how often they
 * hold them, the title weighing more than the text. Passages of the lesson (then the class) the
 * question was asked from weigh more; at most two passages of one content, so the sources are varied.
 * With an embeddings model (ADR 0045), the passages closest in meaning are found too (vectors.ts)
 * and the two rankings are fused by reciprocal rank (each list's 1 / (60 + position), summed):
 * a passage both find comes first, one only the meaning finds still comes.
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

/** Reciprocal rank fusion's constant (Cormack et al. 2009): a list's top places do not drown the other's. */
const RRF_K = 60;

/** Vector search's means: the database (is pgvector there?), the provider that embeds the question, and the model the passages were embedded with. */
export type Semantic = { database: Pick<Database, "vector">; ai: AiProvider; model: string };

export type SearchOptions = { limit: number; courseId?: string | undefined; lessonId?: string | undefined; semantic?: Semantic | undefined };

type Row = { contentId: string; ordinal: number; body: string; rank: number; title: string; type: string };

/** The question's vector, or null (no vectors in the edition yet, or the model server failed: full-text search alone answers). */
async function questionVector(db: Db, semantic: Semantic, caller: Caller, question: string): Promise<number[] | null> {
  if (!semantic.database.vector || !semantic.ai.embed || question.trim() === "" || !(await hasVectors(db, caller.tenantId, semantic.model))) return null;
  try {
    const { vectors } = await semantic.ai.embed({ texts: [question], tenantId: caller.tenantId, purpose: "assistant.search" });
    return vectors[0] ? unit(vectors[0]) : null;
  } catch {
    return null;
  }
}

/** Both rankings fused by reciprocal rank; a passage's rank becomes its fused score. */
export function fuseRankings(lists: ReadonlyArray<readonly Row[]>): Row[] {
  const fused = new Map<string, Row>();
  for (const list of lists) {
    list.forEach((row, position) => {
      const key = `${row.contentId}:${row.ordinal}`;
      const score = 1 / (RRF_K + position + 1);
      const seen = fused.get(key);
      fused.set(key, seen ? { ...seen, rank: seen.rank + score } : { ...row, rank: score });
    });
  }
  return [...fused.values()].sort((a, b) => b.rank - a.rank || a.contentId.localeCompare(b.contentId) || a.ordinal - b.ordinal);
}

type SearchRow = { list: "words" | "meaning"; content_id: string; ordinal: number; body: string; rank: number | string; title: string; type: string };

/**
 * Both searches in one statement, so the caller's scope (scope.ts, the costliest part to plan) is
 * planned and run once, over the contents either search found: the passages matching the
 * question's words (the GIN index), and with `near` the edition's nearest by meaning (vectors.ts,
 * the HNSW index); then each list's best CANDIDATES the caller may read (each list is put back in
 * its order here: a union keeps none, and a window function would rank every match twice).
 */
function searchSql(caller: Caller, tsQuery: SQL, near: SQL | null): SQL {
  const ids = near ? sql`(select content_id from matched union select content_id from near)` : sql`(select distinct content_id from matched)`;
  const meaning = near
    ? sql`
    union all
    select * from (
      select 'meaning' as list, n.content_id, n.ordinal, p.body, (-n.distance)::float8 as rank, r.title, r.type
        from near n
        join readable r on r.id = n.content_id
        join ${assistantPassages} p on p.content_id = n.content_id and p.ordinal = n.ordinal
        order by n.distance, n.content_id, n.ordinal
        limit ${CANDIDATES}) m`
    : sql``;
  return sql`
    with matched as materialized (
      select p.content_id, p.ordinal from ${assistantPassages} p where p.tenant_id = ${caller.tenantId} and p.search @@ ${tsQuery}
    ),
    ${near ? sql`near as materialized (${near}),` : sql``}
    readable as materialized (
      select ${contents.id} as id, ${contents.title} as title, ${contents.type} as type
        from ${contents}
        where ${contents.id} in ${ids} and ${readableContentWhere(caller)}
    )
    select * from (
      select 'words' as list, p.content_id, p.ordinal, p.body, ts_rank(p.search, ${tsQuery})::float8 as rank, r.title, r.type
        from matched m
        join readable r on r.id = m.content_id
        join ${assistantPassages} p on p.content_id = m.content_id and p.ordinal = m.ordinal
        order by rank desc, p.content_id, p.ordinal
        limit ${CANDIDATES}) w
    ${meaning}`;
}

export async function searchPassages(db: Db, caller: Caller, question: string, options: SearchOptions): Promise<Passage[]> {
  const [tenant] = await db.select({ language: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1);
  if (!tenant) return [];
  const config = tsConfigOf(tenant.language);
  // plainto_tsquery drops stop words and stems; its ANDs become ORs (any word may match).
  const tsQuery = sql`replace(plainto_tsquery(${config}::regconfig, ${foldSql(question)})::text, '&', '|')::tsquery`;
  const vector = options.semantic ? await questionVector(db, options.semantic, caller, question) : null;
  const rowsOf = (result: unknown) => (result as { rows: SearchRow[] }).rows;
  const words = async () => rowsOf(await db.execute(searchSql(caller, tsQuery, null)));
  const model = options.semantic?.model;
  let meaningRan = vector !== null && model !== undefined;
  const found =
    vector && model
      ? await withNearestScan(db, vector.length, async (tx) => rowsOf(await tx.execute(searchSql(caller, tsQuery, nearestSql(caller.tenantId, model, vector, CANDIDATES))))).catch(() => {
          // A search by meaning that fails (an older pgvector without iterative scans, say) leaves the words' answer.
          meaningRan = false;
          return words();
        })
      : await words();
  // Best first, ties by content and place, as the statement's ORDER BY (uuids compare as their hex text).
  const listOf = (list: SearchRow["list"]): Row[] =>
    found
      .filter((r) => r.list === list)
      .map((r) => ({ contentId: r.content_id, ordinal: Number(r.ordinal), body: r.body, rank: Number(r.rank), title: r.title, type: r.type }))
      .sort((a, b) => b.rank - a.rank || (a.contentId < b.contentId ? -1 : a.contentId > b.contentId ? 1 : 0) || a.ordinal - b.ordinal);
  const rows = meaningRan ? fuseRankings([listOf("words"), listOf("meaning")]) : listOf("words");
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
