import type { Answer } from "../../../contracts/questions";
import { dateTimeFormat, numberFormat } from "../../i18n/format";

/* Small rules of the attempt page, kept apart so they are easy to test and reuse. */

/** Whether a value holds anything the student gave (a blank text, an empty list or map is no answer). */
function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (typeof value === "boolean" || typeof value === "number") return true;
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === "object") return Object.values(value).some(hasContent);
  return false;
}

/** Whether a question counts as answered. */
export const isAnswered = (value: Answer | null | undefined): boolean => !!value && hasContent(value.answer);

/** The current question (1-based) from `?q=`, within 1..count. */
export function questionIndexOf(param: string | null, count: number): number {
  const n = Number(param);
  if (!Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, Math.max(count, 1));
}

export const formatNumber = (value: number, language: string): string =>
  numberFormat(language, { maximumFractionDigits: 2 }).format(value);

export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(date);
};

/** The attempt's results page. */
export const attemptResultPath = (attemptGuid: string) => `/results-assesment/${attemptGuid}`;
