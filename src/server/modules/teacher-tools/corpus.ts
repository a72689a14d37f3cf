import { and, eq, isNull } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contents, questions } from "../../db/schema";

/*
 * The edition's own texts as word counts (issue 16, ADR 0039): what its pupils have met in its
 * contents (titles, descriptions, texts, image descriptions) and its questions. The vocabulary
 * creator measures how rare a word of the teacher's text is against it. Counted once per edition
 * and kept for CORPUS_TTL_MS: new contents count within minutes, and a class of teachers asking at
 * once costs one read.
 */

export const CORPUS_TTL_MS = 10 * 60_000;
/** Editions kept in memory at once (a corpus of a large edition is a few MB of counts). */
const CORPUS_CACHE_SIZE = 32;

export type Corpus = { counts: ReadonlyMap<string, number>; total: number };

type Entry = { at: number; corpus: Promise<Corpus> };
/** Per database (a test may open several holding the same seeded editions), then per edition. */
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Lower-case words (letters only; apostrophes split elisions). */
export function corpusWords(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

async function countCorpus(db: Db, tenantId: string): Promise<Corpus> {
  const counts = new Map<string, number>();
  let total = 0;
  const add = (text: string | null) => {
    if (!text) return;
    for (const word of corpusWords(text)) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      total += 1;
    }
  };
  const contentRows = await db
    .select({ title: contents.title, description: contents.description, body: sql<string | null>`${contents.data}->>'body'`, alt: sql<string | null>`${contents.data}->>'alt'` })
    .from(contents)
    .where(and(eq(contents.tenantId, tenantId), isNull(contents.deletedAt)));
  for (const row of contentRows) {
    add(row.title);
    add(row.description);
    add(row.body);
    add(row.alt);
  }
  const questionRows = await db.select({ prompt: questions.prompt }).from(questions).where(eq(questions.tenantId, tenantId));
  for (const row of questionRows) add(row.prompt);
  return { counts, total };
}

/** The edition's corpus, counted at most once per CORPUS_TTL_MS. */
export function editionCorpus(db: Db, tenantId: string, now = Date.now()): Promise<Corpus> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(tenantId);
  if (hit && now - hit.at < CORPUS_TTL_MS) return hit.corpus;
  const corpus = countCorpus(db, tenantId);
  // A failed read is not kept: the next request tries again.
  corpus.catch(() => cache.delete(tenantId));
  cache.delete(tenantId);
  cache.set(tenantId, { at: now, corpus });
  while (cache.size > CORPUS_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return corpus;
}
