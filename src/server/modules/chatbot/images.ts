import crypto from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { imageSize } from "image-size";
import { CHAT_IMAGE_LIMITS, type ChatImageUnreadReason, type ChatImageView, type ChatMessageParts } from "../../../contracts/chatbot-base";
import type { AiProvider } from "../../ai/types";
import type { Db } from "../../db/client";
import { assistantImages } from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { FileSigner, Storage } from "../../platform/storage";
import { fileTooLarge } from "../contents/cms-service";
import { contentMatchesExtension } from "../contents/mime";
import type { Caller } from "../courses/access";

/*
 * Images attached to questions (spec §1 image attach; issue 17, ADR 0044). An upload is checked by
 * its bytes (PNG, JPEG, WebP or GIF whatever its name says), its size and its pixels, stored under
 * `assistant-images/`, and is its owner's alone: the browser opens it at a signed address that
 * expires. An image waits unattached until a question carries it; unsent ones are cleared after a
 * day, and a conversation's go with it.
 */

export type ImageRow = typeof assistantImages.$inferSelect;

const GRANT_PREFIX = "ci-";
const UNSENT_TTL_MS = 24 * 3600 * 1000;
const MIME: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

export const imageTypeNotAllowed = () =>
  new AppError(415, "CHAT_IMAGE_TYPE", `Attach a PNG, JPEG, WebP or GIF image`, { allowed: [...CHAT_IMAGE_LIMITS.extensions] });

/** The image's kind from its first bytes (the name is not trusted). */
function sniff(data: Buffer): "png" | "jpg" | "webp" | "gif" | null {
  for (const ext of ["png", "jpg", "webp", "gif"] as const) if (contentMatchesExtension(ext, data)) return ext;
  return null;
}

/** Checks and stores an upload as the caller's unsent image; clears their unsent images older than a day. */
export async function storeImage(db: Db, storage: Storage, caller: Caller, file: { fileName: string; data: Buffer }, now: Date): Promise<ImageRow> {
  if (file.data.length === 0) throw new AppError(400, "FILE_REQUIRED", "Choose an image to attach");
  if (file.data.length > CHAT_IMAGE_LIMITS.maxBytes) throw fileTooLarge(CHAT_IMAGE_LIMITS.maxBytes);
  const ext = sniff(file.data);
  if (!ext) throw imageTypeNotAllowed();
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = imageSize(file.data);
  } catch {
    throw imageTypeNotAllowed();
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < 1 || height < 1) throw imageTypeNotAllowed();
  if (width * height > CHAT_IMAGE_LIMITS.maxPixels) throw new AppError(413, "CHAT_IMAGE_TOO_LARGE", "The image has too many pixels", { megapixels: CHAT_IMAGE_LIMITS.maxPixels / 1_000_000 });

  const stale = await db
    .delete(assistantImages)
    .where(and(eq(assistantImages.tenantId, caller.tenantId), eq(assistantImages.userId, caller.userId), isNull(assistantImages.conversationId), lt(assistantImages.createdAt, new Date(now.getTime() - UNSENT_TTL_MS))))
    .returning({ storageKey: assistantImages.storageKey });
  await Promise.all(stale.map((s) => storage.removePrefix(s.storageKey)));

  const id = crypto.randomUUID();
  const storageKey = `assistant-images/${caller.tenantId}/${id}.${ext}`;
  await storage.put(storageKey, file.data);
  const [row] = await db
    .insert(assistantImages)
    .values({ id, tenantId: caller.tenantId, userId: caller.userId, storageKey, mimeType: MIME[ext] as string, sizeBytes: file.data.length, width, height, createdAt: now })
    .returning();
  if (!row) throw new Error("image not stored");
  return row;
}

/** The caller's unsent image a question names; 404 for another's, a sent one or none (the same answer). */
export async function loadUnsentImage(db: Db, caller: Caller, id: string): Promise<ImageRow> {
  const [row] = await db
    .select()
    .from(assistantImages)
    .where(and(eq(assistantImages.id, id), eq(assistantImages.tenantId, caller.tenantId), eq(assistantImages.userId, caller.userId), isNull(assistantImages.conversationId)))
    .limit(1);
  if (!row) throw notFound("Image");
  return row;
}

/** Claims the unsent image for the conversation, once: a second question naming it (even at the same moment) gets 404. */
export async function attachImage(db: Db, image: ImageRow, conversationId: string): Promise<void> {
  const [claimed] = await db
    .update(assistantImages)
    .set({ conversationId })
    .where(and(eq(assistantImages.id, image.id), isNull(assistantImages.conversationId)))
    .returning({ id: assistantImages.id });
  if (!claimed) throw notFound("Image");
}

/** A conversation's images' files, removed before its rows go (the rows go with the conversation). */
export async function removeConversationImages(db: Db, storage: Storage, conversationId: string): Promise<void> {
  const rows = await db.select({ storageKey: assistantImages.storageKey }).from(assistantImages).where(eq(assistantImages.conversationId, conversationId));
  await Promise.all(rows.map((r) => storage.removePrefix(r.storageKey)));
}

/** Why this server cannot read an attached image, or null when its model can. */
export function imageUnreadReason(ai: AiProvider): ChatImageUnreadReason | null {
  const can = ai.capabilities();
  if (!can.chat) return "NO_LANGUAGE_MODEL";
  return can.vision ? null : "NO_VISION_MODEL";
}

export const imageParts = (row: ImageRow): NonNullable<ChatMessageParts["image"]> => ({ guid: row.id, mimeType: row.mimeType, width: row.width, height: row.height });

export const imageUrl = (files: FileSigner, guid: string): string => `/api/chatbot/images/${files.grant(`${GRANT_PREFIX}${guid}`)}`;

export const imageView = (files: FileSigner, image: NonNullable<ChatMessageParts["image"]>): ChatImageView => ({ ...image, url: imageUrl(files, image.guid) });

/** The image a signed address opens, or null (forged, expired, or gone). */
export async function imageOfGrant(db: Db, files: FileSigner, grant: string): Promise<ImageRow | null> {
  const granted = files.verify(grant);
  const id = granted?.startsWith(GRANT_PREFIX) ? granted.slice(GRANT_PREFIX.length) : null;
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(assistantImages).where(eq(assistantImages.id, id)).limit(1);
  return row ?? null;
}

