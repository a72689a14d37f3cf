import type { Language } from "../../../contracts/constants";
import { QUESTION_DATA_SCHEMAS } from "../../../contracts/questions";
import type { GeneratedQuestion, GeneratedQuestionType, QuestionGeneratorResult } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import type { Corpus } from "./corpus";
import { sentencesOf, type Sentence } from "./sentences";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";
import { chooseVocabulary } from "./vocabulary";

/*
 * The question generator (issue 16, ADR 0039): items in the platform's own question types, valid
 * against their question_data schemas (the same ones the editor and the scorer use), tagged with
 * the lesson's KCs they are about, for the teacher to preview and add to an assessment.
 *
 * Without a model (local), from the text itself:
 * - the key terms are the vocabulary creator's (tf-idf against the edition's corpus, vocabulary.ts);
 * - the key sentences are the declarative sentences of 6 to 35 words (not list items, questions or
 *   enumerations) richest in key terms
 *   (their terms' weights over the square root of their length), one question per sentence;
 * - each sentence loses its strongest key term: a gap to write (cloze_text, QT_7), a gap to fill
 *   from tokens with two distractors (cloze_drag_drop, QT_8), or the sentence with a blank and four
 *   choices (single_choice, QT_1); the distractors are other key terms of the text, nearest in
 *   length and ending (so likely of the same kind of word), never one the sentence holds.
 * With a model: the model writes single-choice, true/false and cloze items from the text in a
 * small schema; each becomes question_data and is kept only if the schema accepts it.
 */

/** The types the generator writes. */
export const GENERATED_TYPES: readonly GeneratedQuestionType[] = ["QT_7", "QT_1", "QT_8", "QT_3"];
const LOCAL_TYPES: readonly GeneratedQuestionType[] = ["QT_7", "QT_1", "QT_8"];
const KEY_TERMS = 40;
const BLANK = "_____";

/** The instruction each item opens with, in the text's language (content for pupils, not model text). */
const PROMPTS: Readonly<Record<Language, Record<"QT_7" | "QT_8" | "QT_1", string>>> = {
  es: { QT_7: "Completa la frase del texto con la palabra que falta.", QT_8: "Arrastra la palabra que completa la frase del texto.", QT_1: "¿Qué palabra completa la frase del texto?" },
  ca: { QT_7: "Completa la frase del text amb la paraula que hi falta.", QT_8: "Arrossega la paraula que completa la frase del text.", QT_1: "Quina paraula completa la frase del text?" },
  eu: { QT_7: "Osatu testuko esaldia falta den hitzarekin.", QT_8: "Arrastatu testuko esaldia osatzen duen hitza.", QT_1: "Zer hitzek osatzen du testuko esaldia?" },
  en: { QT_7: "Complete the sentence from the text with the missing word.", QT_8: "Drag the word that completes the sentence from the text.", QT_1: "Which word completes the sentence from the text?" },
  pt: { QT_7: "Completa a frase do texto com a palavra que falta.", QT_8: "Arrasta a palavra que completa a frase do texto.", QT_1: "Que palavra completa a frase do texto?" },
};

export type LessonKc = { code: string; name: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The word as a whole word of the sentence (letters around it are not part of it). */
const wordPattern = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "iu");

/** The KCs a sentence is about: those whose name shares a content word (of 4+ letters) with it; a lesson of one KC is about that one. */
export function kcsOf(sentence: string, kcs: readonly LessonKc[]): string[] {
  const words = new Set(sentence.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  const matched = kcs.filter((kc) => (kc.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some((w) => words.has(w))).map((kc) => kc.code);
  if (matched.length > 0) return matched.slice(0, 3);
  return kcs.length === 1 ? [(kcs[0] as LessonKc).code] : [];
}

/** Other key terms as distractors: nearest in length and sharing the ending, not in the sentence, not the answer. */
function distractors(answer: string, sentence: string, terms: readonly string[], count: number): string[] {
  const lower = sentence.toLowerCase();
  const ending = answer.slice(-2).toLowerCase();
  return terms
    .filter((t) => t !== answer.toLowerCase() && !wordPattern(t).test(lower))
    .map((t) => ({ t, d: Math.abs(t.length - answer.length) + (t.endsWith(ending) ? 0 : 3) }))
    .sort((a, b) => a.d - b.d || a.t.localeCompare(b.t))
    .slice(0, count)
    .map(({ t }) => t);
}

type Candidate = { sentence: Sentence; term: string; written: string; score: number };

/** The key sentences, best first, each with the key term it will lose. */
function keySentences(text: string, language: Language, weights: ReadonlyMap<string, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const sentence of sentencesOf(text, language)) {
    const n = sentence.words.length;
    // Declarative sentences of running text: not questions, list items or enumerations.
    if (n < 6 || n > 35 || /[?¿]/.test(sentence.text) || sentence.text.includes("[[") || !/^["«“(]?\p{L}/u.test(sentence.text)) continue;
    if ((sentence.text.match(/,/g) ?? []).length * 3 > n) continue;
    let best: { term: string; written: string; weight: number } | null = null;
    let total = 0;
    for (const w of sentence.words) {
      const weight = weights.get(w.text.toLowerCase()) ?? 0;
      total += weight;
      if (weight > (best?.weight ?? 0)) best = { term: w.text.toLowerCase(), written: w.text, weight };
    }
    if (best) out.push({ sentence, term: best.term, written: best.written, score: total / Math.sqrt(n) });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** A question's data checked by its type's schema; null when the schema refuses it. */
function checked(type: GeneratedQuestionType, data: unknown): Record<string, unknown> | null {
  const parsed = QUESTION_DATA_SCHEMAS[type].safeParse(data);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

/** Local generation: cloze and choice items from the text's key sentences and terms. */
export function generateLocally(text: string, language: Language, corpus: Corpus, count: number, types: readonly GeneratedQuestionType[], kcs: readonly LessonKc[]): GeneratedQuestion[] {
  const usable = types.filter((t) => LOCAL_TYPES.includes(t));
  if (usable.length === 0) return [];
  const terms = chooseVocabulary(text, language, corpus, KEY_TERMS).map((v) => v.word);
  const weights = new Map(terms.map((t, i) => [t, KEY_TERMS - i]));
  const questions: GeneratedQuestion[] = [];
  for (const c of keySentences(text, language, weights)) {
    if (questions.length >= count) break;
    const type = usable[questions.length % usable.length] as GeneratedQuestionType;
    const source = c.sentence.text;
    const at = wordPattern(c.written);
    let data: Record<string, unknown> | null = null;
    let prompt = PROMPTS[language][type as "QT_7" | "QT_8" | "QT_1"];
    if (type === "QT_7") {
      data = checked(type, { text: source.replace(at, "[[g1]]"), gaps: [{ id: "g1", answers: [c.written] }] });
    } else if (type === "QT_8") {
      const others = distractors(c.term, source, terms, 2);
      if (others.length === 2) {
        const tokens = [c.written, ...others].map((t, i) => ({ id: `t${i + 1}`, text: t })).sort((a, b) => a.text.localeCompare(b.text, language));
        data = checked(type, { text: source.replace(at, "[[g1]]"), tokens, gaps: [{ id: "g1", tokenId: "t1" }] });
      }
    } else if (type === "QT_1") {
      const others = distractors(c.term, source, terms, 3);
      if (others.length === 3) {
        prompt = `${prompt}\n\n${source.replace(at, BLANK)}`;
        const choices = [c.written, ...others].map((t, i) => ({ id: `c${i + 1}`, text: t, correct: i === 0 })).sort((a, b) => a.text.localeCompare(b.text, language));
        data = checked(type, { choices });
      }
    }
    if (data) questions.push({ type, prompt, questionData: data, kcs: kcsOf(source, kcs), source });
  }
  return questions;
}

const ModelItemsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(["single_choice", "true_false", "cloze"]),
      /** The question (single choice), the statement (true/false), or the sentence with the gap written as ___ (cloze). */
      text: z.string().min(1).max(1000),
      /** single_choice: the options, the first one right; cloze: the words that fill the gap; true_false: empty. */
      answers: z.array(z.string().min(1).max(200)),
      /** true_false only: whether the statement is true. */
      isTrue: z.boolean(),
      /** The sentence of the text the item is about. */
      source: z.string().max(1000),
    }),
  ),
});

/** A model's item as question_data, or null when it does not fit its type. */
function fromModel(item: z.infer<typeof ModelItemsSchema>["items"][number], language: Language, kcs: readonly LessonKc[]): GeneratedQuestion | null {
  const base = { kcs: kcsOf(`${item.text} ${item.source}`, kcs), source: item.source };
  if (item.kind === "true_false") {
    const data = checked("QT_3", { correct: item.isTrue });
    return data && { type: "QT_3", prompt: item.text, questionData: data, ...base };
  }
  if (item.kind === "cloze") {
    if ((item.text.match(/_{3,}/g) ?? []).length !== 1) return null;
    const data = checked("QT_7", { text: item.text.replace(/_{3,}/, "[[g1]]"), gaps: [{ id: "g1", answers: item.answers.slice(0, 20) }] });
    return data && { type: "QT_7", prompt: PROMPTS[language].QT_7, questionData: data, ...base };
  }
  const choices = [...new Set(item.answers)].slice(0, 6).map((t, i) => ({ id: `c${i + 1}`, text: t, correct: i === 0 }));
  const data = choices.length >= 2 ? checked("QT_1", { choices }) : null;
  return data && { type: "QT_1", prompt: item.text, questionData: data, ...base };
}

export async function runQuestionGenerator(call: ToolCall, count: number, types: readonly GeneratedQuestionType[], corpus: Corpus, kcs: readonly LessonKc[], ai: AiProvider): Promise<QuestionGeneratorResult> {
  const notes: QuestionGeneratorResult["notes"] = [];
  let questions: GeneratedQuestion[];
  if (ai.capabilities().structured) {
    const kinds = types.map((t) => ({ QT_1: "single_choice", QT_3: "true_false", QT_7: "cloze", QT_8: "cloze" })[t]);
    const { data } = await ai.generateStructured({
      ...call.context,
      schema: ModelItemsSchema,
      schemaName: "question_items",
      system: [
        `Write ${count} assessment items about the data's text for pupils${call.band ? ` of school year ${call.band.grade} (1 = first year of primary school)` : ""}, in ${LANGUAGE_NAMES[call.language]}, of these kinds: ${[...new Set(kinds)].join(", ")}.`,
        "Each item checks one idea the text states; nothing the text does not say. single_choice: `text` is the question, `answers` the options with the right one first (3 or 4 options, one right). true_false: `text` is a statement, `isTrue` whether the text supports it, `answers` empty. cloze: `text` is a sentence of the text with one important word replaced by ___, `answers` the words accepted in the gap.",
        "`source` is the sentence of the text the item is about.",
        ...(call.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field: follow them where they fit."] : []),
      ].join("\n"),
      input: call.additionalNotes ? { text: call.text, additionalNotes: call.additionalNotes } : call.text,
    });
    questions = data.items.map((item) => fromModel(item, call.language, kcs)).filter((q): q is GeneratedQuestion => q !== null && types.includes(q.type)).slice(0, count);
    if (questions.length < data.items.length) notes.push("SOME_DROPPED");
  } else {
    notes.push("NO_LANGUAGE_MODEL");
    questions = generateLocally(call.text, call.language, corpus, count, types, kcs);
  }
  if (questions.length < count) notes.push("FEWER_QUESTIONS");
  return { tool: "question-generator", language: call.language, languageDetected: call.languageDetected, questions, notes };
}
