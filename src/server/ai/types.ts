import type { ZodType } from "zod";
import type { AiCapabilities, AiProviderName } from "../../contracts/ai-base";

export type { AiCapabilities, AiProviderName, AiUnavailableReason } from "../../contracts/ai-base";

/*
 * The one interface every AI provider implements (issue 16, ADR 0037). Callers (the teacher tools,
 * the assistant) ask `capabilities()` first and never assume a model: the local provider has none
 * and throws AiUnavailableError rather than inventing text.
 */

/** Who is asking and why, on every call: usage is accounted per tenant, UTC day and purpose. */
export type AiCallContext = {
  /** Cancels the call (the client went away); no retry follows a cancellation. */
  signal?: AbortSignal | undefined;
  tenantId: string;
  /** For logs and (later) per-user rate limits; never sent to the model server. */
  userId: string;
  /** The feature that asks, e.g. `teacher-tools.rubric`, `assistant`: usage is kept per purpose. */
  purpose: string;
};

/** Tokens as the model server reported them (0 when it did not say). */
export type AiTokenUsage = { inputTokens: number; outputTokens: number };

/**
 * Data for the model: a text, or named fields (the tool's form). It is sent between delimiters the
 * system message declares as data, never instructions (prompt.ts).
 */
export type AiInput = string | Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export type StructuredRequest<T> = AiCallContext & {
  /**
   * What the answer must be. Its JSON schema (zod's `z.toJSONSchema`) is sent in strict mode, so
   * every property must be required: say `.nullable()`, not `.optional()`.
   */
  schema: ZodType<T>;
  /** The schema's name for the model server: letters, digits, `_` and `-`, at most 64. */
  schemaName: string;
  /** The instructions: the task. Never the user's text. */
  system: string;
  /** The user's text (or fields): data. */
  input: AiInput;
};

export type StructuredResult<T> = {
  /** The answer, parsed and validated with the schema. */
  data: T;
  usage: AiTokenUsage;
  /** The model that answered, as the server named it. */
  model: string;
};

/** A tool the model may call during a chat; the caller runs it and answers with a `tool` message. */
export type AiTool = {
  name: string;
  description: string;
  /** Its arguments; sent as JSON schema. The caller validates the arguments it gets with it. */
  parameters: ZodType;
};

export type AiToolCall = { id: string; name: string; arguments: string };

/** A part of a user message: text, or an image (sent only to a provider whose capabilities say `vision`). */
export type AiContentPart = { type: "text"; text: string } | { type: "image"; mime: string; base64: string };

export type AiMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | AiContentPart[] }
  | { role: "assistant"; content: string | null; toolCalls?: AiToolCall[] | undefined }
  | { role: "tool"; toolCallId: string; content: string };

export type ChatRequest = AiCallContext & {
  messages: AiMessage[];
  tools?: AiTool[] | undefined;
};

export type AiFinishReason = "stop" | "length" | "tool_calls" | "content_filter" | "other";

/** One step of a streamed chat, in order: text deltas and tool calls, then exactly one `done`. */
export type ChatEvent =
  | { type: "text"; delta: string }
  /** A complete tool call (its streamed fragments joined); `arguments` is the model's JSON text. */
  | { type: "tool_call"; call: AiToolCall }
  | { type: "done"; finishReason: AiFinishReason; usage: AiTokenUsage };

export type EmbedRequest = {
  texts: string[];
  signal?: AbortSignal | undefined;
  tenantId: string;
  /** Usage is kept per purpose; default `embeddings`. */
  purpose?: string | undefined;
};

export type EmbedResult = { vectors: number[][]; usage: AiTokenUsage; model: string };

export type SpeakRequest = { text: string; signal?: AbortSignal | undefined; tenantId: string };
export type SpeakResult = { audio: Buffer; model: string; voice: string };

export type ModerateRequest = { texts: string[]; signal?: AbortSignal | undefined; tenantId: string };
/** The model server's verdict: flagged or not, and its category names (e.g. `sexual/minors`, `hate`). */
export type ModerationVerdict = { flagged: boolean; categories: string[] };

export interface AiProvider {
  readonly name: AiProviderName;
  /** The chat model's name; null when there is none (local). */
  readonly model: string | null;
  capabilities(): AiCapabilities;
  /** An answer that is valid against `schema`, or an error: AiUnavailableError, AiBudgetError, AiProviderError, or the signal's reason. */
  generateStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
  /** A streamed answer; the budget is checked and the call made when iteration starts. */
  chat(request: ChatRequest): AsyncIterable<ChatEvent>;
  embed?(request: EmbedRequest): Promise<EmbedResult>;
  /** The model server's moderation of texts, when it has a moderation model configured. */
  moderate?(request: ModerateRequest): Promise<ModerationVerdict>;
  /** The model server's speech (MP3) for a text, when it has a text-to-speech model configured. */
  speak?(request: SpeakRequest): Promise<SpeakResult>;
}
