import type { AiConfig } from "../config";
import { moderationCategories } from "./moderation";
import type { Language } from "../../contracts/constants";

/*
 * The assistant's web search (issue 17, ADR 0044): off unless the server has a search provider and
 * the user turned it on. The one provider is SearXNG, the open-source metasearch engine a school
 * or publisher can run itself (no per-query fee, no tracking of pupils), through its JSON API:
 * `GET {url}/search?q=…&format=json&language=…&safesearch=2`. Safe search is always strict (the
 * users are minors); a result whose title or text fails the word list is dropped; only http(s)
 * addresses are kept. A slow or failing search gives no results (logged), never a failed answer.
 */

export type WebResult = { title: string; url: string; snippet: string; engine: string | null };

export interface WebSearch {
  readonly provider: "searxng";
  search(query: string, options: { language: Language; signal?: AbortSignal | undefined }): Promise<WebResult[]>;
}

/** Results an answer uses, at most. */
export const WEB_RESULTS_MAX = 5;
const SNIPPET_MAX = 400;

type SearxngAnswer = { results?: Array<{ url?: unknown; title?: unknown; content?: unknown; engine?: unknown }> };

const clean = (value: unknown, max: number): string =>
  typeof value === "string"
    ? value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, max)
    : "";

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export class SearxngSearch implements WebSearch {
  readonly provider = "searxng" as const;
  constructor(private readonly options: { url: string; timeoutMs: number; log?: { warn: (obj: object, msg: string) => void } | undefined }) {}

  async search(query: string, { language, signal }: { language: Language; signal?: AbortSignal | undefined }): Promise<WebResult[]> {
    const address = new URL("search", this.options.url.endsWith("/") ? this.options.url : `${this.options.url}/`);
    address.search = new URLSearchParams({ q: query, format: "json", language, safesearch: "2", pageno: "1" }).toString();
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(address, { headers: { accept: "application/json" }, signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const body = (await response.json()) as SearxngAnswer;
      const results: WebResult[] = [];
      for (const raw of body.results ?? []) {
        const url = httpUrl(raw.url);
        const title = clean(raw.title, 200);
        const snippet = clean(raw.content, SNIPPET_MAX);
        if (!url || title === "" || results.some((r) => r.url === url)) continue;
        if (moderationCategories([title, snippet]).length > 0) continue;
        results.push({ title, url, snippet, engine: typeof raw.engine === "string" ? raw.engine : null });
        if (results.length === WEB_RESULTS_MAX) break;
      }
      return results;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      this.options.log?.warn({ err: err instanceof Error ? err.message : String(err) }, "web search failed");
      return [];
    }
  }
}

/** The configured search provider, or null (SEARCH_PROVIDER=none). */
export function createWebSearch(config: AiConfig["webSearch"], log?: { warn: (obj: object, msg: string) => void }): WebSearch | null {
  if (config.provider === "searxng" && config.url) return new SearxngSearch({ url: config.url, timeoutMs: config.timeoutMs, log });
  return null;
}
