import { z } from "zod";
import { CountrySchema, successOf } from "./common";

export const EDUCATION_LEVEL_CODES = ["preschool", "primary", "secondary", "baccalaureate"] as const;
export const DISCIPLINE_CODES = [
  "art", "biology", "english", "ethics", "geography", "history", "language", "math", "plastics",
  "religion", "social_sciences", "technology",
] as const;
export const DisciplineCodeSchema = z.enum(DISCIPLINE_CODES);

export const EducationYearSchema = z.object({
  guid: z.string().uuid(),
  year: z.string(),
  order: z.number().int(),
  education_year_guid: z.string().uuid(),
  education_year_name: z.string(),
});
export const EducationLevelSchema = z.object({
  guid: z.string().uuid(),
  code: z.enum(EDUCATION_LEVEL_CODES),
  level: z.string(),
  order: z.number().int(),
  education_level_guid: z.string().uuid(),
  education_level_name: z.string(),
  years: z.array(EducationYearSchema),
});
export type EducationLevel = z.infer<typeof EducationLevelSchema>;
export const EducationLevelsQuerySchema = z.object({ country: CountrySchema.optional() });
export const EducationLevelsResponseSchema = successOf(z.array(EducationLevelSchema));

export const DisciplineSchema = z.object({ guid: z.string().uuid(), code: DisciplineCodeSchema, name: z.string() });
export const DisciplinesResponseSchema = successOf(z.array(DisciplineSchema));
