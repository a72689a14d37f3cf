import type { Language } from "../../../../contracts/constants";
import { countSyllables } from "./syllables";

/*
 * Readability for the text level adapter (issue 16, ADR 0038): counts, each language's formula,
 * and the band a class's education level and year calls for.
 *
 * Formulas (higher is easier, except Flesch-Kincaid's grade and LIX):
 * - es: Szigriszt-Pazos perspicuity, read on the INFLESZ scale (Barrio-Cantalejo et al. 2008), the
 *   one Spanish education and health writing use; Fernández-Huerta reported beside it, in its
 *   corrected form (Law 2011: 206.84 − 60·syllables/word − 1.02·words/sentence).
 * - en: Flesch-Kincaid grade level (Kincaid et al. 1975), with Flesch reading ease beside it.
 * - pt: Flesch's reading ease as adapted to Portuguese (Martins et al. 1996: 248.835 base).
 * - ca: no formula has been validated for Catalan. Szigriszt-Pazos/INFLESZ is used: Catalan is a
 *   Romance language whose syllable-per-word and sentence-length distributions are close to
 *   Spanish's, so the Spanish calibration is the nearest one. Reported as approximate.
 * - eu: Basque is agglutinative: long words with many syllables that are not hard for a Basque
 *   reader, which every syllable-based formula punishes. LIX (Björnsson 1968: words/sentence +
 *   100·long words/words) counts letters, not syllables, and has been applied across languages;
 *   long words are those of more than six letters. Reported as approximate.
 */

export type TextStats = {
  sentences: number;
  words: number;
  syllables: number;
  letters: number;
  /** Words of more than six letters (LIX). */
  longWords: number;
  /** Words of three syllables or more. */
  polysyllables: number;
};

const LETTER = /\p{L}/u;

/**
 * The stretches of a text that no sentence crosses: its lines (a line break always ends a
 * sentence: a paragraph, a heading, a list item) and, within a line, the turns of a dialogue — a
 * dash after a sentence's end that opens a capitalised utterance starts a new sentence ("…la
 * tierra. —¿Qué gigantes?"), which Unicode's sentence rules (ICU) take as one sentence, a dash
 * continuing it; a narrator's lower-case tag ("—dijo Sancho") stays with its utterance.
 */
export function sentenceSpans(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .flatMap((line) => line.split(/(?<=[.!?…»"”])\s+(?=[-–—]\s*[\p{Lu}¿¡«"“])/u));
}

/** Sentences, words, syllables and letters of a text in `language` (Unicode segmentation, ICU rules, within `sentenceSpans`). */
export function textStats(text: string, language: Language): TextStats {
  const stats: TextStats = { sentences: 0, words: 0, syllables: 0, letters: 0, longWords: 0, polysyllables: 0 };
  const sentences = new Intl.Segmenter(language, { granularity: "sentence" });
  const words = new Intl.Segmenter(language, { granularity: "word" });
  for (const { segment } of sentenceSpans(text).flatMap((span) => [...sentences.segment(span)])) {
    let inSentence = 0;
    for (const w of words.segment(segment)) {
      if (!w.isWordLike || !LETTER.test(w.segment)) continue;
      const letters = [...w.segment].filter((c) => LETTER.test(c)).length;
      const syllables = countSyllables(w.segment, language);
      inSentence += 1;
      stats.words += 1;
      stats.letters += letters;
      stats.syllables += syllables;
      if (letters > 6) stats.longWords += 1;
      if (syllables >= 3) stats.polysyllables += 1;
    }
    if (inSentence > 0) stats.sentences += 1;
  }
  return stats;
}

const perWord = (s: TextStats) => s.syllables / s.words;
const perSentence = (s: TextStats) => s.words / s.sentences;

/** Szigriszt-Pazos perspicuity (1993): 206.835 − 62.3·syllables/word − words/sentence. */
export const szigrisztPazos = (s: TextStats): number => 206.835 - 62.3 * perWord(s) - perSentence(s);
/** Fernández-Huerta (1959), corrected (Law 2011): 206.84 − 60·syllables/word − 1.02·words/sentence. */
export const fernandezHuerta = (s: TextStats): number => 206.84 - 60 * perWord(s) - 1.02 * perSentence(s);
/** Flesch reading ease (1948): 206.835 − 1.015·words/sentence − 84.6·syllables/word. */
export const fleschReadingEase = (s: TextStats): number => 206.835 - 1.015 * perSentence(s) - 84.6 * perWord(s);
/** Flesch-Kincaid grade level (1975): 0.39·words/sentence + 11.8·syllables/word − 15.59. */
export const fleschKincaidGrade = (s: TextStats): number => 0.39 * perSentence(s) + 11.8 * perWord(s) - 15.59;
/** Flesch reading ease for Portuguese (Martins et al. 1996): 248.835 − 1.015·words/sentence − 84.6·syllables/word. */
export const fleschPortuguese = (s: TextStats): number => 248.835 - 1.015 * perSentence(s) - 84.6 * perWord(s);
/** LIX (Björnsson 1968): words/sentence + 100·long words/words. */
export const lix = (s: TextStats): number => perSentence(s) + (100 * s.longWords) / s.words;

export type ReadabilityIndex = "szigriszt-inflesz" | "fernandez-huerta" | "flesch-kincaid" | "flesch" | "flesch-pt" | "lix";

/** The index the level is judged by in each language, and whether its scale grows with ease. */
export const PRIMARY_INDEX: Readonly<Record<Language, { index: ReadabilityIndex; higherIsEasier: boolean; approximate: boolean }>> = {
  es: { index: "szigriszt-inflesz", higherIsEasier: true, approximate: false },
  ca: { index: "szigriszt-inflesz", higherIsEasier: true, approximate: true },
  en: { index: "flesch-kincaid", higherIsEasier: false, approximate: false },
  pt: { index: "flesch-pt", higherIsEasier: true, approximate: false },
  eu: { index: "lix", higherIsEasier: false, approximate: true },
};

const FORMULAS: Readonly<Record<ReadabilityIndex, (s: TextStats) => number>> = {
  "szigriszt-inflesz": szigrisztPazos,
  "fernandez-huerta": fernandezHuerta,
  "flesch-kincaid": fleschKincaidGrade,
  flesch: fleschReadingEase,
  "flesch-pt": fleschPortuguese,
  lix,
};

/** The other indexes shown beside the primary one. */
const SECONDARY: Readonly<Record<Language, readonly ReadabilityIndex[]>> = {
  es: ["fernandez-huerta"],
  ca: ["fernandez-huerta"],
  en: ["flesch"],
  pt: [],
  eu: [],
};

export type Readability = {
  language: Language;
  index: ReadabilityIndex;
  /** The primary index's value, rounded to one decimal; null for a text without words. */
  value: number | null;
  approximate: boolean;
  others: Array<{ index: ReadabilityIndex; value: number }>;
  stats: TextStats;
};

const round1 = (x: number) => Math.round(x * 10) / 10;

/** A text's readability in its language: the primary index, the others, and the counts behind them. */
export function measureReadability(text: string, language: Language): Readability {
  const stats = textStats(text, language);
  const { index, approximate } = PRIMARY_INDEX[language];
  if (stats.words === 0) return { language, index, value: null, approximate, others: [], stats };
  return {
    language,
    index,
    value: round1(FORMULAS[index](stats)),
    approximate,
    others: SECONDARY[language].map((i) => ({ index: i, value: round1(FORMULAS[i](stats)) })),
    stats,
  };
}
