import { eq, inArray } from "drizzle-orm";
import type { Country, Language } from "../../../contracts/common";
import { DISCIPLINE_CODES, type EducationLevelCode } from "../../../contracts/reference";
import type { Db } from "../client";
import { disciplines, educationLevels, educationYears, languages } from "../schema";

type LevelSeed = { code: EducationLevelCode; name: string; years: readonly string[] };

/** Education levels and years per country, named in that country's language (spec §3). */
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

/** The five languages, each in its own name, in the order the language picker shows them. */
export const LANGUAGE_ROWS: ReadonlyArray<{ code: Language; description: string }> = [
  { code: "es", description: "Español" },
  { code: "ca", description: "Català (valencià)" },
  { code: "eu", description: "Euskara" },
  { code: "en", description: "English" },
  { code: "pt", description: "Português" },
];

/** `${country}:${levelCode}` and `${country}:${levelCode}:${yearOrder}` to ids, for the content seed. */
export type ReferenceIds = {
  levels: Map<string, string>;
  years: Map<string, string>;
  disciplines: Map<string, string>;
};

export const levelKey = (country: Country, level: EducationLevelCode): string => `${country}:${level}`;
export const yearKey = (country: Country, level: EducationLevelCode, order: number): string => `${country}:${level}:${order}`;

export async function seedReference(db: Db): Promise<ReferenceIds> {
  await db
    .insert(languages)
    .values(LANGUAGE_ROWS.map((l, i) => ({ ...l, order: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(disciplines)
    .values(DISCIPLINE_CODES.map((code) => ({ code })))
    .onConflictDoNothing();

  const countries = Object.keys(EDUCATION_LEVELS) as Country[];
  const levelRows = countries.flatMap((country) =>
    EDUCATION_LEVELS[country].map((l, i) => ({ country, code: l.code, name: l.name, order: i + 1 })),
  );
  await db.insert(educationLevels).values(levelRows).onConflictDoNothing();
  const savedLevels = await db
    .select({ id: educationLevels.id, country: educationLevels.country, code: educationLevels.code })
    .from(educationLevels)
    .where(inArray(educationLevels.country, countries));
  const levels = new Map(savedLevels.map((l) => [`${l.country}:${l.code}`, l.id]));

  const yearRows = countries.flatMap((country) =>
    EDUCATION_LEVELS[country].flatMap((level) => {
      const levelId = levels.get(levelKey(country, level.code));
      if (!levelId) throw new Error(`seed: level ${country}:${level.code} missing`);
      return level.years.map((name, i) => ({ levelId, code: String(i + 1), name, order: i + 1 }));
    }),
  );
  await db.insert(educationYears).values(yearRows).onConflictDoNothing();
  const savedYears = await db
    .select({ id: educationYears.id, code: educationYears.code, country: educationLevels.country, level: educationLevels.code })
    .from(educationYears)
    .innerJoin(educationLevels, eq(educationYears.levelId, educationLevels.id))
    .where(inArray(educationLevels.country, countries));
  const years = new Map(savedYears.map((y) => [`${y.country}:${y.level}:${y.code}`, y.id]));

  const savedDisciplines = await db.select({ id: disciplines.id, code: disciplines.code }).from(disciplines);
  return { levels, years, disciplines: new Map(savedDisciplines.map((d) => [d.code, d.id])) };
}
