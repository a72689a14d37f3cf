import crypto from "node:crypto";
import type { CmiOutcome } from "./scorm-cmi";
import { isoDuration } from "./scorm-cmi";

/*
 * The xAPI statements a SCORM attempt leaves in the record store (ADL verbs): "attempted" on the
 * first launch, "completed" / "passed" / "failed" when the outcome changes, "terminated" when the
 * package finishes a session.
 */

const ADL = "http://adlnet.gov/expapi/verbs/";

/** ADL verbs with their display in the platform's languages. */
export const ADL_VERBS = {
  attempted: { "en-US": "attempted", es: "intentó", ca: "va intentar", eu: "saiatu zen", pt: "tentou" },
  completed: { "en-US": "completed", es: "completó", ca: "va completar", eu: "osatu zuen", pt: "concluiu" },
  passed: { "en-US": "passed", es: "aprobó", ca: "va aprovar", eu: "gainditu zuen", pt: "foi aprovado em" },
  failed: { "en-US": "failed", es: "suspendió", ca: "va suspendre", eu: "ez zuen gainditu", pt: "reprovou em" },
  terminated: { "en-US": "terminated", es: "terminó", ca: "va acabar", eu: "amaitu zuen", pt: "terminou" },
  answered: { "en-US": "answered", es: "respondió", ca: "va respondre", eu: "erantzun zuen", pt: "respondeu" },
  scored: { "en-US": "scored", es: "obtuvo la nota", ca: "va obtindre la nota", eu: "nota lortu zuen", pt: "obteve a nota" },
} as const;
export type AdlVerb = keyof typeof ADL_VERBS;

export const verbOf = (verb: AdlVerb) => ({ id: `${ADL}${verb}`, display: { ...ADL_VERBS[verb] } });

export const contentActivityId = (publicUrl: string, contentId: string) => `${publicUrl}/content/${contentId}`;
export const courseActivityId = (publicUrl: string, courseId: string) => `${publicUrl}/course/${courseId}`;

export type StatementFrame = {
  publicUrl: string;
  actor: Record<string, unknown>;
  contentId: string;
  contentTitle: string;
  courseId: string;
  registration: string;
};

/** xAPI result.score: scaled within -1..1, raw within min..max (the range left out when the package's is inconsistent). */
function scoreOf(score: CmiOutcome["score"]): Record<string, number> | null {
  const out: Record<string, number> = {};
  if (score.scaled !== null) out.scaled = Math.min(1, Math.max(-1, score.scaled));
  if (score.raw !== null) {
    out.raw = score.raw;
    const { min, max } = score;
    if (min !== null && max !== null && min < max && score.raw >= min && score.raw <= max) {
      out.min = min;
      out.max = max;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

function statement(frame: StatementFrame, verb: AdlVerb, result: Record<string, unknown> | null): Record<string, unknown> {
  return {
    id: crypto.randomUUID(),
    actor: frame.actor,
    verb: verbOf(verb),
    object: {
      objectType: "Activity",
      id: contentActivityId(frame.publicUrl, frame.contentId),
      definition: { name: { und: frame.contentTitle }, type: "http://adlnet.gov/expapi/activities/lesson" },
    },
    ...(result && Object.keys(result).length > 0 ? { result } : {}),
    context: {
      registration: frame.registration,
      platform: "Aula",
      contextActivities: { grouping: [{ objectType: "Activity", id: courseActivityId(frame.publicUrl, frame.courseId) }] },
    },
    timestamp: new Date().toISOString(),
  };
}

export const attemptedStatement = (frame: StatementFrame) => statement(frame, "attempted", null);

/** The verb an outcome change calls for: passed/failed when success changes, else completed when completion becomes completed. */
export function outcomeVerb(before: { completion: string | null; success: string | null }, after: CmiOutcome): AdlVerb | null {
  if (after.success !== null && after.success !== before.success) return after.success;
  if (after.completion === "completed" && before.completion !== "completed") return "completed";
  return null;
}

/** completed/passed/failed with the outcome, score and this session's duration. */
export function outcomeStatement(frame: StatementFrame, verb: AdlVerb, outcome: CmiOutcome): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (outcome.completion === "completed" || outcome.completion === "incomplete") result.completion = outcome.completion === "completed";
  if (outcome.success !== null) result.success = outcome.success === "passed";
  const score = scoreOf(outcome.score);
  if (score) result.score = score;
  if (outcome.sessionSeconds !== null) result.duration = isoDuration(outcome.sessionSeconds);
  return statement(frame, verb, result);
}

export function terminatedStatement(frame: StatementFrame, outcome: CmiOutcome): Record<string, unknown> {
  return statement(frame, "terminated", outcome.sessionSeconds !== null ? { duration: isoDuration(outcome.sessionSeconds) } : null);
}
