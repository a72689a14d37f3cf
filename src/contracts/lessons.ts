import {
  CONSUMPTION_EVENTS, CONTENT_TYPE_CODES, PACKAGE_KINDS, PUBLICATION_STATUSES, VIEWER_KINDS, type ContentTypeCode, type PublicationStatus,
} from "./lessons-base";
import { GuidSchema, isStorableInstant, pageOf, successOf } from "./common";
import * as z from "./zod";

/*
 * Lessons and their content (spec §2 lesson routes and viewers, §3 content types and lesson items,
 * §4 lesson item publication, §7 course content calls). ADR 0013 records the designs the spec
 * leaves open (the CTTY numbering past the named ones, per-class items, signed file addresses).
 */

export {
  ASSESSMENT_TYPE, AUTHORABLE_CONTENT_TYPES, CAPTION_EXTENSIONS, CONSUMPTION_EVENTS, CONTENT_TYPE_CODES, CONTENT_TYPE_RULES, CONTENT_TYPES,
  type ContentSource, type ContentTypeCode, type ContentTypeName, DEFAULT_PUBLICATION_STATUS, isContentTypeCode, LESSON_ADDABLE_TYPES,
  PACKAGE_KINDS, PUBLICATION_STATUSES, type PublicationStatus, UPLOAD_LIMITS, VIEWER_KINDS,
} from "./lessons-base";
export const ContentTypeSchema = z.enum(CONTENT_TYPE_CODES as [ContentTypeCode, ...ContentTypeCode[]]);

export const ViewerKindSchema = z.enum(VIEWER_KINDS);
export type ViewerKind = z.infer<typeof ViewerKindSchema>;

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
  /** Packages: the knowledge components the activity assesses; its score is evidence for them (issue 15). */
  kcs: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  /** Video and audio: the captions file (storage key) and its language. */
  captionsKey: z.string().max(500).optional(),
  captionsLanguage: z.string().max(10).optional(),
  /** Zip downloads: the entries, for the list shown beside the download. */
  entries: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })).max(2000).optional(),
});
export type ContentData = z.infer<typeof ContentDataSchema>;

export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES);

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
export const ConsumptionSchema = z.object({ courseGuid: GuidSchema, contentGuid: GuidSchema, event: z.enum(CONSUMPTION_EVENTS) });
export type Consumption = z.infer<typeof ConsumptionSchema>;
