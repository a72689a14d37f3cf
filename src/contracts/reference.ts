import * as z from "./zod";
import { CountrySchema, successOf } from "./common";

export const EDUCATION_LEVEL_CODES = ["preschool", "primary", "secondary", "baccalaureate"] as const;
export const DISCIPLINE_CODES = [
  "art", "biology", "english", "ethics", "geography", "history", "language", "math", "plastics",
  "religion", "social_sciences", "technology",
] as const;
export const DisciplineCodeSchema = z.enum(DISCIPLINE_CODES);

export const EducationLevelCodeSchema = z.enum(EDUCATION_LEVEL_CODES);
export type EducationLevelCode = z.infer<typeof EducationLevelCodeSchema>;
export type DisciplineCode = z.infer<typeof DisciplineCodeSchema>;

/** Spec §3: guid + year, also sent as education_year_guid / education_year_name. */
export const EducationYearSchema = z.object({
  guid: z.string().uuid(),
  code: z.string(),
  year: z.string(),
  order: z.number().int(),
  education_year_guid: z.string().uuid(),
  education_year_name: z.string(),
});
export type EducationYear = z.infer<typeof EducationYearSchema>;
/** Spec §3: guid + level, also sent as education_level_guid / education_level_name. */
export const EducationLevelSchema = z.object({
  guid: z.string().uuid(),
  code: EducationLevelCodeSchema,
  level: z.string(),
  order: z.number().int(),
  education_level_guid: z.string().uuid(),
  education_level_name: z.string(),
  years: z.array(EducationYearSchema),
});
export type EducationLevel = z.infer<typeof EducationLevelSchema>;
/** `country` defaults to the caller's edition country. */
export const EducationLevelsQuerySchema = z.object({ country: CountrySchema.optional() });
export const EducationLevelsResponseSchema = successOf(z.array(EducationLevelSchema));

/** `name` is in the caller's locale as a convenience; the client may translate `code` itself. */
export const DisciplineSchema = z.object({ guid: z.string().uuid(), code: DisciplineCodeSchema, name: z.string() });
export type Discipline = z.infer<typeof DisciplineSchema>;
export const DisciplinesResponseSchema = successOf(z.array(DisciplineSchema));
