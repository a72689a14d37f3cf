import type { Language } from "../../../contracts/constants";
import type { VocabularyCreatorResult, VocabularyEntry } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import type { Corpus } from "./corpus";
import { isFunctionWord } from "./language";
import { sentencesOf } from "./sentences";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";

/*
 * The vocabulary creator (issue 16, ADR 0039). The words are chosen by a measure, whatever the
 * provider: among the text's content words (not function words, at least four letters, not names),
 * those that matter in this text and that the edition's pupils have met least —
 *   score = (1 + ln occurrences in the text) · (1 + ln((N + 1) / (n + 1))) · min(syllables, 5) / 3
 * where n is the word's count in the edition's corpus of N words (corpus.ts): a tf-idf against
 * what the pupils have read, weighted by length (rarer words are longer, Zipf's law of
 * abbreviation). Each comes with the first sentence of the text that uses it. The definitions need
 * a language model: one call for all the words, in the text's language and for the class's year;
 * without one they are null and the result says why.
 */

const MIN_LETTERS = 4;
const SENTENCE_MAX_CHARS = 300;

const DefinitionsSchema = z.object({ definitions: z.array(z.object({ word: z.string(), definition: z.string().max(600) })) });

type Candidate = { key: string; occurrences: number; capitalisedOnly: boolean; sentence: string; syllables: number };

/** Plural endings folded into the singular when both forms are in the text (es, ca, pt, en). */
const PLURAL_ENDINGS: Readonly<Record<Language, readonly string[]>> = { es: ["es", "s"], ca: ["s"], pt: ["s"], en: ["es", "s"], eu: [] };

function candidatesOf(text: string, language: Language): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const sentence of sentencesOf(text, language)) {
    for (const word of sentence.words) {
      if (word.letters < MIN_LETTERS || /\d/.test(word.text)) continue;
      const key = word.text.toLowerCase();
      if (isFunctionWord(key)) continue;
      let c = byKey.get(key);
      if (!c) {
        c = { key, occurrences: 0, capitalisedOnly: true, sentence: sentence.text.slice(0, SENTENCE_MAX_CHARS), syllables: word.syllables };
        byKey.set(key, c);
      }
      c.occurrences += 1;
      if (word.text[0] === word.text[0]?.toLowerCase()) c.capitalisedOnly = false;
    }
  }
  // Plurals join their singular when the text has both.
  for (const c of [...byKey.values()]) {
    for (const ending of PLURAL_ENDINGS[language]) {
      if (!c.key.endsWith(ending)) continue;
      const singular = byKey.get(c.key.slice(0, -ending.length));
      if (!singular || singular === c) continue;
      singular.occurrences += c.occurrences;
      singular.capitalisedOnly &&= c.capitalisedOnly;
      byKey.delete(c.key);
      break;
    }
  }
  // A word only ever written with a capital is a name (or a sentence's first word only): not vocabulary.
  return [...byKey.values()].filter((c) => !c.capitalisedOnly);
}

/** The words worth teaching in `text`, best first, at most `count`. */
export function chooseVocabulary(text: string, language: Language, corpus: Corpus, count: number): Array<Omit<VocabularyEntry, "definition">> {
  const perMillion = (n: number) => (corpus.total === 0 ? 0 : Math.round((n / corpus.total) * 1e6 * 10) / 10);
  return candidatesOf(text, language)
    .map((c) => {
      const n = corpus.counts.get(c.key) ?? 0;
      const score = (1 + Math.log(c.occurrences)) * (1 + Math.log((corpus.total + 1) / (n + 1))) * (Math.min(c.syllables, 5) / 3);
      return { c, n, score };
    })
    .sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key))
    .slice(0, count)
    .map(({ c, n }) => ({ word: c.key, occurrences: c.occurrences, sentence: c.sentence, corpusFrequency: perMillion(n), syllables: c.syllables }));
}

/** Runs the vocabulary creator: the words by measure, then their definitions when a model can write them. */
export async function runVocabularyCreator(call: ToolCall, count: number, corpus: Corpus, ai: AiProvider): Promise<VocabularyCreatorResult> {
  const chosen = chooseVocabulary(call.text, call.language, corpus, count);
  const notes: VocabularyCreatorResult["notes"] = [];
  if (chosen.length < count) notes.push("FEWER_CANDIDATES");
  let definitions = new Map<string, string>();
  if (!ai.capabilities().structured) notes.push("NO_LANGUAGE_MODEL");
  else if (chosen.length > 0) {
    const grade = call.band?.grade;
    const { data } = await ai.generateStructured({
      ...call.context,
      schema: DefinitionsSchema,
      schemaName: "vocabulary_definitions",
      system: [
        `Define each word of the data's list for pupils${grade !== undefined ? ` of school year ${grade} (1 = first year of primary school)` : ""}, in ${LANGUAGE_NAMES[call.language]}.`,
        "Each word comes with the sentence of the text it appears in: define the sense it has there, in one or two short sentences, without using the word itself.",
        ...(call.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field: follow them where they fit."] : []),
        "Answer with one entry per word of the list, the word written exactly as given.",
      ].join("\n"),
      input: {
        words: chosen.map((w) => `${w.word}: ${w.sentence}`),
        ...(call.additionalNotes ? { additionalNotes: call.additionalNotes } : {}),
      },
    });
    definitions = new Map(data.definitions.map((d) => [d.word.toLowerCase().trim(), d.definition.trim()]));
  }
  return {
    tool: "vocabulary-creator",
    language: call.language,
    languageDetected: call.languageDetected,
    words: chosen.map((w) => ({ ...w, definition: definitions.get(w.word) ?? null })),
    corpusWords: corpus.total,
    notes,
  };
}
