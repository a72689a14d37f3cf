import * as z from "./zod";
import { PageQuerySchema, pageOf, successOf } from "./common";
import { DisciplineCodeSchema } from "./reference";

export const COURSE_MEMBER_ROLES = ["teacher", "coteacher", "student"] as const;
export const CourseMemberRoleSchema = z.enum(COURSE_MEMBER_ROLES);
export type CourseMemberRole = z.infer<typeof CourseMemberRoleSchema>;

/**
 * How the caller relates to a class on a card: a member role, or "observer" for a school admin
 * who sees every class of their school without being enrolled in it (read-only oversight).
 */
export const COURSE_VIEWER_ROLES = [...COURSE_MEMBER_ROLES, "observer"] as const;
export const CourseViewerRoleSchema = z.enum(COURSE_VIEWER_ROLES);
export type CourseViewerRole = z.infer<typeof CourseViewerRoleSchema>;

export const CoursePublicationRefSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  coverUrl: z.string().nullable(),
});

/** One class card on the home screen (Classrooms tab). Level and year are display names. */
export const CourseCardSchema = z.object({
  guid: z.string().uuid(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  schoolYear: z.string(),
  educationLevel: z.string().nullable(),
  educationYear: z.string().nullable(),
  discipline: DisciplineCodeSchema.nullable(),
  myRole: CourseViewerRoleSchema,
  studentCount: z.number().int(),
  publications: z.array(CoursePublicationRefSchema),
});
export type CourseCard = z.infer<typeof CourseCardSchema>;
export const CoursesListQuerySchema = PageQuerySchema;
export type CoursesListQuery = z.infer<typeof CoursesListQuerySchema>;
export const CoursesListSchema = pageOf(CourseCardSchema);
export type CoursesList = z.infer<typeof CoursesListSchema>;
export const CoursesListResponseSchema = successOf(CoursesListSchema);

export const PUBLICATION_KINDS = ["book", "program"] as const;
export const PublicationKindSchema = z.enum(PUBLICATION_KINDS);
export type PublicationKind = z.infer<typeof PublicationKindSchema>;

/** One publication on the home screen's Programs tab. */
export const PublicationCardSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  kind: PublicationKindSchema,
  coverUrl: z.string().nullable(),
  discipline: DisciplineCodeSchema.nullable(),
  /** Display name of the education year, e.g. "1º ESO". */
  educationYear: z.string().nullable(),
  unitCount: z.number().int(),
});
export type PublicationCard = z.infer<typeof PublicationCardSchema>;
export const PublicationsListQuerySchema = PageQuerySchema;
export type PublicationsListQuery = z.infer<typeof PublicationsListQuerySchema>;
export const PublicationsListSchema = pageOf(PublicationCardSchema);
export type PublicationsList = z.infer<typeof PublicationsListSchema>;
export const PublicationsListResponseSchema = successOf(PublicationsListSchema);
