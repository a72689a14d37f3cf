import * as z from "./zod";
import { ImageSchema, type QuestionType, ZoneSchema } from "./questions";

/*
 * A question as a student sees it while answering (issue 6): question_data without what gives the
 * answer away (correct flags, accepted answers, pairings, the right order, model answers, click
 * targets). Built on the server for students (and by the client for a teacher's preview, from the
 * full data), so the answering views of src/client/features/questions take only this shape.
 *
 * Orders that would reveal something (choices when the author asked for it, drag tokens, matches,
 * classify items, the order list, the right-hand side of linking lines) are shuffled with a seeded
 * generator: the same attempt always sees the same order, across reloads and devices, and an order
 * list never starts in its right order.
 */

const Id = z.string();
const ItemSchema = z.object({ id: Id, text: z.string().optional(), image: ImageSchema.optional() });
const TextItemSchema = z.object({ id: Id, text: z.string() });
const LabelSchema = z.object({ id: Id, zone: ZoneSchema });
export type StudentItem = z.infer<typeof ItemSchema>;
export type StudentTextItem = z.infer<typeof TextItemSchema>;

export const STUDENT_DATA_SCHEMAS = {
  QT_1: z.object({ choices: z.array(ItemSchema) }),
  /** How many choices are correct is not told. */
  QT_2: z.object({ choices: z.array(ItemSchema) }),
  QT_3: z.object({}),
  /** One box per letter: `length` boxes. */
  QT_4: z.object({ words: z.array(z.object({ id: Id, length: z.number().int(), clue: z.string().optional() })) }),
  QT_5: z.object({ rows: z.array(TextItemSchema), columns: z.array(TextItemSchema) }),
  QT_6: z.object({ statements: z.array(TextItemSchema.extend({ choices: z.array(TextItemSchema) })) }),
  /** The text with its [[gapId]] markers (clozeSegments splits it). */
  QT_7: z.object({ text: z.string() }),
  QT_8: z.object({ text: z.string(), tokens: z.array(TextItemSchema), reuseTokens: z.boolean() }),
  QT_9: z.object({ text: z.string() }),
  QT_10: z.object({ image: ImageSchema, labels: z.array(LabelSchema) }),
  QT_11: z.object({ image: ImageSchema, options: z.array(TextItemSchema), labels: z.array(LabelSchema) }),
  QT_12: z.object({ image: ImageSchema, tokens: z.array(TextItemSchema), labels: z.array(LabelSchema), reuseTokens: z.boolean() }),
  QT_13: z.object({ categories: z.array(TextItemSchema), items: z.array(ItemSchema) }),
  QT_14: z.object({ items: z.array(ItemSchema), matches: z.array(ItemSchema) }),
  QT_15: z.object({ items: z.array(ItemSchema) }),
  QT_16: z.object({ left: z.array(ItemSchema), right: z.array(ItemSchema) }),
  QT_17: z.object({}),
  QT_18: z.object({ maxWords: z.number().int().optional() }),
  QT_19: z.object({ accept: z.array(z.string()), maxFiles: z.number().int() }),
  QT_20: z.object({ background: ImageSchema.optional() }),
  QT_21: z.object({ image: ImageSchema, targetCount: z.number().int(), maxClicks: z.number().int().optional() }),
} as const satisfies Record<QuestionType, z.ZodType>;
export type StudentDataFor<K extends QuestionType> = z.infer<(typeof STUDENT_DATA_SCHEMAS)[K]>;
export type StudentData = StudentDataFor<QuestionType>;

export { clozeGapIds } from "./questions-base";
export { seededShuffle, toStudentData } from "./student-questions-base";
