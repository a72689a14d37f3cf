import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { z, type ZodType } from "zod";
import { AiCall, retryAfterMs, type CallPolicy, type FailureKind } from "./call";
import { AiProviderError, AiUnavailableError } from "./errors";
import { dataPrompt } from "./prompt";
import type {
  AiCapabilities,
  AiFinishReason,
  AiMessage,
  AiProvider,
  AiTokenUsage,
  AiTool,
  AiToolCall,
  ChatEvent,
  ChatRequest,
  EmbedRequest,
  EmbedResult,
  ModerateRequest,
  SpeakRequest,
  SpeakResult,
  ModerationVerdict,
  StructuredRequest,
  StructuredResult,
} from "./types";
import type { AiUsageLedger } from "./usage";

/** Where the provider reports what went wrong (the app's logger). Never the prompts, never the key. */
export type AiLog = {
  warn(obj: Record<string, unknown>, msg: string): void;
};

export type OpenAiProviderOptions = {
  /** The API root, e.g. https://api.openai.com/v1, http://localhost:11434/v1. */
  baseUrl: string;
  /** Sent as a bearer token; undefined sends no Authorization header (Ollama, a local vLLM). */
  apiKey?: string | undefined;
  model: string;
  embeddingModel?: string | undefined;
  /** The chat model reads images (AI_VISION). */
  vision?: boolean | undefined;
  /** Text-to-speech (AI_TTS_MODEL, AI_TTS_VOICE). */
  tts?: { model: string; voice: string } | undefined;
  /** The server's moderation model; unset, `moderate` is absent. */
  moderationModel?: string | undefined;
  policy: CallPolicy;
  usage: AiUsageLedger;
  log?: AiLog | undefined;
};

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** How the call policy sees the openai client's errors. */
export function classifyOpenAiError(err: unknown): FailureKind {
  if (err instanceof APIUserAbortError) return { kind: "other" };
  if (err instanceof APIConnectionError) return { kind: "network" };
  if (err instanceof APIError && typeof err.status === "number") {
    return { kind: "status", status: err.status, retryAfterMs: retryAfterMs(err.headers) };
  }
  // A stream cut midway reaches us as the runtime's own error (undici: TypeError "terminated").
  const code = (err as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === "string" && NETWORK_CODES.has(code)) return { kind: "network" };
  if (err instanceof TypeError && /terminated|fetch failed|socket/i.test(err.message)) return { kind: "network" };
  return { kind: "other" };
}

const schemaCache = new WeakMap<ZodType, Record<string, unknown>>();

/** A zod schema as JSON schema, without the `$schema` line the servers do not need. */
function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * The schema for `response_format` in strict mode: an object at the top, and in every object all
 * properties required and no others allowed (OpenAI's strict rules; other servers accept them).
 * A schema that breaks them is a programming error, said here rather than by the server.
 */
export function strictJsonSchema(schema: ZodType, name: string): Record<string, unknown> {
  const cached = schemaCache.get(schema);
  if (cached) return cached;
  const json = jsonSchemaOf(schema);
  if (json.type !== "object") throw new TypeError(`AI schema ${name}: the top level must be an object`);
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}[${i}]`));
    if (!node || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    if (n.properties && typeof n.properties === "object") {
      const required = new Set(Array.isArray(n.required) ? (n.required as string[]) : []);
      const optional = Object.keys(n.properties).filter((p) => !required.has(p));
      if (optional.length > 0) {
        throw new TypeError(`AI schema ${name}: ${at || "/"} has optional properties (${optional.join(", ")}); strict output needs them required (use .nullable())`);
      }
      if (n.additionalProperties !== false) throw new TypeError(`AI schema ${name}: ${at || "/"} must not allow additional properties`);
    }
    for (const [key, value] of Object.entries(n)) if (typeof value === "object") visit(value, `${at}/${key}`);
  };
  visit(json, "");
  schemaCache.set(schema, json);
  return json;
}

const usageOf = (usage: CompletionUsage | null | undefined): AiTokenUsage => ({
  inputTokens: usage?.prompt_tokens ?? 0,
  outputTokens: usage?.completion_tokens ?? 0,
});

const finishReasonOf = (reason: string | null | undefined): AiFinishReason =>
  reason === "stop" || reason === "length" || reason === "tool_calls" || reason === "content_filter" ? reason : "other";

function toOpenAiMessage(message: AiMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
      return { role: "system", content: message.content };
    case "user":
      return {
        role: "user",
        content:
          typeof message.content === "string"
            ? message.content
            : message.content.map((part) => (part.type === "text" ? { type: "text" as const, text: part.text } : { type: "image_url" as const, image_url: { url: `data:${part.mime};base64,${part.base64}`, detail: "auto" as const } })),
      };
    case "assistant":
      return {
        role: "assistant",
        content: message.content,
        ...(message.toolCalls?.length
          ? { tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.arguments } })) }
          : {}),
      };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  }
}

const toOpenAiTool = (tool: AiTool): ChatCompletionTool => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: jsonSchemaOf(tool.parameters) },
});

/**
 * Any OpenAI-compatible server (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM, llama.cpp's server)
 * through the official `openai` client (ADR 0037). Every request goes through the call policy
 * (call.ts) and the tenant's budget, and its tokens are recorded (usage.ts).
 */
export class OpenAiProvider implements AiProvider {
  readonly name = "openai" as const;
  readonly model: string;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.model = options.model;
    const moderationModel = options.moderationModel;
    if (moderationModel) this.moderate = (request) => this.moderateWith(moderationModel, request);
    const tts = options.tts;
    if (tts) this.speak = (request) => this.speakWith(tts, request);
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // The client refuses to start without a key; with none configured it sends no Authorization at all.
      apiKey: options.apiKey ?? "none",
      ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      // Nothing from the environment: what the config says is all there is.
      adminAPIKey: null,
      organization: null,
      project: null,
      // The call policy is the only one: no retries of the client's own, and its timeout only past ours.
      maxRetries: 0,
      timeout: options.policy.timeoutMs + 5_000,
      logLevel: "off",
    });
  }

  capabilities(): AiCapabilities {
    const embeddings = Boolean(this.options.embeddingModel);
    return { structured: true, chat: true, embeddings, vision: this.options.vision === true, ...(embeddings ? {} : { reason: "NO_EMBEDDING_MODEL" as const }) };
  }

  async generateStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const { tenantId, purpose } = request;
    const schema = strictJsonSchema(request.schema, request.schemaName);
    await this.options.usage.assertWithinBudget(tenantId);
    const prompt = dataPrompt(request.system, request.input);
    const call = this.newCall(request.signal);
    try {
      const completion = await call.run((signal) =>
        this.client.chat.completions.create(
          {
            model: this.model,
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user },
            ],
            response_format: { type: "json_schema", json_schema: { name: request.schemaName, schema, strict: true } },
          },
          { signal },
        ),
      );
      const usage = usageOf(completion.usage);
      // The tokens were spent whatever the answer turns out to be.
      await this.record(tenantId, purpose, usage);
      const choice = completion.choices[0];
      if (!choice) throw new AiProviderError("INVALID_OUTPUT", "The model server sent no answer");
      if (choice.message.refusal || choice.finish_reason === "content_filter") throw new AiProviderError("REFUSED", "The model declined to answer");
      if (choice.finish_reason === "length") throw new AiProviderError("INVALID_OUTPUT", "The model's answer was cut short");
      let parsed: unknown;
      try {
        parsed = JSON.parse(choice.message.content ?? "");
      } catch (err) {
        throw new AiProviderError("INVALID_OUTPUT", "The model's answer is not JSON", undefined, { cause: err });
      }
      const checked = request.schema.safeParse(parsed);
      if (!checked.success) {
        throw new AiProviderError("INVALID_OUTPUT", "The model's answer does not match the schema", undefined, { cause: checked.error });
      }
      return { data: checked.data, usage, model: completion.model };
    } catch (err) {
      this.logFailure(err, request);
      throw err;
    }
  }

  chat(request: ChatRequest): AsyncIterable<ChatEvent> {
    return this.streamChat(request);
  }

  private async *streamChat(request: ChatRequest): AsyncGenerator<ChatEvent> {
    const { tenantId, purpose } = request;
    const tools = request.tools?.map(toOpenAiTool);
    await this.options.usage.assertWithinBudget(tenantId);
    const call = this.newCall(request.signal);
    let stream;
    try {
      stream = await call.run((signal) =>
        this.client.chat.completions.create(
          {
            model: this.model,
            messages: request.messages.map(toOpenAiMessage),
            ...(tools?.length ? { tools } : {}),
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal },
        ),
      );
    } catch (err) {
      this.logFailure(err, request);
      throw err;
    }
    let usage: AiTokenUsage = { inputTokens: 0, outputTokens: 0 };
    let finishReason: AiFinishReason = "other";
    let finished = false;
    // Tool calls arrive in fragments, keyed by their index; each is whole once the stream ends.
    const calls = new Map<number, AiToolCall>();
    try {
      for await (const chunk of stream) {
        if (chunk.usage) usage = usageOf(chunk.usage);
        for (const choice of chunk.choices ?? []) {
          const delta = choice.delta;
          if (delta?.content) yield { type: "text", delta: delta.content };
          for (const fragment of delta?.tool_calls ?? []) {
            const current = calls.get(fragment.index) ?? { id: "", name: "", arguments: "" };
            calls.set(fragment.index, {
              id: fragment.id ?? current.id,
              name: current.name + (fragment.function?.name ?? ""),
              arguments: current.arguments + (fragment.function?.arguments ?? ""),
            });
          }
          if (choice.finish_reason) finishReason = finishReasonOf(choice.finish_reason);
        }
      }
      finished = true;
    } catch (err) {
      const failure = call.failure(err);
      this.logFailure(failure, request);
      throw failure;
    } finally {
      // Left early (the caller stopped reading) or broken: close the connection; count what was answered.
      if (!finished) stream.controller.abort();
      await this.record(tenantId, purpose, usage);
    }
    for (const [, toolCall] of [...calls].sort(([a], [b]) => a - b)) yield { type: "tool_call", call: toolCall };
    yield { type: "done", finishReason, usage };
  }

  async embed(request: EmbedRequest): Promise<EmbedResult> {
    const model = this.options.embeddingModel;
    if (!model) throw new AiUnavailableError("NO_EMBEDDING_MODEL", "No embeddings model is configured (AI_EMBEDDING_MODEL)");
    const { tenantId } = request;
    const purpose = request.purpose ?? "embeddings";
    await this.options.usage.assertWithinBudget(tenantId);
    const call = this.newCall(request.signal);
    try {
      const response = await call.run((signal) =>
        this.client.embeddings.create({ model, input: request.texts, encoding_format: "float" }, { signal }),
      );
      const usage = { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: 0 };
      await this.record(tenantId, purpose, usage);
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== request.texts.length) throw new AiProviderError("INVALID_OUTPUT", "The model server did not send one vector per text");
      return { vectors, usage, model: response.model };
    } catch (err) {
      this.logFailure(err, { tenantId, purpose });
      throw err;
    }
  }

  /** POST /moderations with the configured model (no tokens of the budget); absent without one. */
  readonly moderate?: (request: ModerateRequest) => Promise<ModerationVerdict>;

  private async moderateWith(model: string, request: ModerateRequest): Promise<ModerationVerdict> {
    const call = this.newCall(request.signal);
    try {
      const response = await call.run((signal) => this.client.moderations.create({ model, input: request.texts }, { signal }));
      const categories = new Set<string>();
      for (const result of response.results) {
        for (const [name, hit] of Object.entries(result.categories ?? {})) if (hit === true) categories.add(name);
      }
      return { flagged: response.results.some((r) => r.flagged), categories: [...categories].sort() };
    } catch (err) {
      this.logFailure(err, { tenantId: request.tenantId, purpose: "moderation" });
      throw err;
    }
  }

  /** POST /audio/speech with the configured model and voice, as MP3 (no tokens of the budget: the server reports none; the per-user hourly limit bounds it). */
  readonly speak?: (request: SpeakRequest) => Promise<SpeakResult>;

  private async speakWith(tts: { model: string; voice: string }, request: SpeakRequest): Promise<SpeakResult> {
    const call = this.newCall(request.signal);
    try {
      const audio = await call.run(async (signal) => {
        const response = await this.client.audio.speech.create({ model: tts.model, voice: tts.voice, input: request.text, response_format: "mp3" }, { signal });
        return Buffer.from(await response.arrayBuffer());
      });
      if (audio.length === 0) throw new AiProviderError("INVALID_OUTPUT", "The model server sent no audio");
      return { audio, model: tts.model, voice: tts.voice };
    } catch (err) {
      this.logFailure(err, { tenantId: request.tenantId, purpose: "speech" });
      throw err;
    }
  }

  private newCall(signal: AbortSignal | undefined): AiCall {
    return new AiCall(this.options.policy, classifyOpenAiError, signal);
  }

  /** Usage is recorded, or the failure logged: an answer already paid for is not thrown away for it. */
  private async record(tenantId: string, purpose: string, usage: AiTokenUsage): Promise<void> {
    try {
      await this.options.usage.record(tenantId, purpose, usage);
    } catch (err) {
      this.options.log?.warn({ err, tenantId, purpose }, "AI usage could not be recorded");
    }
  }

  private logFailure(err: unknown, at: { tenantId: string; purpose: string; userId?: string }): void {
    if (!(err instanceof AiProviderError)) return;
    const cause = err.cause instanceof Error ? err.cause.message : undefined;
    this.options.log?.warn(
      { failure: err.failure, upstreamStatus: err.upstreamStatus, cause, tenantId: at.tenantId, userId: at.userId, purpose: at.purpose, model: this.model },
      "AI call failed",
    );
  }
}
