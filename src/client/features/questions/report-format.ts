import { ERROR_REPORT_STATUSES, ERROR_REPORT_TYPES } from "../../../contracts/assessments-base";
import type { ErrorReportType } from "../../../contracts/assessments";
import { mathSegments } from "./views/MathText";
import { dateTimeFormat } from "../../i18n/format";

/*
 * Small pure helpers shared by the exercise error-report dialog and the editorial list.
 */

/** The six options, in the order the dialog lists them (spec §9). */
export const REPORT_TYPES: readonly ErrorReportType[] = ERROR_REPORT_TYPES;
/** The description's limit (ErrorReportCreateSchema). */
export const REPORT_DESCRIPTION_MAX = 2000;
/** Rows per page of the editorial list. */
export const REPORTS_PAGE_SIZE = 20;

export type ReportStatusFilter = "all" | (typeof ERROR_REPORT_STATUSES)[number];
export const REPORT_FILTERS: readonly ReportStatusFilter[] = ["all", ...ERROR_REPORT_STATUSES];

export const isReportFilter = (v: string | null): v is ReportStatusFilter => v !== null && (REPORT_FILTERS as readonly string[]).includes(v);

/**
 * The start of a prompt for a table cell: at most `max` characters of text, never cutting a
 * formula in half (a formula is kept whole or left out), with an ellipsis when shortened.
 */
export function promptExcerpt(prompt: string, max = 120): string {
  const flat = prompt.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  let out = "";
  for (const segment of mathSegments(flat)) {
    if (segment.kind === "math") {
      const source = segment.display ? `$$${segment.value}$$` : `\\(${segment.value}\\)`;
      if (out.length + source.length > max) break;
      out += source;
    } else {
      const room = max - out.length;
      if (segment.value.length <= room) {
        out += segment.value;
        continue;
      }
      const cut = segment.value.slice(0, room);
      const space = cut.lastIndexOf(" ");
      out += space > room / 2 ? cut.slice(0, space) : cut;
      break;
    }
  }
  return `${out.trimEnd()}…`;
}

/** A report's date and time in the reader's language. */
export function formatReportDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(date);
}

/** "from–to of total" numbers for the rows shown (1-based; 0–0 when there are none). */
export function pageRange(offset: number, shown: number, total: number): { from: number; to: number; total: number } {
  if (shown === 0) return { from: 0, to: 0, total };
  return { from: offset + 1, to: offset + shown, total };
}

/** The page (0-based) held in the address, never negative. */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n - 1 : 0;
}
