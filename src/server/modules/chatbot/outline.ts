import type { ChatCard } from "../../../contracts/chatbot-base";
import { corpusWords, type Corpus } from "../teacher-tools/corpus";
import { fold, mentions, phrases } from "./intent";
import type { Passage } from "./retrieval";

/*
 * Without a model, a diagram the assistant can honestly draw (issue 17): a concept map of what the
 * user's materials say about the question. The root is the lesson (or content) the best passage
 * comes from; a branch for each content found; under each, the passage's most telling words (the
 * rarest in the edition's corpus that the passage repeats: tf × idf). Nothing is invented: every
 * label is a title or a word of the materials.
 */

/** Any of these (folded, as word starts) asks for a diagram, a concept map or an outline. */
const DIAGRAM_PHRASES = phrases(["esquema", "diagrama", "mapa conceptual", "mapa mental", "eskema", "kontzeptu mapa", "diagram", "concept map", "mind map", "outline", "mapa conceitual"]);

export const asksForDiagram = (question: string): boolean => mentions(question, DIAGRAM_PHRASES);

const BRANCHES = 4;
const LEAVES = 3;
const MIN_LETTERS = 4;

/** A label Mermaid's mindmap reads as plain text: no brackets, parentheses, braces or quotes; one line; not too long. */
export function label(text: string): string {
  const clean = text.replace(/[[\](){}"`<>#;:|]/g, " ").replace(/\s+/g, " ").trim();
  return clean.length > 60 ? `${clean.slice(0, 57).replace(/\s+\S*$/, "")}…` : clean;
}

/** The passage's most telling words: frequent in it, rare in the edition (tf × idf), not the question's own. */
export function keyWords(body: string, corpus: Corpus, exclude: ReadonlySet<string>, count = LEAVES): string[] {
  const tf = new Map<string, number>();
  for (const word of corpusWords(body)) {
    if (word.length < MIN_LETTERS || exclude.has(fold(word))) continue;
    tf.set(word, (tf.get(word) ?? 0) + 1);
  }
  return [...tf.entries()]
    .map(([word, n]) => ({ word, score: n * Math.log((corpus.total + 1) / ((corpus.counts.get(word) ?? 0) + 1)) }))
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, count)
    .map((w) => w.word);
}

/** The concept map of the passages found for a question, or null when there are none. */
export function outlineCard(question: string, passages: readonly Passage[], corpus: Corpus): ChatCard | null {
  const first = passages[0];
  if (!first) return null;
  const root = label(first.placement?.lessonTitle ?? first.title);
  const asked = new Set(corpusWords(question).map(fold));
  const branches = new Map<string, string[]>();
  for (const passage of passages) {
    const title = label(passage.title);
    if (!branches.has(title) && branches.size >= BRANCHES) continue;
    const words = branches.get(title) ?? [];
    for (const word of keyWords(passage.body, corpus, asked)) if (!words.includes(word) && words.length < LEAVES) words.push(word);
    branches.set(title, words);
  }
  const lines = ["mindmap", `  root((${root}))`];
  for (const [title, words] of branches) {
    if (title === "") continue;
    lines.push(`    ${title}`);
    for (const word of words) lines.push(`      ${label(word)}`);
  }
  return { kind: "diagram", title: root, code: lines.join("\n") };
}
