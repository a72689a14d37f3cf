import type { Language } from "../../../contracts/common";
import {
  DisciplineCodeSchema,
  EducationLevelCodeSchema,
  type Discipline,
  type DisciplineCode,
  type EducationLevel,
} from "../../../contracts/reference";
import type { LevelYearRow } from "./service";

/** Levels with nested years; each carries both the short fields and the spec's alias fields (§3). */
export function presentEducationLevels(rows: readonly LevelYearRow[]): EducationLevel[] {
  const levels = new Map<string, EducationLevel>();
  for (const r of rows) {
    let level = levels.get(r.levelId);
    if (!level) {
      const code = EducationLevelCodeSchema.safeParse(r.levelCode);
      if (!code.success) continue;
      level = {
        guid: r.levelId,
        code: code.data,
        level: r.levelName,
        order: r.levelOrder,
        education_level_guid: r.levelId,
        education_level_name: r.levelName,
        years: [],
      };
      levels.set(r.levelId, level);
    }
    if (r.yearId !== null && r.yearName !== null) {
      level.years.push({
        guid: r.yearId,
        code: r.yearCode ?? "",
        year: r.yearName,
        order: r.yearOrder ?? 0,
        education_year_guid: r.yearId,
        education_year_name: r.yearName,
      });
    }
  }
  return [...levels.values()];
}

/** Subject names for convenience; the client's i18n may still translate `code` on its own. */
export const DISCIPLINE_NAMES: Record<DisciplineCode, Record<Language, string>> = {
  art: { es: "Arte", ca: "Art", eu: "Artea", en: "Art", pt: "Arte" },
  biology: { es: "Biología", ca: "Biologia", eu: "Biologia", en: "Biology", pt: "Biologia" },
  english: { es: "Inglés", ca: "Anglés", eu: "Ingelesa", en: "English", pt: "Inglês" },
  ethics: { es: "Ética", ca: "Ètica", eu: "Etika", en: "Ethics", pt: "Ética" },
  geography: { es: "Geografía", ca: "Geografia", eu: "Geografia", en: "Geography", pt: "Geografia" },
  history: { es: "Historia", ca: "Història", eu: "Historia", en: "History", pt: "História" },
  language: {
    es: "Lengua y Literatura",
    ca: "Llengua i Literatura",
    eu: "Hizkuntza eta Literatura",
    en: "Language and Literature",
    pt: "Língua e Literatura",
  },
  math: { es: "Matemáticas", ca: "Matemàtiques", eu: "Matematika", en: "Mathematics", pt: "Matemática" },
  plastics: {
    es: "Educación Plástica y Visual",
    ca: "Educació Plàstica i Visual",
    eu: "Hezkuntza Plastikoa eta Bisuala",
    en: "Visual Arts",
    pt: "Artes Visuais",
  },
  religion: { es: "Religión", ca: "Religió", eu: "Erlijioa", en: "Religion", pt: "Religião" },
  social_sciences: { es: "Ciencias Sociales", ca: "Ciències Socials", eu: "Gizarte Zientziak", en: "Social Sciences", pt: "Ciências Sociais" },
  technology: { es: "Tecnología", ca: "Tecnologia", eu: "Teknologia", en: "Technology", pt: "Tecnologia" },
};

export function presentDisciplines(rows: ReadonlyArray<{ id: string; code: string }>, locale: Language): Discipline[] {
  return rows.flatMap((r) => {
    const code = DisciplineCodeSchema.safeParse(r.code);
    return code.success ? [{ guid: r.id, code: code.data, name: DISCIPLINE_NAMES[code.data][locale] }] : [];
  });
}
