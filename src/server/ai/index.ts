import { checkAiConfig, type AiConfig } from "../config";
import type { Db } from "../db/client";
import type { Clock } from "../platform/clock";
import { LocalProvider } from "./local-provider";
import { OpenAiProvider, type AiLog } from "./openai-provider";
import type { CallPolicy } from "./call";
import type { AiProvider } from "./types";
import { AiUsageLedger } from "./usage";

export * from "./errors";
export type * from "./types";
export { AiUsageLedger } from "./usage";

export type AiLayer = { provider: AiProvider; usage: AiUsageLedger };

/**
 * The app's AI provider and its usage ledger, from the config (ADR 0037): `local` unless
 * AI_PROVIDER=openai with a server and a model.
 */
export function createAi(
  config: AiConfig,
  deps: { db: Db; clock: Clock; log?: AiLog | undefined; policy?: Partial<CallPolicy> | undefined },
): AiLayer {
  checkAiConfig(config);
  const usage = new AiUsageLedger(deps.db, deps.clock, config.dailyTokenBudget);
  if (config.provider === "local") return { provider: new LocalProvider(), usage };
  const provider = new OpenAiProvider({
    baseUrl: config.baseUrl as string,
    apiKey: config.apiKey,
    model: config.model as string,
    embeddingModel: config.embeddingModel,
    vision: config.vision,
    tts: config.ttsModel ? { model: config.ttsModel, voice: config.ttsVoice } : undefined,
    moderationModel: config.moderationModel,
    policy: { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, ...deps.policy },
    usage,
    log: deps.log,
  });
  return { provider, usage };
}
