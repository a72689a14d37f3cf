import { z } from "zod";
import { successOf } from "./common";

export const COURSE_MEMBER_ROLES = ["teacher", "coteacher", "student"] as const;
export const CourseMemberRoleSchema = z.enum(COURSE_MEMBER_ROLES);

/** One class card on the home screen. */
export const CourseCardSchema = z.object({
  guid: z.string().uuid(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  schoolYear: z.string(),
  educationLevel: z.string().nullable(),
  educationYear: z.string().nullable(),
  discipline: z.string().nullable(),
  myRole: CourseMemberRoleSchema,
  studentCount: z.number().int(),
  publications: z.array(z.object({ guid: z.string().uuid(), title: z.string(), coverUrl: z.string().nullable() })),
});
export type CourseCard = z.infer<typeof CourseCardSchema>;
export const CoursesListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const CoursesListResponseSchema = successOf(
  z.object({ items: z.array(CourseCardSchema), total: z.number().int(), offset: z.number().int(), pageSize: z.number().int() }),
);
