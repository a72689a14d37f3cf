import type { Language } from "../../../contracts/constants";

/*
 * Which of the platform's five languages a teacher's text is in (issue 16, ADR 0039), when the form
 * does not say: the share of its words that are each language's most frequent function words. A
 * paragraph of running text is 40–55 % function words in any of these languages, and their lists
 * barely overlap on the words that matter ("the"/"el"/"o", "and"/"y"/"i"/"e"/"eta", "of"/"de"/"da").
 */

/** Function words: articles, prepositions, conjunctions, pronouns and the commonest verb forms. */
const FUNCTION_WORDS: Readonly<Record<Language, readonly string[]>> = {
  es: ["el", "la", "los", "las", "un", "una", "unos", "unas", "y", "o", "pero", "que", "de", "del", "en", "con", "por", "para", "se", "su", "sus", "es", "son", "está", "están", "como", "más", "muy", "al", "lo", "le", "les", "este", "esta", "estos", "estas", "también", "hay", "fue", "cuando", "entre", "sin", "sobre", "ya", "porque", "donde", "desde", "hasta", "pueden", "puede"],
  ca: ["el", "la", "els", "les", "un", "una", "uns", "unes", "i", "o", "però", "que", "de", "del", "dels", "en", "amb", "per", "es", "s", "seu", "seva", "seus", "és", "són", "està", "com", "més", "molt", "al", "als", "aquest", "aquesta", "aquests", "també", "hi", "ha", "va", "quan", "entre", "sense", "sobre", "ja", "perquè", "on", "des", "fins", "poden", "pot", "l", "d", "n"],
  eu: ["eta", "da", "dira", "du", "dute", "ez", "bat", "batzuk", "bere", "ere", "baina", "edo", "hau", "hori", "hura", "hauek", "horiek", "dago", "daude", "zen", "ziren", "zuen", "zuten", "izan", "egin", "oso", "gehiago", "beste", "baino", "non", "noiz", "nola", "zer", "nor", "bezala", "gabe", "arte", "ondoren", "aurretik", "artean", "bitartean", "dute", "daiteke", "dezake", "ditu", "dituzte", "dela", "zela", "bada", "hala"],
  en: ["the", "a", "an", "and", "or", "but", "that", "of", "in", "on", "with", "by", "for", "to", "is", "are", "was", "were", "be", "been", "it", "its", "this", "these", "those", "as", "more", "very", "at", "from", "they", "their", "there", "have", "has", "had", "when", "between", "without", "about", "which", "who", "because", "where", "can", "will", "would", "not", "also", "than"],
  pt: ["o", "a", "os", "as", "um", "uma", "uns", "umas", "e", "ou", "mas", "que", "de", "do", "da", "dos", "das", "em", "no", "na", "nos", "nas", "com", "por", "para", "se", "seu", "sua", "é", "são", "está", "estão", "como", "mais", "muito", "ao", "aos", "este", "esta", "também", "há", "foi", "quando", "entre", "sem", "sobre", "já", "porque", "onde", "pelo", "pela"],
};

const SETS: ReadonlyArray<[Language, ReadonlySet<string>]> = (Object.entries(FUNCTION_WORDS) as Array<[Language, readonly string[]]>).map(([language, words]) => [
  language,
  new Set(words),
]);

/** A word's letters in lower case; the text's apostrophes split Catalan's elisions (l'escola, d'aigua). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, 5000);
}

export type Detected = { language: Language; share: number; confident: boolean };

/**
 * The language whose function words make up the largest share of the text's words, and whether
 * the guess is safe: at least 20 % of the words, and a clear lead over the runner-up. Ties and
 * unsure guesses fall back to `fallback` (the edition's language).
 */
export function detectLanguage(text: string, fallback: Language): Detected {
  const words = wordsOf(text);
  if (words.length === 0) return { language: fallback, share: 0, confident: false };
  const scores = SETS.map(([language, set]) => {
    let hits = 0;
    for (const word of words) if (set.has(word)) hits += 1;
    return { language, share: hits / words.length };
  }).sort((a, b) => b.share - a.share || Number(b.language === fallback) - Number(a.language === fallback));
  const [best, second] = scores as [{ language: Language; share: number }, { language: Language; share: number }];
  const confident = best.share >= 0.2 && best.share - second.share >= 0.05;
  return confident ? { language: best.language, share: best.share, confident } : { language: fallback, share: best.share, confident };
}

const ALL_FUNCTION_WORDS: ReadonlySet<string> = new Set(Object.values(FUNCTION_WORDS).flat());

/** A function word of any of the five languages (lower case): never vocabulary. */
export const isFunctionWord = (word: string): boolean => ALL_FUNCTION_WORDS.has(word);
