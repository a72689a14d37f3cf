/*
 * What a question asks for, without a model (issue 17): short phrases in the five languages,
 * compared with accents, case and punctuation folded away, each as the start of a word.
 */

/** Lower case, no accents, words separated by single spaces. */
export const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Phrases folded once, for `mentions`. */
export const phrases = (list: readonly string[]): readonly string[] => list.map(fold);

/** Whether the text holds one of the (folded) phrases, starting at a word. */
export function mentions(text: string, folded: readonly string[]): boolean {
  const q = ` ${fold(text)} `;
  return folded.some((phrase) => q.includes(` ${phrase}`));
}
