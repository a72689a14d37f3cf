import { CountrySchema, DEFAULT_LANGUAGE, LanguageSchema, type Language } from "../../../contracts/common";
import type { Edition, Organization } from "../../../contracts/organization";
import type { TenantRow } from "../../platform/edition";
import type { CallerSchoolRow } from "./service";

export const toLanguage = (value: string): Language => {
  const parsed = LanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
};

export function presentEdition(t: TenantRow): Edition {
  const languages = t.languages.flatMap((l) => {
    const parsed = LanguageSchema.safeParse(l);
    return parsed.success ? [parsed.data] : [];
  });
  const defaultLanguage = toLanguage(t.defaultLanguage);
  return {
    guid: t.id,
    slug: t.slug,
    name: t.name,
    logoUrl: t.logoUrl,
    colors: { primary: t.colors.primary, secondary: t.colors.secondary },
    defaultLanguage,
    languages: languages.length > 0 ? languages : [defaultLanguage],
    country: CountrySchema.catch("ES").parse(t.country),
    gamified: t.gamified,
    chatbotAvailable: t.chatbotAvailable,
    features: { libraryTab: t.features.libraryTab },
  };
}

/** What a person with no school gets: the home screen, and no class or group creation. */
export const NO_SCHOOL_LMS: Organization["lms"] = { entryPoint: "home", canCreateCourse: false, canCreateGroup: false };

export function presentOrganization(tenantId: string, row: CallerSchoolRow): Organization {
  const lms =
    row.schoolId === null
      ? NO_SCHOOL_LMS
      : {
          entryPoint: row.entryPoint ?? NO_SCHOOL_LMS.entryPoint,
          canCreateCourse: row.canCreateCourse ?? false,
          canCreateGroup: row.canCreateGroup ?? false,
        };
  return { lms, tenant: { guid: tenantId } };
}
