/*
 * The AI layer as the client sees it (issue 16, ADR 0037), without zod (ADR 0028): which provider
 * the server uses, what it can do, why not, and the tenant's daily token budget. ai.ts builds the
 * schemas on these and re-exports them.
 */

/** `local`: no language model, the platform's own algorithms only (the default). `openai`: any OpenAI-compatible server. */
export const AI_PROVIDERS = ["local", "openai"] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/**
 * Why a capability is unavailable, as a stable code the client can translate.
 * - `NO_LANGUAGE_MODEL`: the local provider: nothing here can write text.
 * - `NO_EMBEDDING_MODEL`: a model is configured but no `AI_EMBEDDING_MODEL`.
 * - `NO_VISION_MODEL`: a model is configured but it does not read images (`AI_VISION` unset).
 */
export const AI_UNAVAILABLE_REASONS = ["NO_LANGUAGE_MODEL", "NO_EMBEDDING_MODEL", "NO_VISION_MODEL"] as const;
export type AiUnavailableReason = (typeof AI_UNAVAILABLE_REASONS)[number];

/** What the configured provider can do. `reason` says why the first missing capability is missing. */
export type AiCapabilities = {
  /** Output against a JSON schema (the teacher tools). */
  structured: boolean;
  /** Streamed conversation with tool calls (the assistant). */
  chat: boolean;
  embeddings: boolean;
  /** Images as input. */
  vision: boolean;
  reason?: AiUnavailableReason;
};

/** GET /api/front/ai/status */
export type AiStatus = {
  provider: AiProviderName;
  /** The model's name; null for the local provider. */
  model: string | null;
  capabilities: AiCapabilities;
  budget: {
    /** Tokens (input + output) the caller's tenant may use per UTC day; 0: no limit. */
    dailyTokens: number;
    /** Tokens the tenant has used today (UTC). */
    usedToday: number;
  };
};
