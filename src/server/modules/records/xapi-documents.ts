import crypto from "node:crypto";
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { xapiDocuments } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { mediaType } from "./xapi-http";
import { invalid, isObject, type Json } from "./xapi-values";

/*
 * The document resources (xAPI 1.0.3 Part Three §2.3): State (activity, agent, optional
 * registration, stateId), Activity Profile (activity, profileId) and Agent Profile (agent,
 * profileId). A document is kept as sent with its content type; its ETag is the sha1 of its bytes.
 * Writes honour If-Match / If-None-Match (412 when they fail); a PUT that would replace a profile
 * without either header is refused with 409 (§2.3.4; the State resource does not require them,
 * since xAPI content writes its state without). POST merges JSON objects (§2.3.3).
 */

export type DocumentKind = "state" | "activity_profile" | "agent_profile";

/** Which documents a request addresses; the parts a kind does not use are ''. */
export type DocumentScope = { kind: DocumentKind; activityId: string; agentKey: string; registration: string };

export type StoredDocument = { documentId: string; contents: Buffer; contentType: string; etag: string; updated: Date };

export const DOCUMENT_LIMITS = {
  /** One document's bytes (a bookmark or a profile, not a file store). */
  maxBytes: 1024 * 1024,
  /** stateId / profileId, in bytes. */
  maxIdBytes: 255,
  /** activityId and the agent's identifier, in bytes (they are part of an index key). */
  maxKeyBytes: 1000,
} as const;

export type Preconditions = { ifMatch: string[] | "*" | null; ifNoneMatch: string[] | "*" | null };

const preconditionFailed = (message: string) => new AppError(412, "PRECONDITION_FAILED", message);

/** An If-Match / If-None-Match header: "*" or the listed entity tags, unquoted (weak tags compare by value). */
export function parseEtagList(header: string | string[] | undefined): string[] | "*" | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(",") : header;
  if (text.trim() === "*") return "*";
  const tags = text
    .split(",")
    .map((t) => t.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1").toLowerCase())
    .filter((t) => t !== "");
  return tags;
}

/** 412 unless the document's current state satisfies the request's preconditions. */
export function checkPreconditions(current: { etag: string } | null, pre: Preconditions): void {
  if (pre.ifMatch !== null) {
    if (!current) throw preconditionFailed("If-Match: the document does not exist");
    if (pre.ifMatch !== "*" && !pre.ifMatch.includes(current.etag)) throw preconditionFailed("If-Match: the document has changed (its ETag differs)");
  }
  if (pre.ifNoneMatch !== null && current) {
    if (pre.ifNoneMatch === "*" || pre.ifNoneMatch.includes(current.etag)) throw preconditionFailed("If-None-Match: the document already exists");
  }
}

export const etagOf = (contents: Buffer): string => crypto.createHash("sha1").update(contents).digest("hex");

const scopeWhere = (tenantId: string, scope: DocumentScope): SQL[] => [
  eq(xapiDocuments.tenantId, tenantId),
  eq(xapiDocuments.kind, scope.kind),
  eq(xapiDocuments.activityId, scope.activityId),
  eq(xapiDocuments.agentKey, scope.agentKey),
  eq(xapiDocuments.registration, scope.registration),
];

const columns = {
  documentId: xapiDocuments.documentId,
  contents: xapiDocuments.contents,
  contentType: xapiDocuments.contentType,
  etag: xapiDocuments.etag,
  updated: xapiDocuments.updated,
};

export async function getDocument(db: Db, tenantId: string, scope: DocumentScope, documentId: string): Promise<StoredDocument | null> {
  const [row] = await db
    .select(columns)
    .from(xapiDocuments)
    .where(and(...scopeWhere(tenantId, scope), eq(xapiDocuments.documentId, documentId)))
    .limit(1);
  return row ?? null;
}

/** The ids of the scope's documents, updated after `since` when given, in id order. */
export async function listDocumentIds(db: Db, tenantId: string, scope: DocumentScope, since: Date | undefined): Promise<string[]> {
  const where = scopeWhere(tenantId, scope);
  if (since) where.push(gt(xapiDocuments.updated, since));
  const rows = await db.select({ documentId: xapiDocuments.documentId }).from(xapiDocuments).where(and(...where)).orderBy(asc(xapiDocuments.documentId));
  return rows.map((r) => r.documentId);
}

/** The JSON object a document holds, or null when it is not a JSON document holding an object. */
function jsonObject(contents: Buffer, contentType: string): Json | null {
  if (mediaType(contentType) !== "application/json") return null;
  try {
    const value: unknown = JSON.parse(contents.toString("utf8"));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

export type DocumentWrite = {
  mode: "put" | "post";
  contents: Buffer;
  contentType: string;
  preconditions: Preconditions;
  /** Profiles: a PUT over an existing document needs If-Match or If-None-Match (409 otherwise). */
  requirePrecondition: boolean;
};

/** What a write stores given the current document (pure: the §2.3 rules). */
export function nextContents(current: StoredDocument | null, write: DocumentWrite): { contents: Buffer; contentType: string } {
  checkPreconditions(current, write.preconditions);
  if (write.mode === "put") {
    if (current && write.requirePrecondition && write.preconditions.ifMatch === null && write.preconditions.ifNoneMatch === null) {
      throw new AppError(409, "PRECONDITION_REQUIRED", "This document exists: send If-Match with its ETag (or If-None-Match: *) to replace it");
    }
    return { contents: write.contents, contentType: write.contentType };
  }
  const posted = jsonObject(write.contents, write.contentType);
  if (!current) {
    if (mediaType(write.contentType) === "application/json" && !posted) throw invalid("body", "must be a JSON object to be merged (POST)");
    return { contents: write.contents, contentType: write.contentType };
  }
  const existing = jsonObject(current.contents, current.contentType);
  if (!posted || !existing) throw invalid("body", "can only be merged (POST) when both it and the stored document are JSON objects (application/json)");
  return { contents: Buffer.from(JSON.stringify({ ...existing, ...posted }), "utf8"), contentType: "application/json" };
}

/**
 * Stores a document under the rules above, atomically: the current row is read FOR UPDATE, and a
 * document created meanwhile by another request is written on a second pass against it.
 */
export async function writeDocument(db: Db, tenantId: string, scope: DocumentScope, documentId: string, write: DocumentWrite): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const done = await db.transaction(async (tx) => {
      const [current] = await tx
        .select(columns)
        .from(xapiDocuments)
        .where(and(...scopeWhere(tenantId, scope), eq(xapiDocuments.documentId, documentId)))
        .for("update")
        .limit(1);
      const next = nextContents(current ?? null, write);
      const values = { ...next, etag: etagOf(next.contents), updated: new Date() };
      if (current) {
        await tx
          .update(xapiDocuments)
          .set(values)
          .where(and(...scopeWhere(tenantId, scope), eq(xapiDocuments.documentId, documentId)));
        return true;
      }
      const inserted = await tx
        .insert(xapiDocuments)
        .values({ tenantId, ...scope, documentId, ...values })
        .onConflictDoNothing()
        .returning({ id: xapiDocuments.id });
      return inserted.length > 0;
    });
    if (done) return;
  }
  throw new AppError(409, "PRECONDITION_REQUIRED", "The document was written by another request at the same time; read it and try again");
}

/** Deletes one document (If-Match / If-None-Match honoured); deleting a missing one is fine. */
export async function deleteDocument(db: Db, tenantId: string, scope: DocumentScope, documentId: string, pre: Preconditions): Promise<void> {
  await db.transaction(async (tx) => {
    const where = and(...scopeWhere(tenantId, scope), eq(xapiDocuments.documentId, documentId));
    const [current] = await tx.select({ etag: xapiDocuments.etag }).from(xapiDocuments).where(where).for("update").limit(1);
    checkPreconditions(current ?? null, pre);
    if (current) await tx.delete(xapiDocuments).where(where);
  });
}

/** Deletes every document of the scope (the State resource's DELETE without stateId). */
export async function deleteDocuments(db: Db, tenantId: string, scope: DocumentScope): Promise<void> {
  await db.delete(xapiDocuments).where(and(...scopeWhere(tenantId, scope)));
}
