import { INPUT_LIMITS, isStorableInstant } from "../../../contracts/common";
import { AppError } from "../../platform/errors";

/*
 * The value checks xAPI statements are built from (xapi-validate.ts): each refuses with a 400
 * VALIDATION_ERROR naming the property's path.
 */

export type Json = Record<string, unknown>;

export const invalid = (path: string, problem: string): AppError =>
  new AppError(400, "VALIDATION_ERROR", `${path} ${problem}`, { property: path, problem });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An absolute IRI: a scheme, a colon and no whitespace. */
const IRI_RE = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
export const SHA1_RE = /^[0-9a-f]{40}$/i;
export const MAILTO_RE = /^mailto:[^\s@]+@[^\s@]+$/i;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
const DURATION_RE =
  /^P(?!$)(\d+(?:[.,]\d+)?Y)?(\d+(?:[.,]\d+)?M)?(\d+(?:[.,]\d+)?D)?(T(?=\d)(\d+(?:[.,]\d+)?H)?(\d+(?:[.,]\d+)?M)?(\d+(?:[.,]\d+)?S)?)?$|^P\d+(?:[.,]\d+)?W$/;
export const VERSION_RE = /^1\.0(\.\d+)?$/;
/** RFC 5646 language tag (langtag, private use and the irregular grandfathered tags). */
const LANGTAG_RE = new RegExp(
  "^(?:" +
    "(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4}|[a-z]{5,8})" +
    "(?:-[a-z]{4})?" +
    "(?:-(?:[a-z]{2}|\\d{3}))?" +
    "(?:-(?:[a-z\\d]{5,8}|\\d[a-z\\d]{3}))*" +
    "(?:-[\\da-wy-z](?:-[a-z\\d]{2,8})+)*" +
    "(?:-x(?:-[a-z\\d]{1,8})+)?" +
    "|x(?:-[a-z\\d]{1,8})+" +
    "|en-GB-oed|i-ami|i-bnn|i-default|i-enochian|i-hak|i-klingon|i-lux|i-mingo|i-navajo|i-pwn|i-tao|i-tay|i-tsu|sgn-BE-FR|sgn-BE-NL|sgn-CH-DE" +
    ")$",
  "i",
);

export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID_RE.test(v);
/** Within `max` UTF-8 bytes: ids and IRIs are index keys, and a btree entry holds about 2,700 bytes (ADR 0019). */
export const fitsBytes = (v: string, max: number): boolean => v.length <= max && Buffer.byteLength(v, "utf8") <= max;
export const isIri = (v: unknown): v is string => typeof v === "string" && IRI_RE.test(v) && fitsBytes(v, INPUT_LIMITS.iriBytes);
export const isLanguageTag = (v: string): boolean => LANGTAG_RE.test(v);

/** ISO 8601 date-time with a time zone; "-00:00" style offsets are refused (xAPI Part Two §4.5). */
export const isTimestamp = (v: unknown): v is string =>
  typeof v === "string" && TIMESTAMP_RE.test(v) && !/-00(:?00)?$/.test(v) && isStorableInstant(v);

export const isDuration = (v: unknown): v is string => typeof v === "string" && DURATION_RE.test(v);

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export function obj(v: unknown, path: string): Json {
  if (!isObject(v)) throw invalid(path, "must be a JSON object");
  return v;
}

export function only(o: Json, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) throw invalid(`${path}.${key}`, "is not an allowed property here");
  }
}

export function str(v: unknown, path: string): string {
  if (typeof v !== "string") throw invalid(path, "must be a string");
  return v;
}

export function bool(v: unknown, path: string): void {
  if (typeof v !== "boolean") throw invalid(path, "must be true or false");
}

export function num(v: unknown, path: string): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(path, "must be a number");
  return v;
}

export function iri(v: unknown, path: string): string {
  if (typeof v === "string" && !fitsBytes(v, INPUT_LIMITS.iriBytes)) throw invalid(path, `must be at most ${INPUT_LIMITS.iriBytes} bytes`);
  if (!isIri(v)) throw invalid(path, "must be an absolute IRI");
  return v;
}

export function uuid(v: unknown, path: string): string {
  if (!isUuid(v)) throw invalid(path, "must be a UUID");
  return v;
}

export function languageMap(v: unknown, path: string): void {
  const map = obj(v, path);
  for (const [tag, text] of Object.entries(map)) {
    if (!isLanguageTag(tag)) throw invalid(`${path}.${tag}`, "is not an RFC 5646 language tag");
    if (typeof text !== "string") throw invalid(`${path}.${tag}`, "must be a string");
  }
}

export function extensions(v: unknown, path: string): void {
  const map = obj(v, path);
  for (const key of Object.keys(map)) {
    if (!isIri(key)) throw invalid(`${path}.${key}`, "extension keys must be absolute IRIs");
  }
}

export function timestampValue(v: unknown, path: string): string {
  if (!isTimestamp(v)) throw invalid(path, "must be an ISO 8601 date-time with a time zone");
  return v;
}

export const isSupportedVersion = (v: unknown): boolean => typeof v === "string" && VERSION_RE.test(v.trim());
