import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { CHAT_LIMITS, type ChatMessageParts, type ChatMessageStatus, type ChatMessageView, type ChatMode, type ChatSettings, type ConversationView } from "../../../contracts/chatbot-base";
import type { Db } from "../../db/client";
import { assistantConversations, assistantMessages, assistantSettings, tenants, users } from "../../db/schema";
import type { AiProvider } from "../../ai/types";
import type { WebSearch } from "../../ai/web-search";
import { AppError, notFound } from "../../platform/errors";
import type { FileSigner } from "../../platform/storage";
import type { Caller } from "../courses/access";
import { imageUnreadReason, imageView } from "./images";

/*
 * The assistant's conversations (issue 17, ADR 0041): a user's own, in their edition; nobody else
 * reads them (not their teachers: ADR 0041 says why). A conversation is titled by its first
 * question until its owner renames it.
 */

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;

export const chatbotDisabled = () => new AppError(403, "CHATBOT_DISABLED", "The assistant is not turned on for this user");

/** Spec §6: the assistant is for users with the chatbot flag, in an edition that has it. Answers the user's language and the edition's country. */
export async function assertChatbotEnabled(db: Db, caller: Caller): Promise<{ locale: string; country: string; edition: string }> {
  const [row] = await db
    .select({ enabled: users.chatbotEnabled, available: tenants.chatbotAvailable, locale: users.locale, country: tenants.country, edition: tenants.slug })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!row?.enabled || !row.available) throw chatbotDisabled();
  return { locale: row.locale, country: row.country, edition: row.edition };
}

export const conversationView = (row: ConversationRow): ConversationView => ({
  guid: row.id,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A stored message as the client sees it; `files` signs its image's address. Sources stored before web search were all the course's. */
export const messageView = (row: MessageRow, files: FileSigner): ChatMessageView => ({
  guid: row.id,
  role: row.role === "user" ? "user" : "assistant",
  text: row.text,
  mode: row.mode === "practice" ? "practice" : "study",
  status: row.status as ChatMessageStatus,
  kind: row.parts.kind ?? null,
  guarded: row.parts.guarded ?? false,
  sources: (row.parts.sources ?? []).map((source) => ({ ...source, origin: source.origin ?? "course" })),
  cards: row.parts.cards ?? [],
  image: row.parts.image ? imageView(files, row.parts.image) : null,
  imageUnread: row.parts.imageUnread ?? null,
  createdAt: row.createdAt.toISOString(),
});

const owned = (caller: Caller) => and(eq(assistantConversations.tenantId, caller.tenantId), eq(assistantConversations.userId, caller.userId));

export async function listConversations(db: Db, caller: Caller, page: { offset: number; pageSize: number }): Promise<{ rows: ConversationRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(assistantConversations).where(owned(caller)).orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id)).limit(page.pageSize).offset(page.offset),
    db.select({ n: count() }).from(assistantConversations).where(owned(caller)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function createConversation(db: Db, caller: Caller, title = ""): Promise<ConversationRow> {
  const [row] = await db.insert(assistantConversations).values({ tenantId: caller.tenantId, userId: caller.userId, title }).returning();
  if (!row) throw new Error("conversation not created");
  return row;
}

/** The caller's own conversation; 404 for anyone else's (the same as one that does not exist). */
export async function loadConversation(db: Db, caller: Caller, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), owned(caller)))
    .limit(1);
  if (!row) throw notFound("Conversation");
  return row;
}

export async function renameConversation(db: Db, row: ConversationRow, title: string): Promise<ConversationRow> {
  const [updated] = await db.update(assistantConversations).set({ title }).where(eq(assistantConversations.id, row.id)).returning();
  return updated ?? row;
}

export async function deleteConversation(db: Db, row: ConversationRow): Promise<void> {
  await db.delete(assistantConversations).where(eq(assistantConversations.id, row.id));
}

export async function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.select().from(assistantMessages).where(eq(assistantMessages.conversationId, conversationId)).orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.id));
}

/** A conversation's title from its first question: its first line, cut at a word near the limit. */
export function titleFrom(question: string): string {
  const line = (question.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= CHAT_LIMITS.titleMaxChars) return line;
  const cut = line.slice(0, CHAT_LIMITS.titleMaxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > CHAT_LIMITS.titleMaxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type NewMessage = { role: "user" | "assistant"; text: string; mode: ChatMode; status: ChatMessageStatus; parts: ChatMessageParts; createdAt?: Date };

/** Stores a message and moves the conversation to the top of the history (titled by its first question). */
export async function addMessage(db: Db, conversation: ConversationRow, message: NewMessage): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assistantMessages)
      .values({ conversationId: conversation.id, role: message.role, text: message.text, mode: message.mode, status: message.status, parts: message.parts, ...(message.createdAt ? { createdAt: message.createdAt } : {}) })
      .returning();
    if (!row) throw new Error("message not stored");
    await tx
      .update(assistantConversations)
      .set({
        updatedAt: row.createdAt,
        ...(message.role === "user" ? { title: sql`case when ${assistantConversations.title} = '' then ${titleFrom(message.text)} else ${assistantConversations.title} end` } : {}),
      })
      .where(eq(assistantConversations.id, conversation.id));
    return row;
  });
}

/** The user's assistant settings (ADR 0044) and what this server can do for them: web search only with a search provider; images read only by a model that reads them. */
export type AssistantServer = { webSearch: WebSearch | null; ai: AiProvider; config: { assistantChatTools: Record<string, { title: string; url: string }> } };

export async function loadSettings(db: Db, caller: Caller & { edition: string }, server: AssistantServer): Promise<ChatSettings> {
  const [row] = await db
    .select({ webSearch: assistantSettings.webSearch })
    .from(assistantSettings)
    .where(and(eq(assistantSettings.userId, caller.userId), eq(assistantSettings.tenantId, caller.tenantId)))
    .limit(1);
  const available = server.webSearch !== null;
  const imageReason = imageUnreadReason(server.ai);
  return {
    webSearch: available && (row?.webSearch ?? false),
    webSearchAvailable: available,
    webSearchReason: available ? null : "NO_SEARCH_PROVIDER",
    imageReading: imageReason === null,
    imageReason,
    chatTool: server.config.assistantChatTools[caller.edition] ?? null,
  };
}

/** PUT /api/chatbot/settings: turning web search on needs a search provider (409 WEB_SEARCH_UNAVAILABLE); turning it off always works. */
export async function saveSettings(db: Db, caller: Caller & { edition: string }, change: { webSearch: boolean }, server: AssistantServer, now: Date): Promise<ChatSettings> {
  if (change.webSearch && server.webSearch === null) throw new AppError(409, "WEB_SEARCH_UNAVAILABLE", "This server has no web search provider", { reason: "NO_SEARCH_PROVIDER" });
  await db
    .insert(assistantSettings)
    .values({ userId: caller.userId, tenantId: caller.tenantId, webSearch: change.webSearch, updatedAt: now })
    .onConflictDoUpdate({ target: assistantSettings.userId, set: { webSearch: change.webSearch, updatedAt: now } });
  return loadSettings(db, caller, server);
}
