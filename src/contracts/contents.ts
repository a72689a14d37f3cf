import * as z from "./zod";
import { pageOf, successOf } from "./common";
import { LIMITS } from "./limits";
import { PublicationKindSchema } from "./courses";
import { PublicationAccessSchema } from "./course-settings";
import { DisciplineCodeSchema } from "./reference";

/*
 * GET /api/front/contents (spec §7: search, isBook=1, pageSize 16, offset 0, orderBy name asc):
 * the book search. Full-text in Spanish that ignores accents and case ("matematicas" finds
 * "Matemáticas"), with prefix matching so it works as the user types.
 */
export const CONTENT_ORDERS = ["name asc", "name desc"] as const;
export const ContentsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** 1: books only; 0: programs only; absent: both. */
  isBook: z.enum(["0", "1"]).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIMITS.bookSearchPageSize),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(CONTENT_ORDERS).default("name asc"),
});
export type ContentsQuery = z.infer<typeof ContentsQuerySchema>;

export const ContentCardSchema = z.object({
  guid: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  kind: PublicationKindSchema,
  isBook: z.boolean(),
  coverUrl: z.string().nullable(),
  discipline: DisciplineCodeSchema.nullable(),
  educationYear: z.string().nullable(),
  access: PublicationAccessSchema,
  unitCount: z.number().int(),
});
export type ContentCard = z.infer<typeof ContentCardSchema>;
export const ContentsPageSchema = pageOf(ContentCardSchema);
export type ContentsPage = z.infer<typeof ContentsPageSchema>;
export const ContentsPageResponseSchema = successOf(ContentsPageSchema);
