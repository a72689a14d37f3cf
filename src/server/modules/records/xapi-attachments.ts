import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { xapiAttachments } from "../../db/schema";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { jsonBody, mediaType, type XapiCall } from "./xapi-http";
import { buildMultipart, parseMultipart, type MimePart } from "./xapi-multipart";
import { invalid, type Json } from "./xapi-values";

/*
 * Statement attachments (xAPI 1.0.3 Part Two §2.4.11, Part Three §2.1.3): an attachment either
 * points at its file (fileUrl) or its bytes travel in the same multipart/mixed request as a part
 * whose X-Experience-API-Hash is the attachment's sha2. Bytes are kept once per tenant and hash in
 * the platform storage; GET with attachments=true answers multipart/mixed with them.
 */

export const ATTACHMENT_LIMITS = {
  /** One attachment's bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** A whole statements request (statements and every attachment part). */
  maxRequestBytes: 32 * 1024 * 1024,
  /** The statements' JSON itself (a plain JSON body, or the first part). */
  maxStatementsBytes: 5 * 1024 * 1024,
  /** The attachment bytes one GET with attachments=true carries; the page is cut before it (at least one statement stays). */
  maxResponseBytes: 64 * 1024 * 1024,
} as const;

export const SIGNATURE_USAGE = "http://adlnet.gov/expapi/attachments/signature";

export type AttachmentData = { sha2: string; contentType: string; body: Buffer };
export type StatementsBody = { body: unknown; attachments: Map<string, AttachmentData> };

/** SHA-2 digests by the length of their hex form (sha2 may be SHA-256, -384 or -512). */
const DIGEST_BY_HEX_LENGTH: Record<number, string> = { 64: "sha256", 96: "sha384", 128: "sha512" };

function digestOf(body: Buffer, hash: string): string | null {
  const algorithm = DIGEST_BY_HEX_LENGTH[hash.length];
  return algorithm ? crypto.createHash(algorithm).update(body).digest("hex") : null;
}

function statementsJson(body: Buffer, path: string): unknown {
  if (body.length > ATTACHMENT_LIMITS.maxStatementsBytes) {
    throw new AppError(413, "FILE_TOO_LARGE", `The statements may take at most ${ATTACHMENT_LIMITS.maxStatementsBytes} bytes of JSON`, { property: path });
  }
  return jsonBody(body, path);
}

/** The statements of a request (JSON), and with multipart/mixed the attachments' data by sha2. */
export function readStatementsBody(call: XapiCall, path: string): StatementsBody {
  if (mediaType(call.contentType) !== "multipart/mixed") return { body: statementsJson(call.body, path), attachments: new Map() };
  const [first, ...rest] = parseMultipart(call.body, call.contentType);
  if (!first || mediaType(first.headers["content-type"]) !== "application/json") {
    throw invalid("body", "must start with a part of Content-Type application/json holding the statements");
  }
  const attachments = new Map<string, AttachmentData>();
  rest.forEach((part, i) => {
    const where = `body.parts[${i + 1}]`;
    const hash = part.headers["x-experience-api-hash"]?.toLowerCase();
    if (!hash) throw invalid(`${where}.X-Experience-API-Hash`, "is required on every attachment part");
    if (part.headers["content-transfer-encoding"]?.toLowerCase() !== "binary") {
      throw invalid(`${where}.Content-Transfer-Encoding`, 'must be "binary"');
    }
    if (part.body.length > ATTACHMENT_LIMITS.maxBytes) {
      throw new AppError(413, "FILE_TOO_LARGE", `${where} is larger than ${ATTACHMENT_LIMITS.maxBytes} bytes`, { property: where });
    }
    if (digestOf(part.body, hash) !== hash) throw invalid(`${where}.X-Experience-API-Hash`, "is not the SHA-2 hash of the part's data");
    attachments.set(hash, { sha2: hash, contentType: part.headers["content-type"] ?? "application/octet-stream", body: part.body });
  });
  return { body: statementsJson(first.body, path), attachments };
}

/** The attachments of a statement and of its SubStatement object, with their paths. */
export function attachmentsOf(statement: Json, path: string): Array<{ attachment: Json; path: string }> {
  const out: Array<{ attachment: Json; path: string }> = [];
  const list = (s: Json, p: string) => {
    if (Array.isArray(s.attachments)) (s.attachments as Json[]).forEach((a, i) => out.push({ attachment: a, path: `${p}.attachments[${i}]` }));
  };
  list(statement, path);
  const object = statement.object as Json | undefined;
  if (object?.objectType === "SubStatement") list(object, `${path}.object`);
  return out;
}

/**
 * Every attachment without a fileUrl must have its data in the request, and every part must
 * belong to an attachment of the statements (Part Three §2.1.3 "requirements for attachments").
 */
export function matchAttachments(statements: Array<{ statement: Json; path: string }>, data: Map<string, AttachmentData>): void {
  const declared = new Set<string>();
  for (const { statement, path } of statements) {
    for (const { attachment, path: p } of attachmentsOf(statement, path)) {
      const sha2 = String(attachment.sha2).toLowerCase();
      declared.add(sha2);
      if (!("fileUrl" in attachment) && !data.has(sha2)) {
        throw invalid(`${p}.fileUrl`, "is required unless the attachment's data is sent as a multipart/mixed part whose X-Experience-API-Hash is its sha2");
      }
    }
  }
  for (const sha2 of data.keys()) {
    if (!declared.has(sha2)) throw invalid("body", `has a part (X-Experience-API-Hash ${sha2}) that is no attachment of the statements`);
  }
}

const storageKey = (tenantId: string, sha2: string) => `xapi-attachments/${tenantId}/${sha2}`;

/** Keeps the attachments' data (once per tenant and hash): bytes in storage first, then the row that points at them. */
export async function storeAttachments(ctx: { db: Db; storage: Storage }, tenantId: string, data: Map<string, AttachmentData>): Promise<void> {
  if (data.size === 0) return;
  const hashes = [...data.keys()];
  const known = await ctx.db
    .select({ sha2: xapiAttachments.sha2 })
    .from(xapiAttachments)
    .where(and(eq(xapiAttachments.tenantId, tenantId), inArray(xapiAttachments.sha2, hashes)));
  const have = new Set(known.map((k) => k.sha2));
  const fresh = [...data.values()].filter((a) => !have.has(a.sha2));
  for (const a of fresh) await ctx.storage.put(storageKey(tenantId, a.sha2), a.body);
  if (fresh.length === 0) return;
  await ctx.db
    .insert(xapiAttachments)
    .values(fresh.map((a) => ({ tenantId, sha2: a.sha2, contentType: a.contentType, length: a.body.length, storageKey: storageKey(tenantId, a.sha2) })))
    .onConflictDoNothing();
}

type AttachmentRow = { sha2: string; contentType: string; length: number; storageKey: string };

const hashesOf = (statement: Json): string[] => attachmentsOf(statement, "").map(({ attachment }) => String(attachment.sha2).toLowerCase());

/**
 * How many of `statements` (in order) fit one attachments=true answer: their distinct stored
 * attachments stay within maxResponseBytes; at least one statement always goes.
 */
export async function attachmentsFitting(db: Db, tenantId: string, statements: Json[]): Promise<{ count: number; rows: AttachmentRow[] }> {
  const all = [...new Set(statements.flatMap(hashesOf))];
  if (all.length === 0) return { count: statements.length, rows: [] };
  const rows = await db
    .select({ sha2: xapiAttachments.sha2, contentType: xapiAttachments.contentType, length: xapiAttachments.length, storageKey: xapiAttachments.storageKey })
    .from(xapiAttachments)
    .where(and(eq(xapiAttachments.tenantId, tenantId), inArray(xapiAttachments.sha2, all)));
  const byHash = new Map(rows.map((r) => [r.sha2, r]));
  const taken = new Map<string, AttachmentRow>();
  let bytes = 0;
  let count = 0;
  for (const statement of statements) {
    const added = hashesOf(statement).filter((h) => !taken.has(h) && byHash.has(h));
    const size = added.reduce((sum, h) => sum + (byHash.get(h)?.length ?? 0), 0);
    if (count > 0 && bytes + size > ATTACHMENT_LIMITS.maxResponseBytes) break;
    for (const h of added) {
      const row = byHash.get(h);
      if (row) taken.set(h, row);
    }
    bytes += size;
    count += 1;
  }
  return { count, rows: [...taken.values()] };
}

/** A multipart/mixed answer: the JSON first, then each attachment's bytes. */
export async function multipartAnswer(storage: Storage, json: unknown, rows: AttachmentRow[]): Promise<{ body: Buffer; contentType: string }> {
  const parts: MimePart[] = [{ headers: { "Content-Type": "application/json" }, body: Buffer.from(JSON.stringify(json), "utf8") }];
  for (const row of rows) {
    parts.push({
      headers: { "Content-Type": row.contentType, "Content-Transfer-Encoding": "binary", "X-Experience-API-Hash": row.sha2 },
      body: await storage.read(row.storageKey),
    });
  }
  return buildMultipart(parts);
}
