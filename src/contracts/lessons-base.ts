/*
 * What the client needs of the lessons contract without zod (ADR 0028): content types and their
 * rules, publication statuses, upload limits. lessons.ts builds its schemas on these and
 * re-exports them.
 */

/** Content types. The spec names 14 of the 20 codes and fixes CTTY_16 as the DLO. */
export const CONTENT_TYPES = {
  CTTY_01: "fixed_layout",
  CTTY_02: "responsive",
  CTTY_03: "video",
  CTTY_04: "audio",
  CTTY_05: "pdf",
  CTTY_06: "link",
  CTTY_07: "image",
  CTTY_08: "html_interactive",
  CTTY_09: "assignment",
  CTTY_10: "activity",
  CTTY_11: "office",
  CTTY_12: "zip",
  CTTY_13: "page_html",
  CTTY_14: "interactive",
  CTTY_15: "scorm",
  CTTY_16: "dlo",
  CTTY_17: "xapi",
  CTTY_18: "assessment",
  CTTY_19: "question",
  CTTY_20: "videolesson",
} as const;
export type ContentTypeCode = keyof typeof CONTENT_TYPES;
export type ContentTypeName = (typeof CONTENT_TYPES)[ContentTypeCode];
export const CONTENT_TYPE_CODES = Object.keys(CONTENT_TYPES) as ContentTypeCode[];
/** What ContentTypeSchema accepts, without zod. */
export const isContentTypeCode = (value: unknown): value is ContentTypeCode => typeof value === "string" && Object.hasOwn(CONTENT_TYPES, value);

/**
 * How a content's source is given: an uploaded file, an uploaded package (zip unpacked on the
 * server), an address, or text written in the editor.
 */
export type ContentSource = "file" | "package" | "url" | "text";

/** Per type: where its content comes from and which files an upload accepts (extensions, lower case). */
export const CONTENT_TYPE_RULES: Record<ContentTypeCode, { source: ContentSource; accept: readonly string[]; authorable: boolean }> = {
  CTTY_01: { source: "file", accept: ["pdf"], authorable: true },
  CTTY_02: { source: "text", accept: [], authorable: true },
  CTTY_03: { source: "file", accept: ["mp4", "webm", "ogv", "m4v"], authorable: true },
  CTTY_04: { source: "file", accept: ["mp3", "wav", "ogg", "oga", "m4a", "webm"], authorable: true },
  CTTY_05: { source: "file", accept: ["pdf"], authorable: true },
  CTTY_06: { source: "url", accept: [], authorable: true },
  CTTY_07: { source: "file", accept: ["png", "jpg", "jpeg", "gif", "webp", "svg"], authorable: true },
  CTTY_08: { source: "package", accept: ["zip"], authorable: true },
  CTTY_09: { source: "text", accept: [], authorable: true },
  CTTY_10: { source: "text", accept: [], authorable: false },
  CTTY_11: { source: "file", accept: ["docx", "xlsx", "pptx", "odt", "ods", "odp", "doc", "xls", "ppt", "rtf", "csv", "txt"], authorable: true },
  CTTY_12: { source: "file", accept: ["zip"], authorable: true },
  CTTY_13: { source: "file", accept: ["html", "htm"], authorable: true },
  CTTY_14: { source: "url", accept: [], authorable: true },
  CTTY_15: { source: "package", accept: ["zip"], authorable: true },
  CTTY_16: { source: "text", accept: [], authorable: false },
  CTTY_17: { source: "package", accept: ["zip"], authorable: true },
  CTTY_18: { source: "text", accept: [], authorable: false },
  CTTY_19: { source: "text", accept: [], authorable: false },
  CTTY_20: { source: "file", accept: ["mp4", "webm", "ogv", "m4v"], authorable: true },
};
/** Types a teacher can add to a lesson now (activities, DLOs, assessments and questions come with the question engine). */
export const AUTHORABLE_CONTENT_TYPES = CONTENT_TYPE_CODES.filter((c) => CONTENT_TYPE_RULES[c].authorable);
/** Assessments (CTTY_18) are made with their own calls (cms/assessments), then placed like any content. */
export const ASSESSMENT_TYPE = "CTTY_18" satisfies ContentTypeCode;
/** What a teacher can add to a lesson from the new-content picker. */
export const LESSON_ADDABLE_TYPES: readonly ContentTypeCode[] = [...AUTHORABLE_CONTENT_TYPES, ASSESSMENT_TYPE];

/** Captions files accepted beside a video or audio. */
export const CAPTION_EXTENSIONS = ["vtt"] as const;

/** Which viewer shows a content (derived on the server from its type and file). */
export const VIEWER_KINDS = ["pdf", "video", "audio", "image", "link", "embed", "html", "scorm", "xapi", "text", "download", "unsupported"] as const;
export const PACKAGE_KINDS = ["scorm12", "scorm2004", "xapi", "html"] as const;

export const PUBLICATION_STATUSES = ["draft", "scheduled", "published"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export const DEFAULT_PUBLICATION_STATUS: PublicationStatus = "published";

/** Upload limits per source (bytes). */
export const UPLOAD_LIMITS = { fileBytes: 200 * 1024 * 1024, packageBytes: 300 * 1024 * 1024, captionsBytes: 1024 * 1024, packageEntries: 5000 } as const;

/** POST /api/consumptions. */
export const CONSUMPTION_EVENTS = ["opened", "finished"] as const;
