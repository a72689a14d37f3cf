import { count, inArray } from "drizzle-orm";
import type { LessonPlanItem, LessonPlanPhase, LessonPlanResult } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import type { Db } from "../../db/client";
import { assessmentQuestions } from "../../db/schema";
import type { Storage } from "../../platform/storage";
import type { ItemText } from "./lesson-content";
import type { LessonKc } from "./question-generator";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";

/*
 * The lesson plan generator (issue 16, ADR 0039), built from the lesson's own items whatever the
 * provider: each item's time is estimated from what it is —
 * - texts (pages, PDFs, assignments' statements): reading time at the class's reading speed,
 *   60 + 15·(year − 1) words a minute up to 200 (around the 50th percentile of Hasbrouck and
 *   Tindal's oral reading fluency norms, rising about 15 words a minute a year), times 1.5 for
 *   reading in class and talking about it, at least 3 minutes;
 * - video and audio: their length, read from the end of their captions' last cue, plus 3 minutes;
 * - an assessment: 1.5 minutes a question; packages and interactives 10; a link 5; an image 3;
 *   the rest 5 —
 * then packed in order into sessions of the teacher's length, each opening with 5 minutes
 * (objectives, what pupils already know) and closing with 5 (an exit question), with the time
 * left in the last session for practice on the lesson's KCs. The objectives are the teacher's, or
 * the lesson's KCs. A model, when there is one, writes a note for the teacher on each phase.
 */

export const OPENING_MINUTES = 5;
export const CLOSURE_MINUTES = 5;
/** The least time left in a session worth a practice phase. */
const MIN_PRACTICE = 8;

export const readingSpeed = (grade: number): number => Math.min(200, 60 + 15 * Math.max(0, grade - 1));

/** The end of a WebVTT file's last cue, in seconds (null without cues). */
export function vttDuration(vtt: string): number | null {
  let last: number | null = null;
  for (const m of vtt.matchAll(/-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})/g)) {
    last = Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
  }
  return last;
}

async function itemMinutes(item: ItemText, grade: number, storage: Storage, questions: ReadonlyMap<string, number>): Promise<Pick<LessonPlanItem, "minutes" | "basis">> {
  const { type, content } = item;
  if (type === "video" || type === "audio" || type === "videolesson") {
    const key = content.data.captionsKey;
    const seconds = key ? vttDuration((await storage.read(key).catch(() => Buffer.from(""))).toString("utf8")) : null;
    if (seconds !== null) return { minutes: Math.ceil(seconds / 60) + 3, basis: "media" };
    return { minutes: 8, basis: "default" };
  }
  if (type === "assessment") return { minutes: Math.max(5, Math.ceil((questions.get(content.id) ?? 0) * 1.5)), basis: "questions" };
  if (!item.fromDescription && item.words > 0) return { minutes: Math.max(3, Math.ceil((1.5 * item.words) / readingSpeed(grade))), basis: "reading" };
  const defaults: Record<string, number> = { scorm: 10, xapi: 10, html_interactive: 10, interactive: 10, activity: 10, dlo: 10, link: 5, image: 3, assignment: 15 };
  return { minutes: defaults[type] ?? 5, basis: "default" };
}

const NotesSchema = z.object({ notes: z.array(z.string().min(1).max(800)) });

export async function runLessonPlan(
  call: ToolCall,
  input: { items: readonly ItemText[]; kcs: readonly LessonKc[]; sessionMinutes: number; objectives: string | undefined },
  deps: { db: Db; storage: Storage; ai: AiProvider },
): Promise<LessonPlanResult> {
  const grade = call.band?.grade ?? 1;
  const ids = input.items.filter((i) => i.type === "assessment").map((i) => i.content.id);
  const counts = ids.length
    ? await deps.db.select({ id: assessmentQuestions.assessmentId, n: count() }).from(assessmentQuestions).where(inArray(assessmentQuestions.assessmentId, ids)).groupBy(assessmentQuestions.assessmentId)
    : [];
  const questions = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const timed: LessonPlanItem[] = [];
  for (const item of input.items) timed.push({ title: item.content.title, type: item.type, ...(await itemMinutes(item, grade, deps.storage, questions)) });

  const budget = input.sessionMinutes - OPENING_MINUTES - CLOSURE_MINUTES;
  const sessions: LessonPlanResult["sessions"] = [];
  let current: LessonPlanItem[] = [];
  let used = 0;
  const close = (last: boolean) => {
    const phases: LessonPlanPhase[] = [{ phase: "opening", minutes: OPENING_MINUTES, items: [], note: null }];
    phases.push({ phase: "development", minutes: used, items: current, note: null });
    const left = budget - used;
    if (last && left >= MIN_PRACTICE && input.kcs.length > 0) phases.push({ phase: "practice", minutes: left, items: [], note: null });
    phases.push({ phase: "closure", minutes: CLOSURE_MINUTES, items: [], note: null });
    sessions.push({ number: sessions.length + 1, minutes: phases.reduce((n, p) => n + p.minutes, 0), phases });
    current = [];
    used = 0;
  };
  for (const item of timed) {
    if (current.length > 0 && used + item.minutes > budget) close(false);
    current.push(item);
    used += item.minutes;
  }
  if (current.length > 0 || sessions.length === 0) close(true);

  const objectives = input.objectives
    ? input.objectives.split(/\r?\n/).map((l) => l.replace(/^[-•*\d.)\s]+/, "").trim()).filter((l) => l !== "")
    : input.kcs.map((kc) => kc.name);
  const notes: LessonPlanResult["notes"] = [];
  if (!deps.ai.capabilities().structured) notes.push("NO_LANGUAGE_MODEL");
  else {
    const phases = sessions.flatMap((s) => s.phases.map((p) => ({ session: s.number, ...p })));
    const { data } = await deps.ai.generateStructured({
      ...call.context,
      schema: NotesSchema,
      schemaName: "lesson_plan_notes",
      system: [
        `You help a teacher run a lesson planned for pupils${call.band ? ` of school year ${call.band.grade} (1 = first year of primary school)` : ""}. The data holds the lesson's text, its objectives and its phases in order.`,
        `Write one short note per phase, in ${LANGUAGE_NAMES[call.language]}, saying what the teacher does and asks in it, using the lesson's own content: for an opening, how to connect with what pupils know; for development, how to work through its items; for practice, what to practise; for a closure, one exit question with its answer.`,
        `Answer with exactly ${phases.length} notes, in the phases' order.`,
      ].join("\n"),
      input: {
        text: call.text,
        objectives,
        phases: phases.map((p) => `session ${p.session}, ${p.phase}, ${p.minutes} min${p.items.length ? `: ${p.items.map((i) => i.title).join("; ")}` : ""}`),
      },
    });
    let n = 0;
    for (const s of sessions) for (const p of s.phases) p.note = data.notes[n++] ?? null;
  }
  return { tool: "lesson-plan-generator", language: call.language, sessionMinutes: input.sessionMinutes, readingSpeed: readingSpeed(grade), objectives, kcs: [...input.kcs], sessions, notes };
}
