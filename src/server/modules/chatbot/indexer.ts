import { and, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import { languageOr, type Language } from "../../../contracts/constants";
import type { Db } from "../../db/client";
import { ACCENTED, UNACCENTED, assistantIndexed, assistantPassages, contents, tenants } from "../../db/schema";
import type { Storage } from "../../platform/storage";
import { itemText } from "../teacher-tools/lesson-content";
import { sentencesOf } from "../teacher-tools/sentences";

/*
 * The assistant's search index (issue 17, ADR 0041). Every content of an edition with text (a
 * written page, an HTML page, a PDF, an image's description; otherwise its description) is cut into
 * passages of a few sentences, each with a full-text vector in the edition's language: the title
 * weighs more (A) than the text (B), accents folded on both sides of the search. Assessments,
 * questions and practice activities are never indexed: the assistant must not be a way to their
 * answers. A content is read again when its `updated_at` moves (indexContent is idempotent: the
 * listener of `content.changed` and the worker's sweep may both run it).
 */

/** Assessments, questions and practice activities: never in the index. */
export const UNINDEXED_TYPES = ["CTTY_18", "CTTY_19", "CTTY_10"] as const;

/** Words a passage aims at: long enough to carry an idea, short enough to cite. */
const PASSAGE_TARGET_WORDS = 70;
const PASSAGE_MAX_WORDS = 130;
/** A sweep that read this many contents refreshes the planner's statistics of the index. */
const ANALYZE_AFTER = 20;
/** Contents read per sweep (a PDF may take a second). */
const SWEEP_BATCH = 50;

/** PostgreSQL's text-search configuration per edition language (all five ship with PostgreSQL and PGlite). */
const TS_CONFIG: Readonly<Record<Language, string>> = { es: "spanish", ca: "catalan", eu: "basque", en: "english", pt: "portuguese" };

export const tsConfigOf = (language: string): string => TS_CONFIG[languageOr(language)];

/** Accents folded as the search folds them (publications' search does the same). */
export const foldSql = (text: ReturnType<typeof sql> | string) => sql`translate(${text}, ${ACCENTED}, ${UNACCENTED})`;

/** The text cut into passages of whole sentences: a new passage at PASSAGE_TARGET_WORDS, or at a paragraph once half way there. */
export function passagesOf(text: string, language: Language): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let words = 0;
  let paragraph = -1;
  const flush = () => {
    if (current.length > 0) out.push(current.join(" "));
    current = [];
    words = 0;
  };
  for (const sentence of sentencesOf(text, language)) {
    const n = sentence.words.length;
    if (words > 0 && (words + n > PASSAGE_MAX_WORDS || words >= PASSAGE_TARGET_WORDS || (sentence.paragraph !== paragraph && words >= PASSAGE_TARGET_WORDS / 2))) flush();
    current.push(sentence.text);
    words += n;
    paragraph = sentence.paragraph;
  }
  flush();
  return out;
}

export type IndexOutcome = "indexed" | "current" | "removed";

/** (Re)cuts one content's passages, or removes them when it is gone, deleted or not indexed. */
export async function indexContent(db: Db, storage: Storage, contentId: string): Promise<IndexOutcome> {
  const [row] = await db
    .select({
      content: contents,
      language: tenants.defaultLanguage,
      // Compared in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
      current: sql<boolean>`coalesce(${assistantIndexed.sourceUpdatedAt} = ${contents.updatedAt}, false)`,
      stamp: sql<string>`${contents.updatedAt}::text`,
    })
    .from(contents)
    .innerJoin(tenants, eq(tenants.id, contents.tenantId))
    .leftJoin(assistantIndexed, eq(assistantIndexed.contentId, contents.id))
    .where(eq(contents.id, contentId))
    .limit(1);
  if (!row || row.content.deletedAt || (UNINDEXED_TYPES as readonly string[]).includes(row.content.type)) {
    await db.delete(assistantPassages).where(eq(assistantPassages.contentId, contentId));
    await db.delete(assistantIndexed).where(eq(assistantIndexed.contentId, contentId));
    return "removed";
  }
  const { content } = row;
  if (row.current) return "current";

  const language = languageOr(row.language);
  const own = (await itemText(storage, content).catch(() => "")).trim();
  const text = own === "" ? content.description.trim() : own;
  const bodies = passagesOf(text, language);
  // A content without text is still found by its title.
  if (bodies.length === 0) bodies.push(content.title);
  const config = tsConfigOf(language);
  const vector = (body: string) =>
    sql`setweight(to_tsvector(${config}::regconfig, ${foldSql(content.title)}), 'A') || setweight(to_tsvector(${config}::regconfig, ${foldSql(body)}), 'B')`;

  await db.transaction(async (tx) => {
    await tx.delete(assistantPassages).where(eq(assistantPassages.contentId, content.id));
    await tx
      .insert(assistantPassages)
      .values(bodies.map((body, ordinal) => ({ contentId: content.id, ordinal, tenantId: content.tenantId, body, search: vector(body) as unknown as string })))
      .onConflictDoNothing();
    // The updated_at of the version read, microseconds kept, so the sweep finds it current; new
    // passages have no vectors yet (theirs went with the old ones), so they are embedded again.
    const readAt = sql`${row.stamp}::timestamptz`;
    await tx
      .insert(assistantIndexed)
      .values({ contentId: content.id, tenantId: content.tenantId, sourceUpdatedAt: readAt as unknown as Date, passages: bodies.length })
      .onConflictDoUpdate({ target: assistantIndexed.contentId, set: { sourceUpdatedAt: readAt as unknown as Date, passages: bodies.length, indexedAt: new Date(), embeddedModel: null } });
  });
  return "indexed";
}

/**
 * Indexes contents whose passages are missing or older than the content (the seeded editions, a
 * change whose event was lost), and drops those of deleted ones: at most `limit` per call, for the
 * worker's sweep. Returns how many it read.
 */
export async function indexStaleContents(db: Db, storage: Storage, limit = SWEEP_BATCH, tenantId?: string): Promise<number> {
  const stale = await db
    .select({ id: contents.id })
    .from(contents)
    .leftJoin(assistantIndexed, eq(assistantIndexed.contentId, contents.id))
    .where(
      and(
        tenantId ? eq(contents.tenantId, tenantId) : undefined,
        or(
          and(isNull(contents.deletedAt), notInArray(contents.type, [...UNINDEXED_TYPES]), or(isNull(assistantIndexed.contentId), sql`${assistantIndexed.sourceUpdatedAt} <> ${contents.updatedAt}`)),
          and(sql`${assistantIndexed.contentId} is not null`, or(sql`${contents.deletedAt} is not null`, sql`${contents.type} in ${[...UNINDEXED_TYPES]}`)),
        ),
      ),
    )
    .limit(limit);
  for (const { id } of stale) await indexContent(db, storage, id);
  // PGlite has no autovacuum: without fresh statistics the planner joins the index's passages the slow way round.
  if (stale.length >= ANALYZE_AFTER) await db.execute(sql`analyze ${assistantPassages}, ${contents}`);
  return stale.length;
}
