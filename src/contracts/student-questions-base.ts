import type { QuestionDataFor, QuestionType, Zone } from "./questions";
import type { StudentDataFor, StudentItem, StudentTextItem } from "./student-questions";

/*
 * Full question_data -> what a student sees of it, without zod (ADR 0028): the server builds it for
 * students, the client for a teacher's preview and the projection. student-questions.ts holds the
 * shapes (zod) and re-exports these.
 */

// ---- Seeded shuffling ------------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, good-enough generator for a fixed, repeatable order (also the seed's simulated history). */
export function generator(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with a seeded generator; never returns the input order for 2+ items when `avoidIdentity`. */
export function seededShuffle<T>(items: readonly T[], seed: string, avoidIdentity = false): T[] {
  const out = [...items];
  const next = generator(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  if (avoidIdentity && out.length > 1 && out.every((item, i) => item === items[i])) out.push(out.shift() as T);
  return out;
}

// ---- Full data -> student data --------------------------------------------------------------------

const item = (i: { id: string; text?: string | undefined; image?: { url: string; alt: string } | undefined }): StudentItem => ({
  id: i.id,
  ...(i.text !== undefined ? { text: i.text } : {}),
  ...(i.image !== undefined ? { image: i.image } : {}),
});
const textItem = (i: { id: string; text: string }): StudentTextItem => ({ id: i.id, text: i.text });
const label = (l: { id: string; zone: Zone }) => ({ id: l.id, zone: l.zone });

type Builders = { [K in QuestionType]: (data: QuestionDataFor<K>, shuffle: <T>(items: readonly T[], avoidIdentity?: boolean) => T[]) => StudentDataFor<K> };

const BUILDERS: Builders = {
  QT_1: (d, s) => ({ choices: (d.shuffle ? s(d.choices) : d.choices).map(item) }),
  QT_2: (d, s) => ({ choices: (d.shuffle ? s(d.choices) : d.choices).map(item) }),
  QT_3: () => ({}),
  QT_4: (d) => ({
    words: d.words.map((w) => ({ id: w.id, length: [...w.answer].length, ...(w.clue !== undefined ? { clue: w.clue } : {}) })),
  }),
  QT_5: (d) => ({ rows: d.rows.map(textItem), columns: d.columns.map(textItem) }),
  QT_6: (d) => ({ statements: d.statements.map((st) => ({ ...textItem(st), choices: st.choices.map(textItem) })) }),
  QT_7: (d) => ({ text: d.text }),
  QT_8: (d, s) => ({ text: d.text, tokens: s(d.tokens).map(textItem), reuseTokens: d.reuseTokens }),
  QT_9: (d) => ({ text: d.text }),
  QT_10: (d) => ({ image: d.image, labels: d.labels.map(label) }),
  QT_11: (d) => ({ image: d.image, options: d.options.map(textItem), labels: d.labels.map(label) }),
  QT_12: (d, s) => ({ image: d.image, tokens: s(d.tokens).map(textItem), labels: d.labels.map(label), reuseTokens: d.reuseTokens }),
  QT_13: (d, s) => ({ categories: d.categories.map(textItem), items: s(d.items).map(item) }),
  QT_14: (d, s) => ({ items: d.items.map(item), matches: s(d.matches).map(item) }),
  QT_15: (d, s) => ({ items: s(d.items, true).map(item) }),
  QT_16: (d, s) => ({ left: d.left.map(item), right: s(d.right).map(item) }),
  QT_17: () => ({}),
  QT_18: (d) => (d.maxWords !== undefined ? { maxWords: d.maxWords } : {}),
  QT_19: (d) => ({ accept: d.accept, maxFiles: d.maxFiles }),
  QT_20: (d) => (d.background !== undefined ? { background: d.background } : {}),
  QT_21: (d) => ({ image: d.image, targetCount: d.targets.length, ...(d.maxClicks !== undefined ? { maxClicks: d.maxClicks } : {}) }),
};

/** What a student may see of a question's data; `seed` fixes the shuffled orders (e.g. attempt + question). */
export function toStudentData<K extends QuestionType>(type: K, data: QuestionDataFor<K>, seed: string): StudentDataFor<K> {
  const builder = BUILDERS[type] as (d: QuestionDataFor<K>, s: <T>(items: readonly T[], avoidIdentity?: boolean) => T[]) => StudentDataFor<K>;
  let round = 0;
  // Each list shuffled with its own stream, so adding a token does not reorder the choices.
  return builder(data, (items, avoidIdentity = false) => seededShuffle(items, `${seed}:${round++}`, avoidIdentity));
}
