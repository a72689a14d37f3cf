import { eq, inArray } from "drizzle-orm";
import type { Country, Language } from "../../../contracts/common";
import { EDUCATION_LEVELS } from "../../../contracts/education-levels";
import { DISCIPLINE_CODES, type EducationLevelCode } from "../../../contracts/reference";
import type { Db } from "../client";
import { disciplines, educationLevels, educationYears, languages } from "../schema";

/** Education levels and years per country, named in that country's language (spec §3). */
export { EDUCATION_LEVELS };

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
