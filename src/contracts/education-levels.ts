import type { Country } from "./constants";

/*
 * The education levels and years of each country, as the platform seeds them, named in that
 * country's language (spec §3). Kept free of zod: the client reads it to show these names in the
 * reader's language (common.json education.levels / education.years, by country, level and year).
 */

export type EducationLevelSeedCode = "preschool" | "primary" | "secondary" | "baccalaureate";
export type LevelSeed = { code: EducationLevelSeedCode; name: string; years: readonly string[] };

export const EDUCATION_LEVELS: Record<Country, readonly LevelSeed[]> = {
  ES: [
    { code: "preschool", name: "Educación Infantil", years: ["1º Infantil", "2º Infantil", "3º Infantil"] },
    {
      code: "primary",
      name: "Educación Primaria",
      years: ["1º Primaria", "2º Primaria", "3º Primaria", "4º Primaria", "5º Primaria", "6º Primaria"],
    },
    { code: "secondary", name: "ESO", years: ["1º ESO", "2º ESO", "3º ESO", "4º ESO"] },
    { code: "baccalaureate", name: "Bachillerato", years: ["1º Bachillerato", "2º Bachillerato"] },
  ],
  // Brazil's Ensino Fundamental (9 years) is split at its own boundary: anos iniciais / anos finais.
  BR: [
    { code: "preschool", name: "Educação Infantil", years: ["Pré-escola I", "Pré-escola II"] },
    {
      code: "primary",
      name: "Ensino Fundamental – Anos Iniciais",
      years: ["1º ano", "2º ano", "3º ano", "4º ano", "5º ano"],
    },
    { code: "secondary", name: "Ensino Fundamental – Anos Finais", years: ["6º ano", "7º ano", "8º ano", "9º ano"] },
    { code: "baccalaureate", name: "Ensino Médio", years: ["1ª série", "2ª série", "3ª série"] },
  ],
  US: [
    { code: "preschool", name: "Preschool", years: ["Pre-K"] },
    {
      code: "primary",
      name: "Elementary School",
      years: ["Kindergarten", "Grade 1", "Grade 2", "Grade 3", "Grade 4", "Grade 5"],
    },
    { code: "secondary", name: "Middle School", years: ["Grade 6", "Grade 7", "Grade 8"] },
    { code: "baccalaureate", name: "High School", years: ["Grade 9", "Grade 10", "Grade 11", "Grade 12"] },
  ],
};

/** Where a seeded level or year name comes from: the i18n key that names it in any language. */
export function educationNameKey(name: string): string | undefined {
  for (const [country, levels] of Object.entries(EDUCATION_LEVELS)) {
    for (const level of levels) {
      if (level.name === name) return `education.levels.${country}.${level.code}`;
      const year = level.years.indexOf(name);
      if (year >= 0) return `education.years.${country}.${level.code}.y${year + 1}`;
    }
  }
  return undefined;
}
