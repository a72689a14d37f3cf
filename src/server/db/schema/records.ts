import { customType, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./organization";

/*
 * The xAPI 1.0.3 record store beyond statements (ADR 0017): the document resources (State,
 * Activity Profile, Agent Profile), the statements' attachments and the canonical activity
 * definitions. Statements themselves and the credentials are in lessons.ts.
 */

/** Raw bytes (PGlite answers a Uint8Array, node-postgres a Buffer: both are read as Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One document of the State, Activity Profile or Agent Profile resource, kept as sent (any
 * content type). The scope columns that do not apply to a kind are '' so one unique index
 * covers all three: state (activityId, agentKey, registration, documentId), activity profile
 * (activityId, documentId), agent profile (agentKey, documentId).
 */
export const xapiDocuments = pgTable(
  "xapi_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** "state" | "activity_profile" | "agent_profile". */
    kind: text("kind").notNull(),
    activityId: text("activity_id").notNull().default(""),
    /** The agent's normalised IFI (xapi-agents actorKey). */
    agentKey: text("agent_key").notNull().default(""),
    /** The state's registration, lower case, or ''. */
    registration: text("registration").notNull().default(""),
    /** stateId or profileId. */
    documentId: text("document_id").notNull(),
    contents: bytea("contents").notNull(),
    contentType: text("content_type").notNull(),
    /** sha1 of the contents, hex (the ETag, xAPI Part Three §2.3.4). */
    etag: text("etag").notNull(),
    updated: timestamp("updated", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex("xapi_documents_uq").on(t.tenantId, t.kind, t.activityId, t.agentKey, t.registration, t.documentId),
  ],
);

/**
 * Attachment bodies sent with statements (multipart/mixed), one per tenant and hash. The bytes
 * live in the platform storage under `storageKey` (content addressed, so a re-sent attachment is
 * stored once); statements keep only the attachment's metadata.
 */
export const xapiAttachments = pgTable(
  "xapi_attachments",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    sha2: text("sha2").notNull(),
    contentType: text("content_type").notNull(),
    length: integer("length").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("xapi_attachments_uq").on(t.tenantId, t.sha2)],
);

/**
 * The record store's canonical definition of each activity (the Activities resource and
 * `format=canonical`): the definitions statements carried, merged in the order they were stored.
 */
export const xapiActivities = pgTable(
  "xapi_activities",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    activityId: text("activity_id").notNull(),
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull(),
    updated: timestamp("updated", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex("xapi_activities_uq").on(t.tenantId, t.activityId)],
);
