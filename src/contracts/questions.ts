import { QUESTION_DATA_DEFAULTS, QUESTION_TYPE_CODES, questionDataJson, type QuestionType } from "./questions-base";
import * as z from "./zod";
import {
  acceptedAnswers, clozeRule, ContentItemSchema, contentShape, hasContent, hasContentMessage, ImageSchema,
  issue, itemText, list, LocalIdSchema, matching, mathDelimitersBalanced, PointSchema, QUESTION_LIMITS, R,
  references, text, TextItemSchema, tokensOnce, unique, uniqueAcross, uniqueIds, ZoneSchema,
} from "./question-parts";

/*
 * Questions (issue 6): 21 types, each with a `question_data` schema (stored and sent as a JSON
 * string) and the answer a student sends. Every rule that both the author form and the server's
 * scorer rely on is a refinement here, written once; the scoring itself is server-only
 * (src/server/modules/questions/scoring.ts). Refinement messages are stable keys the form translates.
 *
 * Conventions: ids are short local strings the author form generates (random, so they never
 * reveal an order or a pairing); positions on images are percentages 0..100 of the image; a circle
 * is measured in percent on each axis (an ellipse on a non-square image, drawn the same way when
 * authoring). Cloze texts mark a gap as [[gapId]].
 */

export {
  clozeGapIds, countWords, GRADING, type Grading, isQuestionType, MATCHING_DEFAULTS, QUESTION_DATA_DEFAULTS, QUESTION_TYPE_CODES, QUESTION_TYPES,
  type QuestionType, type QuestionTypeName, readQuestionData,
} from "./questions-base";
export const QuestionTypeSchema = z.enum(QUESTION_TYPE_CODES as [QuestionType, ...QuestionType[]]);

export {
  clozeSegments, type Image, ImageSchema, LocalIdSchema, mathDelimitersBalanced, type Point, pointInZone,
  PointSchema, QUESTION_LIMITS, QUESTION_RULES, type Zone, ZoneSchema,
} from "./question-parts";

// ---- question_data per type ---------------------------------------------------------------------

const ChoiceSchema = z.strictObject({ ...contentShape, correct: z.boolean() }).refine(hasContent, hasContentMessage);
const choices = { choices: list(ChoiceSchema, 2, 20), shuffle: z.boolean().default(QUESTION_DATA_DEFAULTS.QT_1.shuffle) };

export const SingleChoiceDataSchema = z.strictObject(choices).superRefine((d, ctx) => {
  uniqueIds(ctx, d.choices, ["choices"]);
  if (d.choices.filter((c) => c.correct).length !== 1) issue(ctx, ["choices"], R.exactlyOneCorrect);
});

export const MultipleChoiceDataSchema = z.strictObject(choices).superRefine((d, ctx) => {
  uniqueIds(ctx, d.choices, ["choices"]);
  if (!d.choices.some((c) => c.correct)) issue(ctx, ["choices"], R.atLeastOneCorrect);
});

/** The statement is the prompt. */
export const TrueFalseDataSchema = z.strictObject({ correct: z.boolean() });

const BlockWordSchema = z.strictObject({
  id: LocalIdSchema,
  /** One box per letter: letters and digits only. */
  answer: z.string().trim().regex(/^[\p{L}\p{N}]{1,30}$/u, R.lettersOnly),
  clue: itemText.optional(),
});
export const BlockLetterDataSchema = z
  .strictObject({ words: list(BlockWordSchema, 1, 10) })
  .superRefine((d, ctx) => uniqueIds(ctx, d.words, ["words"]));

export const MatrixTableDataSchema = z
  .strictObject({
    rows: list(TextItemSchema.extend({ correctColumnId: LocalIdSchema }), 1, 30),
    columns: list(TextItemSchema, 2, 10),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.rows, ["rows"]);
    uniqueIds(ctx, d.columns, ["columns"]);
    references(ctx, d.rows, "correctColumnId", d.columns, ["rows"]);
  });

export const MatrixInlineDataSchema = z
  .strictObject({
    statements: list(TextItemSchema.extend({ choices: list(TextItemSchema, 2, 10), correctChoiceId: LocalIdSchema }), 1, 30),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.statements, ["statements"]);
    d.statements.forEach((s, i) => {
      uniqueIds(ctx, s.choices, ["statements", i, "choices"]);
      if (!s.choices.some((c) => c.id === s.correctChoiceId)) issue(ctx, ["statements", i, "correctChoiceId"], R.unknownId);
    });
  });

const clozeText = z.string().min(1, R.required).max(QUESTION_LIMITS.clozeChars, R.maxChars);

export const ClozeTextDataSchema = z
  .strictObject({ text: clozeText, gaps: list(z.strictObject({ id: LocalIdSchema, answers: acceptedAnswers }), 1, 50), ...matching })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.gaps, ["gaps"]);
    clozeRule(ctx, d.text, d.gaps);
  });

/** Tokens that are no gap's answer are the distractors. */
export const ClozeDragDropDataSchema = z
  .strictObject({
    text: clozeText,
    tokens: list(TextItemSchema, 1, 60),
    gaps: list(z.strictObject({ id: LocalIdSchema, tokenId: LocalIdSchema }), 1, 50),
    reuseTokens: z.boolean().default(QUESTION_DATA_DEFAULTS.QT_8.reuseTokens),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.tokens, ["tokens"]);
    uniqueIds(ctx, d.gaps, ["gaps"]);
    clozeRule(ctx, d.text, d.gaps);
    references(ctx, d.gaps, "tokenId", d.tokens, ["gaps"]);
    tokensOnce(ctx, d.gaps, ["gaps"], d.reuseTokens);
  });

/** Answers in LaTeX or plain notation; the server compares them by mathematical equivalence. */
export const ClozeMathDataSchema = z
  .strictObject({ text: clozeText, gaps: list(z.strictObject({ id: LocalIdSchema, answers: list(text(QUESTION_LIMITS.answerChars), 1, 5) }), 1, 50) })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.gaps, ["gaps"]);
    clozeRule(ctx, d.text, d.gaps);
  });

export const LabelImageTextDataSchema = z
  .strictObject({ image: ImageSchema, labels: list(z.strictObject({ id: LocalIdSchema, zone: ZoneSchema, answers: acceptedAnswers }), 1, 30), ...matching })
  .superRefine((d, ctx) => uniqueIds(ctx, d.labels, ["labels"]));

/** One list of options, offered in every label's dropdown. */
export const LabelImageDropdownDataSchema = z
  .strictObject({
    image: ImageSchema,
    options: list(TextItemSchema, 2, 30),
    labels: list(z.strictObject({ id: LocalIdSchema, zone: ZoneSchema, optionId: LocalIdSchema }), 1, 30),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.options, ["options"]);
    uniqueIds(ctx, d.labels, ["labels"]);
    references(ctx, d.labels, "optionId", d.options, ["labels"]);
  });

export const LabelImageDragDropDataSchema = z
  .strictObject({
    image: ImageSchema,
    tokens: list(TextItemSchema, 1, 60),
    labels: list(z.strictObject({ id: LocalIdSchema, zone: ZoneSchema, tokenId: LocalIdSchema }), 1, 30),
    reuseTokens: z.boolean().default(QUESTION_DATA_DEFAULTS.QT_12.reuseTokens),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.tokens, ["tokens"]);
    uniqueIds(ctx, d.labels, ["labels"]);
    references(ctx, d.labels, "tokenId", d.tokens, ["labels"]);
    tokensOnce(ctx, d.labels, ["labels"], d.reuseTokens);
  });

export const ClassifyDataSchema = z
  .strictObject({
    categories: list(TextItemSchema, 2, 10),
    items: list(z.strictObject({ ...contentShape, categoryId: LocalIdSchema }).refine(hasContent, hasContentMessage), 2, 50),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.categories, ["categories"]);
    uniqueIds(ctx, d.items, ["items"]);
    references(ctx, d.items, "categoryId", d.categories, ["items"]);
  });

/** Left items each match one right item (one to one); right items nobody matches are distractors. */
export const MatchListDataSchema = z
  .strictObject({
    items: list(z.strictObject({ ...contentShape, matchId: LocalIdSchema }).refine(hasContent, hasContentMessage), 2, 20),
    matches: list(ContentItemSchema, 2, 30),
  })
  .superRefine((d, ctx) => {
    uniqueAcross(ctx, ["items", d.items], ["matches", d.matches]);
    references(ctx, d.items, "matchId", d.matches, ["items"]);
    const used = new Set<string>();
    d.items.forEach((item, i) => {
      if (used.has(item.matchId)) issue(ctx, ["items", i, "matchId"], R.oneToOne);
      used.add(item.matchId);
    });
  });

/** Items in the right order; students see them shuffled. */
export const OrderListDataSchema = z
  .strictObject({ items: list(ContentItemSchema, 2, 20) })
  .superRefine((d, ctx) => uniqueIds(ctx, d.items, ["items"]));

const LinkSchema = z.strictObject({ leftId: LocalIdSchema, rightId: LocalIdSchema });
const linkKey = (l: { leftId: string; rightId: string }) => `${l.leftId}:${l.rightId}`;

/** Many to many: an item may have several lines, or none. */
export const LinkingLinesDataSchema = z
  .strictObject({ left: list(ContentItemSchema, 1, 20), right: list(ContentItemSchema, 1, 20), links: list(LinkSchema, 1, 100) })
  .superRefine((d, ctx) => {
    uniqueAcross(ctx, ["left", d.left], ["right", d.right]);
    references(ctx, d.links, "leftId", d.left, ["links"]);
    references(ctx, d.links, "rightId", d.right, ["links"]);
    unique(ctx, d.links.map(linkKey), (i) => ["links", i]);
  });

export const ShortTextDataSchema = z.strictObject({ answers: acceptedAnswers, ...matching });

export const LongTextDataSchema = z.strictObject({
  maxWords: z.number().int().min(1).max(10_000).optional(),
  /** For the teacher who grades; never sent to students. */
  modelAnswer: text(10_000).optional(),
});

export const UploadFileDataSchema = z.strictObject({
  /** File extensions, lower case, without the dot. */
  accept: list(z.string().regex(/^[a-z0-9]{1,10}$/, R.invalidExtension), 1, 20),
  maxFiles: z.number().int().min(1).max(10).default(QUESTION_DATA_DEFAULTS.QT_19.maxFiles),
});

export const PencilDataSchema = z.strictObject({ background: ImageSchema.optional() });

/** Targets stay hidden: the student clicks, the server decides what was hit. */
export const ClickToFindDataSchema = z
  .strictObject({
    image: ImageSchema,
    targets: list(z.strictObject({ id: LocalIdSchema, zone: ZoneSchema }), 1, 20),
    maxClicks: z.number().int().min(1).max(100).optional(),
  })
  .superRefine((d, ctx) => {
    uniqueIds(ctx, d.targets, ["targets"]);
    if (d.maxClicks !== undefined && d.maxClicks < d.targets.length) issue(ctx, ["maxClicks"], R.maxClicksBelowTargets);
  });

export const QUESTION_DATA_SCHEMAS = {
  QT_1: SingleChoiceDataSchema,
  QT_2: MultipleChoiceDataSchema,
  QT_3: TrueFalseDataSchema,
  QT_4: BlockLetterDataSchema,
  QT_5: MatrixTableDataSchema,
  QT_6: MatrixInlineDataSchema,
  QT_7: ClozeTextDataSchema,
  QT_8: ClozeDragDropDataSchema,
  QT_9: ClozeMathDataSchema,
  QT_10: LabelImageTextDataSchema,
  QT_11: LabelImageDropdownDataSchema,
  QT_12: LabelImageDragDropDataSchema,
  QT_13: ClassifyDataSchema,
  QT_14: MatchListDataSchema,
  QT_15: OrderListDataSchema,
  QT_16: LinkingLinesDataSchema,
  QT_17: ShortTextDataSchema,
  QT_18: LongTextDataSchema,
  QT_19: UploadFileDataSchema,
  QT_20: PencilDataSchema,
  QT_21: ClickToFindDataSchema,
} as const satisfies Record<QuestionType, z.ZodType>;
export type QuestionDataFor<K extends QuestionType> = z.output<(typeof QUESTION_DATA_SCHEMAS)[K]>;
export type QuestionData = QuestionDataFor<QuestionType>;

// ---- Answers (what the student sends) -----------------------------------------------------------
// Shapes only: whether the ids exist in the question is checked by the scorer, which has it.

const answerText = (max: number) => z.string().max(max, R.maxChars);
/** Id -> value; an id left out is unanswered. */
const idMap = <V extends z.ZodType>(value: V) =>
  z.record(LocalIdSchema, value).refine((m) => Object.keys(m).length <= 100, R.maxItems);
const uniqueList = <T extends z.ZodType>(item: T, max: number, key: (v: z.output<T>) => string) =>
  z
    .array(item)
    .max(max, R.maxItems)
    .refine((a) => new Set(a.map(key)).size === a.length, R.duplicate);
export const FileRefSchema = z.strictObject({ key: z.string().min(1).max(500), name: z.string().trim().min(1).max(255) });

export const ANSWER_SCHEMAS = {
  QT_1: z.strictObject({ choiceId: LocalIdSchema }),
  QT_2: z.strictObject({ choiceIds: uniqueList(LocalIdSchema, 20, (id) => id) }),
  QT_3: z.strictObject({ value: z.boolean() }),
  QT_4: z.strictObject({ words: idMap(answerText(60)) }),
  QT_5: z.strictObject({ rows: idMap(LocalIdSchema) }),
  QT_6: z.strictObject({ statements: idMap(LocalIdSchema) }),
  QT_7: z.strictObject({ gaps: idMap(answerText(500)) }),
  QT_8: z.strictObject({ gaps: idMap(LocalIdSchema) }),
  QT_9: z.strictObject({ gaps: idMap(answerText(500)) }),
  QT_10: z.strictObject({ labels: idMap(answerText(500)) }),
  QT_11: z.strictObject({ labels: idMap(LocalIdSchema) }),
  QT_12: z.strictObject({ labels: idMap(LocalIdSchema) }),
  QT_13: z.strictObject({ items: idMap(LocalIdSchema) }),
  QT_14: z.strictObject({ pairs: idMap(LocalIdSchema) }),
  /** Every item once, in the student's order. */
  QT_15: z.strictObject({ order: uniqueList(LocalIdSchema, 20, (id) => id) }),
  QT_16: z.strictObject({ links: uniqueList(LinkSchema, 400, linkKey) }),
  QT_17: z.strictObject({ text: answerText(1000) }),
  QT_18: z.strictObject({ text: answerText(50_000) }),
  QT_19: z.strictObject({ files: z.array(FileRefSchema).min(1, R.minItems).max(10, R.maxItems) }),
  /** The drawing, uploaded as an image. */
  QT_20: z.strictObject({ file: FileRefSchema }),
  QT_21: z.strictObject({ clicks: z.array(PointSchema).max(100, R.maxItems) }),
} as const satisfies Record<QuestionType, z.ZodType>;
export type AnswerFor<K extends QuestionType> = z.output<(typeof ANSWER_SCHEMAS)[K]>;

// The same maps, typed per key, so a generic type's schema is known to parse into that type's values.
const ANSWER_SCHEMA_BY_TYPE: { [K in QuestionType]: z.ZodType<AnswerFor<K>> } = ANSWER_SCHEMAS;
const DATA_SCHEMA_BY_TYPE: { [K in QuestionType]: z.ZodType<QuestionDataFor<K>> } = QUESTION_DATA_SCHEMAS;

/** The answer schema of one type. */
export const AnswerSchemaFor = <K extends QuestionType>(type: K): z.ZodType<AnswerFor<K>> => ANSWER_SCHEMA_BY_TYPE[type];

const answerOf = <K extends QuestionType>(type: K) => z.strictObject({ type: z.literal(type), answer: ANSWER_SCHEMAS[type] });
export const AnswerSchema = z.discriminatedUnion("type", [
  answerOf("QT_1"), answerOf("QT_2"), answerOf("QT_3"), answerOf("QT_4"), answerOf("QT_5"), answerOf("QT_6"), answerOf("QT_7"),
  answerOf("QT_8"), answerOf("QT_9"), answerOf("QT_10"), answerOf("QT_11"), answerOf("QT_12"), answerOf("QT_13"), answerOf("QT_14"),
  answerOf("QT_15"), answerOf("QT_16"), answerOf("QT_17"), answerOf("QT_18"), answerOf("QT_19"), answerOf("QT_20"), answerOf("QT_21"),
]);
export type Answer = z.infer<typeof AnswerSchema>;

// ---- Questions -----------------------------------------------------------------------------------

export const KcCodeSchema = z.string().trim().min(1, R.required).max(64, R.maxChars);

const commonFields = {
  /** May hold LaTeX between \( \) or $$ $$. */
  prompt: text(QUESTION_LIMITS.promptChars).refine(mathDelimitersBalanced, R.unbalancedMath),
  /** Knowledge components the question assesses. */
  kcs: z.array(KcCodeSchema).max(20, R.maxItems).refine((a) => new Set(a).size === a.length, R.duplicate).default([]),
  media: z.array(ImageSchema).max(10, R.maxItems).optional(),
  feedback: z.strictObject({ correct: text(2000).optional(), incorrect: text(2000).optional() }).optional(),
  points: z.number().positive().max(1000).default(1),
};

const questionOf = <K extends QuestionType>(type: K) => z.strictObject({ type: z.literal(type), data: QUESTION_DATA_SCHEMAS[type], ...commonFields });
export const QuestionSchema = z.discriminatedUnion("type", [
  questionOf("QT_1"), questionOf("QT_2"), questionOf("QT_3"), questionOf("QT_4"), questionOf("QT_5"), questionOf("QT_6"),
  questionOf("QT_7"), questionOf("QT_8"), questionOf("QT_9"), questionOf("QT_10"), questionOf("QT_11"), questionOf("QT_12"),
  questionOf("QT_13"), questionOf("QT_14"), questionOf("QT_15"), questionOf("QT_16"), questionOf("QT_17"), questionOf("QT_18"),
  questionOf("QT_19"), questionOf("QT_20"), questionOf("QT_21"),
]);
export type Question = z.output<typeof QuestionSchema>;
export type QuestionInput = z.input<typeof QuestionSchema>;
export type QuestionOf<K extends QuestionType> = Extract<Question, { type: K }>;

export type QuestionIssue = z.core.$ZodIssue;
export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: QuestionIssue[] };

/** `question_data` as stored (a JSON string), parsed and checked against its type's schema. Never throws. */
export function parseQuestionData<K extends QuestionType>(type: K, json: string): ParseResult<QuestionDataFor<K>> {
  const read = questionDataJson(type, json);
  if (!read.ok) return read;
  const result = DATA_SCHEMA_BY_TYPE[type].safeParse(read.value);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues };
}
