import { dateTimeFormat } from "../../../i18n/format";
/** Date and time in the reader's language ("3 feb 2026, 10:15"); the raw value if it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A day in the reader's language ("30 jun 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "medium" }).format(date);
}

/** Whether an expiry moment has passed (`now` is a parameter so tests can fix it). */
export function hasExpired(iso: string | null, now: Date = new Date()): boolean {
  if (!iso) return false;
  const at = new Date(iso).getTime();
  return !Number.isNaN(at) && at <= now.getTime();
}

/** "Ana García" from a member's parts, without stray spaces. */
export const fullName = (person: { firstName: string; lastName: string }): string => `${person.firstName} ${person.lastName}`.trim();
