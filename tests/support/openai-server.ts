import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Ajv2020 from "ajv/dist/2020";

/*
 * A small OpenAI-compatible server on loopback for tests (issue 16, ADR 0037):
 * `POST /v1/chat/completions` (whole, or streamed as SSE `data:` chunks ending with `data: [DONE]`,
 * usage in the last chunk when `stream_options.include_usage`) and `POST /v1/embeddings`.
 *
 * It checks every request as a strict server would (JSON body, a model, well-formed messages and
 * tools, a `response_format.json_schema` that is a valid JSON schema of an object, in strict mode
 * with every property required and no others) and answers 400 to what it refuses, noting why in
 * `requests[i].invalid`. It answers from the test's script, and checks a structured answer against
 * the request's schema before sending it (a script that breaks its own schema fails loudly: 500 and
 * `requests[i].invalid`). It can fail on purpose (a sequence of statuses first, e.g. 429 with
 * Retry-After then the script), wait before answering (timeouts), and records every request.
 */

export type ChatMessage = {
  role: "system" | "developer" | "user" | "assistant" | "tool";
  content: string | null | Array<{ type: string; text?: string; image_url?: { url: string; detail?: string } }>;
  tool_calls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};

export type ChatBody = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters?: Record<string, unknown> } }>;
};

export type Usage = { prompt_tokens: number; completion_tokens: number };

/** What the script answers a chat request with. */
export type ScriptAnswer =
  /** Text (or, for a structured request, JSON text). `unchecked`: send it even if it breaks the schema (tests of bad output). */
  | { content: string; usage?: Usage; finishReason?: string; unchecked?: boolean }
  /** A structured answer as a value (sent as JSON, checked against the schema first). */
  | { json: unknown; usage?: Usage }
  | { toolCalls: Array<{ id?: string; name: string; arguments: unknown }>; content?: string; usage?: Usage }
  | { refusal: string; usage?: Usage }
  /** An error answer of the script's own. */
  | { status: number; headers?: Record<string, string>; body?: unknown };

export type Script = (body: ChatBody, index: number) => ScriptAnswer | Promise<ScriptAnswer>;

export type Failure = { status: number; headers?: Record<string, string>; body?: unknown };

export type OpenAiServerOptions = {
  script?: Script;
  /** Vectors for `/v1/embeddings`; default: 8 numbers from each text's hash. */
  embed?: (texts: string[]) => number[][];
  /** Answered first, one per request, in order (any path); then the script. */
  failures?: Failure[];
  /** Wait before answering each request (ms); a function gets the request's index. */
  delayMs?: number | ((index: number) => number);
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (else 401). */
  apiKey?: string;
  /** `/v1/moderations`: the categories each text is flagged in (none: not flagged). Default: none for every text. */
  moderate?: (text: string) => string[];
  /** `/v1/audio/speech`: the audio for a text, or a failure. Default: a real MP3 tone of 60 ms per character (at most 8 s). */
  speech?: (input: string) => Buffer | { status: number } | Promise<Buffer | { status: number }>;
};

/** A real MP3 (LAME in WebAssembly): a 440 Hz tone of `seconds`, mono, 24 kHz, 32 kbit/s. */
export async function toneMp3(seconds: number): Promise<Buffer> {
  const { createMp3Encoder } = await import("wasm-media-encoders");
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 1, sampleRate: 24_000, bitrate: 32 });
  const samples = new Float32Array(Math.round(seconds * 24_000)).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 24_000));
  const head = Buffer.from(encoder.encode([samples]));
  return Buffer.concat([head, Buffer.from(encoder.finalize())]);
}

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** Why the server refused the request, or why the script's answer was wrong. */
  invalid?: string;
  /** The status answered. */
  status?: number;
};

export type OpenAiServer = {
  /** The API root, `http://127.0.0.1:<port>/v1`. */
  url: string;
  requests: RecordedRequest[];
  /** More failures to answer first (a test may add them between calls). */
  failures: Failure[];
  close(): Promise<void>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: true });
const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The strict-mode rules: in every object schema, all properties required and `additionalProperties: false`. */
function strictSchemaProblem(node: unknown, at = "#"): string | null {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) {
      const problem = strictSchemaProblem(item, `${at}/${i}`);
      if (problem) return problem;
    }
    return null;
  }
  if (!isObject(node)) return null;
  if (isObject(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const missing = Object.keys(node.properties).filter((p) => !required.has(p));
    if (missing.length > 0) return `${at}: strict schema with optional properties ${missing.join(", ")}`;
    if (node.additionalProperties !== false) return `${at}: strict schema must set additionalProperties: false`;
  }
  for (const [key, value] of Object.entries(node)) {
    const problem = strictSchemaProblem(value, `${at}/${key}`);
    if (problem) return problem;
  }
  return null;
}

function jsonSchemaProblem(schema: unknown): string | null {
  if (!isObject(schema)) return "response_format.json_schema.schema must be an object";
  if (schema.type !== "object") return 'response_format.json_schema.schema must have type "object"';
  if (!ajv.validateSchema(schema)) return `invalid JSON schema: ${ajv.errorsText(ajv.errors)}`;
  try {
    ajv.compile(schema);
  } catch (err) {
    return `invalid JSON schema: ${(err as Error).message}`;
  }
  return null;
}

/** Why a content part is refused (a text part needs its text; an image, a data: or http(s) address, in a user message only), or null. */
function partProblem(part: unknown, role: string): string | null {
  if (!isObject(part) || typeof part.type !== "string") return "a part needs a type";
  if (part.type === "text") return typeof part.text === "string" ? null : "a text part needs text";
  if (part.type === "image_url") {
    if (role !== "user") return "images go in user messages";
    const url = isObject(part.image_url) ? part.image_url.url : undefined;
    return typeof url === "string" && /^(data:image\/(png|jpeg|webp|gif);base64,|https?:\/\/)/.test(url) ? null : "an image part needs a data: or http(s) url";
  }
  return `unknown part type ${part.type}`;
}

/** Why a chat request is refused, or null. */
export function chatRequestProblem(body: unknown): string | null {
  if (!isObject(body)) return "the body must be a JSON object";
  if (typeof body.model !== "string" || body.model.length === 0) return "model is required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages must be a non-empty array";
  for (const [i, m] of body.messages.entries()) {
    if (!isObject(m) || typeof m.role !== "string" || !ROLES.has(m.role)) return `messages[${i}].role is invalid`;
    const content = m.content;
    const hasToolCalls = Array.isArray(m.tool_calls) && m.tool_calls.length > 0;
    const contentOk =
      typeof content === "string" ||
      (Array.isArray(content) && content.every((p) => partProblem(p, m.role as string) === null)) ||
      (m.role === "assistant" && (content === null || content === undefined) && hasToolCalls);
    if (!contentOk) return `messages[${i}].content is invalid`;
    if (m.role === "tool" && (typeof m.tool_call_id !== "string" || !m.tool_call_id)) return `messages[${i}].tool_call_id is required`;
    if (m.tool_calls !== undefined) {
      if (m.role !== "assistant" || !Array.isArray(m.tool_calls)) return `messages[${i}].tool_calls is invalid`;
      for (const c of m.tool_calls) {
        if (!isObject(c) || typeof c.id !== "string" || c.type !== "function" || !isObject(c.function)) return `messages[${i}].tool_calls is invalid`;
        if (typeof c.function.name !== "string" || typeof c.function.arguments !== "string") return `messages[${i}].tool_calls is invalid`;
      }
    }
  }
  if (body.stream !== undefined && typeof body.stream !== "boolean") return "stream must be a boolean";
  if (body.stream_options !== undefined && body.stream !== true) return "stream_options is only allowed with stream: true";
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return "tools must be an array";
    for (const [i, t] of body.tools.entries()) {
      if (!isObject(t) || t.type !== "function" || !isObject(t.function) || typeof t.function.name !== "string" || !NAME.test(t.function.name)) {
        return `tools[${i}] is invalid`;
      }
      if (t.function.parameters !== undefined) {
        const problem = isObject(t.function.parameters) && ajv.validateSchema(t.function.parameters) ? null : `tools[${i}].function.parameters is not a JSON schema`;
        if (problem) return problem;
      }
    }
  }
  const format = body.response_format;
  if (format !== undefined) {
    if (!isObject(format) || !["text", "json_object", "json_schema"].includes(format.type as string)) return "response_format.type is invalid";
    if (format.type === "json_schema") {
      const js = format.json_schema;
      if (!isObject(js) || typeof js.name !== "string" || !NAME.test(js.name)) return "response_format.json_schema.name is invalid";
      const problem = jsonSchemaProblem(js.schema) ?? (js.strict === true ? strictSchemaProblem(js.schema) : null);
      if (problem) return problem;
    }
  }
  return null;
}

/** A rough, deterministic token count (4 characters a token). */
const tokens = (text: string): number => Math.ceil(text.length / 4);

const promptText = (body: ChatBody): string =>
  body.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? ""))).join("\n");

function defaultVectors(texts: string[]): number[][] {
  return texts.map((text) => {
    const hash = crypto.createHash("sha256").update(text).digest();
    return Array.from({ length: 8 }, (_, i) => ((hash[i] ?? 0) - 128) / 128);
  });
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const errorBody = (message: string, type = "invalid_request_error") => ({ error: { message, type, param: null, code: null } });

/** Splits a text into a few pieces, as a model streams it. */
function pieces(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export async function startOpenAiServer(scriptOrOptions: Script | OpenAiServerOptions = {}): Promise<OpenAiServer> {
  const options: OpenAiServerOptions = typeof scriptOrOptions === "function" ? { script: scriptOrOptions } : scriptOrOptions;
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [...(options.failures ?? [])];
  let chatIndex = 0;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify(errorBody(`test server: ${(err as Error).message}`, "server_error")));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? "").split("?")[0] ?? "";
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const record: RecordedRequest = { method: req.method ?? "", path, headers: req.headers, body };
    const index = requests.push(record) - 1;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    const refuse = (status: number, why: string) => {
      record.invalid = why;
      send(status, errorBody(why));
    };

    const delay = typeof options.delayMs === "function" ? options.delayMs(index) : (options.delayMs ?? 0);
    if (delay > 0) {
      const gone = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), delay);
        res.on("close", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (gone) {
        record.status = 0; // the client went away
        return;
      }
    }

    if (req.method !== "POST") return refuse(405, "only POST");
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(400, "content-type must be application/json");
    if (body === undefined) return refuse(400, "the body is not JSON");
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) return refuse(401, "bad API key");

    const failure = failures.shift();
    if (failure) return send(failure.status, failure.body ?? errorBody(`injected ${failure.status}`, "server_error"), failure.headers);

    if (path === "/v1/embeddings") return embeddings(body, send, refuse);
    if (path === "/v1/moderations") return moderations(body, send, refuse);
    if (path === "/v1/audio/speech") return speech(body, res, send, refuse);
    if (path !== "/v1/chat/completions") return refuse(404, `no route ${path}`);

    const problem = chatRequestProblem(body);
    if (problem) return refuse(400, problem);
    const chat = body as ChatBody;
    if (!options.script) return refuse(500, "the test gave no script");
    const answer = await options.script(chat, chatIndex++);
    if ("status" in answer) return send(answer.status, answer.body ?? errorBody(`scripted ${answer.status}`), answer.headers);

    const schema = chat.response_format?.type === "json_schema" ? chat.response_format.json_schema?.schema : undefined;
    let content: string | null = null;
    let toolCalls: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }> = [];
    let refusal: string | null = null;
    let finishReason = "stop";
    if ("json" in answer) content = JSON.stringify(answer.json);
    else if ("content" in answer && !("toolCalls" in answer)) {
      content = answer.content;
      finishReason = answer.finishReason ?? "stop";
    } else if ("toolCalls" in answer) {
      content = answer.content ?? null;
      finishReason = "tool_calls";
      toolCalls = answer.toolCalls.map((c, i) => ({
        id: c.id ?? `call_${index}_${i}`,
        type: "function" as const,
        function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
      }));
    } else if ("refusal" in answer) refusal = answer.refusal;

    if (schema && content !== null && !("unchecked" in answer && answer.unchecked)) {
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        return refuse(500, "the script's structured answer is not JSON");
      }
      const validate = ajv.compile(schema);
      if (!validate(value)) return refuse(500, `the script's structured answer breaks the schema: ${ajv.errorsText(validate.errors)}`);
    }

    const usage: Usage = answer.usage ?? {
      prompt_tokens: tokens(promptText(chat)),
      completion_tokens: tokens((content ?? refusal ?? "") + toolCalls.map((c) => c.function.arguments).join("")),
    };
    const id = `chatcmpl-${index}`;
    const created = Math.floor(Date.now() / 1000);
    const totals = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };

    if (!chat.stream) {
      return send(200, {
        id,
        object: "chat.completion",
        created,
        model: chat.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, refusal, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
            finish_reason: finishReason,
            logprobs: null,
          },
        ],
        usage: totals,
      });
    }

    record.status = 200;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: chat.model, choices, ...extra })}\n\n`);
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
    for (const piece of pieces(content ?? "")) chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    for (const [i, call] of toolCalls.entries()) {
      // Name and id first, then the arguments in two fragments, as OpenAI streams them.
      const half = Math.ceil(call.function.arguments.length / 2);
      chunk([{ index: 0, delta: { tool_calls: [{ index: i, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] }, finish_reason: null }]);
      chunk([{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: call.function.arguments.slice(0, half) } }] }, finish_reason: null }]);
      chunk([{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: call.function.arguments.slice(half) } }] }, finish_reason: null }]);
    }
    if (refusal) chunk([{ index: 0, delta: { refusal }, finish_reason: null }]);
    chunk([{ index: 0, delta: {}, finish_reason: finishReason }]);
    if (chat.stream_options?.include_usage) chunk([], { usage: totals });
    res.end("data: [DONE]\n\n");
  }

  function embeddings(
    body: unknown,
    send: (status: number, payload: unknown) => void,
    refuse: (status: number, why: string) => void,
  ): void {
    if (!isObject(body)) return refuse(400, "the body must be a JSON object");
    if (typeof body.model !== "string" || !body.model) return refuse(400, "model is required");
    const input = typeof body.input === "string" ? [body.input] : body.input;
    if (!Array.isArray(input) || input.length === 0 || !input.every((t) => typeof t === "string" && t.length > 0)) {
      return refuse(400, "input must be a non-empty string or array of non-empty strings");
    }
    if (body.encoding_format !== undefined && body.encoding_format !== "float") return refuse(400, "this test server only speaks encoding_format float");
    const vectors = (options.embed ?? defaultVectors)(input as string[]);
    const promptTokens = (input as string[]).reduce((sum, t) => sum + tokens(t), 0);
    send(200, {
      object: "list",
      model: body.model,
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    });
  }

  /** OpenAI's speech endpoint: model, voice and input (at most 4096 characters) required; the MP3's bytes. */
  async function speech(body: unknown, res: http.ServerResponse, send: (status: number, payload: unknown) => void, refuse: (status: number, why: string) => void): Promise<void> {
    if (!isObject(body)) return refuse(400, "the body must be a JSON object");
    if (typeof body.model !== "string" || !body.model) return refuse(400, "model is required");
    if (typeof body.voice !== "string" || !body.voice) return refuse(400, "voice is required");
    if (typeof body.input !== "string" || body.input.length === 0 || body.input.length > 4096) return refuse(400, "input must be 1 to 4096 characters");
    if (body.response_format !== undefined && body.response_format !== "mp3") return refuse(400, "this test server only speaks mp3");
    const audio = await (options.speech ?? ((input: string) => toneMp3(Math.min(8, input.length * 0.06))))(body.input);
    if (!Buffer.isBuffer(audio)) return send(audio.status, errorBody(`scripted ${audio.status}`, "server_error"));
    res.writeHead(200, { "content-type": "audio/mpeg", "content-length": audio.length });
    res.end(audio);
  }

  /** OpenAI's moderation shape: one result per text, every category present with a boolean and a score. */
  function moderations(body: unknown, send: (status: number, payload: unknown) => void, refuse: (status: number, why: string) => void): void {
    if (!isObject(body)) return refuse(400, "the body must be a JSON object");
    if (typeof body.model !== "string" || !body.model) return refuse(400, "model is required");
    const input = typeof body.input === "string" ? [body.input] : body.input;
    if (!Array.isArray(input) || input.length === 0 || !input.every((t) => typeof t === "string")) return refuse(400, "input must be a string or an array of strings");
    const names = ["harassment", "harassment/threatening", "hate", "hate/threatening", "illicit", "illicit/violent", "self-harm", "self-harm/instructions", "self-harm/intent", "sexual", "sexual/minors", "violence", "violence/graphic"];
    send(200, {
      id: `modr-${crypto.randomBytes(6).toString("hex")}`,
      model: body.model,
      results: (input as string[]).map((text) => {
        const hits = new Set(options.moderate?.(text) ?? []);
        return {
          flagged: hits.size > 0,
          categories: Object.fromEntries(names.map((n) => [n, hits.has(n)])),
          category_scores: Object.fromEntries(names.map((n) => [n, hits.has(n) ? 0.97 : 0.001])),
          category_applied_input_types: Object.fromEntries(names.map((n) => [n, ["text"]])),
        };
      }),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failures,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
