import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { assistantIndexed, assistantPassages, assistantPassageVectors } from "../../db/schema";
import { AiBudgetError } from "../../ai/errors";
import type { AiProvider } from "../../ai/types";

/*
 * The assistant's vector search (issue 17, ADR 0045): when the provider has an embeddings model,
 * every passage gets a vector (unit length), and a question is embedded to find the passages
 * closest in meaning, words shared or not ("elevar al cubo" finds "potencia de exponente 3").
 * Vectors are stored as `real[]` and searched with pgvector's inner-product operator, so vector
 * search runs where pgvector is installed (PGlite always). Without it (this repository's
 * PostgreSQL 15 has no package for it) nothing is embedded and the assistant searches by words
 * alone: summing the products in plain SQL took 0.64 s a question over 10,000 passages
 * (tests/perf/chatbot.ts), too slow to be worth it. Full-text search still runs; retrieval.ts fuses
 * both rankings.
 */

/** pgvector's HNSW index takes vectors of at most this many numbers; longer ones are searched exactly. */
const HNSW_MAX_DIMS = 2000;
/** Sizes whose index this database already has (created once per size, before its first vectors). */
const indexedSizes = new WeakMap<Db, Set<number>>();

/**
 * An HNSW index (inner product) for vectors of `dims` numbers: a partial expression index, so each
 * size has its own and rows of another size are never cast. Made before the first vectors of that
 * size are stored, it grows row by row (building it over 10,000 existing rows took PGlite 23 s).
 */
export async function ensureVectorIndex(db: Db, dims: number): Promise<void> {
  if (!Number.isInteger(dims) || dims < 1 || dims > HNSW_MAX_DIMS) return;
  const known = indexedSizes.get(db) ?? new Set<number>();
  indexedSizes.set(db, known);
  if (known.has(dims)) return;
  const d = sql.raw(String(dims));
  await db.execute(
    sql`create index if not exists ${sql.raw(`assistant_passage_vectors_hnsw_${dims}`)} on ${assistantPassageVectors} using hnsw ((embedding::vector(${d})) vector_ip_ops) where array_length(embedding, 1) = ${d}`,
  );
  known.add(dims);
}

/** Passages embedded per call to the model server. */
const EMBED_BATCH = 64;
/** Contents embedded per sweep. */
const SWEEP_CONTENTS = 40;

/** The vector scaled to unit length (its dot product with another unit vector is their cosine). */
export function unit(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm > 0 ? vector.map((x) => x / norm) : vector.map(() => 0);
}

/** The embeddings model's name when the provider has one and the database has pgvector; null otherwise (words only). */
export const embeddingModelOf = (ai: AiProvider, configured: string | undefined, database: Pick<Database, "vector">): string | null =>
  database.vector && ai.capabilities().embeddings && ai.embed && configured ? configured : null;

/**
 * Embeds the passages of contents whose vectors are missing or were made by another model, at
 * most `limit` contents. Idempotent: a content already embedded with `model` is skipped. A failure
 * (the model server down, the budget spent) leaves the rest for the next sweep. Returns how many
 * contents it embedded.
 */
export async function embedStaleContents(
  db: Db,
  ai: AiProvider,
  model: string,
  options: { limit?: number; contentIds?: string[]; log?: { warn: (obj: object, msg: string) => void } } = {},
): Promise<number> {
  const embed = ai.embed?.bind(ai);
  if (!embed) return 0;
  const stale = await db
    .select({ contentId: assistantIndexed.contentId, tenantId: assistantIndexed.tenantId })
    .from(assistantIndexed)
    .where(
      and(
        options.contentIds ? inArray(assistantIndexed.contentId, options.contentIds) : undefined,
        or(isNull(assistantIndexed.embeddedModel), ne(assistantIndexed.embeddedModel, model)),
      ),
    )
    .orderBy(asc(assistantIndexed.indexedAt))
    .limit(options.limit ?? SWEEP_CONTENTS);
  let embedded = 0;
  for (const { contentId, tenantId } of stale) {
    try {
      await embedContent(db, embed, model, contentId, tenantId);
      embedded += 1;
    } catch (err) {
      // The budget spent: nothing more today. Another failure: this content waits for the next sweep, the others go on.
      if (err instanceof AiBudgetError) break;
      options.log?.warn({ err: err instanceof Error ? err.message : String(err), contentId }, "a content's passages could not be embedded");
    }
  }
  return embedded;
}

/** One content's passages embedded and stored, its vectors replaced in one transaction. */
async function embedContent(db: Db, embed: NonNullable<AiProvider["embed"]>, model: string, contentId: string, tenantId: string): Promise<void> {
  const passages = await db
    .select({ ordinal: assistantPassages.ordinal, body: assistantPassages.body })
    .from(assistantPassages)
    .where(eq(assistantPassages.contentId, contentId))
    .orderBy(asc(assistantPassages.ordinal));
  const vectors: number[][] = [];
  for (let at = 0; at < passages.length; at += EMBED_BATCH) {
    const batch = passages.slice(at, at + EMBED_BATCH);
    const result = await embed({ texts: batch.map((p) => p.body), tenantId, purpose: "assistant.index" });
    vectors.push(...result.vectors.map(unit));
  }
  if (vectors[0]) await ensureVectorIndex(db, vectors[0].length);
  await db.transaction(async (tx) => {
    // Re-cut while the model worked (the content changed): these vectors are not its passages'; the next sweep embeds the new ones.
    const now = await tx.select({ body: assistantPassages.body }).from(assistantPassages).where(eq(assistantPassages.contentId, contentId)).orderBy(asc(assistantPassages.ordinal));
    if (now.length !== passages.length || now.some((p, i) => p.body !== passages[i]?.body)) return;
    await tx.delete(assistantPassageVectors).where(eq(assistantPassageVectors.contentId, contentId));
    if (passages.length > 0) {
      await tx.insert(assistantPassageVectors).values(passages.map((p, i) => ({ contentId, ordinal: p.ordinal, tenantId, model, embedding: vectors[i] ?? [] })));
    }
    await tx.update(assistantIndexed).set({ embeddedModel: model }).where(eq(assistantIndexed.contentId, contentId));
  });
}

/**
 * The question's size and its distance from a passage's vector `v.embedding`, inner product (a
 * smaller distance is nearer). The size is a literal: the partial index's predicate must be
 * provable from the query's.
 */
function distanceTo(question: readonly number[]): { d: SQL; distance: SQL } {
  const q = `{${question.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}}`;
  const d = sql.raw(String(Number.isInteger(question.length) ? question.length : 0));
  return { d, distance: sql`(v.embedding::vector(${d})) <#> (${q}::real[])::vector(${d})` };
}

/**
 * The edition's `limit` passages nearest to `question` (unit vector) by inner product, as a query
 * of (content_id, ordinal, distance) for a CTE: the caller's scope is applied after it, on those
 * contents only (retrieval.ts, which asks for more when too few of them are the caller's).
 */
export function nearestSql(tenantId: string, model: string, question: readonly number[], limit: number): SQL {
  const { d, distance } = distanceTo(question);
  return sql`select v.content_id, v.ordinal, ${distance} as distance
      from ${assistantPassageVectors} v
      where array_length(v.embedding, 1) = ${d} and v.tenant_id = ${tenantId} and v.model = ${model}
      order by ${distance}
      limit ${limit}`;
}

/**
 * The passages of the contents in `readable` (a CTE of the statement, column `id`) nearest to
 * `question`, exactly (every vector of those contents compared, by their key; no index): for a
 * caller who may read few contents (retrieval.ts' scope-first plan), whose passages an edition-wide
 * index search would mostly pass over for others'. Same columns as nearestSql.
 */
export function nearestWithinSql(model: string, question: readonly number[], limit: number): SQL {
  const { d, distance } = distanceTo(question);
  return sql`select v.content_id, v.ordinal, ${distance} as distance
      from readable r
      cross join lateral (select * from ${assistantPassageVectors} x where x.content_id = r.id and x.model = ${model} and array_length(x.embedding, 1) = ${d} offset 0) v
      order by distance, v.content_id, v.ordinal
      limit ${limit}`;
}

/**
 * Runs `query` (which reads nearestSql's CTE for vectors of `dims` numbers) so that the HNSW index
 * walks on past other editions' vectors (pgvector 0.8's iterative scan; a setting of the
 * transaction only). Longer vectors have no index: their search is exact and needs nothing.
 */
export async function withNearestScan<T>(db: Db, dims: number, query: (db: Db) => Promise<T>): Promise<T> {
  if (dims > HNSW_MAX_DIMS) return query(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
    return query(tx as unknown as Db);
  });
}

/** Whether any passage of the tenant has a vector of `model` (no question is embedded for nothing). */
export async function hasVectors(db: Db, tenantId: string, model: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(assistantIndexed).where(and(eq(assistantIndexed.tenantId, tenantId), eq(assistantIndexed.embeddedModel, model))).limit(1);
  return row !== undefined;
}
