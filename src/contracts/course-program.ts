import * as z from "./zod";
import { PageQuerySchema, pageOf, successOf } from "./common";
import { COURSE_LIMITS, FORM_RULES, StreamPermissionSchema } from "./course-settings";
import { CourseMemberRoleSchema } from "./courses";

/*
 * A class's program (spec §2 /course/{guid}/program, §4 "personalised version, hidden units and
 * lessons"): the publisher's units and lessons as this class sees them. Teachers hide, show and
 * reorder; those changes live in the class's personalised copy and never touch the publication.
 * Resetting drops the copy and the class sees the publisher's original again.
 */

export const PROGRAM_VIEWS = ["teacher", "student"] as const;
export const ProgramViewSchema = z.enum(PROGRAM_VIEWS);
export type ProgramView = z.infer<typeof ProgramViewSchema>;

export const ProgramLessonSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  summary: z.string(),
  /** 1-based position within its unit as this class sees it. */
  order: z.number().int(),
  hidden: z.boolean(),
});
export type ProgramLesson = z.infer<typeof ProgramLessonSchema>;

export const ProgramUnitSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  order: z.number().int(),
  hidden: z.boolean(),
  lessons: z.array(ProgramLessonSchema),
});
export type ProgramUnit = z.infer<typeof ProgramUnitSchema>;

export const ProgramPublicationSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  kind: z.string(),
  coverUrl: z.string().nullable(),
  /** This class changed the publisher's order or visibility for this publication. */
  personalised: z.boolean(),
  units: z.array(ProgramUnitSchema),
});
export type ProgramPublication = z.infer<typeof ProgramPublicationSchema>;

export const CourseProgramSchema = z.object({
  courseGuid: z.string().uuid(),
  /** "student": hidden units and lessons are left out (what students get, and teachers' "view as student"). */
  view: ProgramViewSchema,
  personalised: z.boolean(),
  publications: z.array(ProgramPublicationSchema),
});
export type CourseProgram = z.infer<typeof CourseProgramSchema>;
export const CourseProgramResponseSchema = successOf(CourseProgramSchema);

/** GET /api/front/courses/:guid/program: teachers may ask for the student view. */
export const CourseProgramQuerySchema = z.object({ view: ProgramViewSchema.optional() });

export const ProgramVisibilitySchema = z.object({ hidden: z.boolean() });
export type ProgramVisibility = z.infer<typeof ProgramVisibilitySchema>;
export const ProgramUnitParamsSchema = z.object({ guid: z.string().uuid(), unitGuid: z.string().uuid() });
export const ProgramLessonParamsSchema = z.object({ guid: z.string().uuid(), lessonGuid: z.string().uuid() });

/**
 * PUT /api/front/courses/:guid/program/order: the complete new order of one publication's units or
 * one unit's lessons. It must list exactly the current items (a permutation), else VALIDATION_ERROR.
 */
export const ProgramOrderSchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("units"), parentGuid: z.string().uuid(), order: z.array(z.string().uuid()).min(1).max(500) }),
  z.object({ scope: z.literal("lessons"), parentGuid: z.string().uuid(), order: z.array(z.string().uuid()).min(1).max(500) }),
]);
export type ProgramOrder = z.infer<typeof ProgramOrderSchema>;

/** DELETE /api/front/courses/:guid/program/personalisation: all publications, or one. */
export const ProgramResetQuerySchema = z.object({ publicationGuid: z.string().uuid().optional() });

/* ---------- Class stream (spec §6 stream permissions) ---------- */

export const StreamAuthorSchema = z.object({
  guid: z.string().uuid(),
  name: z.string(),
  role: CourseMemberRoleSchema.nullable(),
});
export const StreamCommentSchema = z.object({
  guid: z.string().uuid(),
  author: StreamAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
  canDelete: z.boolean(),
});
export type StreamComment = z.infer<typeof StreamCommentSchema>;
export const StreamPostSchema = z.object({
  guid: z.string().uuid(),
  author: StreamAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
  comments: z.array(StreamCommentSchema),
  canDelete: z.boolean(),
});
export type StreamPost = z.infer<typeof StreamPostSchema>;

export const StreamPageSchema = pageOf(StreamPostSchema).extend({
  permission: StreamPermissionSchema,
  canPost: z.boolean(),
  canComment: z.boolean(),
});
export type StreamPage = z.infer<typeof StreamPageSchema>;
export const StreamPageResponseSchema = successOf(StreamPageSchema);
export const StreamQuerySchema = PageQuerySchema;

export const StreamMessageSchema = z.object({
  body: z.string({ message: FORM_RULES.required }).trim().min(1, FORM_RULES.required).max(COURSE_LIMITS.streamBodyMaxChars, FORM_RULES.maxChars),
});
export type StreamMessage = z.infer<typeof StreamMessageSchema>;
export const StreamPostResponseSchema = successOf(StreamPostSchema);
export const StreamCommentResponseSchema = successOf(StreamCommentSchema);
export const StreamPostParamsSchema = z.object({ guid: z.string().uuid(), postGuid: z.string().uuid() });
export const StreamCommentParamsSchema = z.object({ guid: z.string().uuid(), postGuid: z.string().uuid(), commentGuid: z.string().uuid() });

/* ---------- Gradebook frame (spec §7 front/courses/{courseGuid}/gradebook, §9 scopes) ---------- */

/** Workbook (toolbox: tasks and assessments) and Program (per unit of the class's program). */
export const GRADEBOOK_SCOPES = ["workbook", "program"] as const;
export const GradebookScopeSchema = z.enum(GRADEBOOK_SCOPES);
export type GradebookScope = z.infer<typeof GradebookScopeSchema>;

export const GradebookQuerySchema = z.object({
  scope: GradebookScopeSchema.default("workbook"),
  /** Program scope: one publication of the class (default: its first). */
  programGuid: z.string().uuid().optional(),
  /** Only this student's row (students always get only their own). */
  owner: z.string().uuid().optional(),
});
export const GradebookColumnSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  /** "unit" in the Program scope; "assessment" / "task" in the Workbook scope (later issues). */
  kind: z.string(),
});
export const GradebookRowSchema = z.object({
  student: z.object({ guid: z.string().uuid(), firstName: z.string(), lastName: z.string() }),
  /** One score per column (0-10), null when nothing is graded yet; `average` over graded ones. */
  scores: z.array(z.number().nullable()),
  average: z.number().nullable(),
});
export const GradebookSchema = z.object({
  scope: GradebookScopeSchema,
  programGuid: z.string().uuid().nullable(),
  programs: z.array(z.object({ guid: z.string().uuid(), title: z.string() })),
  columns: z.array(GradebookColumnSchema),
  rows: z.array(GradebookRowSchema),
});
export type Gradebook = z.infer<typeof GradebookSchema>;
export const GradebookResponseSchema = successOf(GradebookSchema);

/* ---------- Resources (spec §2 /course/{guid}/resources/{idResourcesSection}/{idResourcesGroup}) ---------- */

/** A section is one of the class's publications; its groups are the units students can see. */
export const ResourceGroupSchema = z.object({ guid: z.string().uuid(), title: z.string(), itemCount: z.number().int() });
export const ResourceSectionSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  groups: z.array(ResourceGroupSchema),
});
export const CourseResourcesSchema = z.object({ sections: z.array(ResourceSectionSchema) });
export type CourseResources = z.infer<typeof CourseResourcesSchema>;
export const CourseResourcesResponseSchema = successOf(CourseResourcesSchema);

export const ResourceGroupParamsSchema = z.object({
  guid: z.string().uuid(),
  sectionGuid: z.string().uuid(),
  groupGuid: z.string().uuid(),
});
export const ResourceItemSchema = z.object({ guid: z.string().uuid(), title: z.string(), summary: z.string(), kind: z.literal("lesson") });
export const ResourceGroupDetailSchema = z.object({
  section: z.object({ guid: z.string().uuid(), title: z.string() }),
  group: z.object({ guid: z.string().uuid(), title: z.string() }),
  items: z.array(ResourceItemSchema),
});
export type ResourceGroupDetail = z.infer<typeof ResourceGroupDetailSchema>;
export const ResourceGroupDetailResponseSchema = successOf(ResourceGroupDetailSchema);
