import * as z from "./zod";
import { CountrySchema, LanguageSchema, successOf } from "./common";

/** GET /api/organization: the caller's school LMS flags and tenant (spec §3 "Organization"). */
export const OrganizationSchema = z.object({
  lms: z.object({
    entryPoint: z.string(),
    canCreateCourse: z.boolean(),
    canCreateGroup: z.boolean(),
  }),
  tenant: z.object({ guid: z.string().uuid() }),
});
export type Organization = z.infer<typeof OrganizationSchema>;
export const OrganizationResponseSchema = successOf(OrganizationSchema);

export const BrandColorsSchema = z.object({
  primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});

export const EditionFeaturesSchema = z.object({
  libraryTab: z.boolean(),
});

/** GET /api/edition: public branding of the edition serving this request (pre-sign-in). */
export const EditionSchema = z.object({
  guid: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  colors: BrandColorsSchema,
  defaultLanguage: LanguageSchema,
  languages: z.array(LanguageSchema).min(1),
  country: CountrySchema,
  gamified: z.boolean(),
  chatbotAvailable: z.boolean(),
  features: EditionFeaturesSchema,
});
export type Edition = z.infer<typeof EditionSchema>;
export const EditionResponseSchema = successOf(EditionSchema);
