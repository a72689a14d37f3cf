import { successOf } from "./common";
import { AI_PROVIDERS, AI_UNAVAILABLE_REASONS, type AiStatus } from "./ai-base";
import * as z from "./zod";

export * from "./ai-base";

export const AiCapabilitiesSchema = z.object({
  structured: z.boolean(),
  chat: z.boolean(),
  embeddings: z.boolean(),
  vision: z.boolean(),
  reason: z.enum(AI_UNAVAILABLE_REASONS).optional(),
});

export const AiStatusSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string().nullable(),
  capabilities: AiCapabilitiesSchema,
  budget: z.object({ dailyTokens: z.number().int().min(0), usedToday: z.number().int().min(0) }),
});

/** GET /api/front/ai/status */
export const AiStatusResponseSchema = successOf(AiStatusSchema);

// The schema and the zod-free type say the same (a drift fails the type check here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [Same<z.infer<typeof AiStatusSchema>, AiStatus>] = [true];
void sameTypes;
