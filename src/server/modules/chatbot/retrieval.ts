import { eq, sql, type SQL } from "drizzle-orm";
import type { AiProvider } from "../../ai/types";
import type { Database, Db } from "../../db/client";
import { assistantPassages, contents, tenants } from "../../db/schema";
import { canAuthor } from "../contents/access";
import type { Caller } from "../courses/access";
import { foldSql, tsConfigOf } from "./indexer";
import { choosePlacements, placementsSql, readableContentWhere, type Placement, type PlacementRow } from "./scope";
import { hasVectors, nearestSql, nearestWithinSql, unit, withNearestScan } from "./vectors";

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

/**
 * A row of either list; a place where one of their contents reaches the caller (course_id,
 * lesson_id, lesson_title); or the one `count` row: how many passages the words' search ranked
 * (its rank column) and how many the search by meaning read (its ordinal column).
 */
type SearchRow = {
  list: "words" | "meaning" | "placement" | "count";
  content_id: string;
  ordinal: number;
  body: string;
  rank: number | string;
  title: string;
  type: string;
} & PlacementRow;

/**
 * How one statement meets the caller's scope (scope.ts), whose test is the costliest part of a
 * search (tests/perf/chatbot.ts), so it runs on as few contents as it can:
 * - `scope-first` (callers who reach contents only through their classes: students): the few
 *   contents they may read first, then the matching passages of those alone (by the passages' key);
 * - `rank-first` (authors, who may read most of the edition): the edition's best RANK_FIRST
 *   matches by rank, then the scope on those contents only. When CANDIDATES of them are readable,
 *   they are exactly the best CANDIDATES readable matches (any other ranks below all of them);
 *   otherwise the search runs again `full`. By meaning, the edition's CANDIDATES nearest (the
 *   HNSW index); when fewer than half are the caller's and the edition has more, again `full`;
 * - `full`: every match's content tested, then ranked; by meaning, the edition's RANK_FIRST nearest.
 *
 * Callers who are not authors reach contents only through their classes, so their scope is small:
 * their search by meaning compares every readable passage (exact); an author's walks the index.
 */
type Plan = "scope-first" | "rank-first" | "full";

/** The edition's best matches ranked before the scope, in the `rank-first` plan. */
const RANK_FIRST = CANDIDATES * 4;
/**
 * The readable passages of the edition's CANDIDATES nearest below which an author's search by
 * meaning looks further: half of them. Exactness is the words' rule; the index walk is approximate
 * anyway, and an answer uses five passages.
 */
const MEANING_ENOUGH = CANDIDATES / 2;

/**
 * Both searches in one statement, so the caller's scope is planned and run once: the passages
 * matching the question's words (ranked by ts_rank), and with `near` the edition's nearest by
 * meaning (vectors.ts, the HNSW index), each list's best CANDIDATES the caller may read (each list
 * is put back in its order here: a union keeps none).
 */
function searchSql(caller: Caller, tsQuery: SQL, near: SQL | null, plan: Plan): SQL {
  const rank = sql`ts_rank(p.search, ${tsQuery})::float8`;
  const scopeIds =
    plan === "scope-first"
      ? null
      : near
        ? sql`(select content_id from matched union select content_id from near)`
        : sql`(select distinct content_id from matched)`;
  const matched =
    plan === "scope-first"
      ? // Per readable content, its passages by their key (`offset 0` keeps the planner from turning this into a scan of the edition's passages).
        sql`select p.content_id, p.ordinal, p.body, ${rank} as rank from readable r
          cross join lateral (select * from ${assistantPassages} x where x.content_id = r.id and x.search @@ ${tsQuery} offset 0) p`
      : plan === "rank-first"
        ? sql`select p.content_id, p.ordinal, p.body, ${rank} as rank from ${assistantPassages} p
          where p.tenant_id = ${caller.tenantId} and p.search @@ ${tsQuery}
          order by rank desc, p.content_id, p.ordinal limit ${RANK_FIRST}`
        : sql`select p.content_id, p.ordinal, p.body, ${rank} as rank from ${assistantPassages} p
          where p.tenant_id = ${caller.tenantId} and p.search @@ ${tsQuery}`;
  const readable = sql`readable as materialized (
      select ${contents.id} as id, ${contents.title} as title, ${contents.type} as type
        from ${contents}
        where ${scopeIds ? sql`${contents.id} in ${scopeIds} and ` : sql``}${readableContentWhere(caller)}
    )`;
  const words = sql`words as (
      select m.content_id, m.ordinal, m.body, m.rank, r.title, r.type
        from matched m
        join readable r on r.id = m.content_id
        order by m.rank desc, m.content_id, m.ordinal
        limit ${CANDIDATES})`;
  const meaning = sql`meaning as (
      select n.content_id, n.ordinal, p.body, (-n.distance)::float8 as rank, r.title, r.type
        from near n
        join readable r on r.id = n.content_id
        join ${assistantPassages} p on p.content_id = n.content_id and p.ordinal = n.ordinal
        order by n.distance, n.content_id, n.ordinal
        limit ${CANDIDATES})`;
  const listed = near ? sql`(select content_id from words union select content_id from meaning)` : sql`(select content_id from words)`;
  // Where the listed contents reach the caller (scope.ts), in the same statement.
  const placed = sql`placed as (select * from (${placementsSql(caller)}) pl where pl.content_id in ${listed})`;
  const steps = [sql`matched as materialized (${matched})`, ...(near ? [sql`near as materialized (${near})`] : [])];
  // The scope first, or after the contents the searches found.
  const ctes = [...(plan === "scope-first" ? [readable, ...steps] : [...steps, readable]), words, ...(near ? [meaning] : []), placed];
  const none = sql`null::uuid as course_id, null::uuid as lesson_id, null::text as lesson_title`;
  return sql`
    with ${sql.join(ctes, sql`,
`)}
    select 'words' as list, *, ${none} from words
    ${near ? sql`union all select 'meaning' as list, *, ${none} from meaning` : sql``}
    union all
    select 'placement', content_id, null::int, null::text, null::float8, null::text, null::text, course_id, lesson_id, lesson_title from placed
    union all
    select 'count', null::uuid, ${near ? sql`(select count(*) from near)::int` : sql`0`}, null::text, (select count(*) from matched)::float8, null::text, null::text, ${none}`;
}

export async function searchPassages(db: Db, caller: Caller, question: string, options: SearchOptions): Promise<Passage[]> {
  const [tenant] = await db.select({ language: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1);
  if (!tenant) return [];
  const config = tsConfigOf(tenant.language);
  // plainto_tsquery drops stop words and stems; its ANDs become ORs (any word may match).
  const tsQuery = sql`replace(plainto_tsquery(${config}::regconfig, ${foldSql(question)})::text, '&', '|')::tsquery`;
  const vector = options.semantic ? await questionVector(db, options.semantic, caller, question) : null;
  const rowsOf = (result: unknown) => (result as { rows: SearchRow[] }).rows;
  const model = options.semantic?.model;
  let meaningRan = vector !== null && model !== undefined;
  const search = async (plan: Plan): Promise<SearchRow[]> => {
    const words = async () => rowsOf(await db.execute(searchSql(caller, tsQuery, null, plan)));
    if (!vector || !model || !meaningRan) return words();
    const failed = () => {
      // A search by meaning that fails (an older pgvector without iterative scans, say) leaves the words' answer.
      meaningRan = false;
      return words();
    };
    // Within a narrow scope, every readable passage's vector is compared (no index, nothing to walk past).
    if (plan === "scope-first") return db.execute(searchSql(caller, tsQuery, nearestWithinSql(model, vector, CANDIDATES), plan)).then(rowsOf, failed);
    const near = nearestSql(caller.tenantId, model, vector, plan === "full" ? RANK_FIRST : CANDIDATES);
    return withNearestScan(db, vector.length, async (tx) => rowsOf(await tx.execute(searchSql(caller, tsQuery, near, plan)))).catch(failed);
  };
  const first: Plan = canAuthor(caller.role) ? "rank-first" : "scope-first";
  let found = await search(first);
  if (first === "rank-first") {
    const count = found.find((r) => r.list === "count");
    const short = (list: SearchRow["list"], enough: number, read: number, asked: number) => found.filter((r) => r.list === list).length < enough && read >= asked;
    // Too few of the edition's best were readable, and there were more: the rest may hold readable ones.
    if (short("words", CANDIDATES, Number(count?.rank ?? 0), RANK_FIRST) || (meaningRan && short("meaning", MEANING_ENOUGH, Number(count?.ordinal ?? 0), CANDIDATES))) {
      found = await search("full");
    }
  }
  // Best first, ties by content and place, as the statement's ORDER BY (uuids compare as their hex text).
  const listOf = (list: SearchRow["list"]): Row[] =>
    found
      .filter((r) => r.list === list)
      .map((r) => ({ contentId: r.content_id, ordinal: Number(r.ordinal), body: r.body, rank: Number(r.rank), title: r.title, type: r.type }))
      .sort((a, b) => b.rank - a.rank || (a.contentId < b.contentId ? -1 : a.contentId > b.contentId ? 1 : 0) || a.ordinal - b.ordinal);
  const rows = meaningRan ? fuseRankings([listOf("words"), listOf("meaning")]) : listOf("words");
  if (rows.length === 0) return [];

  const placements = choosePlacements(
    found.filter((r) => r.list === "placement"),
    options.courseId,
  );
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
