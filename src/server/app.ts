import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type http from "node:http";
import path from "node:path";
import { APP_VERSION } from "../contracts/common";
import { createAi } from "./ai";
import type { AiProvider } from "./ai/types";
import type { AiUsageLedger } from "./ai/usage";
import type { Config } from "./config";
import { openDatabase, type Database, type Db } from "./db/client";
import { seedDemo } from "./db/seed";
import { registerModules } from "./modules";
import { bootDataSource } from "./modules/organization/boot-data";
import { registerContentFiles } from "./modules/contents/files-routes";
import { startJobs } from "./jobs";
import { attachRealtime } from "./realtime";
import { authPlugin } from "./platform/auth";
import { registerClientStatic } from "./platform/client-static";
import { registerErrorHandler } from "./platform/error-handler";
import { BackgroundTasks, type Background } from "./platform/background";
import { systemClock, type Clock } from "./platform/clock";
import { EventBus } from "./platform/events";
import { registerInputRule } from "./platform/input";
import { createLoginThrottle, type LoginThrottle } from "./platform/login-throttle";
import { createMailer, type Mailer } from "./platform/mailer";
import { registerSecurityHeaders } from "./platform/security";
import { createStorage, FileSigner, type Storage } from "./platform/storage";
import { registerAssessmentFiles } from "./modules/assessments/files-routes";
import { AccessTokens, resolveJwtSecret } from "./platform/tokens";
import { createWebSearch, type WebSearch } from "./ai/web-search";

/** Everything a module's service needs, built once per app. */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  tokens: AccessTokens;
  mailer: Mailer;
  events: EventBus;
  /** Uploaded files and unpacked packages. */
  storage: Storage;
  /** Signed /content-files/ addresses. */
  files: FileSigner;
  startedAt: Date;
  /** The SPA's public origin, for links in mails and SSO redirects. */
  publicUrl: string;
  /** The time for rules that depend on it (refresh grace window, sign-in delays); tests move it. */
  clock: Clock;
  /** Work started by a request but not awaited by it (mail, lookups an answer must not wait for). */
  background: Background;
  /** Failed sign-ins per account (Redis when configured). */
  loginThrottle: LoginThrottle;
  /** The AI provider (ADR 0037): `local` (no language model) unless AI_PROVIDER=openai. */
  ai: AiProvider;
  /** AI tokens per tenant, UTC day and purpose, and the daily budget. */
  aiUsage: AiUsageLedger;
  /** The assistant's web search (ADR 0044); null: SEARCH_PROVIDER=none. */
  webSearch: WebSearch | null;
};

/**
 * Never logged, whoever logs an object holding them: the AI key (config, env) and credentials in
 * request headers. Fastify's request serializer leaves headers out; these catch an explicit log.
 */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  "authorization",
  "apiKey",
  "AI_API_KEY",
  "*.apiKey",
  "*.AI_API_KEY",
  "config.ai.apiKey",
  "ctx.config.ai.apiKey",
];

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildOptions = {
  /** An already-open database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  mailer?: Mailer;
  storage?: Storage;
  clock?: Clock;
  background?: Background;
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<http.Server> = {
    logger: config.logLevel === "silent" ? false : { level: config.logLevel, redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") }));
  if (!opts.database) app.addHook("onClose", () => database.close());
  const storage = opts.storage ?? createStorage(config.dataDir);
  if (config.seedDemo) await seedDemo(database.db, storage);

  const publicUrl = config.publicUrl ?? `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = new AccessTokens(secret, config.accessTokenTtlSeconds);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook("onClose", async () => void redis.quit());
  const background = opts.background ?? new BackgroundTasks(app.log);
  // Registered after the Redis hook, so it runs first (onClose runs in reverse): pending mail goes out before shutdown.
  app.addHook("onClose", () => background.settled());
  const clock = opts.clock ?? systemClock;
  const ai = createAi(config.ai, { db: database.db, clock, log: app.log.child({ module: "ai" }) });
  app.decorate("ctx", {
    config,
    db: database.db,
    database,
    tokens,
    mailer,
    events: new EventBus(),
    storage,
    files: new FileSigner(secret),
    startedAt: new Date(),
    publicUrl,
    clock,
    background,
    loginThrottle: createLoginThrottle(redis),
    ai: ai.provider,
    aiUsage: ai.usage,
    webSearch: createWebSearch(config.ai.webSearch, app.log.child({ module: "web-search" })),
  } satisfies AppContext);

  await registerSecurityHeaders(app, {
    publicUrl,
    extraFrameAncestors: config.extraFrameAncestors,
    extraFrameSources: [...new Set(Object.values(config.assistantChatTools).map((tool) => new URL(tool.url).origin))],
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: "aula-rl:" } : {}) });
  await app.register(authPlugin, { tokens });

  await app.register(swagger, {
    openapi: {
      info: { title: "Aula front office API", version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const spaFallback = await registerClientStatic(app, config.clientDist, bootDataSource(app.ctx));
  registerErrorHandler(app, { spaFallback });
  // Before every route: NUL and lone surrogates become U+FFFD, bodies nest at most 32 deep (ADR 0019).
  registerInputRule(app);
  await app.register(registerModules, { prefix: "/api" });
  await registerContentFiles(app);
  await registerAssessmentFiles(app);
  await attachRealtime(app);
  if (config.services.includes("worker")) startJobs(app);
  return app;
}
