import {
  CHAT_ANSWER_KINDS,
  CHAT_IMAGE_UNREAD_REASONS,
  CHAT_LIMITS,
  CHAT_MESSAGE_STATUSES,
  CHAT_MODES,
  CHAT_WEB_SEARCH_REASONS,
  type ChatImageView,
  type ChatMessageView,
  type ChatSettings,
  type ConversationView,
} from "./chatbot-base";
import { ALERT_TYPES } from "./analytics-base";
import { GuidSchema, INPUT_LIMITS, LanguageSchema, pageOf, successOf } from "./common";
import { TeacherToolSchema } from "./teacher-tools";
import { TOOL_CATEGORIES } from "./teacher-tools-base";
import * as z from "./zod";

export * from "./chatbot-base";

/*
 * The AI assistant's calls (issue 17, ADR 0041): conversations (list, create, read, rename,
 * delete) and a question, answered as a stream of events (chatbot-base ChatStreamEvent).
 */

const short = z.string().max(INPUT_LIMITS.name);

/** Spec §3 chatbot context. The server checks the class and lesson against the caller before reading them. */
export const ChatContextSchema = z.object({
  userGuid: GuidSchema,
  currentPage: z.string().max(2048),
  timestamp: z.string().max(64),
  lessonGuid: GuidSchema.optional(),
  lessonTitle: short.optional(),
  courseGuid: GuidSchema.optional(),
  courseName: short.optional(),
  unitGuid: GuidSchema.optional(),
  unitName: short.optional(),
});

/** POST /api/chatbot/conversations/{guid}/messages */
export const ChatQuestionSchema = z
  .object({
    /** The question; it may be empty when an image is attached. */
    text: z.string().trim().max(CHAT_LIMITS.messageMaxChars),
    context: ChatContextSchema.optional(),
    /** An image the user attached (POST /api/chatbot/images) and has not sent with another question. */
    imageGuid: GuidSchema.optional(),
  })
  .refine((q) => q.text !== "" || q.imageGuid !== undefined, { path: ["text"], message: "Write a question or attach an image" });
export type ChatQuestion = z.infer<typeof ChatQuestionSchema>;

export const ChatSourceSchema = z.object({
  n: z.number().int(),
  origin: z.enum(["course", "web"]),
  contentGuid: GuidSchema.nullable(),
  title: z.string(),
  courseGuid: GuidSchema.nullable(),
  lessonGuid: GuidSchema.nullable(),
  lessonTitle: z.string().nullable(),
  link: z.string(),
  excerpt: z.string(),
});

const RecommendedLessonSchema = z.object({ lessonGuid: GuidSchema, title: z.string(), link: z.string(), alertReasons: z.array(z.enum(ALERT_TYPES)) });
export const ChatCardSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("recommendations"), courseGuid: GuidSchema, units: z.array(z.object({ unitGuid: GuidSchema, title: z.string(), lessons: z.array(RecommendedLessonSchema) })) }),
  z.object({ kind: z.literal("tool"), tool: TeacherToolSchema, category: z.enum(TOOL_CATEGORIES), available: z.boolean(), link: z.string() }),
  z.object({ kind: z.literal("diagram"), title: z.string(), code: z.string() }),
]);

export const ChatImageSchema: z.ZodType<ChatImageView> = z.object({ guid: GuidSchema, url: z.string(), mimeType: z.string(), width: z.number().int(), height: z.number().int() });

export const ChatMessageSchema: z.ZodType<ChatMessageView> = z.object({
  guid: GuidSchema,
  role: z.enum(["user", "assistant"]),
  text: z.string(),
  mode: z.enum(CHAT_MODES),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  kind: z.enum(CHAT_ANSWER_KINDS).nullable(),
  guarded: z.boolean(),
  sources: z.array(ChatSourceSchema),
  cards: z.array(ChatCardSchema),
  image: ChatImageSchema.nullable(),
  imageUnread: z.enum(CHAT_IMAGE_UNREAD_REASONS).nullable(),
  createdAt: z.string(),
});

export const ConversationSchema: z.ZodType<ConversationView> = z.object({ guid: GuidSchema, title: z.string(), createdAt: z.string(), updatedAt: z.string() });

export const ConversationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.historyPageSize),
});
/** GET /api/chatbot/conversations */
export const ConversationListResponseSchema = successOf(pageOf(ConversationSchema));
/** POST /api/chatbot/conversations */
export const ConversationCreateSchema = z.object({ title: z.string().trim().min(1).max(CHAT_LIMITS.titleMaxChars).optional() });
/** PATCH /api/chatbot/conversations/{guid} */
export const ConversationRenameSchema = z.object({ title: z.string().trim().min(1).max(CHAT_LIMITS.titleMaxChars) });
export const ConversationResponseSchema = successOf(ConversationSchema);
/** GET /api/chatbot/conversations/{guid}: the conversation and its messages, oldest first. */
export const ConversationDetailResponseSchema = successOf(z.object({ conversation: ConversationSchema, messages: z.array(ChatMessageSchema) }));

/** GET and PUT /api/chatbot/settings (ADR 0044). */
export const ChatSettingsSchema: z.ZodType<ChatSettings> = z.object({
  webSearch: z.boolean(),
  webSearchAvailable: z.boolean(),
  webSearchReason: z.enum(CHAT_WEB_SEARCH_REASONS).nullable(),
  imageReading: z.boolean(),
  imageReason: z.enum(CHAT_IMAGE_UNREAD_REASONS).nullable(),
  chatTool: z.object({ title: z.string(), url: z.string() }).nullable(),
});
export const ChatSettingsResponseSchema = successOf(ChatSettingsSchema);
/** PUT /api/chatbot/settings: what the user changes. */
export const ChatSettingsUpdateSchema = z.object({ webSearch: z.boolean() });

/** POST /api/chatbot/images (multipart: file): the attached image, unsent. */
export const ChatImageResponseSchema = successOf(ChatImageSchema);

/**
 * POST /api/chatbot/speech (spec §4 getTextAudio): a message's text, read aloud. The length rules
 * (spec §5/§8: none, or more than 5000 characters) answer TTS_NO_TEXT and TTS_TEXT_TOO_LONG from the
 * handler, so the bound here only stops absurd bodies. `language` is the message's when the client
 * knows it; otherwise the server tells it from the text.
 */
export const ChatSpeechSchema = z.object({
  text: z.string().max(CHAT_LIMITS.ttsMaxChars * 4),
  language: LanguageSchema.optional(),
});
/** Its answer: the MP3's bytes. */
export const ChatSpeechAudioSchema = z.string().describe("audio/mpeg (binary)");
