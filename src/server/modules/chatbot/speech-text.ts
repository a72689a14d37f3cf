import { LANGUAGES, type Language } from "../../../contracts/common";

/*
 * What the read-aloud says (issue 17, ADR 0042): an assistant message as a listener should hear it
 * (no markdown marks, no [n] citation numbers, a link's words rather than its address, a formula's
 * symbols rather than its LaTeX commands), and the language it is written in.
 */

/** A message's text as speech: the marks that are for the eye removed. */
export function speakableText(text: string): string {
  return (
    text
      // Fenced code and diagram sources are not read.
      .replace(/```[\s\S]*?(```|$)/g, " ")
      // Formulas: their symbols, without LaTeX's commands and braces.
      .replace(/\$\$?([^$]+)\$\$?/g, (_m, tex: string) => ` ${latexAsWords(tex)} `)
      // Links: their words only; bare addresses are not spelled out.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\bhttps?:\/\/\S*[^\s.,;:!?)]/g, " ")
      // Citations [1], [2, 3].
      .replace(/\s*\[\d+(?:\s*[,;-]\s*\d+)*\]/g, "")
      // Markdown marks: headings, emphasis, quotes, list bullets, tables.
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s*>\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
      .replace(/(\*\*|__|\*|_|~~|`)/g, "")
      .replace(/\|/g, " ")
      .replace(/[ \t]+/g, " ")
      .replace(/ +([.,;:!?])/g, "$1")
      .replace(/\s*\n\s*/g, "\n")
      .trim()
  );
}

const LATEX_WORDS: Record<string, string> = {
  cdot: "·",
  times: "×",
  div: "÷",
  pm: "±",
  le: "≤",
  leq: "≤",
  ge: "≥",
  geq: "≥",
  neq: "≠",
  approx: "≈",
  pi: "π",
  infty: "∞",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  theta: "θ",
  lambda: "λ",
  mu: "μ",
  sigma: "σ",
  Delta: "Δ",
};

/** A formula's LaTeX as the symbols a synthesiser can say: \frac{a}{b} as a / b, \sqrt{x} as √ x, commands as their symbols. */
function latexAsWords(tex: string): string {
  let out = tex;
  for (let i = 0; i < 4; i++) out = out.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "($1) / ($2)");
  out = out.replace(/\\sqrt\s*\{([^{}]*)\}/g, "√ ($1)");
  out = out.replace(/\\([A-Za-z]+)/g, (_m, name: string) => LATEX_WORDS[name] ?? " ");
  return out.replace(/[{}\\]/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * The commonest short words of each language that the others do not share (or share rarely): the
 * language with most of them in a text is the one it is written in.
 */
const MARKERS: Record<Language, readonly string[]> = {
  es: ["el", "los", "las", "y", "es", "por", "con", "una", "del", "se", "lo", "para", "como", "pero", "su", "sus", "está", "son", "muy", "también", "cuando", "hay", "entre", "sobre"],
  ca: ["els", "les", "i", "és", "amb", "per", "dels", "al", "als", "una", "es", "són", "també", "però", "com", "quan", "hi", "seu", "seva", "molt", "aquest", "aquesta", "entre", "sobre"],
  eu: ["eta", "da", "ez", "bat", "ere", "edo", "dira", "du", "dute", "baina", "hau", "hori", "dago", "izan", "egiten", "bere", "zer", "nola", "oso", "baita", "hauek", "baino", "gero", "beste"],
  en: ["the", "and", "of", "is", "to", "in", "that", "with", "for", "are", "this", "it", "as", "on", "be", "by", "from", "which", "or", "an", "they", "their", "was", "have"],
  pt: ["o", "os", "e", "é", "do", "da", "dos", "das", "em", "com", "uma", "não", "no", "na", "nos", "nas", "para", "mas", "são", "seu", "sua", "também", "muito", "pelo"],
};

/**
 * The language among the product's five that `text` is written in, by its marker words; `fallback`
 * (the user's language) when the text has too few of them to tell.
 */
export function detectLanguage(text: string, fallback: Language): Language {
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const counts = new Map<Language, number>(LANGUAGES.map((l) => [l, 0]));
  const sets = LANGUAGES.map((l) => [l, new Set(MARKERS[l])] as const);
  for (const word of words) {
    for (const [language, set] of sets) if (set.has(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] === fallback ? -1 : b[0] === fallback ? 1 : 0));
  const [best, second] = ranked;
  if (!best || best[1] < 2) return fallback;
  // A near tie (Spanish and Catalan share many words) is the user's language when it is one of the two.
  if (second && best[1] - second[1] <= 1 && second[0] === fallback) return fallback;
  return best[0];
}
