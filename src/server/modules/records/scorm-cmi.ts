import type { ScormVersion } from "../../../contracts/records";
import { validation } from "../../platform/errors";

/*
 * The SCORM data model as scorm-again renders it (renderCommitCMI, JSON form): pure functions to
 * check a commit, merge it into the stored CMI, read its outcome and hand the CMI back for
 * loadFromJSON. Nothing here touches the database.
 */

export type Cmi = Record<string, unknown>;

/** Caps on a commit's `cmi` tree: bytes, nesting, nodes, one string, suspend_data per version. */
export const CMI_LIMITS = {
  maxBytes: 256 * 1024,
  maxDepth: 10,
  maxNodes: 20_000,
  maxString: 64_000,
  suspendData: { scorm12: 4096, scorm2004: 64_000 } satisfies Record<ScormVersion, number>,
} as const;

/** Our own bookkeeping inside the stored CMI (never sent to the package, never taken from it). */
const PRIVATE_KEY = "_aula";
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

type Issue = { field: string; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a commit's CMI tree: JSON scalars, objects and arrays only, keys that are data-model
 * names, bounded depth, size and node count, suspend_data within the version's limit. Any
 * problem is a 400 VALIDATION_ERROR naming the field.
 */
export function checkCommitCmi(cmi: Cmi, version: ScormVersion): void {
  const issues: Issue[] = [];
  let nodes = 0;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (issues.length > 0) return;
    nodes += 1;
    if (nodes > CMI_LIMITS.maxNodes) {
      issues.push({ field: "cmi", message: `more than ${CMI_LIMITS.maxNodes} values` });
      return;
    }
    if (value === null || typeof value === "boolean") return;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) issues.push({ field: path, message: "not a finite number" });
      return;
    }
    if (typeof value === "string") {
      if (value.length > CMI_LIMITS.maxString) issues.push({ field: path, message: `longer than ${CMI_LIMITS.maxString} characters` });
      return;
    }
    if (typeof value !== "object") {
      issues.push({ field: path, message: "not a JSON value" });
      return;
    }
    if (depth >= CMI_LIMITS.maxDepth) {
      issues.push({ field: path, message: `nested deeper than ${CMI_LIMITS.maxDepth} levels` });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}.${i}`, depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!KEY_PATTERN.test(key) || FORBIDDEN_KEYS.has(key)) {
        issues.push({ field: `${path}.${key.slice(0, 64)}`, message: "not a data model element name" });
        return;
      }
      walk(item, `${path}.${key}`, depth + 1);
    }
  };
  walk(cmi, "cmi", 0);
  if (issues.length === 0 && Buffer.byteLength(JSON.stringify(cmi), "utf8") > CMI_LIMITS.maxBytes) {
    issues.push({ field: "cmi", message: `larger than ${CMI_LIMITS.maxBytes} bytes` });
  }
  const suspendData = cmi.suspend_data;
  const suspendMax = CMI_LIMITS.suspendData[version];
  if (issues.length === 0 && typeof suspendData === "string" && suspendData.length > suspendMax) {
    issues.push({ field: "cmi.suspend_data", message: `longer than ${suspendMax} characters` });
  }
  if (issues.length > 0) throw validation(issues);
}

/** Arrays as scorm-again's toJSON renders *.n collections: objects keyed "0", "1", ... */
const asObject = (value: unknown[]): Record<string, unknown> => Object.fromEntries(value.map((item, i) => [String(i), item]));

/**
 * Deep-merges a commit into the stored CMI: objects merge key by key, scalars replace, nulls
 * (elements the package never set) leave what is stored. Top-level keys starting with "_" are
 * ours and never taken from a commit.
 */
export function mergeCmi(stored: Cmi, commit: Cmi): Cmi {
  const merge = (base: Record<string, unknown>, incoming: Record<string, unknown>, top: boolean): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...base };
    for (const [key, raw] of Object.entries(incoming)) {
      if ((top && key.startsWith("_")) || FORBIDDEN_KEYS.has(key)) continue;
      if (raw === null || raw === undefined) continue;
      const value = Array.isArray(raw) ? asObject(raw) : raw;
      const current = out[key];
      out[key] = isPlainObject(value) ? merge(isPlainObject(current) ? current : {}, value, false) : value;
    }
    return out;
  };
  return merge(stored, commit, true);
}

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null);
const num = (value: unknown): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const obj = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});

/** Seconds in a SCORM 1.2 CMITimespan ("HHHH:MM:SS.SS") or a SCORM 2004 / ISO 8601 duration ("PT1H2M3.5S"). */
export function parseScormTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const hms = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value.trim());
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  const iso = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value.trim(),
  );
  if (!iso || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const [, y, mo, w, d, h, mi, s] = iso.map((part) => (part === undefined ? 0 : Number(part)));
  return (y ?? 0) * 31_536_000 + (mo ?? 0) * 2_592_000 + (w ?? 0) * 604_800 + (d ?? 0) * 86_400 + (h ?? 0) * 3600 + (mi ?? 0) * 60 + (s ?? 0);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** ISO 8601 duration for xAPI results and SCORM 2004 ("PT1H2M3.5S"; "PT0S" for nothing). */
export function isoDuration(seconds: number): string {
  let rest = round2(Math.max(0, seconds));
  const h = Math.floor(rest / 3600);
  rest = round2(rest - h * 3600);
  const m = Math.floor(rest / 60);
  const s = round2(rest - m * 60);
  const parts = `${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
  return `PT${parts}`;
}

/** SCORM 1.2 CMITimespan ("0001:02:03.50"). */
export function cmiTimespan(seconds: number): string {
  const total = round2(Math.max(0, seconds));
  const h = Math.min(9999, Math.floor(total / 3600));
  const m = Math.floor((total - h * 3600) / 60);
  const s = round2(total - h * 3600 - m * 60);
  const [whole = "0", frac] = s.toFixed(2).split(".");
  return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${whole.padStart(2, "0")}.${frac ?? "00"}`;
}

export const formatScormTime = (version: ScormVersion, seconds: number) => (version === "scorm12" ? cmiTimespan(seconds) : isoDuration(seconds));

/** What one CMI says about the learner's outcome, in the results' vocabulary. */
export type CmiOutcome = {
  completion: string | null;
  success: "passed" | "failed" | null;
  score: { raw: number | null; min: number | null; max: number | null; scaled: number | null };
  sessionSeconds: number | null;
  location: string | null;
  suspendData: string | null;
};

const clampScaled = (n: number | null): number | null => (n === null ? null : Math.min(1, Math.max(-1, n)));

/** The scaled score from raw, min and max; SCORM 1.2 raw scores are 0..100 when no range is given. */
function scaledFrom(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  if (max !== null && max > (min ?? 0)) return clampScaled((raw - (min ?? 0)) / (max - (min ?? 0)));
  if (raw >= 0 && raw <= 100) return raw / 100;
  return null;
}

/**
 * The outcome a CMI reports. SCORM 1.2's lesson_status folds completion and success together:
 * passed and failed are also completed; completed is completed; incomplete and browsed are
 * incomplete. "unknown" means nothing.
 */
export function outcomeOf(version: ScormVersion, cmi: Cmi): CmiOutcome {
  if (version === "scorm12") {
    const core = obj(cmi.core);
    const score = obj(core.score);
    const raw = num(score.raw);
    const min = num(score.min);
    const max = num(score.max);
    const status = str(core.lesson_status);
    let completion: string | null = null;
    let success: "passed" | "failed" | null = null;
    if (status === "passed" || status === "failed") {
      completion = "completed";
      success = status;
    } else if (status === "completed") completion = "completed";
    else if (status === "incomplete" || status === "browsed") completion = "incomplete";
    else if (status === "not attempted") completion = "not attempted";
    return {
      completion,
      success,
      score: { raw, min, max, scaled: scaledFrom(raw, min, max) },
      sessionSeconds: parseScormTime(core.session_time),
      location: str(core.lesson_location),
      suspendData: str(cmi.suspend_data),
    };
  }
  const score = obj(cmi.score);
  const raw = num(score.raw);
  const min = num(score.min);
  const max = num(score.max);
  const completionStatus = str(cmi.completion_status);
  const successStatus = str(cmi.success_status);
  return {
    completion: completionStatus && completionStatus !== "unknown" ? completionStatus : null,
    success: successStatus === "passed" || successStatus === "failed" ? successStatus : null,
    score: { raw, min, max, scaled: clampScaled(num(score.scaled)) ?? (max !== null ? scaledFrom(raw, min, max) : null) },
    sessionSeconds: parseScormTime(cmi.session_time),
    location: str(cmi.location),
    suspendData: str(cmi.suspend_data),
  };
}

/** Session bookkeeping kept in the stored CMI: the session time of the current launch already counted. */
export type SessionState = { countedSeconds: number };

export function sessionStateOf(cmi: Cmi): SessionState {
  const own = obj(cmi[PRIVATE_KEY]);
  return { countedSeconds: num(own.countedSeconds) ?? 0 };
}

export const withSessionState = (cmi: Cmi, state: SessionState): Cmi => ({ ...cmi, [PRIVATE_KEY]: { countedSeconds: state.countedSeconds } });

/**
 * How many seconds a commit adds to total_time. A package reports the whole session's time at
 * every commit, so only the growth since the last commit of this launch counts; a smaller value
 * means the package started counting again.
 */
export function sessionDelta(state: SessionState, sessionSeconds: number | null): number {
  if (sessionSeconds === null) return 0;
  return sessionSeconds >= state.countedSeconds ? sessionSeconds - state.countedSeconds : sessionSeconds;
}

export type Learner = { id: string; name: string };

/**
 * The stored CMI as scorm-again's loadFromJSON takes it to resume: our bookkeeping and the
 * write-only per-session elements (session_time, exit) left out, the LMS-owned elements (learner,
 * entry, credit, mode, total_time) set. Entry is "resume" when the learner left a location or
 * suspend_data and has not finished, "ab-initio" otherwise.
 */
export function cmiForLaunch(version: ScormVersion, stored: Cmi, learner: Learner, totalSeconds: number): Cmi {
  const { [PRIVATE_KEY]: _own, ...rest } = stored;
  const outcome = outcomeOf(version, stored);
  const finished = outcome.completion === "completed" || outcome.success !== null;
  const entry = (outcome.location || outcome.suspendData) && !finished ? "resume" : "ab-initio";
  if (version === "scorm12") {
    const { session_time: _s, exit: _e, entry: _n, total_time: _t, ...core } = obj(rest.core);
    return {
      ...rest,
      core: {
        ...core,
        student_id: learner.id,
        student_name: learner.name,
        entry,
        credit: "credit",
        lesson_mode: "normal",
        total_time: cmiTimespan(totalSeconds),
      },
    };
  }
  const { session_time: _s, exit: _e, entry: _n, total_time: _t, ...cmi } = rest;
  return {
    ...cmi,
    learner_id: learner.id,
    learner_name: learner.name,
    entry,
    credit: "credit",
    mode: "normal",
    total_time: isoDuration(totalSeconds),
  };
}

/** One interaction the package reported, as the individual results screen lists it. */
export type CmiInteraction = { id: string; type: string | null; response: string | null; result: string | null; correct: string | null };

/** cmi.interactions (1.2: student_response; 2004: learner_response), in index order. */
export function interactionsOf(version: ScormVersion, cmi: Cmi): CmiInteraction[] {
  const collection = obj(cmi.interactions);
  return Object.keys(collection)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => obj(collection[key]))
    .filter((item) => str(item.id) !== null)
    .map((item) => {
      const patterns = obj(item.correct_responses);
      const first = Object.keys(patterns).sort((a, b) => Number(a) - Number(b))[0];
      return {
        id: str(item.id) ?? "",
        type: str(item.type),
        response: str(version === "scorm12" ? item.student_response : item.learner_response),
        result: str(item.result),
        correct: first === undefined ? null : str(obj(patterns[first]).pattern),
      };
    });
}
