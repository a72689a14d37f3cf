import type { Caller } from "../courses/access";
import type { ContentRecord } from "./access";

/** Who works in the content manager (cms/contents): the roles that author lessons (access.ts). */
export { canAuthor } from "./access";

/** Only a content's owner edits, uploads to or deletes it; the publisher's contents (no owner) are read-only. */
export const canEditContent = (content: ContentRecord, caller: Caller): boolean =>
  content.createdBy !== null && content.createdBy === caller.userId;

/**
 * What a caller wants to do with a content, for the licence check (access.ts usableContentWhere):
 * read it (content manager, assessment and question authoring, viewers), place it in one class's
 * lesson or classroom resources, or clone it as their own.
 */
export type ContentUse = { kind: "read" } | { kind: "place"; courseId: string } | { kind: "clone" };
