import { GuidSchema, successOf } from "./common";
import { MASTERY_STATES } from "./learning-base";
import * as z from "./zod";

export * from "./learning-base";

export const KcMasterySchema = z.object({
  state: z.enum(MASTERY_STATES),
  known: z.number(),
  answers: z.number().int(),
  correct: z.number().int(),
  recall: z.number(),
  reviewNeeded: z.boolean(),
  nextReviewAt: z.string().nullable(),
});

export const ClassKcSchema = z.object({
  code: z.string(),
  names: z.record(z.string(), z.string()),
  unitGuid: GuidSchema.nullable(),
  lessonGuids: z.array(GuidSchema),
  mastery: KcMasterySchema.nullable(),
});

/** GET /api/front/courses/{guid}/kcs */
export const ClassKcsResponseSchema = successOf(z.object({ items: z.array(ClassKcSchema) }));
