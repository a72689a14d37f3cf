import { and, eq } from "drizzle-orm";
import type { Language } from "../../../contracts/constants";
import { RUBRIC_CRITERIA_MAX, TEACHER_TOOL_ERRORS, type RubricCriterion, type RubricGeneratorResult } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import type { Db } from "../../db/client";
import { assessmentQuestions, lessonItems, questions } from "../../db/schema";
import { badRequest } from "../../platform/errors";
import type { Corpus } from "./corpus";
import { isFunctionWord } from "./language";
import { kcsOf, type LessonKc } from "./question-generator";
import { sentencesOf } from "./sentences";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";
import { chooseVocabulary } from "./vocabulary";

/*
 * The rubric generator (issue 16, ADR 0039): an analytic rubric built from the lesson, whatever
 * the provider.
 * - Criteria: the teacher's objectives (one a line), else the lesson's KCs; with neither, a model
 *   proposes them from the text, and without a model the call is refused (TOOL_NO_CRITERIA).
 *   At most eight.
 * - Evidence: the text's sentences sharing the most content-word stems (five letters, accents
 *   folded) with the criterion; its key terms are the rarest words of those sentences in the
 *   edition's corpus (the vocabulary creator's measure) that the lesson uses more than once, the
 *   criterion's own words left out.
 * - Weight: 1 + the sentences about it + 2 × the lesson's questions tagged with its KC: what the
 *   lesson spends on a criterion is what it is worth. The points (quarter points, summing to the
 *   maximum score by largest remainder) follow the weights.
 * - Levels: n levels, best first, earning n/n … 1/n of a criterion's points (the lowest level is
 *   work handed in, not nothing).
 * - Descriptors: a model writes one per level, held to the level count; without one they are null
 *   and the result says why (the client shows the key terms and the points per level instead).
 */

const EVIDENCE_MAX = 2;
const KEY_TERMS_MAX = 5;

/** A word's stem for matching criteria with sentences: lower case, accents folded, first five letters. */
const stem = (word: string) =>
  word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .slice(0, 5);

/** The stems of a text's content words (four letters or more, not function words). */
function stemsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !isFunctionWord(w)).map(stem));
}

/** Points that sum to `total` in quarter points, shared by weight (largest remainder). */
export function sharePoints(raw: readonly number[], total: number): number[] {
  const units = Math.round(total * 4);
  const sum = raw.reduce((a, b) => a + b, 0);
  const exact = raw.map((r) => (sum > 0 ? (r / sum) * units : units / raw.length));
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left -= 1;
  }
  return floors.map((f) => f / 4);
}

/** Level shares best first: n/n … 1/n. */
export const levelShares = (n: number): number[] => Array.from({ length: n }, (_, i) => Math.round(((n - i) / n) * 1000) / 1000);

/** The lesson's questions per KC (its assessments' questions in this class). */
async function questionsPerKc(db: Db, lesson: { courseId: string; lessonId: string } | null): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!lesson) return counts;
  const rows = await db
    .select({ kcs: questions.kcs })
    .from(lessonItems)
    .innerJoin(assessmentQuestions, eq(assessmentQuestions.assessmentId, lessonItems.contentId))
    .innerJoin(questions, eq(questions.contentId, assessmentQuestions.questionId))
    .where(and(eq(lessonItems.courseId, lesson.courseId), eq(lessonItems.lessonId, lesson.lessonId)));
  for (const row of rows) for (const kc of new Set(row.kcs)) counts.set(kc, (counts.get(kc) ?? 0) + 1);
  return counts;
}

type Draft = { name: string; source: RubricCriterion["source"]; kc: string | null };

/**
 * A criterion measured against the text: the sentences about it and their key terms. A key term is
 * one the lesson uses more than once (a word met once, often an inflected verb, is not what pupils
 * are asked to use); words met once fill the list only when there are too few.
 */
function measure(draft: Draft, text: string, language: Language, corpus: Corpus, inText: ReadonlyMap<string, number>) {
  const own = stemsOf(draft.name);
  const scored = sentencesOf(text, language)
    .map((s, index) => ({ s, index, shared: [...stemsOf(s.text)].filter((x) => own.has(x)).length }))
    .filter((x) => x.shared > 0);
  const evidence = [...scored].sort((a, b) => b.shared - a.shared || a.index - b.index).slice(0, EVIDENCE_MAX);
  const ranked = chooseVocabulary(scored.map((x) => x.s.text).join("\n"), language, corpus, 50)
    .map((w) => w.word)
    .filter((w) => !own.has(stem(w)));
  const repeated = ranked.filter((w) => (inText.get(w) ?? 0) > 1);
  const keyTerms = [...repeated, ...ranked.filter((w) => !repeated.includes(w))].slice(0, KEY_TERMS_MAX);
  return { sentences: scored.length, evidence: evidence.map((x) => x.s.text), keyTerms };
}

const CriteriaSchema = (levels: number) =>
  z.object({ criteria: z.array(z.object({ name: z.string().min(1).max(200), descriptors: z.array(z.string().min(1).max(600)).length(levels) })).min(1).max(RUBRIC_CRITERIA_MAX) });

export type RubricInput = {
  objectives: string | undefined;
  taskDescription: string | undefined;
  numberOfLevels: number;
  maxScore: number;
  kcs: readonly LessonKc[];
  lesson: { courseId: string; lessonId: string } | null;
};

export async function runRubricGenerator(call: ToolCall, input: RubricInput, deps: { db: Db; corpus: Corpus; ai: AiProvider }): Promise<RubricGeneratorResult> {
  const hasModel = deps.ai.capabilities().structured;
  const objectives = (input.objectives ?? "")
    .split(/\r?\n/)
    .map((l) => l.replace(/^[-•*\d.)\s]+/, "").trim())
    .filter((l) => l !== "");
  let drafts: Draft[] = objectives.length
    ? objectives.map((name) => ({ name, source: "objective" as const, kc: kcsOf(name, input.kcs)[0] ?? null }))
    : input.kcs.map((kc) => ({ name: kc.name, source: "kc" as const, kc: kc.code }));
  if (drafts.length === 0 && !hasModel) {
    throw badRequest(TEACHER_TOOL_ERRORS.noCriteria, "Write the learning objectives, or choose a lesson with knowledge components: without a language model the rubric needs criteria to start from");
  }
  const notes: RubricGeneratorResult["notes"] = [];
  if (drafts.length > RUBRIC_CRITERIA_MAX) {
    drafts = drafts.slice(0, RUBRIC_CRITERIA_MAX);
    notes.push("CRITERIA_CAPPED");
  }

  let descriptors: Array<string[] | null> = drafts.map(() => null);
  if (!hasModel) notes.push("NO_LANGUAGE_MODEL");
  else {
    const fromModel = drafts.length === 0;
    const levels = input.numberOfLevels;
    const { data } = await deps.ai.generateStructured({
      ...call.context,
      schema: CriteriaSchema(levels),
      schemaName: "rubric_criteria",
      system: [
        `You write an analytic rubric for a teacher of ${call.band ? `pupils of school year ${call.band.grade} (1 = first year of primary school)` : "young children (preschool)"}, in ${LANGUAGE_NAMES[call.language]}.`,
        fromModel
          ? `From the lesson's text in the data, choose between 3 and ${Math.min(6, RUBRIC_CRITERIA_MAX)} criteria: what pupils should show they know or can do. Name each in a few words.`
          : `The criteria are given in the data's \`criteria\` list: answer with exactly ${drafts.length} criteria, in that order, each with its name written exactly as given.`,
        `For each criterion write ${levels} descriptors, best level first, each one or two sentences saying what work at that level shows, observable and using the lesson's own content; the lowest describes work handed in that does not yet meet the criterion.`,
        ...(input.taskDescription ? ["What pupils hand in or do is described in the data's `task` field."] : []),
        ...(call.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field: follow them where they fit."] : []),
      ].join("\n"),
      input: {
        text: call.text,
        ...(fromModel ? {} : { criteria: drafts.map((d) => d.name) }),
        ...(input.taskDescription ? { task: input.taskDescription } : {}),
        ...(call.additionalNotes ? { additionalNotes: call.additionalNotes } : {}),
      },
    });
    if (fromModel) {
      drafts = data.criteria.map((c) => ({ name: c.name.trim(), source: "model" as const, kc: kcsOf(c.name, input.kcs)[0] ?? null }));
      descriptors = data.criteria.map((c) => c.descriptors.map((d) => d.trim()));
      notes.push("CRITERIA_FROM_MODEL");
    } else {
      descriptors = drafts.map((_, i) => data.criteria[i]?.descriptors.map((d) => d.trim()) ?? null);
    }
  }

  const perKc = await questionsPerKc(deps.db, input.lesson);
  // How often the whole lesson uses each candidate word (plurals folded as the vocabulary folds them).
  const inText = new Map(chooseVocabulary(call.text, call.language, deps.corpus, 10_000).map((w) => [w.word, w.occurrences]));
  const measured = drafts.map((d) => ({ d, m: measure(d, call.text, call.language, deps.corpus, inText), questions: d.kc ? (perKc.get(d.kc) ?? 0) : 0 }));
  const points = sharePoints(
    measured.map((x) => 1 + x.m.sentences + 2 * x.questions),
    input.maxScore,
  );
  const criteria: RubricCriterion[] = measured.map((x, i) => ({
    name: x.d.name,
    source: x.d.source,
    kc: x.d.kc,
    weight: Math.round(((points[i] as number) / input.maxScore) * 1000) / 10,
    points: points[i] as number,
    keyTerms: x.m.keyTerms,
    evidence: x.m.evidence,
    questions: x.questions,
    descriptors: descriptors[i] ?? null,
  }));
  return {
    tool: "rubric-generator",
    language: call.language,
    languageDetected: call.languageDetected,
    numberOfLevels: input.numberOfLevels,
    maxScore: input.maxScore,
    levelShares: levelShares(input.numberOfLevels),
    criteria,
    notes,
  };
}
