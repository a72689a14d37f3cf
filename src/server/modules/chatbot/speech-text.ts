/*
 * What the read-aloud says (issue 17, ADR 0042): an assistant message as a listener should hear it
 * (no markdown marks, no [n] citation numbers, a link's words rather than its address, a formula's
 * symbols rather than its LaTeX commands). Its language is told by the teacher tools' detector
 * (teacher-tools/language.ts).
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
