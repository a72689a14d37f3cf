import {
  countWords,
  pointInZone,
  QUESTION_RULES as R,
  type AnswerFor,
  type QuestionDataFor,
  type QuestionIssue,
  type QuestionType,
} from "../../../contracts/questions";
import { AnswerInvalidError, invalidAnswer } from "./answer-error";
import { mathEquivalent } from "./math-equivalence";
import { matchesAny, normalizeText } from "./text-match";

/*
 * One pure function per question type: the answer (already the right shape) against its question.
 * Each returns a tally, `net` right units out of `total` (net may go below 0 with penalties;
 * scoring.ts floors it), or "teacher" for the types a teacher grades. The rules are listed at the
 * top of scoring.ts.
 */

export type ScorePart = { id: string; correct: boolean };
export type Tally = { net: number; total: number; parts: ScorePart[] };
export type Scorer<K extends QuestionType> = (data: QuestionDataFor<K>, answer: AnswerFor<K>) => Tally | "teacher";

type Ids = readonly { id: string }[];
type IdMap = Readonly<Record<string, string>>;

/** Own properties only: a question's id is never looked up on Object.prototype. */
const own = (map: IdMap, key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

/** Every key of an answer's map is one of the question's ids, and so is every value when `values` is given. */
function checkMap(map: IdMap, field: string, keys: Ids, values?: (key: string) => Ids): void {
  const keyIds = new Set(keys.map((k) => k.id));
  const issues: QuestionIssue[] = [];
  for (const [key, value] of Object.entries(map)) {
    const allowed = values?.(key);
    if (!keyIds.has(key)) issues.push({ code: "custom", path: [field, key], message: R.unknownId, input: key });
    else if (allowed && !allowed.some((v) => v.id === value)) issues.push({ code: "custom", path: [field, key], message: R.unknownId, input: value });
  }
  if (issues.length > 0) throw new AnswerInvalidError(issues);
}

function checkIds(given: readonly string[], field: string, known: Ids): void {
  const ids = new Set(known.map((k) => k.id));
  const unknown = given.findIndex((id) => !ids.has(id));
  if (unknown >= 0) throw invalidAnswer([field, unknown], R.unknownId, given[unknown]);
}

/** One part per item; the share of right items. */
function perItem<T extends { id: string }>(items: readonly T[], isRight: (item: T) => boolean): Tally {
  const parts = items.map((item) => ({ id: item.id, correct: isRight(item) }));
  return { net: parts.filter((p) => p.correct).length, total: parts.length, parts };
}

const allOrNothing = (id: string, correct: boolean): Tally => ({ net: correct ? 1 : 0, total: 1, parts: [{ id, correct }] });

/** Tokens placed in gaps or on labels. Right when the token's text is the expected one, so tokens that read the same are interchangeable. */
function placedTokens(tokens: readonly { id: string; text: string }[], targets: readonly { id: string; tokenId: string }[], placed: IdMap, field: string, reuse: boolean): Tally {
  checkMap(placed, field, targets, () => tokens);
  if (!reuse) {
    const used = new Set<string>();
    for (const [key, tokenId] of Object.entries(placed)) {
      if (used.has(tokenId)) throw invalidAnswer([field, key], R.tokenReused, tokenId);
      used.add(tokenId);
    }
  }
  const textOf = new Map(tokens.map((t) => [t.id, t.text]));
  return perItem(targets, (t) => {
    const given = own(placed, t.id);
    return given !== undefined && textOf.get(given) === textOf.get(t.tokenId);
  });
}

/** Indexes of one longest strictly increasing subsequence of `seq` (O(n²); lists have at most 20 items). */
export function longestIncreasing(seq: readonly number[]): number[] {
  const length = seq.map(() => 1);
  const previous = seq.map(() => -1);
  seq.forEach((v, i) => {
    for (let j = 0; j < i; j += 1) {
      if ((seq[j] ?? Infinity) < v && (length[j] ?? 0) + 1 > (length[i] ?? 0)) {
        length[i] = (length[j] ?? 0) + 1;
        previous[i] = j;
      }
    }
  });
  let at = length.reduce((best, len, i) => (len > (length[best] ?? 0) ? i : best), 0);
  const out: number[] = [];
  while (at >= 0 && seq.length > 0) {
    out.unshift(at);
    at = previous[at] ?? -1;
  }
  return out;
}

const linkKey = (l: { leftId: string; rightId: string }) => `${l.leftId}:${l.rightId}`;

// ---- The 21 types ------------------------------------------------------------------------------

const singleChoice: Scorer<"QT_1"> = (d, a) => {
  if (!d.choices.some((c) => c.id === a.choiceId)) throw invalidAnswer(["choiceId"], R.unknownId, a.choiceId);
  return allOrNothing(a.choiceId, d.choices.some((c) => c.id === a.choiceId && c.correct));
};

const multipleChoice: Scorer<"QT_2"> = (d, a) => {
  checkIds(a.choiceIds, "choiceIds", d.choices);
  const chosen = new Set(a.choiceIds);
  const right = d.choices.filter((c) => c.correct && chosen.has(c.id)).length;
  const wrong = d.choices.filter((c) => !c.correct && chosen.has(c.id)).length;
  const parts = d.choices.map((c) => ({ id: c.id, correct: chosen.has(c.id) === c.correct }));
  return { net: right - wrong, total: d.choices.filter((c) => c.correct).length, parts };
};

const trueFalse: Scorer<"QT_3"> = (d, a) => allOrNothing("value", a.value === d.correct);

const blockLetter: Scorer<"QT_4"> = (d, a) => {
  checkMap(a.words, "words", d.words);
  const letters = (s: string) => normalizeText(s.replace(/\s+/gu, ""), { caseSensitive: false, accentSensitive: true });
  return perItem(d.words, (w) => {
    const given = own(a.words, w.id);
    return given !== undefined && letters(given) === letters(w.answer);
  });
};

const matrixTable: Scorer<"QT_5"> = (d, a) => {
  checkMap(a.rows, "rows", d.rows, () => d.columns);
  return perItem(d.rows, (r) => own(a.rows, r.id) === r.correctColumnId);
};

const matrixInline: Scorer<"QT_6"> = (d, a) => {
  checkMap(a.statements, "statements", d.statements, (key) => d.statements.find((s) => s.id === key)?.choices ?? []);
  return perItem(d.statements, (s) => own(a.statements, s.id) === s.correctChoiceId);
};

const clozeText: Scorer<"QT_7"> = (d, a) => {
  checkMap(a.gaps, "gaps", d.gaps);
  return perItem(d.gaps, (g) => matchesAny(own(a.gaps, g.id), g.answers, d));
};

const clozeDragDrop: Scorer<"QT_8"> = (d, a) => placedTokens(d.tokens, d.gaps, a.gaps, "gaps", d.reuseTokens);

const clozeMath: Scorer<"QT_9"> = (d, a) => {
  checkMap(a.gaps, "gaps", d.gaps);
  return perItem(d.gaps, (g) => {
    const given = own(a.gaps, g.id);
    return given !== undefined && g.answers.some((expected) => mathEquivalent(expected, given));
  });
};

const labelImageText: Scorer<"QT_10"> = (d, a) => {
  checkMap(a.labels, "labels", d.labels);
  return perItem(d.labels, (l) => matchesAny(own(a.labels, l.id), l.answers, d));
};

const labelImageDropdown: Scorer<"QT_11"> = (d, a) => {
  checkMap(a.labels, "labels", d.labels, () => d.options);
  return perItem(d.labels, (l) => own(a.labels, l.id) === l.optionId);
};

const labelImageDragDrop: Scorer<"QT_12"> = (d, a) => placedTokens(d.tokens, d.labels, a.labels, "labels", d.reuseTokens);

const classify: Scorer<"QT_13"> = (d, a) => {
  checkMap(a.items, "items", d.items, () => d.categories);
  return perItem(d.items, (i) => own(a.items, i.id) === i.categoryId);
};

const matchList: Scorer<"QT_14"> = (d, a) => {
  checkMap(a.pairs, "pairs", d.items, () => d.matches);
  return perItem(d.items, (i) => own(a.pairs, i.id) === i.matchId);
};

const orderList: Scorer<"QT_15"> = (d, a) => {
  checkIds(a.order, "order", d.items);
  if (a.order.length !== d.items.length) throw invalidAnswer(["order"], R.notEveryItem);
  const rightPosition = new Map(d.items.map((item, i) => [item.id, i]));
  const inOrder = new Set(longestIncreasing(a.order.map((id) => rightPosition.get(id) ?? -1)).map((i) => a.order[i]));
  const parts = d.items.map((item) => ({ id: item.id, correct: inOrder.has(item.id) }));
  return { net: inOrder.size - 1, total: d.items.length - 1, parts };
};

const linkingLines: Scorer<"QT_16"> = (d, a) => {
  checkIds(a.links.map((l) => l.leftId), "links", d.left);
  checkIds(a.links.map((l) => l.rightId), "links", d.right);
  const drawn = new Set(a.links.map(linkKey));
  const expected = new Set(d.links.map(linkKey));
  const found = d.links.map((l) => ({ id: linkKey(l), correct: drawn.has(linkKey(l)) }));
  const wrong = a.links.filter((l) => !expected.has(linkKey(l))).map((l) => ({ id: linkKey(l), correct: false }));
  return { net: found.filter((p) => p.correct).length - wrong.length, total: d.links.length, parts: [...found, ...wrong] };
};

const shortText: Scorer<"QT_17"> = (d, a) => allOrNothing("text", matchesAny(a.text, d.answers, d));

const longText: Scorer<"QT_18"> = (d, a) => {
  if (d.maxWords !== undefined && countWords(a.text) > d.maxWords) throw invalidAnswer(["text"], R.tooManyWords);
  return "teacher";
};

const uploadFile: Scorer<"QT_19"> = (d, a) => {
  if (a.files.length > d.maxFiles) throw invalidAnswer(["files"], R.tooManyFiles);
  const refused = a.files.findIndex((f) => !d.accept.includes(/\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? ""));
  if (refused >= 0) throw invalidAnswer(["files", refused, "name"], R.fileTypeNotAccepted);
  return "teacher";
};

const pencil: Scorer<"QT_20"> = () => "teacher";

const clickToFind: Scorer<"QT_21"> = (d, a) => {
  if (d.maxClicks !== undefined && a.clicks.length > d.maxClicks) throw invalidAnswer(["clicks"], R.tooManyClicks);
  const found = new Set<string>();
  const wrong: ScorePart[] = [];
  a.clicks.forEach((point, i) => {
    const hits = d.targets.filter((t) => pointInZone(t.zone, point));
    const fresh = hits.find((t) => !found.has(t.id));
    // A click on a target already found is neither credit nor penalty.
    if (fresh) found.add(fresh.id);
    else if (hits.length === 0) wrong.push({ id: `click-${i}`, correct: false });
  });
  const parts = d.targets.map((t) => ({ id: t.id, correct: found.has(t.id) }));
  return { net: found.size - wrong.length, total: d.targets.length, parts: [...parts, ...wrong] };
};

export const SCORERS: { [K in QuestionType]: Scorer<K> } = {
  QT_1: singleChoice,
  QT_2: multipleChoice,
  QT_3: trueFalse,
  QT_4: blockLetter,
  QT_5: matrixTable,
  QT_6: matrixInline,
  QT_7: clozeText,
  QT_8: clozeDragDrop,
  QT_9: clozeMath,
  QT_10: labelImageText,
  QT_11: labelImageDropdown,
  QT_12: labelImageDragDrop,
  QT_13: classify,
  QT_14: matchList,
  QT_15: orderList,
  QT_16: linkingLines,
  QT_17: shortText,
  QT_18: longText,
  QT_19: uploadFile,
  QT_20: pencil,
  QT_21: clickToFind,
};
