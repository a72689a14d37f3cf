/**
 * Form rules both sides apply, written without zod so the sign-in screens can use them without
 * shipping zod (~90 KiB gzip) in the login route's first load. The zod schemas use them too.
 */
import { LIMITS } from "./limits";

/** The e-mail shape accepted everywhere (the pattern zod's `.email()` applies). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isValidEmail = (value: string): boolean => {
  const email = value.trim();
  return email.length <= LIMITS.emailMaxChars && EMAIL_PATTERN.test(email);
};

export const MIN_BIRTH_YEAR = 1900;

/** A real YYYY-MM-DD calendar date, from 1900 on and before now (dates of birth). */
export function isValidDateOfBirth(value: string, now: number = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Round-tripping rejects dates a Date would silently roll over (2001-02-30 -> March 2).
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= MIN_BIRTH_YEAR && date.getTime() < now;
}
