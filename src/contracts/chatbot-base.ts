import type { AlertType } from "./analytics-base";
import type { TeacherTool, ToolCategory } from "./teacher-tools-base";

/*
 * The AI assistant as the client sees it (issue 17, ADR 0041), without zod (ADR 0028): the spec's
 * modes, loading steps, context, limits and the shapes of conversations, messages, sources, cards
 * and the streamed answer's events. chatbot.ts builds the schemas on these and re-exports them.
 */

/** Spec §3: 'practice' on the practice page or paths starting with /activities/sessions/, otherwise 'study'. */
export const CHAT_MODES = ["study", "practice"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

export function chatModeOf(path: string): ChatMode {
  const bare = path.split(/[?#]/)[0] ?? "";
  return bare === "/chatbot-practice" || bare.startsWith("/chatbot-practice/") || bare.startsWith("/activities/sessions/") ? "practice" : "study";
}

/**
 * Spec §2: the pages the assistant is hidden on: sign-in and account pages, error, credits, terms,
 * privacy, every /ai/tools/ page and the practice summary.
 */
export function isChatHiddenOn(path: string): boolean {
  const bare = (path.split(/[?#]/)[0] ?? "").replace(/\/+$/, "") || "/";
  if (/^\/(login|signup|forgot-password|reset-password|error|credits|terms-of-use|privacy-policy)(\/|$)/.test(bare)) return true;
  if (/^\/(auth\/login|oidc\/callback|saml\/callback)(\/|$)/.test(bare)) return true;
  if (bare === "/ai/tools" || bare.startsWith("/ai/tools/")) return true;
  return /^\/activities\/sessions\/[^/]+\/summary$/.test(bare);
}

/**
 * Spec §5: formulas go between dollar signs. `$$…$$` is a displayed formula; `$…$` an inline one
 * when no space follows the opening sign nor precedes the closing one, and no digit follows it
 * ("$5 o $10" is money). The client's text renderer and the server's math share these.
 */
export const DISPLAY_FORMULA = /\$\$[\s\S]+?\$\$/;
export const INLINE_FORMULA = /\$(?=\S)(?:[^$\n]*?\S)?\$(?!\d)/;

/** Spec §2 loading-step messages, in the order an answer may go through them. */
export const CHAT_STEPS = ["thinking", "analysing", "lookingForInformation", "searchingCourseMaterials", "generatingDiagram", "creatingInteractive", "almostReady"] as const;
export type ChatStep = (typeof CHAT_STEPS)[number];

export const CHAT_LIMITS = {
  /** A question, in characters. */
  messageMaxChars: 4000,
  /** Spec §5/§8 text-to-speech limit. */
  ttsMaxChars: 5000,
  /** A conversation's title, in characters (the first question, cut). */
  titleMaxChars: 80,
  /** Passages an answer is grounded on, at most. */
  sourcesMax: 5,
  /** Conversations per page of the history. */
  historyPageSize: 20,
} as const;

/** Spec §3 chatbot context, as the client sends it with each message. */
export type ChatContext = {
  userGuid: string;
  currentPage: string;
  timestamp: string;
  lessonGuid?: string | undefined;
  lessonTitle?: string | undefined;
  courseGuid?: string | undefined;
  courseName?: string | undefined;
  unitGuid?: string | undefined;
  unitName?: string | undefined;
};

/**
 * What an answer rests on: a passage of the user's materials, as a link into the lesson (or the
 * content) it comes from; or, with web search on (ADR 0044), a web page (`origin: "web"`: no
 * content, class or lesson; `link` is the page's address and `lessonTitle` its site).
 */
export type ChatSource = {
  /** The [n] the answer cites it with, from 1. */
  n: number;
  origin: "course" | "web";
  contentGuid: string | null;
  title: string;
  /** The class and lesson the user reaches it through; null for a content of their library only. */
  courseGuid: string | null;
  lessonGuid: string | null;
  lessonTitle: string | null;
  /** Where the source opens: an app path, or a web page's http(s) address. */
  link: string;
  /** The passage, cut to a few lines. */
  excerpt: string;
};

/** Spec §3 recommended lesson: why the learner model sends the student back to it (teacher analytics' alert types). */
export type ChatRecommendedLesson = { lessonGuid: string; title: string; link: string; alertReasons: AlertType[] };
export type ChatCard =
  /** Spec §2 unit recommendations card: the learner model's units and lessons to go back to (students). */
  | { kind: "recommendations"; courseGuid: string; units: { unitGuid: string; title: string; lessons: ChatRecommendedLesson[] }[] }
  /** Spec §2 teacher tool card (teachers): the tool, its category, whether this server can run it (an unavailable one is shown disabled), its page. */
  | { kind: "tool"; tool: TeacherTool; category: ToolCategory; available: boolean; link: string }
  /** Spec §2 diagram card: Mermaid source, rendered by the client in a sandbox. */
  | { kind: "diagram"; title: string; code: string };

/**
 * How an answer was made, so the client can say so:
 * - `model`: a language model wrote it from the passages;
 * - `extractive`: no model: the passages' own sentences that best match the question, quoted;
 * - `sources_only`: the materials where the answer is, without quoting them (nothing quotable
 *   matched, or the question is one of the student's open assessment: `guarded`);
 * - `no_match`: nothing the user may read matches the question (no text);
 * - `cards`: the question asked for what the cards show (a student's recommendations, a teacher
 *   tool), and they are the answer (no text);
 * - `math`: no model: the question's formula worked out by a computer algebra system (steps of an
 *   arithmetic expression, an equation's checked solutions, a simplification);
 * - `web`: no model, nothing in the materials, web search on: the web pages found, as sources
 *   with their own summaries (no text);
 * - `image_unread`: only an image was sent and nothing here reads images (no text; `imageUnread`
 *   says why).
 */
export const CHAT_ANSWER_KINDS = ["model", "extractive", "sources_only", "no_match", "cards", "math", "web", "image_unread"] as const;
export type ChatAnswerKind = (typeof CHAT_ANSWER_KINDS)[number];

export type ChatMessageParts = {
  kind?: ChatAnswerKind | undefined;
  sources?: ChatSource[] | undefined;
  cards?: ChatCard[] | undefined;
  context?: ChatContext | undefined;
  /** The question is close to one of the student's open assessment: hints and places to read, no answer. */
  guarded?: boolean | undefined;
  /** An error's key, when `status` is error. */
  errorKey?: string | undefined;
  /** A question's attached image (what its view needs besides the signed address). */
  image?: { guid: string; mimeType: string; width: number; height: number } | undefined;
  /** An answer to a question with an image no model read: why (the answer rests on the text alone). */
  imageUnread?: ChatImageUnreadReason | undefined;
};

/** Why an attached image is not read: no language model at all, or one that does not read images. */
export const CHAT_IMAGE_UNREAD_REASONS = ["NO_LANGUAGE_MODEL", "NO_VISION_MODEL"] as const;
export type ChatImageUnreadReason = (typeof CHAT_IMAGE_UNREAD_REASONS)[number];

/** Spec §1 image attach (ADR 0044): what a question may carry. Types are checked by the bytes, not the name. */
export const CHAT_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Width × height, at most (a bigger picture is refused rather than shrunk on the server). */
  maxPixels: 40_000_000,
  extensions: ["png", "jpg", "jpeg", "webp", "gif"],
  mimeTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
} as const;

/** An attached image as the client shows it: a signed address its owner's browser opens. */
export type ChatImageView = { guid: string; url: string; mimeType: string; width: number; height: number };

/** Why web search cannot be turned on: the server has no search provider (SEARCH_PROVIDER=none). */
export const CHAT_WEB_SEARCH_REASONS = ["NO_SEARCH_PROVIDER"] as const;
export type ChatWebSearchReason = (typeof CHAT_WEB_SEARCH_REASONS)[number];

/** GET and PUT /api/chatbot/settings: the user's choices and what this server can do for them. */
export type ChatSettings = {
  /** Spec §1 "a user-enabled web-search setting": off by default; stays off while unavailable. */
  webSearch: boolean;
  webSearchAvailable: boolean;
  webSearchReason: ChatWebSearchReason | null;
  /** Whether an attached image is read (described) by a model, and why not. */
  imageReading: boolean;
  imageReason: ChatImageUnreadReason | null;
  /** Spec §2 full-screen modal: the edition's external chat tool, opened in a frame; null when it has none. */
  chatTool: { title: string; url: string } | null;
};

export const CHAT_MESSAGE_STATUSES = ["complete", "stopped", "error"] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

export type ChatMessageView = {
  guid: string;
  role: "user" | "assistant";
  text: string;
  mode: ChatMode;
  status: ChatMessageStatus;
  kind: ChatAnswerKind | null;
  guarded: boolean;
  sources: ChatSource[];
  cards: ChatCard[];
  /** A question's attached image. */
  image: ChatImageView | null;
  /** An answer that could not read the question's image: why. */
  imageUnread: ChatImageUnreadReason | null;
  createdAt: string;
};

export type ConversationView = { guid: string; title: string; createdAt: string; updatedAt: string };

/**
 * The streamed answer (POST .../messages, `text/event-stream`), one event per SSE `event:` line:
 * the question as stored, loading steps as the work reaches them, text deltas, sources and cards,
 * then exactly one `done` (the answer as stored) or `error`.
 */
export type ChatStreamEvent =
  | { type: "question"; message: ChatMessageView }
  | { type: "step"; step: ChatStep }
  | { type: "text"; delta: string }
  | { type: "sources"; sources: ChatSource[] }
  | { type: "card"; card: ChatCard }
  | { type: "done"; message: ChatMessageView }
  | { type: "error"; key: string; message: string };
