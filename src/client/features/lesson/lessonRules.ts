import { CAPTION_EXTENSIONS, CONTENT_TYPE_RULES, UPLOAD_LIMITS } from "../../../contracts/lessons-base";
import type { ContentTypeCode, LessonItem, LessonItemSettings, PublicationStatus } from "../../../contracts/lessons";
import { numberFormat } from "../../i18n/format";

/*
 * The lesson page's small rules (spec §3 content types, §4 publication), kept pure so each is
 * tested on its own and shared by the add form, the edit page and the settings sidebar.
 */

/** Where a lesson lives: the /unit/ form when the unit is known. */
export const lessonBasePath = (courseGuid: string, lessonGuid: string, unitGuid?: string): string =>
  unitGuid ? `/course/${courseGuid}/unit/${unitGuid}/lesson/${lessonGuid}` : `/course/${courseGuid}/lesson/${lessonGuid}`;

/** SCORM and xAPI items have a results screen. */
export function resultsKindOf(type: ContentTypeCode): "scorm" | "xapi" | undefined {
  if (type === "CTTY_15") return "scorm";
  if (type === "CTTY_17") return "xapi";
  return undefined;
}

/** Video and audio take an optional captions file. */
export const takesCaptions = (type: ContentTypeCode): boolean => type === "CTTY_03" || type === "CTTY_04" || type === "CTTY_20";

/** Assignments have a due date. */
export const isAssignment = (type: ContentTypeCode): boolean => type === "CTTY_09";

/** The file input's accept attribute (".pdf,.docx"). */
export const acceptAttribute = (extensions: readonly string[]): string => extensions.map((e) => `.${e}`).join(",");
export const CAPTIONS_ACCEPT = acceptAttribute(CAPTION_EXTENSIONS);

/** The largest upload a type takes (packages are unpacked on the server and may be larger). */
export function uploadLimitOf(type: ContentTypeCode): number {
  return CONTENT_TYPE_RULES[type].source === "package" ? UPLOAD_LIMITS.packageBytes : UPLOAD_LIMITS.fileBytes;
}

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
};

export type FileProblem = { key: "fileType"; accept: string } | { key: "fileTooLarge"; max: number } | undefined;

/** Why a chosen file cannot be uploaded for this type (checked before anything is created). */
export function fileProblem(file: { name: string; size: number }, accept: readonly string[], maxBytes: number): FileProblem {
  if (accept.length > 0 && !accept.includes(extensionOf(file.name))) return { key: "fileType", accept: accept.join(", ") };
  if (file.size > maxBytes) return { key: "fileTooLarge", max: maxBytes };
  return undefined;
}

/** "200 MB" in the reader's language. */
export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** A `datetime-local` input's value for an ISO moment, in the reader's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO moment of a `datetime-local` value (undefined when empty or not a date). */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What the settings form holds: the publication and the item's settings, as typed. */
export type ItemSettingsDraft = {
  title: string;
  status: PublicationStatus;
  /** datetime-local value. */
  publishAt: string;
  dueAt: string;
  allowDownload: boolean;
};

export function draftOf(item: LessonItem): ItemSettingsDraft {
  return {
    title: item.title,
    status: item.status,
    publishAt: toLocalInput(item.publishAt),
    dueAt: toLocalInput(item.settings.dueAt),
    allowDownload: item.settings.allowDownload ?? false,
  };
}

export const emptyDraft = (): ItemSettingsDraft => ({ title: "", status: "published", publishAt: "", dueAt: "", allowDownload: false });

/** The publication part of a create or update body: scheduled carries its date, others clear it. */
export function publicationOf(draft: Pick<ItemSettingsDraft, "status" | "publishAt">): { status: PublicationStatus; publishAt: string | null } {
  if (draft.status !== "scheduled") return { status: draft.status, publishAt: null };
  // An unreadable date is sent as missing, so the contract's "required" rule catches it.
  return { status: "scheduled", publishAt: fromLocalInput(draft.publishAt) ?? null };
}

/** The item settings part: only what applies to the type. */
export function settingsOf(draft: Pick<ItemSettingsDraft, "dueAt" | "allowDownload">, type: ContentTypeCode): LessonItemSettings {
  const settings: LessonItemSettings = offersDownload(type) ? { allowDownload: draft.allowDownload } : {};
  const dueAt = isAssignment(type) ? fromLocalInput(draft.dueAt) : undefined;
  if (dueAt) settings.dueAt = dueAt;
  return settings;
}

/** Field errors keyed by the first path segment, from a zod issue list (messages are i18n keys). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Students may download files (PDF, office, media), not addresses, texts or packages. */
export const offersDownload = (type: ContentTypeCode): boolean => CONTENT_TYPE_RULES[type].source === "file";

/**
 * The scheduled date's own rules beyond the contract's "required": a readable date in the future
 * (the server answers PUBLISH_AT_IN_PAST otherwise). Messages are keys of lesson:form.
 */
export function scheduleProblem(draft: Pick<ItemSettingsDraft, "status" | "publishAt">, now: Date): string | undefined {
  if (draft.status !== "scheduled") return undefined;
  if (!draft.publishAt) return "publishAtRequired";
  const at = fromLocalInput(draft.publishAt);
  if (!at) return "invalid_date";
  return new Date(at).getTime() <= now.getTime() ? "publishAtPast" : undefined;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };
