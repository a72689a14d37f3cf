import type { Language } from "../../../contracts/constants";
import { sentenceSpans } from "./readability/readability";
import { countSyllables } from "./readability/syllables";

/*
 * A text as sentences, paragraphs and words (Unicode segmentation in the text's language), with
 * the counts the tools read per sentence: the text level adapter's hardest sentences and
 * special-needs checks, the vocabulary's example sentences.
 */

export type Word = { text: string; syllables: number; letters: number; index: number };
export type Sentence = { text: string; paragraph: number; words: Word[] };

const LETTER = /\p{L}/u;

/** A word is "long" for the reader: three syllables or more (English), four (Romance languages), more than six letters (Basque, as LIX counts). */
export function isLongWord(word: Word, language: Language): boolean {
  if (language === "eu") return word.letters > 6;
  return word.syllables >= (language === "en" ? 3 : 4);
}

/** The text's sentences in order, as the readability formulas count them (`sentenceSpans`); a paragraph is a line. */
export function sentencesOf(text: string, language: Language): Sentence[] {
  const paragraphs = text
    .split(/\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p !== "");
  const sentenceSegmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  const wordSegmenter = new Intl.Segmenter(language, { granularity: "word" });
  const out: Sentence[] = [];
  paragraphs.forEach((paragraph, p) => {
    for (const { segment } of sentenceSpans(paragraph).flatMap((span) => [...sentenceSegmenter.segment(span)])) {
      const words: Word[] = [];
      for (const w of wordSegmenter.segment(segment)) {
        if (!w.isWordLike || !LETTER.test(w.segment)) continue;
        words.push({ text: w.segment, syllables: countSyllables(w.segment, language), letters: [...w.segment].filter((c) => LETTER.test(c)).length, index: w.index });
      }
      if (words.length > 0) out.push({ text: segment.trim(), paragraph: p, words });
    }
  });
  return out;
}

/** The most sentences any one paragraph has. */
export function longestParagraph(sentences: readonly Sentence[]): number {
  const counts = new Map<number, number>();
  for (const s of sentences) counts.set(s.paragraph, (counts.get(s.paragraph) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}
