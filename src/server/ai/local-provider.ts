import { AiUnavailableError } from "./errors";
import type { AiCapabilities, AiProvider, ChatEvent, ChatRequest, StructuredRequest, StructuredResult } from "./types";

/**
 * The default provider (AI_PROVIDER=local): no language model and no network. It is the honest
 * "no model" answer: it says so in `capabilities()` and throws AiUnavailableError (409
 * AI_UNAVAILABLE, reason NO_LANGUAGE_MODEL) from every call. It never returns canned text dressed
 * up as generated; what the platform can do without a model (readability, term extraction, items
 * built from a text) is each tool's own algorithm, not this provider's (ADR 0037).
 */
export class LocalProvider implements AiProvider {
  readonly name = "local" as const;
  readonly model = null;

  capabilities(): AiCapabilities {
    return { structured: false, chat: false, embeddings: false, vision: false, reason: "NO_LANGUAGE_MODEL" };
  }

  generateStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    void request;
    return Promise.reject(new AiUnavailableError("NO_LANGUAGE_MODEL"));
  }

  chat(request: ChatRequest): AsyncIterable<ChatEvent> {
    void request;
    // Thrown on the first step, as the openai provider's errors are: callers handle one path.
    return {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new AiUnavailableError("NO_LANGUAGE_MODEL")) }),
    };
  }
}
