import type { Language } from "../../../contracts/constants";
import { corpusWords, type Corpus } from "../teacher-tools/corpus";
import { sentencesOf } from "../teacher-tools/sentences";

/*
 * The local provider's answer (issue 17, ADR 0041): no model writes anything. The passages'
 * own sentences that best answer the question are quoted, each with the [n] of its source.
 * A sentence scores the inverse document frequency (against the edition's corpus) of the
 * question's words it holds, matched on their first five letters with accents folded (so
 * "romanos" meets "romana", "escribe" meets "escribir"), times how much of the question it covers;
 * the passage's search rank breaks ties. Questions and very short lines are never quoted (an
 * exercise's question is no answer).
 */

/** Quoted sentences at most, and per source. */
export const EXTRACT_MAX = 3;
const PER_SOURCE = 2;
/** A sentence is quoted when it scores at least this share of the best one. */
const KEEP_SHARE = 0.4;
const MIN_WORDS = 4;

const fold = (s: string) => s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
export const stemOf = (word: string) => fold(word).slice(0, 5);

export type ExtractSource = { n: number; body: string; rank: number };
export type Extract = { n: number; sentence: string; position: number; score: number };

/** The question's words worth matching, each with its weight: rare words weigh more. */
export function questionTerms(question: string, corpus: Corpus): Map<string, number> {
  const terms = new Map<string, number>();
  for (const word of corpusWords(question)) {
    if (word.length < 3) continue;
    const count = corpus.counts.get(word) ?? 0;
    const idf = Math.log((corpus.total + 1) / (count + 1));
    const stem = stemOf(word);
    terms.set(stem, Math.max(terms.get(stem) ?? 0, idf));
  }
  return terms;
}

/** The sentences to quote, best first then grouped by source in the sources' order. */
export function extractAnswer(question: string, sources: readonly ExtractSource[], corpus: Corpus, language: Language): Extract[] {
  const terms = questionTerms(question, corpus);
  const totalWeight = [...terms.values()].reduce((a, b) => a + b, 0);
  if (terms.size === 0 || totalWeight <= 0) return [];
  const scored: Extract[] = [];
  for (const source of sources) {
    sentencesOf(source.body, language).forEach((sentence, position) => {
      if (sentence.words.length < MIN_WORDS || /[?？]\s*$/.test(sentence.text)) return;
      const stems = new Set(sentence.words.map((w) => stemOf(w.text)));
      let weight = 0;
      for (const [stem, idf] of terms) if (stems.has(stem)) weight += idf;
      if (weight <= 0) return;
      const coverage = weight / totalWeight;
      scored.push({ n: source.n, sentence: sentence.text, position, score: weight * (0.5 + 0.5 * coverage) + 0.01 * source.rank });
    });
  }
  if (scored.length === 0) return [];
  scored.sort((a, b) => b.score - a.score || a.n - b.n || a.position - b.position);
  const best = scored[0]?.score ?? 0;
  const perSource = new Map<number, number>();
  const chosen: Extract[] = [];
  const seen = new Set<string>();
  for (const extract of scored) {
    if (extract.score < best * KEEP_SHARE || chosen.length >= EXTRACT_MAX) break;
    const n = perSource.get(extract.n) ?? 0;
    const key = fold(extract.sentence);
    if (n >= PER_SOURCE || seen.has(key)) continue;
    perSource.set(extract.n, n + 1);
    seen.add(key);
    chosen.push(extract);
  }
  // Read in the order the sources are cited, and within a source in the text's order.
  return chosen.sort((a, b) => a.n - b.n || a.position - b.position);
}

/** How much of the question's weight a text covers (0..1): the open-assessment check reads it. */
export function coverageOf(question: string, text: string, corpus: Corpus): number {
  const terms = questionTerms(question, corpus);
  const total = [...terms.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  const stems = new Set(corpusWords(text).map(stemOf));
  let weight = 0;
  for (const [stem, idf] of terms) if (stems.has(stem)) weight += idf;
  return weight / total;
}
