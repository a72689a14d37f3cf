import type { ResultRow } from "../../../../contracts/records";
import { dateTimeFormat } from "../../../i18n/format";

/** A score as a whole percentage: scaled (0..1) when known, else a raw score on SCORM's 0..100 scale. */
export function percentOf(row: Pick<ResultRow, "scoreScaled" | "scoreRaw">): number | null {
  if (row.scoreScaled !== null) return Math.round(row.scoreScaled * 100);
  if (row.scoreRaw !== null && row.scoreRaw >= 0 && row.scoreRaw <= 100) return Math.round(row.scoreRaw);
  return null;
}

export type SortKey = "name" | "score" | "status";
export type SortDirection = "ascending" | "descending";

const STATUS_ORDER = ["passed", "completed", "failed", "incomplete", "browsed", "not attempted", "unknown"];
function statusRank(row: ResultRow): number {
  const word = row.success === "passed" || row.success === "failed" ? row.success : (row.completion ?? "not attempted");
  const i = STATUS_ORDER.indexOf(word);
  return row.attempted ? (i < 0 ? STATUS_ORDER.length : i) : STATUS_ORDER.length + 1;
}

/** Rows sorted by a column; missing scores always last. */
export function sortRows(rows: readonly ResultRow[], key: SortKey, direction: SortDirection, locale: string): ResultRow[] {
  const sign = direction === "ascending" ? 1 : -1;
  const byName = (a: ResultRow, b: ResultRow) => a.user.name.localeCompare(b.user.name, locale, { sensitivity: "base" });
  return [...rows].sort((a, b) => {
    if (key === "score") {
      const pa = percentOf(a);
      const pb = percentOf(b);
      if (pa === null && pb === null) return byName(a, b);
      if (pa === null) return 1;
      if (pb === null) return -1;
      return (pa - pb) * sign || byName(a, b);
    }
    if (key === "status") return (statusRank(a) - statusRank(b)) * sign || byName(a, b);
    return byName(a, b) * sign;
  });
}

/** Date and time in the reader's language; the raw value when it is not a date. */
export function formatWhen(iso: string | null, language: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
