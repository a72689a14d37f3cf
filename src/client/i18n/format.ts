/*
 * Dates, numbers and lists in the reader's language: the one way the client formats them (a lint
 * rule keeps `new Intl.*Format` out of other files).
 *
 * Two things the browser's own Intl gets wrong for our five languages:
 *  - Chromium ships no Basque date or list data (its ICU subset): `Intl.DateTimeFormat("eu")`
 *    silently falls back to the browser's default locale, so a Basque reader saw "jueves, 26 de
 *    noviembre" and "25 minutu y 52 segundo". Where the browser lacks Basque, the formats below
 *    write it from CLDR's Basque data and Euskaltzaindia's rules for the suffixes.
 *  - "pt" alone is Brazilian Portuguese to Intl; the edition's country chooses pt-BR or pt-PT.
 */

import { intlLocale } from "./region";

export { currentRegion, intlLocale, setRegion } from "./region";

const supportCache = new Map<string, boolean>();
/** Whether this browser's Intl has its own data for the language (Chromium lacks Basque dates). */
function hasIntlData(kind: "date" | "list" | "number" | "relative", locale: string): boolean {
  const key = `${kind}:${locale}`;
  const cached = supportCache.get(key);
  if (cached !== undefined) return cached;
  const found =
    kind === "date"
      ? Intl.DateTimeFormat.supportedLocalesOf([locale])
      : kind === "list"
        ? Intl.ListFormat.supportedLocalesOf([locale])
        : kind === "relative"
          ? Intl.RelativeTimeFormat.supportedLocalesOf([locale])
          : Intl.NumberFormat.supportedLocalesOf([locale]);
  const supported = found.length > 0;
  supportCache.set(key, supported);
  return supported;
}

/** Lets a test stand in for a browser without Basque data (Node's ICU has it). */
export function forgetIntlSupport(override?: (kind: string, locale: string) => boolean): void {
  supportCache.clear();
  if (override) {
    for (const kind of ["date", "list", "number", "relative"] as const) {
      for (const locale of ["eu", "es", "ca", "en", "pt-BR", "pt-PT"]) supportCache.set(`${kind}:${locale}`, override(kind, locale));
    }
  }
}

type Formatter<T> = { format: (value: T) => string };
export type NumberFormatter = Formatter<number>;

// ---- Basque (CLDR "eu" data; suffixes after Euskaltzaindia's norms 7 and 9) ----

const EU_MONTHS = ["urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila", "abuztua", "iraila", "urria", "azaroa", "abendua"];
const EU_MONTHS_SHORT = ["urt.", "ots.", "mar.", "api.", "mai.", "eka.", "uzt.", "abu.", "ira.", "urr.", "aza.", "abe."];
const EU_WEEKDAYS = ["igandea", "astelehena", "asteartea", "asteazkena", "osteguna", "ostirala", "larunbata"];

/** "azaroa" -> "azaroaren" (of November). */
const euMonthGenitive = (month: number): string => `${EU_MONTHS[month] ?? ""}ren`;

/**
 * The day with its article: 26 -> "26a", but 11 and 31 end in "hamaika" (already -a): "11".
 */
export const euDay = (day: number): string => (day % 20 === 11 ? String(day) : `${day}a`);

/**
 * The year with the locative-genitive suffix: -ko after a vowel, -eko after a consonant. The
 * number's last word decides: bat (1), bost (5), hamar (10), hamabost (15) and the hundreds
 * (ehun) end in a consonant; mila, hogei and the rest in a vowel. 2026 -> "2026ko", 2021 -> "2021eko".
 */
export function euYear(year: number): string {
  const lastTwo = year % 100;
  if (lastTwo === 0) return `${year}${year % 1000 === 0 ? "ko" : "eko"}`;
  return `${year}${[1, 5, 10, 15].includes(lastTwo % 20) ? "eko" : "ko"}`;
}

const two = (n: number): string => String(n).padStart(2, "0");

function euDate(date: Date, o: Intl.DateTimeFormatOptions): string {
  const y = date.getFullYear();
  const m = date.getMonth();
  const d = date.getDate();
  const time = o.timeStyle || o.hour !== undefined ? `${two(date.getHours())}:${two(date.getMinutes())}` : "";
  let day: string;
  switch (o.dateStyle) {
    case "full":
      day = `${euYear(y)} ${euMonthGenitive(m)} ${euDay(d)}, ${EU_WEEKDAYS[date.getDay()] ?? ""}`;
      break;
    case "long":
      day = `${euYear(y)} ${euMonthGenitive(m)} ${euDay(d)}`;
      break;
    case "medium":
      day = `${euYear(y)} ${EU_MONTHS_SHORT[m] ?? ""} ${euDay(d)}`;
      break;
    case "short":
      day = `${y}/${two(m + 1)}/${two(d)}`;
      break;
    default: {
      // Component options (weekday, day, month, year) as the app uses them.
      const monthPart = o.month === "long" ? euMonthGenitive(m) : o.month === "short" ? EU_MONTHS_SHORT[m] ?? "" : o.month ? String(m + 1) : "";
      const core = [o.year ? euYear(y) : "", monthPart, o.day ? euDay(d) : ""].filter(Boolean).join(" ");
      day = o.weekday ? [core, EU_WEEKDAYS[date.getDay()] ?? ""].filter(Boolean).join(", ") : core;
    }
  }
  return [day, time].filter(Boolean).join(", ");
}

function euList(items: readonly string[], type: Intl.ListFormatType | undefined): string {
  const word = type === "disjunction" ? "edo" : "eta";
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1) ?? ""}`;
}

// ---- The drop-in replacements for new Intl.*Format(language, options) ----

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Formatter<Date | number> {
  const locale = intlLocale(language);
  if (locale === "eu" && !hasIntlData("date", "eu")) {
    return { format: (value) => euDate(typeof value === "number" ? new Date(value) : value, options) };
  }
  return new Intl.DateTimeFormat(locale, options);
}

export function listFormat(language: string, options: Intl.ListFormatOptions = {}): Formatter<Iterable<string>> {
  const locale = intlLocale(language);
  if (locale === "eu" && !hasIntlData("list", "eu")) return { format: (items) => euList([...items], options.type) };
  return new Intl.ListFormat(locale, options);
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Formatter<number> {
  const locale = intlLocale(language);
  if (locale === "eu" && !hasIntlData("number", "eu")) {
    // Basque writes numbers like Spanish (1.234,5) but puts the percent sign first: "% 50".
    const inner = new Intl.NumberFormat("es-ES", { ...options, style: options.style === "percent" ? "decimal" : options.style, useGrouping: "always" });
    return { format: (v) => (options.style === "percent" ? `% ${inner.format(v * 100)}` : inner.format(v)) };
  }
  return new Intl.NumberFormat(locale, options);
}

/** An ISO date-time string, or "" when it does not parse. */
export function formatIso(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat(language, options).format(date);
}

// ---- Relative time ("hace 5 minutos", "ayer"), with CLDR's Basque where the browser has none ----

type RelativeUnit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";
const EU_UNITS: Record<RelativeUnit, string> = { second: "segundo", minute: "minutu", hour: "ordu", day: "egun", week: "aste", month: "hilabete", year: "urte" };
/** CLDR "eu" with numeric: "auto": the words for -2..2 where it has them. */
const EU_NAMED: Partial<Record<RelativeUnit, Record<number, string>>> = {
  second: { 0: "orain" },
  minute: { 0: "minutu honetan" },
  hour: { 0: "ordu honetan" },
  day: { [-2]: "herenegun", [-1]: "atzo", 0: "gaur", 1: "bihar", 2: "etzi" },
  week: { [-1]: "aurreko astean", 0: "aste honetan", 1: "hurrengo astean" },
  month: { [-1]: "aurreko hilabetean", 0: "hilabete honetan", 1: "hurrengo hilabetean" },
  year: { [-1]: "iaz", 0: "aurten", 1: "hurrengo urtean" },
};

function euRelative(value: number, unit: RelativeUnit): string {
  const named = EU_NAMED[unit]?.[value];
  if (named) return named;
  return value < 0 ? `duela ${Math.abs(value)} ${EU_UNITS[unit]}` : `${value} ${EU_UNITS[unit]} barru`;
}

export function relativeTimeFormat(language: string): { format: (value: number, unit: RelativeUnit) => string } {
  const locale = intlLocale(language);
  if (locale === "eu" && !hasIntlData("relative", "eu")) return { format: euRelative };
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
}

const RELATIVE_STEPS: ReadonlyArray<[RelativeUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** An ISO date-time against `now` in the largest unit that fits ("hace 5 minutos", "ayer", "hace 3 semanas"); "" when it does not parse. */
export function formatRelativeIso(iso: string, language: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  let amount = (time - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    const rounded = Math.round(amount);
    if (Math.abs(rounded) < size) return relativeTimeFormat(language).format(unit === "second" && Math.abs(rounded) < 45 ? 0 : rounded, unit);
    amount /= size;
  }
  return "";
}
