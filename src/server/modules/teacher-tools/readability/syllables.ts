import ca from "hyphen/ca";
import enUs from "hyphen/en-us";
import es from "hyphen/es";
import eu from "hyphen/eu";
import pt from "hyphen/pt";
import type { Language } from "../../../../contracts/constants";

/*
 * Syllables for readability formulas (issue 16, ADR 0038), counted in two steps:
 *
 * 1. Liang's algorithm with the language's TeX hyphenation patterns (the `hyphen` package, CTAN's
 *    patterns) splits a word where a hyphen may go: "mur-cié-la-go", "beau-ti-ful". Patterns put
 *    syllable boundaries between consonants right, which no vowel-counting rule does on its own.
 * 2. Patterns never break next to the word's edges (TeX's left/right minimums) nor between two
 *    vowels in most cases: "aé-reo", "tea-tro", "ecua-ción". Each piece is therefore split again at
 *    its vowel nuclei with the language's rules for diphthongs and hiatus:
 *    - es, ca, pt: two strong vowels (a, e, o), or a stressed i/u next to a vowel, are two
 *      syllables ("a-é-re-o", "pa-ís"); a weak vowel (unstressed i, u) glides with its neighbour
 *      ("ciu-dad", "cuida-do"); Catalan's diaeresis marks hiatus ("ve-ï-na"); Portuguese nasal
 *      diphthongs (ão, ãe, õe) are one.
 *    - eu: only the falling diphthongs ai, ei, oi, ui, au, eu are one syllable; any other vowel
 *      meeting is hiatus ("hi-ri-a").
 *    - en: vowel groups (a, e, i, o, u and a non-initial y), plus the meetings that are two
 *      syllables ("rep-til-i-an", "id-e-a"), less a silent final e ("crea-ture"), except the
 *      syllabic "-le" after a consonant ("ta-ble"). English spelling defeats any rule now and then;
 *      the formulas' own calibration counted by hand, so a small error is in their noise.
 * A word has at least one syllable.
 */

const HYPHENATORS: Record<Language, { hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string }> = { es, ca, eu, en: enUs, pt };
const SEPARATOR = "|";

const STRONG_ROMANCE = new Set([..."aeoáéóíúàèòâêôãõ"]);
const ROMANCE_VOWELS = new Set([...STRONG_ROMANCE, ..."iuüïy"]);
const PT_NASAL_DIPHTHONGS = new Set(["ão", "ãe", "õe"]);
const EU_DIPHTHONGS = new Set(["ai", "ei", "oi", "ui", "au", "eu"]);
const EU_VOWELS = new Set([..."aeiou"]);
const EN_VOWELS = new Set([..."aeiouy"]);

/** The vowel nuclei of a piece of a Romance word: a new syllable at every vowel meeting that is a hiatus. */
function romanceNuclei(piece: string, language: "es" | "ca" | "pt"): number {
  let nuclei = 0;
  let previous = "";
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charAt(i);
    // "y" is a vowel only at the end of a word or alone ("hoy", "rey", "y"); before a vowel it is a consonant.
    const isVowel = ROMANCE_VOWELS.has(c) && !(c === "y" && i + 1 < piece.length && ROMANCE_VOWELS.has(piece.charAt(i + 1)));
    if (!isVowel) {
      previous = "";
      continue;
    }
    if (previous === "") nuclei += 1;
    else if (isHiatus(previous, c, language)) nuclei += 1;
    previous = c;
  }
  return nuclei;
}

function isHiatus(a: string, b: string, language: "es" | "ca" | "pt"): boolean {
  if (language === "pt" && PT_NASAL_DIPHTHONGS.has(a + b)) return false;
  // Catalan and Portuguese mark a hiatus with a diaeresis on i (veïna); ü in "güe"/"qüe" is a glide.
  if (b === "ï") return true;
  if (b === "y") return false;
  return STRONG_ROMANCE.has(a) && STRONG_ROMANCE.has(b);
}

function basqueNuclei(piece: string): number {
  let nuclei = 0;
  let previous = "";
  for (const c of piece) {
    if (!EU_VOWELS.has(c)) {
      previous = "";
      continue;
    }
    if (previous === "" || !EU_DIPHTHONGS.has(previous + c)) nuclei += 1;
    previous = c;
  }
  return nuclei;
}

/** English vowel meetings that are two syllables: "rep-til-i-an", "ra-di-o", "vid-e-o", "u-su-al", "id-e-a" (not "na-tion", "qual-i-ty"). */
const EN_HIATUS = /(?<![ctsgx])i[ao]|eo|(?<![qg])ua|uo/g;

function englishGroups(piece: string, last: boolean): number {
  let groups = 0;
  let inGroup = false;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charAt(i);
    const vowel = EN_VOWELS.has(c) && !(c === "y" && i === 0);
    if (vowel && !inGroup) groups += 1;
    inGroup = vowel;
  }
  return groups + (piece.match(EN_HIATUS)?.length ?? 0) + (last && /[^aeiou]ea$/.test(piece) ? 1 : 0);
}

/** A silent final e ("crea-ture", "make") takes no syllable; a consonant's syllabic "-le" ("ta-ble") does. */
function englishSilentE(word: string): boolean {
  if (!word.endsWith("e") || word.length < 3) return false;
  const before = word.charAt(word.length - 2);
  if (EN_VOWELS.has(before)) return false;
  if (before === "l" && !EN_VOWELS.has(word.charAt(word.length - 3))) return false;
  return true;
}

/**
 * English endings whose e is silent: "-ed" except after t or d ("asked", "used"; not "wanted"),
 * and "-es" except after a sibilant or a soft c or g ("states", "times"; not "boxes", "wishes",
 * "places", "judges") or as a consonant's syllabic "-les" ("tables").
 */
function englishSilentEnding(word: string): boolean {
  if (word.length < 4) return false;
  const before = word.charAt(word.length - 3);
  if (EN_VOWELS.has(before)) return false;
  if (word.endsWith("ed")) return before !== "t" && before !== "d";
  if (!word.endsWith("es")) return false;
  if ("sxzcg".includes(before) || /(ch|sh)es$/.test(word)) return false;
  return !(before === "l" && !EN_VOWELS.has(word.charAt(word.length - 4)));
}

/** Splits a lower-case word where the language's hyphenation patterns allow a hyphen. */
export function hyphenationPieces(word: string, language: Language): string[] {
  return HYPHENATORS[language].hyphenateSync(word, { hyphenChar: SEPARATOR, minWordLength: 1 }).split(SEPARATOR).filter((p) => p.length > 0);
}

/** The syllables of one word in `language` (letters only; at least one for any word with a letter). */
export function countSyllables(word: string, language: Language): number {
  const clean = word.toLocaleLowerCase(language).replace(/[^\p{L}]/gu, "");
  if (clean.length === 0) return 0;
  const pieces = hyphenationPieces(clean, language);
  let total = 0;
  pieces.forEach((piece, i) => {
    let n: number;
    if (language === "eu") n = basqueNuclei(piece);
    else if (language === "en") {
      n = englishGroups(piece, i === pieces.length - 1);
      if (i === pieces.length - 1 && englishSilentE(clean) && n > 1) n -= 1;
      else if (i === pieces.length - 1 && englishSilentE(clean) && n === 1 && pieces.length > 1 && /^[^aeiouy]*e$/.test(piece)) n = 0;
    } else n = romanceNuclei(piece, language);
    total += n;
  });
  if (language === "en" && total > 1 && englishSilentEnding(clean)) total -= 1;
  return Math.max(1, total);
}
