import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ChatMessageParts } from "../../../contracts/chatbot-base";
import { tsvector } from "./courses";
import { contents } from "./lessons";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * The AI assistant's search index (issue 17, ADR 0041): each content's text cut into passages of
 * a few sentences, with a full-text vector in the edition's language (accents folded), written by
 * the indexer (chatbot/indexer.ts) when a content is created or changed. Who may read a passage is
 * decided at query time from the content (chatbot/scope.ts), never stored here.
 */
export const assistantPassages = pgTable(
  "assistant_passages",
  {
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    search: tsvector("search").notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.ordinal] }), index("assistant_passages_search_idx").using("gin", t.search), index("assistant_passages_tenant_idx").on(t.tenantId)],
);

/**
 * A passage's embedding (ADR 0045), from the provider's embeddings model when it has one: unit
 * length, so the dot product is the cosine. Plain `real[]` works on every PostgreSQL; where
 * pgvector is installed (PGlite always) the search casts it to `vector` for its operators.
 */
export const assistantPassageVectors = pgTable(
  "assistant_passage_vectors",
  {
    contentId: uuid("content_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** The embeddings model that made it: another model's vectors are never compared with it. */
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.ordinal] }),
    foreignKey({ name: "assistant_passage_vectors_passage_fk", columns: [t.contentId, t.ordinal], foreignColumns: [assistantPassages.contentId, assistantPassages.ordinal] }).onDelete("cascade"),
    index("assistant_passage_vectors_tenant_idx").on(t.tenantId, t.model),
  ],
);

/** Which version of a content the passages were cut from: the indexer skips what is current (its listener is idempotent). */
export const assistantIndexed = pgTable("assistant_indexed", {
  contentId: uuid("content_id").primaryKey().references(() => contents.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  /** The content's `updated_at` when it was read. */
  sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true }).notNull(),
  passages: integer("passages").notNull(),
  /** The embeddings model its passages' vectors were made with; null: none yet (no model, or it failed: the sweep tries again). */
  embeddedModel: text("embedded_model"),
  indexedAt: timestamp("indexed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's conversation with the assistant (spec §2 history, new chat). Only its owner reads it. */
export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_conversations_owner_idx").on(t.tenantId, t.userId, t.updatedAt)],
);

/**
 * A message of a conversation (spec §3 "Chat message: id, text (may contain $formula$ parts)"):
 * the user's question with the page it was asked from, or the assistant's answer with its sources
 * and cards. `status`: complete, stopped (the user went away mid-answer: what was written is kept),
 * or error.
 */
export const assistantMessages = pgTable(
  "assistant_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id").notNull().references(() => assistantConversations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    text: text("text").notNull(),
    /** study | practice (spec §3 chatbot mode), as the question was asked. */
    mode: text("mode").notNull(),
    status: text("status").notNull().default("complete"),
    parts: jsonb("parts").$type<ChatMessageParts>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** A user's assistant settings (ADR 0044). No row: the defaults (web search off). */
export const assistantSettings = pgTable("assistant_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  /** Spec §1 "a user-enabled web-search setting": off until the user turns it on; used only when the server has a search provider. */
  webSearch: boolean("web_search").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An image a user attached to a question (spec §1 image attach; ADR 0044): checked as an image by
 * its bytes, stored under `assistant-images/`, readable by its owner only (a signed address). The
 * question that carries it names it in its parts; deleting the conversation deletes it.
 */
export const assistantImages = pgTable(
  "assistant_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Set when a question carries it; until then it is the user's, unattached. */
    conversationId: uuid("conversation_id").references(() => assistantConversations.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_images_owner_idx").on(t.tenantId, t.userId, t.createdAt)],
);
