import type { ContentData, ContentSummary, ContentTypeCode } from "../../../contracts/lessons";
import { CONTENT_TYPE_RULES } from "../../../contracts/lessons";
import type { ContentRecord } from "./access";

/** The content has what its type needs to be shown: its file, package, address or text. */
export function contentReady(row: Pick<ContentRecord, "type" | "storageKey" | "url" | "data">): boolean {
  const rule = CONTENT_TYPE_RULES[row.type as ContentTypeCode];
  if (!rule) return false;
  // Assessments and questions are made of their own rows (modules/assessments), ready once they exist.
  if (row.type === "CTTY_18" || row.type === "CTTY_19") return true;
  const data = row.data as ContentData;
  switch (rule.source) {
    case "file":
      return row.storageKey !== null;
    case "package":
      return row.storageKey !== null && Boolean(data.launchPath);
    case "url":
      return Boolean(row.url);
    case "text":
      return Boolean(data.body && data.body.trim().length > 0);
  }
}

export function presentContentSummary(row: ContentRecord, callerId: string): ContentSummary {
  return {
    guid: row.id,
    type: row.type as ContentTypeCode,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    mine: row.createdBy !== null && row.createdBy === callerId,
    ready: contentReady(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}
