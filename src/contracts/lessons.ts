import { z } from "zod";
import { GuidSchema, isStorableInstant, pageOf, successOf } from "./common";

/*
 * Lessons and their content (spec §2 lesson routes and viewers, §3 content types and lesson items,
 * §4 lesson item publication, §7 course content calls). ADR 0013 records the designs the spec
 * leaves open (the CTTY numbering past the named ones, per-class items, signed file addresses).
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
export const ContentTypeSchema = z.enum(CONTENT_TYPE_CODES as [ContentTypeCode, ...ContentTypeCode[]]);

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
export const ViewerKindSchema = z.enum(VIEWER_KINDS);
export type ViewerKind = z.infer<typeof ViewerKindSchema>;

export const PACKAGE_KINDS = ["scorm12", "scorm2004", "xapi", "html"] as const;
export const PackageKindSchema = z.enum(PACKAGE_KINDS);
export type PackageKind = z.infer<typeof PackageKindSchema>;

/** Type-specific facts kept with a content (server-side column `contents.data`). */
export const ContentDataSchema = z.object({
  /** Responsive and assignment texts, page HTML written in the editor (plain text with line breaks). */
  body: z.string().max(100_000).optional(),
  /** Image alternative text. */
  alt: z.string().max(500).optional(),
  /** Unpacked packages: kind, entry file (relative), xAPI activity id, SCORM title. */
  packageKind: PackageKindSchema.optional(),
  launchPath: z.string().max(500).optional(),
  activityId: z.string().max(2000).optional(),
  /** Video and audio: the captions file (storage key) and its language. */
  captionsKey: z.string().max(500).optional(),
  captionsLanguage: z.string().max(10).optional(),
  /** Zip downloads: the entries, for the list shown beside the download. */
  entries: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })).max(2000).optional(),
});
export type ContentData = z.infer<typeof ContentDataSchema>;

export const PUBLICATION_STATUSES = ["draft", "scheduled", "published"] as const;
export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES);
export type PublicationStatus = z.infer<typeof PublicationStatusSchema>;
export const DEFAULT_PUBLICATION_STATUS: PublicationStatus = "published";

/** Per-item settings (general-settings sidebar). */
export const LessonItemSettingsSchema = z.object({
  /** Assignments: when it is due (ISO date-time). */
  dueAt: z.string().datetime({ offset: true }).refine(isStorableInstant).optional(),
  /** Students may download the file (PDF, office, media). */
  allowDownload: z.boolean().optional(),
});
export type LessonItemSettings = z.infer<typeof LessonItemSettingsSchema>;

/** What a viewer needs to show a content. File addresses are signed and expire (ADR 0013). */
export const ContentViewSchema = z.object({
  viewer: ViewerKindSchema,
  /** The file itself (PDF, media, image, office, zip, page HTML). */
  fileUrl: z.string().nullable(),
  /** Packages and page HTML: the entry page, on the isolated content path. */
  launchUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  captionsLanguage: z.string().nullable(),
  /** Links and interactives. */
  url: z.string().nullable(),
  body: z.string().nullable(),
  alt: z.string().nullable(),
  packageKind: PackageKindSchema.nullable(),
  entries: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })),
});
export type ContentView = z.infer<typeof ContentViewSchema>;

export const ContentSummarySchema = z.object({
  guid: GuidSchema,
  type: ContentTypeSchema,
  title: z.string(),
  description: z.string(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** The publisher's (no owner) or the caller's own. */
  mine: z.boolean(),
  /** The content has its file, package, address or text, so it can be shown. */
  ready: z.boolean(),
  updatedAt: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

export const ContentDetailSchema = ContentSummarySchema.extend({
  url: z.string().nullable(),
  data: ContentDataSchema,
  view: ContentViewSchema,
});
export type ContentDetail = z.infer<typeof ContentDetailSchema>;
export const ContentDetailResponseSchema = successOf(ContentDetailSchema);

/** GET /api/front/contents/:guid: a student must say which class they see it in. */
export const ContentViewQuerySchema = z.object({ courseGuid: GuidSchema.optional() });

/** GET /api/cms/contents: the teacher's own and the publisher's contents. */
export const CmsContentsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: ContentTypeSchema.optional(),
  mine: z.enum(["0", "1"]).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ContentPageSchema = pageOf(ContentSummarySchema);
export type ContentPage = z.infer<typeof ContentPageSchema>;
export const ContentPageResponseSchema = successOf(ContentPageSchema);

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url("invalid_url")
  .refine((u) => /^https?:\/\//i.test(u), "invalid_url");

export const ContentCreateSchema = z.object({
  type: ContentTypeSchema,
  title: z.string().trim().min(1, "required").max(200, "max_chars"),
  description: z.string().trim().max(2000, "max_chars").default(""),
  url: httpUrl.optional(),
  body: z.string().max(100_000, "max_chars").optional(),
  alt: z.string().trim().max(500, "max_chars").optional(),
});
export type ContentCreate = z.infer<typeof ContentCreateSchema>;
export const ContentUpdateSchema = ContentCreateSchema.omit({ type: true }).partial();
export type ContentUpdate = z.infer<typeof ContentUpdateSchema>;
export const ContentCloneSchema = z.object({ contentGuid: GuidSchema, title: z.string().trim().min(1).max(200).optional() });

/** GET /api/cms/contents/:guid/content/upload: where and what to upload. */
export const UploadTargetSchema = z.object({
  uploadUrl: z.string(),
  method: z.literal("POST"),
  /** Multipart field names: the file, and for video/audio an optional captions file. */
  fileField: z.literal("file"),
  captionsField: z.literal("captions"),
  maxBytes: z.number().int(),
  accept: z.array(z.string()),
});
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

/** Upload limits per source (bytes). */
export const UPLOAD_LIMITS = { fileBytes: 200 * 1024 * 1024, packageBytes: 300 * 1024 * 1024, captionsBytes: 1024 * 1024, packageEntries: 5000 } as const;

/** Lesson item as the lesson page lists it. */
export const LessonItemSchema = z.object({
  guid: GuidSchema,
  /** The spec's lessonItemGuid: the same value, named as the calls name it. */
  lessonItemGuid: GuidSchema,
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  title: z.string(),
  position: z.number().int(),
  status: PublicationStatusSchema,
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  settings: LessonItemSettingsSchema,
  content: ContentSummarySchema.extend({ deleted: z.boolean() }),
  /** The caller's own progress with this item's content. */
  consumption: z.object({ opened: z.boolean(), finished: z.boolean() }),
});
export type LessonItem = z.infer<typeof LessonItemSchema>;
export const LessonItemResponseSchema = successOf(LessonItemSchema);
export const LessonItemListResponseSchema = successOf(z.array(LessonItemSchema));

export const LessonDetailSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  summary: z.string(),
  course: z.object({ guid: GuidSchema, name: z.string() }),
  unit: z.object({ guid: GuidSchema, title: z.string() }),
  publication: z.object({ guid: GuidSchema, title: z.string() }),
  /** Neighbours in the class's program as the caller sees it. */
  previousLessonGuid: GuidSchema.nullable(),
  nextLessonGuid: GuidSchema.nullable(),
  canEdit: z.boolean(),
});
export type LessonDetail = z.infer<typeof LessonDetailSchema>;
export const LessonDetailResponseSchema = successOf(LessonDetailSchema);

/** GET /api/front/lessons/:guid and /items: the class the lesson is seen in. Teachers may ask for the student view. */
export const LessonQuerySchema = z.object({ courseGuid: GuidSchema, view: z.enum(["teacher", "student"]).optional() });
export const LessonItemsListQuerySchema = z.object({ courseGuid: GuidSchema, lessonGuid: GuidSchema, view: z.enum(["teacher", "student"]).optional() });

/** Publication fields, shared by create and update: scheduled needs a future publishAt. */
const publicationFields = {
  status: PublicationStatusSchema.optional(),
  publishAt: z.string().datetime({ offset: true, message: "invalid_date" }).refine(isStorableInstant, "invalid_date").nullable().optional(),
};
const scheduleRule = (v: { status?: PublicationStatus; publishAt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.status === "scheduled" && !v.publishAt) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "required" });
};

export const LessonItemCreateSchema = z
  .object({
    courseGuid: GuidSchema,
    lessonGuid: GuidSchema,
    contentGuid: GuidSchema,
    title: z.string().trim().max(200, "max_chars").optional(),
    settings: LessonItemSettingsSchema.optional(),
    /** 1-based; at the end when absent. */
    position: z.number().int().min(1).optional(),
    ...publicationFields,
  })
  .superRefine(scheduleRule);
export type LessonItemCreate = z.infer<typeof LessonItemCreateSchema>;

export const LessonItemUpdateSchema = z
  .object({
    title: z.string().trim().max(200, "max_chars").nullable().optional(),
    settings: LessonItemSettingsSchema.optional(),
    ...publicationFields,
  })
  .superRefine(scheduleRule);
export type LessonItemUpdate = z.infer<typeof LessonItemUpdateSchema>;

/** POST /api/front/lesson-items-batch: reorder, and publish, unpublish or delete several at once. */
export const LessonItemsBatchSchema = z.object({
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  /** The complete new order of the lesson's items. */
  order: z.array(GuidSchema).max(500).optional(),
  publish: z.array(GuidSchema).max(500).optional(),
  unpublish: z.array(GuidSchema).max(500).optional(),
  delete: z.array(GuidSchema).max(500).optional(),
});
export type LessonItemsBatch = z.infer<typeof LessonItemsBatchSchema>;

/** lms/resource-materials: the class's classroom resources. */
export const ResourceMaterialSchema = z.object({
  guid: GuidSchema,
  courseGuid: GuidSchema,
  title: z.string(),
  visibleToStudents: z.boolean(),
  position: z.number().int(),
  content: ContentSummarySchema.extend({ deleted: z.boolean() }),
  createdAt: z.string(),
});
export type ResourceMaterial = z.infer<typeof ResourceMaterialSchema>;
export const ResourceMaterialListResponseSchema = successOf(z.array(ResourceMaterialSchema));
export const ResourceMaterialResponseSchema = successOf(ResourceMaterialSchema);
export const ResourceMaterialsQuerySchema = z.object({ courseGuid: GuidSchema });
export const ResourceMaterialCreateSchema = z.object({
  courseGuid: GuidSchema,
  contentGuid: GuidSchema,
  title: z.string().trim().max(200, "max_chars").optional(),
  visibleToStudents: z.boolean().default(true),
});
export const ResourceMaterialUpdateSchema = z.object({
  title: z.string().trim().max(200, "max_chars").nullable().optional(),
  visibleToStudents: z.boolean().optional(),
  position: z.number().int().min(1).optional(),
});

/** POST /api/consumptions. */
export const CONSUMPTION_EVENTS = ["opened", "finished"] as const;
export const ConsumptionSchema = z.object({ courseGuid: GuidSchema, contentGuid: GuidSchema, event: z.enum(CONSUMPTION_EVENTS) });
export type Consumption = z.infer<typeof ConsumptionSchema>;
