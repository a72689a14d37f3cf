import type { TFunction } from "i18next";
import { listFormat } from "../../i18n/format";

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

export function splitDuration(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

const UNITS = ["days", "hours", "minutes", "seconds"] as const;

/**
 * "3 days and 4 hours": the two largest non-zero units, in the reader's language (plural keys
 * duration.<unit>_one/_other, joined with Intl.ListFormat).
 */
export function humanizeDuration(totalSeconds: number, t: TFunction, language: string): string {
  const parts = splitDuration(totalSeconds);
  const first = UNITS.findIndex((u) => parts[u] > 0);
  if (first === -1) return t("duration.seconds", { count: 0 });
  const shown = UNITS.slice(first, first + 2).filter((u) => parts[u] > 0);
  const words = shown.map((u) => t(`duration.${u}`, { count: parts[u] }));
  return listFormat(language, { style: "long", type: "conjunction" }).format(words);
}
