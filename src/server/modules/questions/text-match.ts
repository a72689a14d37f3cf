/*
 * Comparing typed answers (short text, cloze text, image labels, block letters). Always: Unicode
 * NFC, trimmed, inner runs of white space collapsed to one space. Options: case and accents.
 * Without accents, marks on letters are dropped (á à â ä ã -> a), but ñ and ç stay letters of their
 * own: in Spanish, Catalan and Portuguese they spell different words ("año" is not "ano").
 */

export type MatchOptions = { caseSensitive: boolean; accentSensitive: boolean };

const OWN_LETTERS = new Set(["ñ", "Ñ", "ç", "Ç"]);

export function stripAccents(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\P{ASCII}/gu, (ch) => (OWN_LETTERS.has(ch) ? ch : ch.normalize("NFD").replace(/\p{M}/gu, "")))
    .normalize("NFC");
}

export function normalizeText(value: string, opts: MatchOptions): string {
  let out = value.normalize("NFC").trim().replace(/\s+/gu, " ");
  if (!opts.caseSensitive) out = out.toLowerCase();
  if (!opts.accentSensitive) out = stripAccents(out);
  return out;
}

/** Whether the given text is one of the accepted answers; nothing given never matches. */
export function matchesAny(given: string | undefined, accepted: readonly string[], opts: MatchOptions): boolean {
  if (given === undefined) return false;
  const g = normalizeText(given, opts);
  return g !== "" && accepted.some((a) => normalizeText(a, opts) === g);
}
