import { dateTimeFormat, intlLocale } from "../../../i18n/format";

type Formatter = ReturnType<typeof dateTimeFormat>;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };
const formatters = new Map<string, Formatter>();

/**
 * One formatter per language, region and style, built once: building an Intl formatter costs far more
 * than formatting with it, and a stream or an item list formats a date per row.
 */
function formatterOf(language: string, style: "dateTime" | "date"): Formatter {
  // The Intl locale, not the language alone: Portuguese reads pt-BR or pt-PT by the edition's region.
  const key = `${style}|${language}|${intlLocale(language)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = dateTimeFormat(language, style === "date" ? DATE : DATE_TIME);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Date and time in the reader's language ("3 feb 2026, 10:15"); the raw value if it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterOf(language, "dateTime").format(date);
}

/** A day in the reader's language ("30 jun 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterOf(language, "date").format(date);
}

/** Whether an expiry moment has passed (`now` is a parameter so tests can fix it). */
export function hasExpired(iso: string | null, now: Date = new Date()): boolean {
  if (!iso) return false;
  const at = new Date(iso).getTime();
  return !Number.isNaN(at) && at <= now.getTime();
}

/** "Ana García" from a member's parts, without stray spaces. */
export const fullName = (person: { firstName: string; lastName: string }): string => `${person.firstName} ${person.lastName}`.trim();
