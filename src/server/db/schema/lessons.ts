import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ContentData, LessonItemSettings } from "../../../contracts/lessons";
import { courses, lessons } from "./courses";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * A content (spec §3 content types CTTY_01..CTTY_20, §7 cms/contents): what a viewer shows. The
 * publisher's contents have no `createdBy`; a teacher's own contents do. A file or package lives in
 * storage under `storageKey` (a folder for unpacked packages, a file otherwise). Deleting is soft
 * (`deletedAt`), so links to it can say "The content might have been deleted".
 */
export const contents = pgTable(
  "contents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** CTTY_01..CTTY_20 (contracts/lessons CONTENT_TYPES). */
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Link and interactive contents: the address they open. */
    url: text("url"),
    /** Storage key of the uploaded file, or of the folder an uploaded package was unpacked into. */
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    sizeBytes: integer("size_bytes"),
    /** Type-specific facts: package kind and entry point, captions, alt text, page count, ... */
    data: jsonb("data").$type<ContentData>().notNull().default({}),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The content this one was cloned from (cms/contents-clone). */
    clonedFrom: uuid("cloned_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("contents_tenant_idx").on(t.tenantId, t.createdBy)],
);

/** The publisher's default contents of a lesson: what a class's lesson starts with. */
export const lessonContents = pgTable(
  "lesson_contents",
  {
    lessonId: uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  // By content: the licence check finds the publications holding a content (contents/access).
  (t) => [primaryKey({ columns: [t.lessonId, t.contentId] }), index("lesson_contents_content_idx").on(t.contentId)],
);

/**
 * A class's lesson has been given its items: the first time anyone opens it, the publisher's
 * lesson contents are copied as published items (one row here, inserted ON CONFLICT DO NOTHING,
 * so two first visits never copy twice). From then on the class's items are its own.
 */
export const courseLessons = pgTable(
  "course_lessons",
  {
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" }),
    itemsCopiedAt: timestamp("items_copied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.lessonId] })],
);

/**
 * A lesson item (spec §3 "Lesson item: guid, lessonItemGuid; default status 'published'", §4
 * publication Draft / Scheduled / Published): one content placed in one class's lesson.
 */
export const lessonItems = pgTable(
  "lesson_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    /** Shown instead of the content's title when set. */
    title: text("title"),
    /** "draft" | "scheduled" | "published" (contracts/lessons PUBLICATION_STATUSES). */
    status: text("status").notNull().default("published"),
    /** Scheduled items: when the publication job publishes them. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    position: integer("position").notNull(),
    settings: jsonb("settings").$type<LessonItemSettings>().notNull().default({}),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lesson_items_course_lesson_idx").on(t.courseId, t.lessonId, t.position),
    index("lesson_items_scheduled_idx").on(t.status, t.publishAt),
    // The few items not published, which a student's task list leaves out (tasks/lists-service.ts).
    index("lesson_items_unpublished_idx").on(t.id).where(sql`${t.status} <> 'published'`),
  ],
);

/** lms/resource-materials: contents a teacher shares in the class's classroom resources. */
export const resourceMaterials = pgTable(
  "resource_materials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    title: text("title"),
    visibleToStudents: boolean("visible_to_students").notNull().default(true),
    position: integer("position").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("resource_materials_course_idx").on(t.courseId, t.position)],
);

/** POST consumptions: a user opened or finished a content (first and last time, how often). */
export const consumptions = pgTable(
  "consumptions",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    openCount: integer("open_count").notNull().default(1),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId, t.courseId] })],
);

/**
 * SCORM runtime data of one learner in one package within one class: the whole CMI (to resume),
 * and the outcome columns the results screens sort by. Every commit also lands in the record store
 * as xAPI statements with `registration` (see modules/scorm).
 */
export const scormAttempts = pgTable(
  "scorm_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    /** xAPI registration of this attempt (statements derived from it carry it). */
    registration: uuid("registration").notNull().defaultRandom(),
    /** "scorm12" | "scorm2004". */
    version: text("version").notNull(),
    cmi: jsonb("cmi").$type<Record<string, unknown>>().notNull().default({}),
    completionStatus: text("completion_status"),
    successStatus: text("success_status"),
    scoreRaw: text("score_raw"),
    scoreScaled: text("score_scaled"),
    totalTime: text("total_time"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("scorm_attempts_uq").on(t.userId, t.courseId, t.contentId), index("scorm_attempts_registration_idx").on(t.tenantId, t.registration)],
);

/**
 * The xAPI 1.0.3 record store (GET/PUT/POST /api/lrs/records). The statement is kept exactly as
 * stored (with id, stored, timestamp, authority, version); the columns beside it serve the
 * Statement resource's filters and who may read it (ADR 0016). Ids are unique per tenant: the
 * same id in another tenant is another statement.
 */
export const xapiStatements = pgTable(
  "xapi_statements",
  {
    id: uuid("id").notNull(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    statement: jsonb("statement").$type<Record<string, unknown>>().notNull(),
    /** The actor's inverse functional identifier, normalised ("mbox:mailto:a@b", "account:https://x|name", ...). */
    actorKey: text("actor_key").notNull(),
    verbId: text("verb_id").notNull(),
    /** The object's id when the object is an Activity. */
    activityId: text("activity_id"),
    /** For a StatementRef object: the statement it targets (voiding). */
    targetStatementId: uuid("target_statement_id"),
    registration: uuid("registration"),
    timestamp: timestamp("timestamp", { withTimezone: true, precision: 3 }).notNull(),
    stored: timestamp("stored", { withTimezone: true, precision: 3 }).notNull(),
    /** Monotonic order of storage (ties in `stored` are common in batches); `more` pages on it. */
    seq: integer("seq").generatedAlwaysAsIdentity(),
    voided: boolean("voided").notNull().default(false),
    /** The credential that stored it (lrs_credentials id), or null for the platform itself. */
    credentialId: uuid("credential_id"),
    /** The platform user the actor is (an account on the platform's address), else null. */
    actorUserId: uuid("actor_user_id"),
    /**
     * The class the statement belongs to: its registration's launch (xAPI launch, SCORM or
     * assessment attempt) of the actor, else a class activity in its context the actor is a member of.
     */
    courseId: uuid("course_id"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("xapi_statements_tenant_seq_idx").on(t.tenantId, t.seq),
    index("xapi_statements_actor_user_idx").on(t.tenantId, t.actorUserId),
    index("xapi_statements_course_idx").on(t.tenantId, t.courseId),
    index("xapi_statements_credential_idx").on(t.tenantId, t.credentialId),
    index("xapi_statements_actor_idx").on(t.tenantId, t.actorKey),
    index("xapi_statements_activity_idx").on(t.tenantId, t.activityId),
    index("xapi_statements_registration_idx").on(t.tenantId, t.registration),
    // Storing a statement with a client-chosen id checks whether a voiding statement already targets it.
    index("xapi_statements_target_idx").on(t.tenantId, t.targetStatementId),
  ],
);

/**
 * Record-store credentials (HTTP Basic key and secret). Launching an xAPI package mints one for
 * that learner, package and registration, valid for a few hours; integrations may hold long-lived
 * ones (no `userId`) with the xAPI scopes they were granted (ADR 0016).
 */
export const lrsCredentials = pgTable(
  "lrs_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of the secret, hex. */
    secretHash: text("secret_hash").notNull(),
    name: text("name").notNull(),
    /** Launch credentials: statements must be about this user. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    contentId: uuid("content_id").references(() => contents.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    registration: uuid("registration"),
    /** Integration credentials: the xAPI scopes granted ("statements/read", "statements/write", "all", ...). */
    scopes: text("scopes").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lrs_credentials_key_uq").on(t.key), index("lrs_credentials_registration_idx").on(t.tenantId, t.registration)],
);

/**
 * A projection of a lesson on a classroom screen. The remote token is short, for typing or
 * scanning; it works once: the first phone that opens it claims it and gets `remoteSecret`.
 */
export const projectionSessions = pgTable(
  "projection_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" }),
    teacherId: uuid("teacher_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    shortToken: text("short_token").notNull(),
    /** Tokens replaced by "Generate another URL": opening one says it was used, not that it never existed. */
    retiredTokens: text("retired_tokens").array().notNull().default(sql`'{}'::text[]`),
    /** sha256 of the secret the claiming phone holds; null until claimed. */
    remoteSecretHash: text("remote_secret_hash"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** Current slide (0-based) and whether answers are revealed. */
    position: integer("position").notNull().default(0),
    revealed: boolean("revealed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("projection_sessions_token_uq").on(t.shortToken)],
);
