import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CHAT_IMAGE_LIMITS,
  CHAT_LIMITS,
  ChatImageResponseSchema,
  ChatQuestionSchema,
  ChatSettingsResponseSchema,
  ChatSettingsUpdateSchema,
  ChatSpeechAudioSchema,
  ChatSpeechSchema,
  ConversationCreateSchema,
  ConversationDetailResponseSchema,
  ConversationListQuerySchema,
  ConversationListResponseSchema,
  ConversationRenameSchema,
  ConversationResponseSchema,
  chatModeOf,
  type ChatContext,
  type ChatStreamEvent,
} from "../../../contracts/chatbot";
import multipart from "@fastify/multipart";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBodySchema, GuidParamsSchema } from "../../../contracts/common";
import { readSingleFile } from "../../platform/uploads";
import { extensionOf } from "../contents/mime";
import { attachImage, imageOfGrant, imageParts, imageTypeNotAllowed, imageView, loadUnsentImage, removeConversationImages, storeImage } from "./images";
import { languageOr } from "../../../contracts/constants";
import { moderationCategories } from "../../ai/moderation";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { perUserPerHour } from "../../platform/rate-limits";
import { AppError } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { loadCourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { answerQuestion } from "./answer";
import { registerChatbotListeners } from "./listeners";
import { embeddingModelOf } from "./vectors";
import { providerSynth, SPEECH_MIME, speechFor, voiceOf } from "./speech";
import { speakableText } from "./speech-text";
import { detectLanguage } from "../teacher-tools/language";
import {
  addMessage,
  assertChatbotEnabled,
  conversationView,
  createConversation,
  deleteConversation,
  listConversations,
  listMessages,
  loadConversation,
  loadSettings,
  saveSettings,
  messageView,
  renameConversation,
} from "./service";

const tags = ["chatbot"];
const security = [{ bearer: [] }];

/**
 * The AI assistant (issue 17, ADR 0041; spec §1 AI chat assistant): a user's conversations and
 * their questions, each answered as a stream of server-sent events. Only users with the chatbot
 * flag in an edition that has the assistant (403 CHATBOT_DISABLED otherwise).
 */
export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  registerChatbotListeners(app.ctx);
  // Vector search when the provider embeds (ADR 0045).
  const embeddingModel = embeddingModelOf(app.ctx.ai, app.ctx.config.ai.embeddingModel, app.ctx.database);
  const semantic = embeddingModel ? { database: app.ctx.database, ai: app.ctx.ai, model: embeddingModel } : null;

  const allowed = async (request: FastifyRequest): Promise<AccessClaims & { locale: string; country: string; edition: string }> => {
    const caller = authOf(request);
    return { ...caller, ...(await assertChatbotEnabled(db(), caller)) };
  };

  app.get(
    "/chatbot/conversations",
    { onRequest: app.authenticate, schema: { tags, summary: "The caller's conversations, the latest first", security, querystring: ConversationListQuerySchema, response: { 200: ConversationListResponseSchema, ...errors(400, 401, 403) } } },
    async (request) => {
      const caller = await allowed(request);
      const { rows, total } = await listConversations(db(), caller, request.query);
      return success({ items: rows.map(conversationView), total, offset: request.query.offset, pageSize: request.query.pageSize });
    },
  );

  app.post(
    "/chatbot/conversations",
    { onRequest: app.authenticate, schema: { tags, summary: "A new conversation (spec: new chat)", security, body: ConversationCreateSchema, response: { 201: ConversationResponseSchema, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const caller = await allowed(request);
      const row = await createConversation(db(), caller, request.body.title);
      return reply.code(201).send(success(conversationView(row)));
    },
  );

  app.get(
    "/chatbot/conversations/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "A conversation of the caller's and its messages, oldest first", security, params: GuidParamsSchema, response: { 200: ConversationDetailResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await allowed(request);
      const conversation = await loadConversation(db(), caller, request.params.guid);
      const messages = await listMessages(db(), conversation.id);
      return success({ conversation: conversationView(conversation), messages: messages.map((m) => messageView(m, app.ctx.files)) });
    },
  );

  app.patch(
    "/chatbot/conversations/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "Renames a conversation", security, params: GuidParamsSchema, body: ConversationRenameSchema, response: { 200: ConversationResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await allowed(request);
      const conversation = await loadConversation(db(), caller, request.params.guid);
      return success(conversationView(await renameConversation(db(), conversation, request.body.title)));
    },
  );

  app.delete(
    "/chatbot/conversations/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "Deletes a conversation and its messages", security, params: GuidParamsSchema, response: { ...noContent, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const caller = await allowed(request);
      const conversation = await loadConversation(db(), caller, request.params.guid);
      await removeConversationImages(db(), app.ctx.storage, conversation.id);
      await deleteConversation(db(), conversation);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/chatbot/settings",
    { onRequest: app.authenticate, schema: { tags, summary: "The caller's assistant settings (web search) and what this server can do (web search, reading images), with the reasons", security, response: { 200: ChatSettingsResponseSchema, ...errors(401, 403) } } },
    async (request) => success(await loadSettings(db(), await allowed(request), app.ctx)),
  );

  app.put(
    "/chatbot/settings",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Changes the caller's assistant settings: web search on (only with a search provider: 409 WEB_SEARCH_UNAVAILABLE) or off",
        security,
        body: ChatSettingsUpdateSchema,
        response: { 200: ChatSettingsResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => success(await saveSettings(db(), await allowed(request), request.body, app.ctx, app.ctx.clock.now())),
  );

  // The attached image, at the signed address its owner's answer gave (an <img> sends no bearer token).
  app.get<{ Params: { grant: string } }>("/chatbot/images/:grant", { schema: { hide: true } }, async (request, reply) => {
    const image = await imageOfGrant(db(), app.ctx.files, request.params.grant);
    const size = image ? await app.ctx.storage.size(image.storageKey) : null;
    if (!image || size === null) return reply.status(404).header("content-type", "text/plain; charset=utf-8").header("cache-control", "no-store").send("Not found.");
    return reply
      .header("content-type", image.mimeType)
      .header("content-length", size)
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "same-site")
      .send(app.ctx.storage.stream(image.storageKey));
  });

  // Multipart parsing exists only in this scope, for the upload.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: CHAT_IMAGE_LIMITS.maxBytes + 1024, files: 1, fields: 1, parts: 2 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/chatbot/images",
      {
        onRequest: app.authenticate,
        // As many images as questions a user may ask in an hour.
        config: perUserPerHour("chatbot-images", app.ctx.config.ai.chatMessagesPerUserPerHour),
        schema: {
          tags,
          summary: "Attaches an image to the caller's next question (multipart: file): PNG, JPEG, WebP or GIF by its bytes, at most 5 MB and 40 megapixels",
          security,
          consumes: ["multipart/form-data"],
          response: { 201: ChatImageResponseSchema, ...errors(400, 401, 403, 429), 413: ErrorBodySchema, 415: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const caller = await allowed(request);
        const file = await readSingleFile(request, CHAT_IMAGE_LIMITS.maxBytes, (name) => {
          if (!(CHAT_IMAGE_LIMITS.extensions as readonly string[]).includes(extensionOf(name))) throw imageTypeNotAllowed();
        });
        const row = await storeImage(db(), app.ctx.storage, caller, file, app.ctx.clock.now());
        return reply.status(201).send(success(imageView(app.ctx.files, imageParts(row))));
      },
    );
  });

  app.post(
    "/chatbot/speech",
    {
      onRequest: app.authenticate,
      config: perUserPerHour("chatbot-speech", app.ctx.config.ai.speechPerUserPerHour),
      schema: {
        tags,
        summary: "A message's text read aloud (spec getTextAudio): audio/mpeg, in the message's language, by the model server's speech when AI_TTS_MODEL is set, else synthesised offline with eSpeak NG; cached by the text's hash",
        security,
        body: ChatSpeechSchema,
        produces: [SPEECH_MIME],
        response: { 200: ChatSpeechAudioSchema, ...errors(400, 401, 403, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const caller = await allowed(request);
      const raw = request.body.text;
      if (raw.trim() === "") throw new AppError(422, "TTS_NO_TEXT", "No text to play");
      if (raw.length > CHAT_LIMITS.ttsMaxChars) throw new AppError(422, "TTS_TEXT_TOO_LONG", `Text is too long (max ${CHAT_LIMITS.ttsMaxChars} characters)`, { max: CHAT_LIMITS.ttsMaxChars });
      const text = speakableText(raw);
      if (text === "") throw new AppError(422, "TTS_NO_TEXT", "No text to play");
      const language = request.body.language ?? detectLanguage(text, languageOr(caller.locale)).language;
      const voice = voiceOf(language, caller.country);
      // The model server's speech when it has a text-to-speech model (ADR 0042), eSpeak NG otherwise or when it fails.
      const { ai } = app.ctx;
      const tts = app.ctx.config.ai.ttsModel;
      let speech;
      let engine = "espeak-ng";
      if (ai.speak && tts) {
        try {
          speech = await speechFor(app.ctx.storage, text, voice, providerSynth(ai.speak.bind(ai), tts, app.ctx.config.ai.ttsVoice, { tenantId: caller.tenantId }));
          engine = "provider";
        } catch (err) {
          request.log.warn({ err: err instanceof Error ? err.message : String(err), chars: text.length }, "provider speech failed: eSpeak NG reads it");
        }
      }
      try {
        speech ??= await speechFor(app.ctx.storage, text, voice);
      } catch (err) {
        request.log.error({ err, voice, chars: text.length }, "speech synthesis failed");
        throw new AppError(503, "TTS_FAILED", "Failed to load audio");
      }
      if (!speech.cached) request.log.info({ voice, chars: text.length, seconds: speech.seconds, bytes: speech.audio.length }, "speech synthesised");
      return reply
        .header("content-type", SPEECH_MIME)
        .header("content-language", language)
        .header("cache-control", "private, max-age=86400")
        .header("x-speech-cache", speech.cached ? "hit" : "miss")
        .header("x-speech-engine", engine)
        // A Buffer is sent as it is (Fastify skips the serialiser); the schema's type is the document's.
        .send(speech.audio as unknown as string);
    },
  );

  /** The page's class and lesson, kept only when the caller is a member of that class (otherwise the question has no context). */
  const checkedContext = async (caller: AccessClaims, context: ChatContext | undefined): Promise<ChatContext | undefined> => {
    if (!context) return undefined;
    const own = { ...context, userGuid: caller.userId };
    if (!own.courseGuid) return { userGuid: own.userGuid, currentPage: own.currentPage, timestamp: own.timestamp };
    try {
      await loadCourseAccess(db(), caller, own.courseGuid);
      return own;
    } catch {
      return { userGuid: own.userGuid, currentPage: own.currentPage, timestamp: own.timestamp };
    }
  };

  app.post(
    "/chatbot/conversations/:guid/messages",
    {
      onRequest: app.authenticate,
      config: perUserPerHour("chatbot", app.ctx.config.ai.chatMessagesPerUserPerHour),
      schema: {
        tags,
        summary:
          "Asks the assistant: answers text/event-stream events (question, step, text, sources, card, then done or error), grounded in the contents the caller may read",
        security,
        params: GuidParamsSchema,
        body: ChatQuestionSchema,
        response: errors(400, 401, 403, 404, 422, 429),
      },
    },
    async (request, reply) => {
      const caller = await allowed(request);
      const conversation = await loadConversation(db(), caller, request.params.guid);
      const { text, imageGuid } = request.body;
      const blocked = moderationCategories([text]);
      if (blocked.length > 0) throw new AppError(422, "CHAT_INPUT_BLOCKED", "The message did not pass moderation for a school", { categories: blocked });
      const image = imageGuid ? await loadUnsentImage(db(), caller, imageGuid) : null;
      const settings = await loadSettings(db(), caller, app.ctx);
      const context = await checkedContext(caller, request.body.context);
      const mode = chatModeOf(context?.currentPage ?? "");
      const language = languageOr(caller.locale);
      const history = (await listMessages(db(), conversation.id)).filter((m) => m.status === "complete").map((m) => ({ role: m.role === "user" ? ("user" as const) : ("assistant" as const), text: m.text }));
      if (image) await attachImage(db(), image, conversation.id);
      const question = await addMessage(db(), conversation, { role: "user", text, mode, status: "complete", parts: { ...(context ? { context } : {}), ...(image ? { image: imageParts(image) } : {}) } });
      await streamAnswer(reply, async (emit, signal) => {
        emit({ type: "question", message: messageView(question, app.ctx.files) });
        let written = "";
        const tracked = (event: ChatStreamEvent) => {
          if (event.type === "text") written += event.delta;
          emit(event);
        };
        try {
          const result = await answerQuestion(
            {
              db: db(),
              ai: app.ctx.ai,
              caller,
              language,
              question: text,
              context,
              mode,
              history,
              signal,
              now: app.ctx.clock.now(),
              image: image ? { mimeType: image.mimeType, read: () => app.ctx.storage.read(image.storageKey) } : undefined,
              webSearch: settings.webSearch ? (app.ctx.webSearch ?? undefined) : undefined,
              semantic: semantic ?? undefined,
            },
            tracked,
          );
          const parts = { kind: result.kind, guarded: result.guarded, sources: result.sources, cards: result.cards, ...(result.imageUnread ? { imageUnread: result.imageUnread } : {}) };
          const row = await addMessage(db(), conversation, { role: "assistant", text: result.text, mode, status: "complete", parts });
          emit({ type: "done", message: messageView(row, app.ctx.files) });
        } catch (err) {
          if (signal.aborted) {
            // The user went away: what was written is kept, marked as stopped.
            await addMessage(db(), conversation, { role: "assistant", text: written, mode, status: "stopped", parts: {} });
            return;
          }
          const key = err instanceof AppError ? err.key : "INTERNAL_ERROR";
          if (!(err instanceof AppError)) request.log.error({ err }, "assistant answer failed");
          else request.log.warn({ key, details: err.details }, "assistant answer refused");
          await addMessage(db(), conversation, { role: "assistant", text: "", mode, status: "error", parts: { errorKey: key } });
          emit({ type: "error", key, message: err instanceof AppError ? err.message : "An error occurred. Please try again." });
        }
      });
    },
  );
};

/**
 * Answers with `text/event-stream`: each event as `event: <type>` and `data: <json>`. The headers
 * Fastify's hooks set so far (security headers, CORS) go out with it. `signal` aborts when the
 * client goes away before the end.
 */
async function streamAnswer(reply: FastifyReply, run: (emit: (event: ChatStreamEvent) => void, signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  raw.on("close", () => {
    if (!raw.writableEnded) controller.abort(new Error("client went away"));
  });
  const emit = (event: ChatStreamEvent) => {
    if (raw.writableEnded || raw.destroyed) return;
    raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  try {
    await run(emit, controller.signal);
  } finally {
    if (!raw.writableEnded) raw.end();
  }
}
