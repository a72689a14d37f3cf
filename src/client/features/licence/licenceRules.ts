import { LICENCE_CODE_MAX_LENGTH, LICENCE_CODE_VISIBLE_CHARS } from "../../../contracts/licences-base";
import { dateTimeFormat, listFormat } from "../../i18n/format";

/** The common-namespace key of what is wrong with a typed code, or undefined when it may be sent. */
export function checkLicenceCode(value: string): "form.required" | "form.invalid_code" | undefined {
  const code = value.trim();
  if (!code) return "form.required";
  if (code.length > LICENCE_CODE_MAX_LENGTH) return "form.invalid_code";
  return undefined;
}

/** The visible end of a masked code ("*********2026" -> "2026"), for screen readers. */
export const visibleCodeEnd = (masked: string): string => masked.replace(/^\*+/, "").slice(-LICENCE_CODE_VISIBLE_CHARS);

/** A date as the UI language writes it ("12 Mar 2026"); the raw value if it is not a date. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "medium" }).format(date);
}

/** Publication titles as one phrase in the UI language ("A, B and C"). */
export const formatList = (items: string[], language: string): string =>
  listFormat(language, { style: "long", type: "conjunction" }).format(items);
