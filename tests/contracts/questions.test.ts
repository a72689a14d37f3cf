import type { z } from "zod";
import {
  AnswerSchema,
  AnswerSchemaFor,
  clozeSegments,
  countWords,
  GRADING,
  mathDelimitersBalanced,
  parseQuestionData,
  pointInZone,
  QUESTION_DATA_SCHEMAS,
  QUESTION_TYPE_CODES,
  QUESTION_TYPES,
  QuestionSchema,
  QuestionTypeSchema,
  type QuestionType,
} from "../../src/contracts/questions";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/** The refinement messages a question_data value gets from its type's schema ([] when valid). */
function messages(type: QuestionType, data: unknown): string[] {
  const result = QUESTION_DATA_SCHEMAS[type].safeParse(data);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
type DataInput<K extends QuestionType> = z.input<(typeof QUESTION_DATA_SCHEMAS)[K]>;
// The cast only ties the generic key to its own data type, which TS cannot follow through the fixture map.
const dataOf = <K extends QuestionType>(type: K) => structuredClone(QUESTION_FIXTURES[type].question.data) as DataInput<K>;
/** A row for the refusal table: the fixture's data of that type, changed. */
const refusal = <K extends QuestionType>(name: string, type: K, change: (d: DataInput<K>) => unknown, message: string) =>
  [name, type, change(dataOf(type)), message] as const;

describe("question types", () => {
  it("are QT_1..QT_21 in the issue's order, with snake_case names", () => {
    expect(QUESTION_TYPE_CODES).toEqual(Array.from({ length: 21 }, (_, i) => `QT_${i + 1}`));
    expect(QUESTION_TYPES.QT_1).toBe("single_choice");
    expect(QUESTION_TYPES.QT_21).toBe("click_to_find");
    for (const name of Object.values(QUESTION_TYPES)) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(QuestionTypeSchema.safeParse("QT_22").success).toBe(false);
  });

  it("leave long text, upload file and pencil to the teacher", () => {
    expect(QUESTION_TYPE_CODES.filter((t) => GRADING[t] === "teacher")).toEqual(["QT_18", "QT_19", "QT_20"]);
  });
});

describe.each(QUESTION_TYPE_CODES)("%s fixture", (type) => {
  const fixture = QUESTION_FIXTURES[type];

  it("is a valid question, and its data round-trips through the stored JSON", () => {
    const question = QuestionSchema.parse(fixture.question);
    expect(question.type).toBe(type);
    const parsed = parseQuestionData(type, JSON.stringify(fixture.question.data));
    expect(parsed).toEqual({ ok: true, data: question.data });
  });

  it("has answers its type's answer schema accepts, and one it refuses", () => {
    const schema = AnswerSchemaFor(type);
    for (const answer of [fixture.right, fixture.wrong, fixture.partial?.answer].filter((a) => a !== undefined)) {
      expect(schema.safeParse(answer).success).toBe(true);
    }
    expect(schema.safeParse(fixture.malformed).success).toBe(false);
    expect(AnswerSchema.safeParse({ type, answer: fixture.right }).success).toBe(true);
    expect(AnswerSchema.safeParse({ type, answer: fixture.malformed }).success).toBe(false);
  });
});

describe("question_data refusals", () => {
  it.each([
    refusal("single choice with two correct", "QT_1", (d) => ({ ...d, choices: d.choices.map((c) => ({ ...c, correct: true })) }), "exactly_one_correct"),
    refusal("single choice with none correct", "QT_1", (d) => ({ ...d, choices: d.choices.map((c) => ({ ...c, correct: false })) }), "exactly_one_correct"),
    refusal("single choice with one option", "QT_1", (d) => ({ ...d, choices: d.choices.slice(1, 2) }), "min_items"),
    refusal("multiple choice with none correct", "QT_2", (d) => ({ ...d, choices: d.choices.map((c) => ({ ...c, correct: false })) }), "at_least_one_correct"),
    refusal("duplicate choice ids", "QT_2", (d) => ({ ...d, choices: d.choices.map((c) => ({ ...c, id: "same" })) }), "duplicate_id"),
    refusal("a choice with neither text nor image", "QT_2", (d) => ({ ...d, choices: [...d.choices, { id: "zz", correct: false }] }), "text_or_image_required"),
    refusal("an invalid id", "QT_1", (d) => ({ ...d, choices: d.choices.map((c, i) => (i === 0 ? { ...c, id: "__proto__" } : c)) }), "invalid_id"),
    refusal("a block-letter word with a space", "QT_4", (d) => ({ words: [{ id: "w1", answer: "BUENOS AIRES" }, ...d.words] }), "letters_only"),
    refusal("a matrix row whose column does not exist", "QT_5", (d) => ({ ...d, rows: d.rows.map((r) => ({ ...r, correctColumnId: "maybe" })) }), "unknown_id"),
    refusal("an inline statement whose answer is not among its choices", "QT_6", (d) => ({ statements: d.statements.map((s) => ({ ...s, correctChoiceId: "fr" })) }), "unknown_id"),
    refusal("a cloze marker without a gap", "QT_7", (d) => ({ ...d, text: `${d.text} [[g3]]` }), "marker_without_gap"),
    refusal("a cloze gap without a marker", "QT_7", (d) => ({ ...d, text: "[[g1]] sin el segundo hueco." }), "gap_without_marker"),
    refusal("a cloze marker twice", "QT_7", (d) => ({ ...d, text: `${d.text} [[g1]]` }), "duplicate_marker"),
    refusal("a cloze gap with no accepted answer", "QT_7", (d) => ({ ...d, gaps: d.gaps.map((g) => ({ ...g, answers: [] })) }), "min_items"),
    refusal("a drag-and-drop gap whose token does not exist", "QT_8", (d) => ({ ...d, gaps: d.gaps.map((g) => ({ ...g, tokenId: "nope" })) }), "unknown_id"),
    refusal("one token answering two gaps", "QT_8", (d) => ({ ...d, gaps: d.gaps.map((g) => ({ ...g, tokenId: "t7f" })) }), "token_reused"),
    refusal("a math gap marker missing", "QT_9", (d) => ({ ...d, text: "[[m1]]" }), "gap_without_marker"),
    refusal("an image without alt text", "QT_10", (d) => ({ ...d, image: { ...d.image, alt: " " } }), "required"),
    refusal("a zone outside the image", "QT_10", (d) => ({ ...d, labels: d.labels.map((l) => ({ ...l, zone: { shape: "rect", x: 90, y: 0, w: 20, h: 5 } })) }), "zone_outside_image"),
    refusal("a label whose option does not exist", "QT_11", (d) => ({ ...d, labels: d.labels.map((l) => ({ ...l, optionId: "o0" })) }), "unknown_id"),
    refusal("an item in a category that does not exist", "QT_13", (d) => ({ ...d, items: d.items.map((i) => ({ ...i, categoryId: "cx" })) }), "unknown_id"),
    refusal("two items matching the same right item", "QT_14", (d) => ({ ...d, items: d.items.map((i) => ({ ...i, matchId: "x7m" })) }), "one_to_one"),
    refusal("a match id shared by both sides", "QT_14", (d) => ({ ...d, matches: [...d.matches, { id: "e3s", text: "Berlín" }] }), "duplicate_id"),
    refusal("an order list of one item", "QT_15", (d) => ({ items: d.items.slice(0, 1) }), "min_items"),
    refusal("a line to an item that does not exist", "QT_16", (d) => ({ ...d, links: [...d.links, { leftId: "n9", rightId: "odd" }] }), "unknown_id"),
    refusal("the same line twice", "QT_16", (d) => ({ ...d, links: [...d.links, d.links[0]] }), "duplicate_id"),
    refusal("a short text without accepted answers", "QT_17", () => ({ answers: [] }), "min_items"),
    refusal("an extension with its dot", "QT_19", () => ({ accept: [".pdf"] }), "invalid_extension"),
    refusal("fewer clicks allowed than targets", "QT_21", (d) => ({ ...d, maxClicks: 1 }), "max_clicks_below_targets"),
  ])("refuses %s", (_name, type, data, message) => {
    expect(messages(type, data)).toContain(message);
  });

  it("reports an id repeated across both sides of a match list at its own place", () => {
    const d = dataOf("QT_14");
    const result = QUESTION_DATA_SCHEMAS.QT_14.safeParse({ ...d, matches: [...d.matches, { id: "e3s", text: "Berlín" }] });
    expect(result.error?.issues).toMatchObject([{ path: ["matches", 4, "id"], message: "duplicate_id" }]);
  });

  it("refuses properties a type does not have", () => {
    const result = QUESTION_DATA_SCHEMAS.QT_3.safeParse({ correct: true, explanation: "x" });
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("accepts one token for two gaps when tokens may be reused", () => {
    const d = dataOf("QT_8");
    expect(messages("QT_8", { ...d, reuseTokens: true, gaps: d.gaps.map((g) => ({ ...g, tokenId: "t7f" })) })).toEqual([]);
  });

  it("fills the defaults", () => {
    const q = QuestionSchema.parse({ type: "QT_17", prompt: "¿Capital de Italia?", data: { answers: ["Roma"] } });
    expect(q).toMatchObject({ points: 1, kcs: [], data: { caseSensitive: false, accentSensitive: true } });
  });

  it.each([
    ["points of 0", { points: 0 }, "too_small"],
    ["a repeated knowledge component", { kcs: ["A.1", "A.1"] }, "duplicate"],
    ["unbalanced math delimiters in the prompt", { prompt: "Calcula \\(x^2" }, "unbalanced_math"],
    ["a type mismatching its data", { type: "QT_3" }, "invalid_type"],
  ])("refuses a question with %s", (_name, change, code) => {
    const result = QuestionSchema.safeParse({ ...QUESTION_FIXTURES.QT_1.question, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => (i.code === "custom" ? i.message : i.code))).toContain(code);
  });
});

describe("parseQuestionData", () => {
  it.each([
    ["not JSON", "{choices:", "invalid_json"],
    ["JSON null", "null", "invalid_type"],
    ["a JSON array", "[]", "invalid_type"],
    ["a JSON string", '"hola"', "invalid_type"],
    ["too long", `"${"x".repeat(200_001)}"`, "too_large"],
  ])("returns issues, never throws, for %s", (_name, json, code) => {
    const result = parseQuestionData("QT_1", json);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => (i.code === "custom" ? i.message : i.code))).toContain(code);
  });

  it("names the offending path", () => {
    const result = parseQuestionData("QT_7", JSON.stringify({ text: "[[g1]] y [[g9]]", gaps: [{ id: "g1", answers: ["a"] }] }));
    expect(result).toMatchObject({ ok: false, issues: [{ path: ["text"], message: "marker_without_gap", params: { gapId: "g9" } }] });
  });

  it("refuses a type it does not know, and input that is not a string", () => {
    expect(parseQuestionData("QT_99" as QuestionType, "{}")).toMatchObject({ ok: false, issues: [{ message: "unknown_type" }] });
    expect(parseQuestionData("QT_3", { correct: true } as unknown as string)).toMatchObject({ ok: false, issues: [{ message: "invalid_json" }] });
  });

  it("applies defaults", () => {
    expect(parseQuestionData("QT_19", '{"accept":["pdf"]}')).toEqual({ ok: true, data: { accept: ["pdf"], maxFiles: 1 } });
  });
});

describe("shared rules", () => {
  it.each([
    [{ shape: "rect", x: 10, y: 10, w: 10, h: 10 } as const, { x: 20, y: 15 }, true],
    [{ shape: "rect", x: 10, y: 10, w: 10, h: 10 } as const, { x: 20.1, y: 15 }, false],
    [{ shape: "circle", cx: 50, cy: 50, r: 10 } as const, { x: 57, y: 57 }, true],
    [{ shape: "circle", cx: 50, cy: 50, r: 10 } as const, { x: 58, y: 58 }, false],
  ])("pointInZone(%o, %o) is %s", (zone, point, inside) => {
    expect(pointInZone(zone, point)).toBe(inside);
  });

  it("splits a cloze text into text and gaps", () => {
    expect(clozeSegments("[[a]] y [[b]].")).toEqual([{ gapId: "a" }, { text: " y " }, { gapId: "b" }, { text: "." }]);
    expect(clozeSegments("sin huecos")).toEqual([{ text: "sin huecos" }]);
  });

  it.each([
    ["\\(x\\) y $$y$$", true],
    ["$$ \\(x\\) $$", false],
    ["\\(x", false],
    ["x\\)", false],
    ["$$x", false],
    ["sin fórmulas", true],
  ])("mathDelimitersBalanced(%s) is %s", (value, ok) => {
    expect(mathDelimitersBalanced(value)).toBe(ok);
  });

  it("counts words as the long-text counter shows them", () => {
    expect(countWords("  Me gusta\nla   primavera ")).toBe(4);
    expect(countWords("   ")).toBe(0);
  });
});
