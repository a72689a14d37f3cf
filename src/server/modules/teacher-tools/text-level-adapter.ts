import type { Language } from "../../../contracts/constants";
import * as z from "../../../contracts/zod";
import type { HardSentence, NeedCheck, ReadabilityView, SpecialNeed, TextLevelAdapterResult } from "../../../contracts/teacher-tools-base";
import type { AiProvider } from "../../ai";
import { againstBand, type Band } from "./readability/bands";
import { measureReadability, PRIMARY_INDEX } from "./readability/readability";
import { isLongWord, longestParagraph, sentencesOf, type Sentence } from "./sentences";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";

/*
 * The text level adapter (issue 16, ADR 0039). Whatever the provider, it measures: the teacher's
 * text on the language's readability index against the band the class's level and year call for,
 * the sentences furthest from it, and the special-needs rules that can be checked on a text. With
 * a language model it also rewrites the text for the band, measures the rewrite, and asks again
 * with the measured figures while it is off band (at most ADAPT_ATTEMPTS calls), keeping the
 * closest; a rewrite still off band is handed over marked so, never passed off as in band.
 */

/** Model calls per adaptation: the first rewrite and two corrections. */
export const ADAPT_ATTEMPTS = 3;
/** The hardest sentences the result points out. */
const HARD_SENTENCES = 5;

/**
 * Special-needs rules that a text can be checked against (ADR 0039, with their sources): sentence
 * length for dyslexia (British Dyslexia Association style guide: short sentences, 15 to 20 words
 * at most), language disorders and ASD (plain, literal language in short sentences); paragraph
 * length for ADHD and dyslexia (short blocks, one idea each). Dysgraphia, dyscalculia and high
 * abilities change the task, not the text's measures: they go to the model as instructions only.
 */
export const NEED_RULES: Readonly<Partial<Record<SpecialNeed, ReadonlyArray<Pick<NeedCheck, "rule" | "limit">>>>> = {
  dyslexia: [
    { rule: "max_sentence_words", limit: 15 },
    { rule: "max_paragraph_sentences", limit: 4 },
  ],
  adhd: [{ rule: "max_paragraph_sentences", limit: 3 }],
  language_disorders: [{ rule: "max_sentence_words", limit: 12 }],
  asd: [{ rule: "max_sentence_words", limit: 20 }],
};

/** What each need asks of a rewrite (the model's instructions; English, as the whole system message). */
const NEED_INSTRUCTIONS: Readonly<Record<SpecialNeed, string>> = {
  asd: "Autism spectrum: literal language only, no idioms, irony or metaphors; one idea per sentence; keep a predictable order.",
  adhd: "ADHD: short paragraphs of at most three sentences; put the key idea first in each paragraph.",
  dyslexia: "Dyslexia: sentences of at most 15 words, common words, active voice, no more than four sentences per paragraph.",
  dysgraphia: "Dysgraphia: the reading itself needs no change; keep it clear and well structured.",
  dyscalculia: "Dyscalculia: write numbers as digits, explain any quantity plainly, avoid needless figures.",
  language_disorders: "Language disorders: sentences of at most 12 words, frequent words, explain each technical word the first time it appears.",
  high_abilities: "High abilities: keep the depth; you may add precise vocabulary that the level can handle.",
};

/** A measure as the result shows it, judged against the band. */
export function readabilityView(text: string, language: Language, band: Band | null): ReadabilityView {
  const r = measureReadability(text, language);
  const { words, sentences, syllables } = r.stats;
  return {
    index: r.index,
    value: r.value,
    approximate: r.approximate,
    others: r.others,
    words,
    sentences,
    syllablesPerWord: words === 0 ? 0 : Math.round((syllables / words) * 100) / 100,
    wordsPerSentence: sentences === 0 ? 0 : Math.round((words / sentences) * 10) / 10,
    verdict: band && r.value !== null ? againstBand(r.value, band) : null,
  };
}

/**
 * The sentences a reader finds hardest, hardest first: by the language's own index measured on the
 * sentence alone (its length and its syllables per word, the two things every formula weighs).
 * Only sentences outside the band on the hard side are listed when there is a band.
 */
export function hardestSentences(sentences: readonly Sentence[], language: Language, band: Band | null): HardSentence[] {
  const { higherIsEasier } = PRIMARY_INDEX[language];
  return sentences
    .map((s) => {
      const value = measureReadability(s.text, language).value ?? 0;
      return { s, value, ease: higherIsEasier ? value : -value };
    })
    .filter(({ value }) => band === null || againstBand(value, band) === "too_hard")
    .sort((a, b) => a.ease - b.ease)
    .slice(0, HARD_SENTENCES)
    .map(({ s }) => ({
      text: s.text,
      words: s.words.length,
      syllablesPerWord: Math.round((s.words.reduce((n, w) => n + w.syllables, 0) / s.words.length) * 100) / 100,
      longWords: [...new Set(s.words.filter((w) => isLongWord(w, language)).map((w) => w.text))],
    }));
}

/** The measurable special-needs rules, checked on the text handed out. */
export function checkNeeds(sentences: readonly Sentence[], needs: readonly SpecialNeed[]): NeedCheck[] {
  const longestSentence = Math.max(0, ...sentences.map((s) => s.words.length));
  const paragraph = longestParagraph(sentences);
  return needs.flatMap((need) =>
    (NEED_RULES[need] ?? []).map(({ rule, limit }) => {
      const worst = rule === "max_sentence_words" ? longestSentence : paragraph;
      return { need, rule, limit, worst, passed: worst <= limit };
    }),
  );
}

const AdaptedSchema = z.object({ adaptedText: z.string().min(1).max(30_000) });

/** How far a measure is from the band, in the index's units (0 inside it, or past the easiest band's easy edge). */
function distance(value: number | null, band: Band): number {
  if (value === null) return Number.POSITIVE_INFINITY;
  if (againstBand(value, band) === "in_band") return 0;
  return value < band.min ? band.min - value : value > band.max ? value - band.max : 0;
}

function adaptSystem(language: Language, band: Band, needs: readonly SpecialNeed[], notes: string | undefined): string {
  const { index, higherIsEasier } = PRIMARY_INDEX[language];
  const lines = [
    `You adapt a school text so that pupils of school year ${band.grade} (1 = first year of primary school) can read it.`,
    `Write it in ${LANGUAGE_NAMES[language]}, the language of the original. Keep every fact, name and number of the original; add no new facts; do not shorten it to a summary.`,
    `Its readability is measured with ${index}${higherIsEasier ? " (higher is easier)" : " (lower is easier)"}, which weighs words per sentence and syllables per word. The target is ${band.min} to ${band.max}.`,
    "To make a text easier: shorter sentences, one idea each; common words instead of long or technical ones, explaining a technical word the first time it is needed. To make it harder: join related ideas and use the subject's precise vocabulary.",
    "Keep paragraphs separated by a blank line. Plain text only: no markdown, no justified layout, no title you were not given.",
    ...needs.map((n) => NEED_INSTRUCTIONS[n]),
  ];
  if (notes) lines.push("The teacher's notes are in the data's `additionalNotes` field: follow them where they fit the rules above.");
  lines.push("Answer with the adapted text in `adaptedText`.");
  return lines.join("\n");
}

/** Runs the text level adapter on a call's text and settings. */
export async function runTextLevelAdapter(call: ToolCall, ai: AiProvider): Promise<TextLevelAdapterResult> {
  const { language, languageDetected, band, text, specialNeeds, additionalNotes } = call;
  const before = readabilityView(text, language, band);
  const notes: TextLevelAdapterResult["notes"] = [];
  if (band === null) notes.push("NO_BAND");
  let adapted: TextLevelAdapterResult["adapted"] = null;

  if (!ai.capabilities().structured) notes.push("NO_LANGUAGE_MODEL");
  else if (band !== null) {
    const system = adaptSystem(language, band, specialNeeds, additionalNotes);
    let best: { text: string; readability: ReadabilityView; off: number } | null = null;
    let feedback: string | null = null;
    let attempts = 0;
    while (attempts < ADAPT_ATTEMPTS) {
      attempts += 1;
      const { data } = await ai.generateStructured({
        ...call.context,
        schema: AdaptedSchema,
        schemaName: "adapted_text",
        system: feedback ? `${system}\n${feedback}` : system,
        input: additionalNotes ? { text, additionalNotes } : text,
      });
      const readability = readabilityView(data.adaptedText, language, band);
      const off = distance(readability.value, band);
      if (best === null || off < best.off) best = { text: data.adaptedText, readability, off };
      if (off === 0) break;
      feedback =
        `Your previous version measured ${readability.value} (${readability.wordsPerSentence} words per sentence, ${readability.syllablesPerWord} syllables per word): ` +
        `${readability.verdict === "too_hard" ? "still too hard" : "now too easy"} for the target ${band.min} to ${band.max}. Rewrite the original again, closer to the target.`;
    }
    if (best) {
      adapted = { text: best.text, readability: best.readability, attempts };
      if (best.off > 0) notes.push("STILL_OFF_BAND");
    }
  }

  const handedOut = sentencesOf(adapted?.text ?? text, language);
  return {
    tool: "text-level-adapter",
    language,
    languageDetected,
    band,
    before,
    adapted,
    hardSentences: hardestSentences(handedOut, language, band),
    needChecks: checkNeeds(handedOut, specialNeeds),
    notes,
  };
}
