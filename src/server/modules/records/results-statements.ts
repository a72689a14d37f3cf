import type { ResultRow, StatementLine } from "../../../contracts/records";

/*
 * Reading statements for the results screens: a learner's summary (latest completion, success and
 * score), statement lines and interactions, with display texts in the reader's language.
 */

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});
const numOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const boolOrNull = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);
const strOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

const OUTCOME_VERBS = new Set(["completed", "passed", "failed"].map((v) => `http://adlnet.gov/expapi/verbs/${v}`));

/** Language tags of an Accept-Language header, best first ("ca-ES,ca;q=0.9,en;q=0.5" → ca-ES, ca, en). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag !== "" && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** The entry of an xAPI language map for the reader: exact tag, same language, English, undetermined, any. */
export function pickLanguage(map: unknown, languages: readonly string[]): string | null {
  const entries = Object.entries(obj(map)).filter((e): e is [string, string] => typeof e[1] === "string");
  if (entries.length === 0) return null;
  const primary = (tag: string) => tag.toLowerCase().split("-")[0];
  for (const wanted of languages) {
    const exact = entries.find(([tag]) => tag.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact[1];
    const same = entries.find(([tag]) => primary(tag) === primary(wanted));
    if (same) return same[1];
  }
  const fallback = entries.find(([tag]) => primary(tag) === "en") ?? entries.find(([tag]) => tag === "und") ?? entries[0];
  return fallback?.[1] ?? null;
}

/** The last path segment of an IRI, for verbs and activities without a display. */
const lastSegment = (iri: string): string => iri.replace(/[/#]+$/, "").split(/[/#]/).pop() || iri;

const timestampOf = (s: Json): string | null => strOrNull(s.timestamp) ?? strOrNull(s.stored);

/**
 * A learner's row from their statements (newest first). Completion, success and score come from
 * the newest statement that carries each, preferring statements about the activity itself, then
 * completed/passed/failed statements, then any.
 */
export function summarise(statements: readonly Json[], activityId: string): Omit<ResultRow, "user"> {
  const about = statements.filter((s) => obj(s.object).id === activityId);
  const outcomes = statements.filter((s) => OUTCOME_VERBS.has(strOrNull(obj(s.verb).id) ?? ""));
  const pools = [about, outcomes, statements];
  const newest = <T>(pick: (result: Json) => T | null): T | null => {
    for (const pool of pools) {
      for (const s of pool) {
        const value = pick(obj(s.result));
        if (value !== null) return value;
      }
    }
    return null;
  };
  const completion = newest((r) => boolOrNull(r.completion));
  const success = newest((r) => boolOrNull(r.success));
  const score = newest((r) => ("score" in r ? obj(r.score) : null));
  const times = statements.map(timestampOf).filter((t): t is string => t !== null && !Number.isNaN(Date.parse(t)));
  const last = times.length > 0 ? new Date(Math.max(...times.map((t) => Date.parse(t)))).toISOString() : null;
  return {
    attempted: statements.length > 0,
    completion: completion === null ? null : completion ? "completed" : "incomplete",
    success: success === null ? null : success ? "passed" : "failed",
    scoreScaled: score ? numOrNull(score.scaled) : null,
    scoreRaw: score ? numOrNull(score.raw) : null,
    statements: statements.length,
    lastActivityAt: last,
  };
}

/** One statement as the individual results screen lists it. */
export function statementLine(s: Json, languages: readonly string[]): StatementLine {
  const verb = obj(s.verb);
  const verbId = strOrNull(verb.id) ?? "";
  const object = obj(s.object);
  const objectId = strOrNull(object.id) ?? "";
  const objectName =
    object.objectType === "Agent" || object.objectType === "Group"
      ? (strOrNull(object.name) ?? objectId)
      : (pickLanguage(obj(object.definition).name, languages) ?? objectId);
  const result = "result" in s ? obj(s.result) : null;
  const score = result ? obj(result.score) : {};
  return {
    id: strOrNull(s.id) ?? "",
    verb: pickLanguage(verb.display, languages) ?? lastSegment(verbId),
    verbId,
    object: objectName,
    result: result
      ? {
          completion: boolOrNull(result.completion),
          success: boolOrNull(result.success),
          scoreScaled: numOrNull(score.scaled),
          scoreRaw: numOrNull(score.raw),
          response: strOrNull(result.response),
          duration: strOrNull(result.duration),
        }
      : null,
    timestamp: timestampOf(s) ?? "",
  };
}

/** Interactions an xAPI package reported (statements about cmi.interaction activities), the latest answer per question, oldest question first. */
export function xapiInteractions(statements: readonly Json[]): Array<{ id: string; type: string | null; response: string | null; result: string | null; correct: string | null }> {
  const byId = new Map<string, { id: string; type: string | null; response: string | null; result: string | null; correct: string | null }>();
  for (const s of [...statements].reverse()) {
    const object = obj(s.object);
    const definition = obj(object.definition);
    const id = strOrNull(object.id);
    const result = obj(s.result);
    const isInteraction = definition.type === "http://adlnet.gov/expapi/activities/cmi.interaction" || typeof definition.interactionType === "string";
    if (!id || !isInteraction || !("response" in result || "success" in result)) continue;
    const patterns = Array.isArray(definition.correctResponsesPattern) ? definition.correctResponsesPattern : [];
    const success = boolOrNull(result.success);
    byId.set(id, {
      id,
      type: strOrNull(definition.interactionType),
      response: strOrNull(result.response),
      result: success === null ? null : success ? "correct" : "incorrect",
      correct: strOrNull(patterns[0]),
    });
  }
  return [...byId.values()];
}
