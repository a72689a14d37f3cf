import type { QuestionOutcome } from "../../../contracts/assessments";
import { mathSegments } from "./views/MathText";
import { dateTimeFormat, numberFormat } from "../../i18n/format";

/* Numbers, dates, paths and outcome words of the assessment results pages (issue 6). */

/** A score in points: up to two decimals, in the reader's language. */
export const formatPoints = (value: number, language: string): string =>
  numberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** A 0-10 grade with one decimal, as the gradebook shows it. */
export const formatGrade = (value: number, language: string): string =>
  numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** A 0..1 fraction as a whole percentage. */
export const formatFraction = (value: number, language: string): string =>
  numberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(value);

/** Date and time in the reader's language; the raw value when it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** Mean of the known values, null when there are none. */
export function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
}

/**
 * The start of a prompt, at most `max` characters of plain text, never cutting a formula in
 * half (a formula counts whole, so MathText still renders it).
 */
export function excerpt(source: string, max = 120): string {
  const text = source.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  let out = "";
  for (const segment of mathSegments(text)) {
    const raw = segment.kind === "text" ? segment.value : segment.display ? `$$${segment.value}$$` : `\\(${segment.value}\\)`;
    if (out.length + raw.length <= max) {
      out += raw;
      continue;
    }
    if (segment.kind === "text") {
      const room = segment.value.slice(0, max - out.length);
      const cut = room.lastIndexOf(" ");
      out += cut > 0 ? room.slice(0, cut) : room;
    }
    break;
  }
  return `${out.trimEnd()}…`;
}

/** The lesson a course page belongs to, with its unit when it has one. */
export const lessonPath = (courseGuid: string, lessonGuid: string, unitGuid?: string): string =>
  unitGuid ? `/course/${courseGuid}/unit/${unitGuid}/lesson/${lessonGuid}` : `/course/${courseGuid}/lesson/${lessonGuid}`;

/** The class's results of an assessment. */
export const classResultsPath = (courseGuid: string, lessonGuid: string, assessmentGuid: string, unitGuid?: string): string =>
  `${lessonPath(courseGuid, lessonGuid, unitGuid)}/results-assessment/${assessmentGuid}`;

/** One student's results (the route keeps the spec's spelling). */
export const individualResultsPath = (courseGuid: string, assessmentGuid: string, userGuid: string): string =>
  `/results-assesment-individual/course/${courseGuid}/${assessmentGuid}/user/${userGuid}`;

export type OutcomeTone = "right" | "partial" | "wrong" | "unanswered" | "pending" | "graded";

/** How one answer went, from the server's outcome and score. */
export function outcomeTone(result: { outcome: QuestionOutcome; score: number | null; correct: boolean | null }): OutcomeTone {
  switch (result.outcome) {
    case "unanswered":
      return "unanswered";
    case "needs_grading":
      return "pending";
    case "graded":
      return "graded";
    case "scored":
      if (result.correct) return "right";
      return (result.score ?? 0) > 0 ? "partial" : "wrong";
  }
}

/** A score typed by the teacher: a number of points between 0 and the question's maximum. */
export type ScoreCheck = { ok: true; value: number } | { ok: false; reason: "required" | "range" };
export function checkScore(input: string, maxScore: number): ScoreCheck {
  const text = input.trim().replace(",", ".");
  if (!text) return { ok: false, reason: "required" };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, reason: "required" };
  if (value < 0 || value > maxScore) return { ok: false, reason: "range" };
  return { ok: true, value: Math.round(value * 100) / 100 };
}
