import { clozeSegments, GRADING, mathDelimitersBalanced, parseQuestionData, QuestionSchema, type Question, type QuestionType } from "../../src/contracts/questions";
import { KC_MAPS } from "../../src/server/db/seed/kc-maps";
import { LENGUA_BANK } from "../../src/server/db/seed/practice-bank-lengua";
import { LUMEN_BANK } from "../../src/server/db/seed/practice-bank-lumen";
import { MATHS_BANK } from "../../src/server/db/seed/practice-bank-maths";
import type { BankQuestion } from "../../src/server/db/seed/practice-bank-types";
import { parseMath } from "../../src/server/modules/questions/math-equivalence";
import { scoreAnswer } from "../../src/server/modules/questions/scoring";

/*
 * The practice question banks (issue 15): one per seeded publication, covering every KC of its
 * first two units with at least five questions at two difficulties or more, in auto-scored types
 * only, each valid as the authoring API checks a question. Each question's answer key is built
 * from its data and must take full credit from the server's scorer, and a wrong answer must not.
 */

const BANKS: Record<string, readonly BankQuestion[]> = {
  "matematicas-1-eso": MATHS_BANK,
  "lengua-1-eso": LENGUA_BANK,
  "matematica-6-ano": LUMEN_BANK,
};
/** The types the practice player scores by itself and shows without images. */
const PRACTICE_TYPES: readonly QuestionType[] = ["QT_1", "QT_2", "QT_3", "QT_4", "QT_5", "QT_6", "QT_7", "QT_8", "QT_9", "QT_13", "QT_14", "QT_15", "QT_17"];
const MIN_PER_KC = 5;

/** A bank question checked as seed questions are (assessments.ts checkedQuestion): its data, then the whole question. */
function parsed(b: BankQuestion): Question {
  const data = parseQuestionData(b.question.type, JSON.stringify(b.question.data));
  if (!data.ok) throw new Error(`${b.key}: invalid question_data ${JSON.stringify(data.issues)}`);
  const whole = QuestionSchema.safeParse({ ...b.question, data: data.data });
  if (!whole.success) throw new Error(`${b.key}: invalid question ${JSON.stringify(whole.error.issues)}`);
  return whole.data;
}

const byId = <T extends { id: string }, V>(items: readonly T[], value: (item: T, i: number) => V) =>
  Object.fromEntries(items.map((item, i) => [item.id, value(item, i)]));
/** The next item's value, round the list: never the item's own when the values differ. */
const rotate = <T>(items: readonly T[], i: number): T => items[(i + 1) % items.length] as T;
const nth = (answers: readonly string[], k: number) => answers[k] ?? answers[0] ?? "";

/**
 * Answers that must take full credit: the answer key and, for typed answers, one answer per
 * accepted alternative (so every alternative an author listed is really accepted).
 */
function rightAnswers(q: Question): unknown[] {
  switch (q.type) {
    case "QT_1":
      return [{ choiceId: q.data.choices.find((c) => c.correct)?.id }];
    case "QT_2":
      return [{ choiceIds: q.data.choices.filter((c) => c.correct).map((c) => c.id) }];
    case "QT_3":
      return [{ value: q.data.correct }];
    case "QT_4":
      return [{ words: byId(q.data.words, (w) => w.answer) }, { words: byId(q.data.words, (w) => w.answer.toLowerCase()) }];
    case "QT_5":
      return [{ rows: byId(q.data.rows, (r) => r.correctColumnId) }];
    case "QT_6":
      return [{ statements: byId(q.data.statements, (s) => s.correctChoiceId) }];
    case "QT_7":
    case "QT_9": {
      const { gaps } = q.data;
      const most = Math.max(...gaps.map((g) => g.answers.length));
      return Array.from({ length: most }, (_, k) => ({ gaps: byId(gaps, (g) => nth(g.answers, k)) }));
    }
    case "QT_8":
      return [{ gaps: byId(q.data.gaps, (g) => g.tokenId) }];
    case "QT_13":
      return [{ items: byId(q.data.items, (i) => i.categoryId) }];
    case "QT_14":
      return [{ pairs: byId(q.data.items, (i) => i.matchId) }];
    case "QT_15":
      return [{ order: q.data.items.map((i) => i.id) }];
    case "QT_17":
      return q.data.answers.map((text) => ({ text }));
    default:
      throw new Error(`no answer key for ${q.type}`);
  }
}

/** A well-formed answer that is wrong on every part it can be. */
function wrongAnswer(q: Question): unknown {
  switch (q.type) {
    case "QT_1":
      return { choiceId: q.data.choices.find((c) => !c.correct)?.id };
    case "QT_2":
      return { choiceIds: q.data.choices.filter((c) => !c.correct).map((c) => c.id) };
    case "QT_3":
      return { value: !q.data.correct };
    case "QT_4":
      return { words: byId(q.data.words, (w) => `${w.answer}X`) };
    case "QT_5":
      return { rows: byId(q.data.rows, (r) => q.data.columns.find((c) => c.id !== r.correctColumnId)?.id) };
    case "QT_6":
      return { statements: byId(q.data.statements, (s) => s.choices.find((c) => c.id !== s.correctChoiceId)?.id) };
    case "QT_7":
      return { gaps: byId(q.data.gaps, () => "zzz") };
    case "QT_9":
      return { gaps: byId(q.data.gaps, (g) => `(${nth(g.answers, 0)})+1`) };
    case "QT_8": {
      const { gaps, tokens } = q.data;
      if (gaps.length > 1) return { gaps: byId(gaps, (_, i) => rotate(gaps, i).tokenId) };
      const distractor = tokens.find((t) => !gaps.some((g) => g.tokenId === t.id));
      return { gaps: byId(gaps, () => distractor?.id) };
    }
    case "QT_13":
      return { items: byId(q.data.items, (item) => rotate(q.data.categories, q.data.categories.findIndex((c) => c.id === item.categoryId)).id) };
    case "QT_14":
      return { pairs: byId(q.data.items, (_, i) => rotate(q.data.items, i).matchId) };
    case "QT_15":
      return { order: q.data.items.map((i) => i.id).reverse() };
    case "QT_17":
      return { text: "zzz" };
    default:
      throw new Error(`no wrong answer for ${q.type}`);
  }
}

/** Every string a question shows, cloze texts cut at their gaps (a formula may not span a gap). */
function shownTexts(q: Question): string[] {
  const texts: string[] = [q.prompt, q.feedback?.correct ?? "", q.feedback?.incorrect ?? ""];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === "string") {
      if (key === "text" && /\[\[/.test(value)) texts.push(...clozeSegments(value).flatMap((s) => ("text" in s ? [s.text] : [])));
      else texts.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value !== null && typeof value === "object") Object.entries(value).forEach(([k, v]) => walk(v, k));
  };
  walk(q.data, "");
  return texts;
}

describe.each(Object.entries(BANKS))("the practice bank of %s", (publication, bank) => {
  const map = KC_MAPS[publication] ?? [];
  const codes = new Set(map.map((kc) => kc.code));
  const practised = map.filter((kc) => kc.unit === 0 || kc.unit === 1);
  const questions = bank.map((b) => ({ b, q: parsed(b) }));

  it("holds valid questions of auto-scored types without images, with unique kebab-case keys and difficulties 1..3", () => {
    expect(bank.length).toBeGreaterThanOrEqual(practised.length * MIN_PER_KC);
    expect(new Set(bank.map((b) => b.key)).size).toBe(bank.length);
    expect(new Set(bank.map((b) => JSON.stringify(b.question))).size).toBe(bank.length);
    for (const { b, q } of questions) {
      expect({ key: b.key, kebab: /^[a-z0-9]+(-[a-z0-9]+)*$/.test(b.key) }).toEqual({ key: b.key, kebab: true });
      expect({ key: b.key, difficulty: [1, 2, 3].includes(b.difficulty) }).toEqual({ key: b.key, difficulty: true });
      expect({ key: b.key, auto: GRADING[q.type], practice: PRACTICE_TYPES.includes(q.type) }).toEqual({ key: b.key, auto: "auto", practice: true });
      expect({ key: b.key, media: q.media ?? [] }).toEqual({ key: b.key, media: [] });
    }
    expect(new Set(bank.map((b) => b.question.type)).size).toBeGreaterThanOrEqual(6);
  });

  it("gives every question feedback for a right and a wrong answer, and balanced math delimiters in all it shows", () => {
    for (const { b, q } of questions) {
      expect({ key: b.key, correct: Boolean(q.feedback?.correct), incorrect: Boolean(q.feedback?.incorrect) }).toEqual({ key: b.key, correct: true, incorrect: true });
      const unbalanced = shownTexts(q).filter((t) => !mathDelimitersBalanced(t));
      expect({ key: b.key, unbalanced }).toEqual({ key: b.key, unbalanced: [] });
    }
  });

  it("tags questions only with KCs of the publication's first two units", () => {
    const firstUnits = new Set(practised.map((kc) => kc.code));
    for (const { b, q } of questions) {
      expect({ key: b.key, kcs: q.kcs.length >= 1 && q.kcs.length <= 2 }).toEqual({ key: b.key, kcs: true });
      expect({ key: b.key, unknown: q.kcs.filter((c) => !codes.has(c)) }).toEqual({ key: b.key, unknown: [] });
      expect({ key: b.key, outside: q.kcs.filter((c) => !firstUnits.has(c)) }).toEqual({ key: b.key, outside: [] });
    }
  });

  it(`has at least ${MIN_PER_KC} questions at two difficulties or more for every KC of units 1 and 2`, () => {
    expect(practised.length).toBeGreaterThan(0);
    for (const kc of practised) {
      const on = bank.filter((b) => (b.question.kcs ?? []).includes(kc.code));
      const levels = new Set(on.map((b) => b.difficulty)).size;
      expect({ kc: kc.code, enough: on.length >= MIN_PER_KC, levels: levels >= 2 }).toEqual({ kc: kc.code, enough: true, levels: true });
    }
  });

  it("writes cloze-math answers the scorer reads as mathematics", () => {
    for (const { b, q } of questions) {
      if (q.type !== "QT_9") continue;
      const unread = q.data.gaps.flatMap((g) => g.answers).filter((a) => parseMath(a) === null);
      expect({ key: b.key, unread }).toEqual({ key: b.key, unread: [] });
    }
  });

  it("gives full credit to the answer key and less to a wrong answer", () => {
    for (const { b, q } of questions) {
      for (const answer of rightAnswers(q)) {
        const result = scoreAnswer(q, answer);
        expect({ key: b.key, answer, result }).toEqual({ key: b.key, answer, result: expect.objectContaining({ status: "scored", correct: true, score: q.points }) });
      }
      const wrong = scoreAnswer(q, wrongAnswer(q));
      expect({ key: b.key, wrong: wrong.status === "scored" && !wrong.correct && wrong.score < q.points }).toEqual({ key: b.key, wrong: true });
    }
  });
});
