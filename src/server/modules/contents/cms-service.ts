import crypto from "node:crypto";
import { and, asc, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CONTENT_TYPE_RULES,
  UPLOAD_LIMITS,
  type ContentCreate,
  type ContentData,
  type ContentTypeCode,
  type ContentUpdate,
  type UploadTarget,
  CmsContentsQuerySchema,
} from "../../../contracts/lessons";
import type { Db } from "../../db/client";
import { ACCENTED, UNACCENTED, contents } from "../../db/schema";
import { AppError, badRequest, validation } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import type { Caller } from "../courses/access";
import { READ, usableContentWhere, type ContentRecord } from "./access";
import { contentMatchesExtension, extensionOf, formatBytes, plainMimeOf, sanitizeFileName } from "./mime";
import { inspectPackage, listZipEntries, packagePrefix, writePackageFiles } from "./packages";
import { foldAccents } from "./service";
import { contentPrefix } from "./view";

type CmsContentsQuery = z.infer<typeof CmsContentsQuerySchema>;

/**
 * Upload limits in force, read on every request (UPLOAD_LIMITS by default). A test may lower them
 * to exercise the 413 without sending hundreds of megabytes.
 */
export const uploadLimits: Record<keyof typeof UPLOAD_LIMITS, number> = { ...UPLOAD_LIMITS };

export const maxBytesFor = (type: ContentTypeCode): number =>
  CONTENT_TYPE_RULES[type].source === "package" ? uploadLimits.packageBytes : uploadLimits.fileBytes;

export const fileTooLarge = (max: number) => new AppError(413, "FILE_TOO_LARGE", "The file is too large", { max: formatBytes(max) });
export const fileTypeNotAllowed = (accept: readonly string[]) =>
  badRequest("FILE_TYPE_NOT_ALLOWED", "This type of file is not accepted here", { accept: accept.join(", ") });
export const fileRequired = () => badRequest("FILE_REQUIRED", "Choose a file to upload");

const typeOf = (row: ContentRecord): ContentTypeCode => row.type as ContentTypeCode;
const required = (field: string) => validation([{ field, message: "required" }]);

/** Types whose content is a file or package: the others (links, texts) have nothing to upload. */
export function assertUploadable(row: ContentRecord): void {
  const source = CONTENT_TYPE_RULES[typeOf(row)].source;
  if (source !== "file" && source !== "package") throw validation([{ field: "type", message: "invalid_choice" }]);
}

/** A content's address or text must be there for the types made of one. */
function assertSource(type: ContentTypeCode, url: string | null, data: ContentData): void {
  const source = CONTENT_TYPE_RULES[type].source;
  if (source === "url" && !url) throw required("url");
  if (source === "text" && !data.body?.trim()) throw required("body");
}

const LIKE_SPECIALS = /[\\%_]/g;

/** GET cms/contents: the publisher's contents the caller may use and the caller's own, in their edition, newest first. */
export async function listCmsContents(db: Db, caller: Caller, query: CmsContentsQuery): Promise<{ rows: ContentRecord[]; total: number }> {
  const search = query.search ? foldAccents(query.search).toLowerCase() : "";
  const where = and(
    eq(contents.tenantId, caller.tenantId),
    isNull(contents.deletedAt),
    query.mine === "1" ? eq(contents.createdBy, caller.userId) : or(isNull(contents.createdBy), eq(contents.createdBy, caller.userId)),
    // Licensed publications' contents only for those who may use them (the same rule as opening one).
    usableContentWhere(caller, READ),
    query.type ? eq(contents.type, query.type) : undefined,
    search
      ? sql`lower(translate(${contents.title}, ${ACCENTED}, ${UNACCENTED})) like ${`%${search.replace(LIKE_SPECIALS, "\\$&")}%`}`
      : undefined,
  );
  const rows = await db
    .select({ content: contents, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contents)
    .where(where)
    .orderBy(desc(contents.updatedAt), asc(contents.id))
    .limit(query.pageSize)
    .offset(query.offset);
  const first = rows[0];
  if (!first) {
    const [counted] = await db.select({ n: count() }).from(contents).where(where);
    return { rows: [], total: counted?.n ?? 0 };
  }
  return { rows: rows.map((r) => r.content), total: first.total };
}

/** The type-specific facts a create or update writes: text for text types, alternative text for images. */
function sourceData(type: ContentTypeCode, data: ContentData, input: { body?: string; alt?: string }): ContentData {
  const next = { ...data };
  if (CONTENT_TYPE_RULES[type].source === "text" && input.body !== undefined) next.body = input.body;
  if (type === "CTTY_07" && input.alt !== undefined) next.alt = input.alt;
  return next;
}

export async function createContent(db: Db, caller: Caller, input: ContentCreate): Promise<ContentRecord> {
  const rule = CONTENT_TYPE_RULES[input.type];
  if (!rule.authorable) throw badRequest("CONTENT_TYPE_NOT_AUTHORABLE", "This type of content cannot be created here yet");
  const url = rule.source === "url" ? (input.url ?? null) : null;
  const data = sourceData(input.type, {}, input);
  assertSource(input.type, url, data);
  const [row] = await db
    .insert(contents)
    .values({ tenantId: caller.tenantId, type: input.type, title: input.title, description: input.description, url, data, createdBy: caller.userId })
    .returning();
  if (!row) throw new Error("content not created");
  return row;
}

export async function updateContent(db: Db, row: ContentRecord, patch: ContentUpdate): Promise<ContentRecord> {
  const type = typeOf(row);
  const url = CONTENT_TYPE_RULES[type].source === "url" && patch.url !== undefined ? patch.url : row.url;
  const data = sourceData(type, row.data as ContentData, patch);
  assertSource(type, url, data);
  const [updated] = await db
    .update(contents)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      url,
      data,
      updatedAt: new Date(),
    })
    .where(eq(contents.id, row.id))
    .returning();
  if (!updated) throw new Error("content not updated");
  return updated;
}

/** Soft delete: lesson items and resources that use it say "The content might have been deleted". */
export async function deleteContent(db: Db, row: ContentRecord): Promise<void> {
  await db.update(contents).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(contents.id, row.id));
}

/** A copy owned by the caller, files and all (contents/<source>/ is copied to contents/<copy>/). */
export async function cloneContent(db: Db, storage: Storage, caller: Caller, source: ContentRecord, title?: string): Promise<ContentRecord> {
  const id = crypto.randomUUID();
  const from = contentPrefix(source.id);
  const to = contentPrefix(id);
  const rekey = (key: string | null | undefined): string | undefined => (key?.startsWith(from) ? `${to}${key.slice(from.length)}` : (key ?? undefined));
  if ((await storage.list(from)).length > 0) await storage.copyPrefix(from.slice(0, -1), to.slice(0, -1));
  const data = { ...(source.data as ContentData) };
  if (data.captionsKey) data.captionsKey = rekey(data.captionsKey);
  const [row] = await db
    .insert(contents)
    .values({
      id,
      tenantId: caller.tenantId,
      type: source.type,
      title: title ?? source.title,
      description: source.description,
      url: source.url,
      storageKey: rekey(source.storageKey) ?? null,
      fileName: source.fileName,
      mimeType: source.mimeType,
      sizeBytes: source.sizeBytes,
      data,
      createdBy: caller.userId,
      clonedFrom: source.id,
    })
    .returning();
  if (!row) throw new Error("content not cloned");
  return row;
}

export function uploadTargetOf(row: ContentRecord): UploadTarget {
  const type = typeOf(row);
  return {
    uploadUrl: `/api/cms/contents/${row.id}/content/upload`,
    method: "POST",
    fileField: "file",
    captionsField: "captions",
    maxBytes: maxBytesFor(type),
    accept: [...CONTENT_TYPE_RULES[type].accept],
  };
}

/** The upload's name is acceptable for the content's type (checked before its bytes are read). */
export function assertAcceptedName(row: ContentRecord, fileName: string): void {
  const accept = CONTENT_TYPE_RULES[typeOf(row)].accept;
  if (!accept.includes(extensionOf(fileName))) throw fileTypeNotAllowed(accept);
}

const MEDIA_TYPES: ReadonlySet<ContentTypeCode> = new Set(["CTTY_03", "CTTY_04", "CTTY_20"]);
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

export type UploadedFile = { fileName: string; data: Buffer };
export type Upload = { file?: UploadedFile; captions?: UploadedFile; captionsLanguage?: string };

function checkCaptions(row: ContentRecord, upload: Upload): void {
  if (!upload.captions) return;
  if (!MEDIA_TYPES.has(typeOf(row))) throw validation([{ field: "captions", message: "invalid_choice" }]);
  const { fileName, data } = upload.captions;
  if (extensionOf(fileName) !== "vtt" || !contentMatchesExtension("vtt", data)) throw fileTypeNotAllowed(["vtt"]);
  if (data.length > uploadLimits.captionsBytes) throw fileTooLarge(uploadLimits.captionsBytes);
  if (upload.captionsLanguage !== undefined && (upload.captionsLanguage.length > 10 || !LANGUAGE_TAG.test(upload.captionsLanguage))) {
    throw validation([{ field: "captionsLanguage", message: "invalid_choice" }]);
  }
}

/** Facts of a previous upload, dropped when a new file replaces it. */
function withoutUploadFacts(data: ContentData): ContentData {
  const { packageKind: _k, launchPath: _l, activityId: _a, entries: _e, captionsKey: _c, captionsLanguage: _cl, ...rest } = data;
  return rest;
}

/**
 * POST cms/contents/{id}/content/upload: checks the file (type by extension and by content, size,
 * package structure), then replaces whatever the content had. Nothing is removed until the new
 * upload has passed every check.
 */
export async function storeUpload(db: Db, storage: Storage, row: ContentRecord, upload: Upload): Promise<ContentRecord> {
  const type = typeOf(row);
  const rule = CONTENT_TYPE_RULES[type];
  const file = upload.file;
  if (!file || file.data.length === 0) throw fileRequired();
  assertAcceptedName(row, file.fileName);
  const ext = extensionOf(file.fileName);
  const max = maxBytesFor(type);
  if (file.data.length > max) throw fileTooLarge(max);
  if (!contentMatchesExtension(ext, file.data)) throw fileTypeNotAllowed(rule.accept);
  checkCaptions(row, upload);

  const fileName = sanitizeFileName(file.fileName, ext);
  const prefix = contentPrefix(row.id);
  const data = withoutUploadFacts(row.data as ContentData);
  let storageKey: string;

  if (rule.source === "package") {
    const { files, ...info } = inspectPackage(file.data, type);
    await storage.removePrefix(prefix.slice(0, -1));
    await writePackageFiles(storage, row.id, file.data, files);
    storageKey = packagePrefix(row.id);
    Object.assign(data, { packageKind: info.packageKind, launchPath: info.launchPath }, info.activityId ? { activityId: info.activityId } : {});
  } else {
    if (type === "CTTY_12") data.entries = listZipEntries(file.data);
    await storage.removePrefix(prefix.slice(0, -1));
    storageKey = `${prefix}${fileName}`;
    await storage.put(storageKey, file.data);
  }
  if (upload.captions) {
    data.captionsKey = `${prefix}captions.vtt`;
    await storage.put(data.captionsKey, upload.captions.data);
    if (upload.captionsLanguage) data.captionsLanguage = upload.captionsLanguage;
  }

  const [updated] = await db
    .update(contents)
    .set({ storageKey, fileName, mimeType: plainMimeOf(fileName), sizeBytes: file.data.length, data, updatedAt: new Date() })
    .where(eq(contents.id, row.id))
    .returning();
  if (!updated) throw new Error("content not updated");
  return updated;
}
