import * as z from "./zod";
import { GuidSchema, successOf } from "./common";
import { PublicationAccessSchema } from "./course-settings";
import { PublicationKindSchema } from "./courses";
import { ContentTypeSchema } from "./lessons";
import { DisciplineCodeSchema } from "./reference";

/*
 * GET /api/front/publications/:guid/preview (home Programs tab, /publication/{guid}): a program or
 * book as its publisher made it (units, lessons, their contents), for a teacher deciding whether to
 * add it to a class (ADR 0023). A licensed publication the caller holds no licence for shows its
 * structure only: its contents are listed without their ids, so they cannot be opened from here.
 */

export const PublicationPreviewContentSchema = z.object({
  /** Null when the caller may not open it (a licensed publication they hold no licence for). */
  guid: GuidSchema.nullable(),
  title: z.string(),
  type: ContentTypeSchema,
});
export type PublicationPreviewContent = z.infer<typeof PublicationPreviewContentSchema>;

export const PublicationPreviewLessonSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  summary: z.string(),
  contents: z.array(PublicationPreviewContentSchema),
});
export type PublicationPreviewLesson = z.infer<typeof PublicationPreviewLessonSchema>;

export const PublicationPreviewUnitSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  lessons: z.array(PublicationPreviewLessonSchema),
});
export type PublicationPreviewUnit = z.infer<typeof PublicationPreviewUnitSchema>;

export const PublicationPreviewSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  description: z.string(),
  kind: PublicationKindSchema,
  coverUrl: z.string().nullable(),
  discipline: DisciplineCodeSchema.nullable(),
  educationYear: z.string().nullable(),
  access: PublicationAccessSchema,
  /** The caller creates classes (teachers) and may add this one to a class: it is open, or one of their licences opens it. */
  canAddToClass: z.boolean(),
  /** Some of its contents are listed without being openable: the caller needs a licence for them. */
  contentsLocked: z.boolean(),
  units: z.array(PublicationPreviewUnitSchema),
});
export type PublicationPreview = z.infer<typeof PublicationPreviewSchema>;
export const PublicationPreviewResponseSchema = successOf(PublicationPreviewSchema);
