import { GRADING, pointInZone, QUESTION_TYPE_CODES, QuestionSchema, type Point, type Question, type Zone } from "../../src/contracts/questions";
import { questionImage, SEED_IMAGES, type ImageKey, type SeedImage } from "../../src/server/db/seed/assessment-images";
import { LENGUA_QUESTIONS } from "../../src/server/db/seed/assessment-questions-lengua";
import { LUMEN_QUESTIONS } from "../../src/server/db/seed/assessment-questions-lumen";
import { MATHS_QUESTIONS } from "../../src/server/db/seed/assessment-questions-maths";
import { AppError } from "../../src/server/platform/errors";
import { mathEquivalent, parseMath } from "../../src/server/modules/questions/math-equivalence";
import { longestIncreasing } from "../../src/server/modules/questions/scorers";
import { AnswerInvalidError, scoreAnswer, type ScoreResult } from "../../src/server/modules/questions/scoring";
import { matchesAny, normalizeText, stripAccents } from "../../src/server/modules/questions/text-match";
import { fixtureQuestion, fixtureQuestionWith, QUESTION_FIXTURES } from "../support/question-fixtures";

/** Pure functions: no app and no database. */

const scoreOf = (result: ScoreResult) => (result.status === "scored" ? result.score : undefined);

/** The issues an answer is refused with, as "path: message". */
function refusal(question: Question, answer: unknown): string[] {
  try {
    scoreAnswer(question, answer);
  } catch (err) {
    if (err instanceof AnswerInvalidError) return err.issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
    throw err;
  }
  throw new Error("the answer was accepted");
}

const AUTO = QUESTION_TYPE_CODES.filter((t) => GRADING[t] === "auto");
const TEACHER = QUESTION_TYPE_CODES.filter((t) => GRADING[t] === "teacher");

describe.each(AUTO)("scoreAnswer %s", (type) => {
  const fixture = QUESTION_FIXTURES[type];
  const question = fixtureQuestion(type);

  it("gives full credit to the right answer", () => {
    expect(scoreAnswer(question, fixture.right)).toMatchObject({ status: "scored", score: question.points, maxScore: question.points, correct: true });
  });

  it("gives nothing to a wrong answer", () => {
    expect(scoreAnswer(question, fixture.wrong)).toMatchObject({ status: "scored", score: 0, correct: false });
  });

  const partial = fixture.partial;
  // Single choice, true/false and short text have none: see "all-or-nothing types" below.
  if (partial) {
    it("gives partial credit", () => {
      const result = scoreAnswer(question, partial.answer);
      expect(result).toMatchObject({ status: "scored", score: partial.score, correct: false });
      if (result.status === "scored") expect(result.parts.some((p) => p.correct) && result.parts.some((p) => !p.correct)).toBe(true);
    });
  }

  it("refuses a malformed answer with a validation error", () => {
    expect(() => scoreAnswer(question, fixture.malformed)).toThrow(AnswerInvalidError);
    expect(refusal(question, fixture.malformed).length).toBeGreaterThan(0);
  });
});

describe.each(TEACHER)("scoreAnswer %s (teacher graded)", (type) => {
  const question = fixtureQuestion(type);

  it("waits for the teacher", () => {
    expect(scoreAnswer(question, QUESTION_FIXTURES[type].right)).toEqual({ status: "needs_grading", maxScore: question.points });
  });

  it("refuses a malformed answer", () => {
    expect(() => scoreAnswer(question, QUESTION_FIXTURES[type].malformed)).toThrow(AnswerInvalidError);
  });
});

describe("all-or-nothing types have no partial credit", () => {
  it.each([
    ["QT_1", { choiceId: "r9x" }],
    ["QT_3", { value: false }],
    ["QT_17", { text: "Lisbo" }],
  ] as const)("%s", (type, answer) => {
    expect(QUESTION_FIXTURES[type].partial).toBeUndefined();
    expect(scoreAnswer(fixtureQuestion(type), answer)).toMatchObject({ score: 0, correct: false });
  });
});

describe("AnswerInvalidError", () => {
  it("is a 400 VALIDATION_ERROR naming the answer's fields", () => {
    let caught: unknown;
    try {
      scoreAnswer(fixtureQuestion("QT_1"), { choiceId: 3 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ statusCode: 400, key: "VALIDATION_ERROR", details: [{ field: "answer.choiceId" }] });
  });

  it.each([
    ["QT_1", { choiceId: "zz9" }, "choiceId: unknown_id"],
    ["QT_2", { choiceIds: ["h3a", "nope"] }, "choiceIds.1: unknown_id"],
    ["QT_4", { words: { w0: "GATO" } }, "words.w0: unknown_id"],
    ["QT_5", { rows: { s1q: "maybe" } }, "rows.s1q: unknown_id"],
    ["QT_6", { statements: { m2d: "it" } }, "statements.m2d: unknown_id"],
    ["QT_7", { gaps: { constructor: "x" } }, "gaps.constructor: unknown_id"],
    ["QT_8", { gaps: { a1: "t7f", a2: "t7f" } }, "gaps.a2: token_reused"],
    ["QT_12", { labels: { z2a: "zzz" } }, "labels.z2a: unknown_id"],
    ["QT_13", { items: { i5p: "reptiles" } }, "items.i5p: unknown_id"],
    ["QT_14", { pairs: { e3s: "e3s" } }, "pairs.e3s: unknown_id"],
    ["QT_15", { order: ["k4", "b7", "z1"] }, "order: not_every_item"],
    ["QT_15", { order: ["k4", "b7", "z1", "q0"] }, "order.3: unknown_id"],
    ["QT_16", { links: [{ leftId: "n2", rightId: "n3" }] }, "links.0: unknown_id"],
    ["QT_18", { text: "palabra ".repeat(201) }, "text: too_many_words"],
    ["QT_19", { files: [{ key: "k", name: "virus.exe" }] }, "files.0.name: file_type_not_accepted"],
    ["QT_19", { files: ["a", "b", "c"].map((k) => ({ key: k, name: `${k}.pdf` })) }, "files: too_many_files"],
    ["QT_21", { clicks: Array.from({ length: 5 }, () => ({ x: 1, y: 1 })) }, "clicks: too_many_clicks"],
  ] as const)("%s refuses ids or values its question does not allow: %j", (type, answer, issue) => {
    expect(refusal(fixtureQuestion(type), answer)).toContain(issue);
  });

  it.each([
    ["a duplicate choice", "QT_2", { choiceIds: ["h3a", "h3a"] }],
    ["an extra property", "QT_3", { value: true, score: 1 }],
    ["no answer at all", "QT_17", undefined],
    ["an id that is not an id", "QT_5", { rows: { "-s1q": "yes" } }],
    ["a click off the image", "QT_21", { clicks: [{ x: -1, y: 5 }] }],
  ] as const)("refuses %s by shape", (_name, type, answer) => {
    expect(() => scoreAnswer(fixtureQuestion(type), answer)).toThrow(AnswerInvalidError);
  });

  it("drops a __proto__ key instead of looking it up", () => {
    const answer: unknown = JSON.parse('{ "rows": { "__proto__": "yes", "s1q": "yes" } }');
    expect(scoreAnswer(fixtureQuestion("QT_5"), answer)).toMatchObject({ score: 0.33 });
  });
});

describe("partial credit rules", () => {
  it("multiple choice: +1/k per right option, -1/k per wrong one, never below 0", () => {
    const q = fixtureQuestion("QT_2");
    // 3 right, 2 wrong, k = 3: (3 - 2) / 3 of 2 points.
    expect(scoreOf(scoreAnswer(q, { choiceIds: ["h3a", "q8d", "v5n", "e1w", "b6t"] }))).toBe(0.67);
    expect(scoreOf(scoreAnswer(q, { choiceIds: ["h3a", "e1w"] }))).toBe(0);
    expect(scoreOf(scoreAnswer(q, { choiceIds: [] }))).toBe(0);
  });

  it("an unanswered gap is wrong, and an empty answer scores 0", () => {
    expect(scoreAnswer(fixtureQuestion("QT_7"), { gaps: {} })).toMatchObject({ score: 0, parts: [{ id: "g1", correct: false }, { id: "g2", correct: false }] });
    expect(scoreOf(scoreAnswer(fixtureQuestion("QT_5"), { rows: { s1q: "yes" } }))).toBe(0.33);
  });

  it("typed gaps follow the question's case and accent options", () => {
    const q = fixtureQuestion("QT_7");
    expect(scoreOf(scoreAnswer(q, { gaps: { g1: "JÚPITER", g2: "mercurio" } }))).toBe(1);
    expect(scoreOf(scoreAnswer(q, { gaps: { g1: "Jupiter", g2: "Mercurio" } }))).toBe(0.5);
    const lenient = fixtureQuestionWith("QT_7", { ...QUESTION_FIXTURES.QT_7.question.data, accentSensitive: false, caseSensitive: true });
    expect(scoreOf(scoreAnswer(lenient, { gaps: { g1: "Jupiter", g2: "mercurio" } }))).toBe(0.5);
  });

  it("drag and drop: tokens that read the same are interchangeable", () => {
    const q = fixtureQuestionWith("QT_8", {
      text: "[[a1]] gato y [[a2]] perro.",
      tokens: [
        { id: "u1", text: "el" },
        { id: "u2", text: "el" },
        { id: "u3", text: "la" },
      ],
      gaps: [
        { id: "a1", tokenId: "u1" },
        { id: "a2", tokenId: "u2" },
      ],
    });
    expect(scoreAnswer(q, { gaps: { a1: "u2", a2: "u1" } })).toMatchObject({ score: 1, correct: true });
    expect(scoreOf(scoreAnswer(q, { gaps: { a1: "u3", a2: "u1" } }))).toBe(0.5);
  });

  it("drag and drop: a token may fill two gaps when the question allows it", () => {
    const q = fixtureQuestionWith("QT_8", { ...QUESTION_FIXTURES.QT_8.question.data, reuseTokens: true });
    expect(scoreOf(scoreAnswer(q, { gaps: { a1: "t7f", a2: "t7f" } }))).toBe(0.5);
  });

  it.each([
    [["k4", "b7", "z1", "m3"], 1],
    [["b7", "z1", "m3", "k4"], 0.67],
    [["k4", "z1", "b7", "m3"], 0.67],
    [["b7", "k4", "m3", "z1"], 0.33],
    [["m3", "z1", "b7", "k4"], 0],
  ])("order list %j scores (longest in-order run - 1) / (n - 1) = %s", (order, score) => {
    expect(scoreOf(scoreAnswer(fixtureQuestion("QT_15"), { order }))).toBe(score);
  });

  it("order list: the parts are the items of the in-order run", () => {
    const result = scoreAnswer(fixtureQuestion("QT_15"), { order: ["b7", "z1", "m3", "k4"] });
    expect(result.status === "scored" && result.parts).toEqual([
      { id: "k4", correct: false },
      { id: "b7", correct: true },
      { id: "z1", correct: true },
      { id: "m3", correct: true },
    ]);
  });

  it("linking lines: (right - wrong) / expected, never below 0, each wrong line a part", () => {
    const q = fixtureQuestion("QT_16");
    const result = scoreAnswer(q, QUESTION_FIXTURES.QT_16.partial?.answer);
    expect(result.status === "scored" && result.parts.filter((p) => !p.correct).map((p) => p.id)).toEqual(["n2:prime", "n4:even", "n4:odd"]);
    const allLines = ["n2", "n3", "n4"].flatMap((leftId) => ["even", "odd", "prime"].map((rightId) => ({ leftId, rightId })));
    // 5 right, 4 wrong: (5 - 4) / 5.
    expect(scoreOf(scoreAnswer(q, { links: allLines }))).toBe(0.2);
  });

  it("click to find: clicks on nothing cost, a second click on a found target does not", () => {
    const q = fixtureQuestion("QT_21");
    expect(scoreOf(scoreAnswer(q, { clicks: [{ x: 15, y: 15 }, { x: 16, y: 16 }] }))).toBe(0.5);
    expect(scoreOf(scoreAnswer(q, { clicks: [{ x: 15, y: 15 }, { x: 70, y: 50 }, { x: 90, y: 90 }] }))).toBe(0.5);
    expect(scoreAnswer(q, { clicks: [{ x: 15, y: 15 }, { x: 90, y: 90 }] })).toMatchObject({
      score: 0,
      parts: [
        { id: "e5", correct: true },
        { id: "q1", correct: false },
        { id: "click-1", correct: false },
      ],
    });
    expect(scoreOf(scoreAnswer(q, { clicks: [] }))).toBe(0);
  });

  it("click to find: one click on overlapping targets finds one of them", () => {
    const q = fixtureQuestionWith("QT_21", {
      ...QUESTION_FIXTURES.QT_21.question.data,
      targets: [
        { id: "a", zone: { shape: "rect", x: 10, y: 10, w: 20, h: 20 } },
        { id: "b", zone: { shape: "rect", x: 20, y: 20, w: 20, h: 20 } },
      ],
    });
    expect(scoreOf(scoreAnswer(q, { clicks: [{ x: 25, y: 25 }] }))).toBe(0.5);
    expect(scoreOf(scoreAnswer(q, { clicks: [{ x: 25, y: 25 }, { x: 25, y: 25 }] }))).toBe(1);
  });

  it("block letter: case does not count, accents and spaces between boxes do as expected", () => {
    const q = fixtureQuestionWith("QT_4", { words: [{ id: "w1", answer: "CAMIÓN" }] });
    expect(scoreOf(scoreAnswer(q, { words: { w1: "c a m i ó n" } }))).toBe(1);
    expect(scoreOf(scoreAnswer(q, { words: { w1: "CAMION" } }))).toBe(0);
  });

  it("score is the fraction of the points, rounded to 2 decimals", () => {
    const sevenPoints = { ...fixtureQuestion("QT_5"), points: 7 };
    expect(scoreAnswer(sevenPoints, QUESTION_FIXTURES.QT_5.partial?.answer)).toMatchObject({ score: 4.67, maxScore: 7 });
  });

  it("cloze math: equivalent forms are right, unreadable input is wrong, not an error", () => {
    const q = fixtureQuestion("QT_9");
    expect(scoreOf(scoreAnswer(q, { gaps: { m1: "2(1+x)", m2: "\\frac{1}{2}" } }))).toBe(1);
    expect(scoreOf(scoreAnswer(q, { gaps: { m1: "2x+", m2: "\\foo{1}" } }))).toBe(0);
  });
});

describe("mathEquivalent", () => {
  it.each([
    ["2x+2", "2(x+1)", true],
    ["\\frac{1}{2}", "0,5", true],
    ["x^2", "x*x", true],
    ["1/3", "0.33", false],
    ["1/3", "0,333333333333", false],
    ["\\frac{2}{6}", "1/3", true],
    ["0.1+0.2", "0.3", true],
    ["x^2", "x\\cdot x", true],
    ["x^2", "x \\times x", true],
    ["(a+b)^2", "a^2+2ab+b^2", true],
    ["(a+b)^2", "a^2+b^2", false],
    ["\\frac{x}{2}", "0.5x", true],
    ["2\\pi r", "2r\\pi", true],
    ["\\sqrt{4}", "2", true],
    ["\\sqrt{2}", "1.41", false],
    ["\\sqrt[3]{-8}", "-2", true],
    ["x^{-1}", "\\frac{1}{x}", true],
    ["\\left(x+1\\right)^2", "(x+1)(x+1)", true],
    ["\\dfrac{3}{4}", "0.75", true],
    ["\\frac12", "0.5", true],
    ["6", "2·3", true],
    ["-4", "-2^2", true],
    ["x-1", "x−1", true],
    ["2^{10}", "1024", true],
    ["x", "X", false],
    ["x", "y", false],
    ["x+1", "x+2", false],
    ["\\frac{x^2-1}{x-1}", "x+1", true],
    ["\\sqrt{x^2}", "x", false],
    ["\\(2x+2\\)", "$2(x+1)$", true],
    ["x^2", "x²", true],
  ])("%s vs %s: %s", (expected, given, same) => {
    expect(mathEquivalent(expected, given)).toBe(same);
  });

  it.each(["x+", "", "   ", "\\sin x", "x2", "2 3", "((x)", "x=2", "1..2", "\\frac{1}", "a".repeat(2000), "(".repeat(400)])(
    "treats unreadable input %j as wrong without throwing",
    (given) => {
      expect(mathEquivalent("x+1", given)).toBe(false);
    },
  );

  it("compares an author's answer outside the subset as text", () => {
    expect(parseMath("\\sin x")).toBeNull();
    expect(mathEquivalent("\\sin x", "\\sin  x")).toBe(true);
    expect(mathEquivalent("\\sin x", "\\cos x")).toBe(false);
  });

  it("gives the same verdict every time", () => {
    const verdicts = Array.from({ length: 5 }, () => mathEquivalent("(x+y)^3", "x^3+3x^2y+3xy^2+y^3"));
    expect(verdicts).toEqual([true, true, true, true, true]);
  });

  it("does not blow up on huge powers", () => {
    expect(mathEquivalent("9^9^9", "9^9^9")).toBe(false);
    expect(mathEquivalent("2^{100}", "2^{50}\\cdot 2^{50}")).toBe(true);
  });
});

describe("text matching", () => {
  it("trims, collapses spaces and can ignore case and accents", () => {
    expect(normalizeText("  Hola \n  Mundo ", { caseSensitive: false, accentSensitive: true })).toBe("hola mundo");
    expect(normalizeText("Canción", { caseSensitive: true, accentSensitive: false })).toBe("Cancion");
  });

  it("keeps ñ and ç as letters of their own", () => {
    expect(stripAccents("Año, façana, àèìòù, pingüino")).toBe("Año, façana, aeiou, pinguino");
    expect(matchesAny("ano", ["año"], { caseSensitive: false, accentSensitive: false })).toBe(false);
  });

  it("matches decomposed input typed on another keyboard", () => {
    expect(matchesAny("Cancio\u0301n", ["Canción"], { caseSensitive: true, accentSensitive: true })).toBe(true);
  });

  it("never matches an empty answer", () => {
    expect(matchesAny("  ", ["x"], { caseSensitive: false, accentSensitive: true })).toBe(false);
    expect(matchesAny(undefined, ["x"], { caseSensitive: false, accentSensitive: true })).toBe(false);
  });
});

describe("longestIncreasing", () => {
  it.each([
    [[0, 1, 2, 3], [0, 1, 2, 3]],
    [[3, 2, 1, 0], [0]],
    [[1, 2, 3, 0], [0, 1, 2]],
    [[], []],
  ])("%j -> %j", (seq, indexes) => {
    expect(longestIncreasing(seq)).toEqual(indexes);
  });
});

/*
 * The demo seed's image questions against their own drawings (ADR 0022): positions are percent of
 * the image's natural size, so a point read off the SVG (viewBox units / view size) is where a
 * student clicks, whatever the size the picture is shown at.
 */
describe("seeded image questions", () => {
  const SEEDED = [...MATHS_QUESTIONS, ...LENGUA_QUESTIONS, ...LUMEN_QUESTIONS];
  const imageOf = (url: string) => {
    const image = SEED_IMAGES.find((i) => questionImage(i.key as ImageKey).url === url);
    if (!image) throw new Error(`no seed image at ${url}`);
    return image;
  };
  const toPercent = (view: { w: number; h: number }, x: number, y: number): Point => ({ x: (x / view.w) * 100, y: (y / view.h) * 100 });
  const attr = (tag: string, name: string) => Number(new RegExp(` ${name}="([-\\d.]+)"`).exec(tag)?.[1]);
  /** Where the drawing writes `text`, in percent of the image. */
  const textAt = (image: SeedImage, text: string): Point => {
    const tag = new RegExp(`<text[^>]*>${text}</text>`).exec(image.svg)?.[0];
    if (!tag) throw new Error(`"${text}" is not drawn`);
    return toPercent(image.view, attr(tag, "x"), attr(tag, "y") - 12);
  };
  /** The blank label boxes a drawing has (dashed rects), as their centres in percent. */
  const blankBoxes = (image: SeedImage): Point[] =>
    [...image.svg.matchAll(/<rect [^>]*stroke-dasharray="8 5"[^>]*\/>/g)].map(([tag]) =>
      toPercent(image.view, attr(tag, "x") + attr(tag, "width") / 2, attr(tag, "y") + attr(tag, "height") / 2),
    );

  it("click to find (Maths): clicks on the four numbers whose 7 is worth 700, where the drawing writes them, score full marks", () => {
    const seed = MATHS_QUESTIONS.find((q) => q.question.type === "QT_21");
    if (seed?.question.type !== "QT_21") throw new Error("no seeded click-to-find question");
    const question = QuestionSchema.parse(seed.question);
    const image = imageOf(seed.question.data.image.url);
    const clicks = ["1742", "3790", "726", "12 703"].map((n) => textAt(image, n));
    expect(scoreAnswer(question, { clicks })).toMatchObject({ status: "scored", score: 2, correct: true });
    // The same numbers read against a frame wider than the picture (926 px around 640): nothing found.
    const stretched = clicks.map((p) => ({ x: (p.x * 640) / 926, y: p.y }));
    expect(scoreAnswer(question, { clicks: stretched })).toMatchObject({ status: "scored", score: 0, correct: false });
  });

  it("label image questions: every blank box of the drawing is exactly one label's zone", () => {
    const labelled = SEEDED.filter((q) => ["QT_10", "QT_11", "QT_12"].includes(q.question.type));
    expect(labelled.length).toBeGreaterThanOrEqual(6);
    for (const seed of labelled) {
      const data = seed.question.data as { image: { url: string }; labels: { zone: Zone }[] };
      const boxes = blankBoxes(imageOf(data.image.url));
      expect({ key: seed.key, boxes: boxes.length }).toEqual({ key: seed.key, boxes: data.labels.length });
      for (const box of boxes) expect({ key: seed.key, box, zones: data.labels.filter((l) => pointInZone(l.zone, box)).length }).toEqual({ key: seed.key, box, zones: 1 });
    }
  });
});
