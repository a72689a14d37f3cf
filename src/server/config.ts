import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

/** Every environment variable the server reads, parsed once, with defaults that need no configuration. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the SPA, used in e-mailed links and SSO redirects. Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** PostgreSQL connection string; when unset, an embedded PGlite database lives in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** HMAC secret for access tokens; when unset one is generated and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * After a refresh token is rotated, another use of it within this many seconds (a second tab, a
   * retry after a lost answer) gets the same new pair; later, it revokes the sign-in (ADR 0002).
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Aula <no-reply@aula.local>"),
  /** Seed the demo editions, school, people and classes on first start. */
  SEED_DEMO: bool.default(true),
  /** Serve the production client build from this folder (SPA fallback). */
  CLIENT_DIST: z.string().default("./dist/client"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Sign-in and password endpoints: attempts per minute per client address. A whole class signs
   * in at once from one school address, so the default leaves room for that.
   */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): unset trusts none,
   * a number trusts that many hops, otherwise a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z.string().optional(),
  /** More origins allowed to frame the app (CSP frame-ancestors), comma-separated; e.g. a test host. */
  EXTRA_FRAME_ANCESTORS: z.string().optional(),
  /** Edition served when the request's host matches none (slug). */
  DEFAULT_EDITION: z.string().default("aula"),
  /** Teams SSO: client id of the Entra app registration the tab's SSO token is issued for; unset turns Teams SSO off (404). */
  TEAMS_APP_CLIENT_ID: z.string().optional(),
  /** Teams SSO: the Application ID URI, api://<tab domain>/<client id>; accepted as a second audience (v1 tokens). */
  TEAMS_APP_ID_URI: z.string().optional(),
  /** Teams SSO: the key set that signs Entra tokens. */
  TEAMS_JWKS_URL: z.string().url().default("https://login.microsoftonline.com/common/discovery/v2.0/keys"),
  /**
   * Teams SSO: comma-separated issuer templates; `{tid}` is replaced by the token's own tenant id,
   * so a token issued for one tenant can never claim another. Default: the Entra v2 and v1 issuers.
   */
  TEAMS_ALLOWED_ISSUERS: z.string().optional(),
  /** Teams SSO: comma-separated Entra tenant ids allowed to sign in; default any tenant mapped to an edition. */
  TEAMS_ALLOWED_TENANTS: z.string().optional(),
  /** What this process runs: "web" (HTTP + realtime), "worker" (scheduled jobs), or both (default). `--services=` on the command line wins. */
  SERVICES: z
    .string()
    .default("web,worker")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(["web", "worker"])).min(1)),
  /** How often the worker looks for due jobs (scheduled publication). */
  JOB_INTERVAL_MS: z.coerce.number().int().min(50).default(15_000),
  /** The AI layer (ADR 0037): "local" (default, no language model, no network) or "openai" (any OpenAI-compatible server). */
  AI_PROVIDER: z.enum(["local", "openai"]).default("local"),
  /** openai: the server's API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  AI_BASE_URL: z.string().url().optional(),
  /** openai: the API key, sent as a bearer token; optional (Ollama, a local vLLM need none). Never logged. */
  AI_API_KEY: z.string().optional(),
  /** openai: the chat model (for Azure OpenAI, the deployment name). */
  AI_MODEL: z.string().optional(),
  /** openai: the embeddings model; unset, embeddings are unavailable. */
  AI_EMBEDDING_MODEL: z.string().optional(),
  /** openai: the server's moderation model (POST /moderations, e.g. omni-moderation-latest); unset, the word list alone checks what models write. */
  AI_MODERATION_MODEL: z.string().optional(),
  /** Each AI call's deadline, retries included. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  /** Retries after a 429, a 5xx or a network error (with backoff and jitter). */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Tokens (input + output) each tenant may spend per UTC day; 0: no limit. */
  AI_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(2_000_000),
  /** Runs of each teacher tool a user may start per hour (ADR 0039), whatever the provider. */
  AI_TOOLS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Questions a user may ask the assistant per hour (ADR 0041), whatever the provider. */
  AI_CHAT_MESSAGES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  AI_SPEECH_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(240),
  /** openai: the chat model reads images (gpt-4o, llava...): the assistant describes an attached image. Unset or false: it says it cannot. */
  AI_VISION: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** openai: the server's text-to-speech model (POST /audio/speech, e.g. gpt-4o-mini-tts, tts-1); unset, read-aloud is eSpeak NG's (ADR 0042). */
  AI_TTS_MODEL: z.string().optional(),
  /** openai: the text-to-speech voice. */
  AI_TTS_VOICE: z.string().min(1).max(40).default("alloy"),
  /** The assistant's web search (ADR 0044): "none" (default) or "searxng" (a SearXNG instance's JSON API at SEARCH_URL). */
  SEARCH_PROVIDER: z.enum(["none", "searxng"]).default("none"),
  /** searxng: the instance's root, e.g. http://localhost:8888 (its `json` format must be enabled). */
  SEARCH_URL: z.string().url().optional(),
  /** A web search's deadline; past it the answer goes on without the web. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /**
   * The editions' external chat tools (spec §2 full-screen modal; ADR 0044), as JSON:
   * `{"aula":{"title":"Tutor Aula","url":"https://chat.example.com/"}}`. Each opens in a frame from
   * the assistant's panel; its origin is added to the page's frame-src.
   */
  ASSISTANT_CHAT_TOOLS: z.string().optional(),
});

const ChatToolSchema = z.object({
  title: z.string().trim().min(1).max(60),
  url: z
    .string()
    .url()
    .refine((u) => {
      const url = new URL(u);
      return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
    }, "an https address (http only on loopback)"),
});
const ChatToolsSchema = z.record(z.string(), ChatToolSchema);

/** ASSISTANT_CHAT_TOOLS read and checked: a bad value stops the start with the reason. */
function parseChatTools(value: string | undefined): Record<string, { title: string; url: string }> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error("ASSISTANT_CHAT_TOOLS must be JSON: {\"<edition>\":{\"title\":\"…\",\"url\":\"https://…\"}}");
  }
  const parsed = ChatToolsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`ASSISTANT_CHAT_TOOLS is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  refreshReuseGraceSeconds: number;
  resetTokenTtlMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  clientDist: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  authRateLimitPerMinute: number;
  defaultEdition: string;
  trustProxy: TrustProxy;
  extraFrameAncestors: string[];
  teamsSso: TeamsSsoConfig;
  services: ("web" | "worker")[];
  jobIntervalMs: number;
  ai: AiConfig;
  /** Each edition's (slug's) external chat tool, opened in a frame from the assistant's panel. */
  assistantChatTools: Record<string, { title: string; url: string }>;
};

/** The AI layer's settings (ADR 0037). */
export type AiConfig = {
  provider: "local" | "openai";
  /** openai only: the API root, the key (undefined: none sent), the chat and embeddings models. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  embeddingModel: string | undefined;
  moderationModel: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  /** Tokens per tenant per UTC day; 0: no limit. */
  dailyTokenBudget: number;
  /** Runs of each teacher tool per user per hour. */
  toolsPerUserPerHour: number;
  /** Questions to the assistant per user per hour. */
  chatMessagesPerUserPerHour: number;
  /** Read-aloud requests a user may make in an hour (cached ones included). */
  speechPerUserPerHour: number;
  /** openai only: the chat model takes images. */
  vision: boolean;
  /** openai only: the text-to-speech model and voice; no model, no provider speech. */
  ttsModel: string | undefined;
  ttsVoice: string;
  /** The assistant's web search (ADR 0044); provider "none": users cannot turn it on. */
  webSearch: { provider: "none" | "searxng"; url: string | undefined; timeoutMs: number };
};

export type TeamsSsoConfig = {
  /** Unset: Teams SSO is off. */
  clientId: string | undefined;
  appIdUri: string | undefined;
  jwksUrl: string;
  /** Issuer templates with `{tid}`. */
  issuers: string[];
  /** Undefined: every Entra tenant mapped to an edition. */
  allowedTenants: string[] | undefined;
};

/** Entra's v2 and v1 token issuers; `{tid}` is the token's own tenant id. */
export const DEFAULT_TEAMS_ISSUERS = ["https://login.microsoftonline.com/{tid}/v2.0", "https://sts.windows.net/{tid}/"];

const list = (value: string | undefined): string[] | undefined => {
  const items = value?.split(",").map((v) => v.trim()).filter(Boolean) ?? [];
  return items.length > 0 ? items : undefined;
};

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Never `true`: trusting every X-Forwarded-For would let anyone pick their own address. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    // Trust the first N hops in front of us, as proxy-addr counts them.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(",").map((v) => v.trim()).filter(Boolean);
}

/** The openai provider cannot start without a server and a model: say so at startup, not at the first call. */
export function checkAiConfig(ai: AiConfig): void {
  if (ai.webSearch.provider === "searxng" && !ai.webSearch.url) throw new Error("SEARCH_PROVIDER=searxng needs SEARCH_URL (the SearXNG instance's root, e.g. http://localhost:8888)");
  if (ai.provider !== "openai") return;
  const missing = [ai.baseUrl ? null : "AI_BASE_URL", ai.model ? null : "AI_MODEL"].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `AI_PROVIDER=openai needs ${missing.join(" and ")} (e.g. AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.1 for Ollama; AI_API_KEY is optional)`,
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const e = EnvSchema.parse(clean);
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    clientDist: path.resolve(e.CLIENT_DIST),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    defaultEdition: e.DEFAULT_EDITION,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    teamsSso: {
      clientId: e.TEAMS_APP_CLIENT_ID,
      appIdUri: e.TEAMS_APP_ID_URI,
      jwksUrl: e.TEAMS_JWKS_URL,
      issuers: list(e.TEAMS_ALLOWED_ISSUERS) ?? DEFAULT_TEAMS_ISSUERS,
      allowedTenants: list(e.TEAMS_ALLOWED_TENANTS)?.map((t) => t.toLowerCase()),
    },
    services: e.SERVICES,
    jobIntervalMs: e.JOB_INTERVAL_MS,
    extraFrameAncestors: (e.EXTRA_FRAME_ANCESTORS ?? "").split(",").map((v) => v.trim()).filter(Boolean),
    assistantChatTools: parseChatTools(e.ASSISTANT_CHAT_TOOLS),
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      embeddingModel: e.AI_EMBEDDING_MODEL,
      moderationModel: e.AI_MODERATION_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      dailyTokenBudget: e.AI_DAILY_TOKEN_BUDGET,
      toolsPerUserPerHour: e.AI_TOOLS_PER_USER_PER_HOUR,
      chatMessagesPerUserPerHour: e.AI_CHAT_MESSAGES_PER_USER_PER_HOUR,
      speechPerUserPerHour: e.AI_SPEECH_PER_USER_PER_HOUR,
      vision: e.AI_VISION,
      ttsModel: e.AI_TTS_MODEL,
      ttsVoice: e.AI_TTS_VOICE,
      webSearch: { provider: e.SEARCH_PROVIDER, url: e.SEARCH_URL, timeoutMs: e.SEARCH_TIMEOUT_MS },
    },
    ...overrides,
  };
  checkAiConfig(config.ai);
  return config;
}
