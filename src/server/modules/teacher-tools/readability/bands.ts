import type { Country, Language } from "../../../../contracts/constants";
import { EDUCATION_LEVELS, type EducationLevelSeedCode } from "../../../../contracts/education-levels";
import { PRIMARY_INDEX, type ReadabilityIndex } from "./readability";

/*
 * The readability band an education level and year calls for (issue 16, ADR 0038), on the scale
 * of the language's primary index. A class's year is first put on one scale of years of schooling
 * (1 = first year of primary, 12 = last of upper secondary), as each country's system counts them;
 * each scale's published reading of its ranges then gives the band:
 * - INFLESZ (es, ca): muy fácil > 80 (primary, early years), bastante fácil 65–80 (primary),
 *   normal 55–65 (ESO), algo difícil 40–55 (bachillerato).
 * - Flesch-Kincaid (en): the US grade itself, one either side.
 * - Flesch for Portuguese (Martins et al.): muito fácil 75–100 (1st–4th years), fácil 50–75
 *   (5th–8th), difícil 25–50 (upper secondary).
 * - LIX (eu): under 30 easy (children's books), 30–40 medium, 40–50 hard (factual prose), 50–60
 *   very hard; years map to the first three.
 */

/**
 * `easiest`: the scale's easiest band (INFLESZ "muy fácil" over 80, LIX under 30, …) has no
 * "too easy" side: a text can only be easier than the early years' band by being easy, which is
 * what the band asks for.
 */
export type Band = { index: ReadabilityIndex; min: number; max: number; grade: number; easiest: boolean };

/** Years of schooling of a country's level and year (year from 1); null for preschool or an unknown year. */
export function schoolGrade(country: Country, level: EducationLevelSeedCode, year: number): number | null {
  const levels = EDUCATION_LEVELS[country];
  const own = levels.find((l) => l.code === level);
  if (!own || level === "preschool" || year < 1 || year > own.years.length) return null;
  // US primary starts at Kindergarten (grade 0); elsewhere the first primary year is grade 1.
  const firstGrade = country === "US" ? 0 : 1;
  let before = 0;
  for (const l of levels) {
    if (l.code === "preschool") continue;
    if (l.code === level) break;
    before += l.years.length;
  }
  return firstGrade + before + year - 1;
}

function bandValues(language: Language, grade: number): { min: number; max: number } {
  switch (PRIMARY_INDEX[language].index) {
    case "szigriszt-inflesz":
      if (grade <= 3) return { min: 80, max: 100 };
      if (grade <= 6) return { min: 65, max: 80 };
      if (grade <= 10) return { min: 55, max: 65 };
      return { min: 40, max: 55 };
    case "flesch-kincaid":
      return { min: Math.max(0, grade - 1), max: grade + 1 };
    case "flesch-pt":
      if (grade <= 4) return { min: 75, max: 100 };
      if (grade <= 8) return { min: 50, max: 75 };
      return { min: 25, max: 50 };
    case "lix":
      if (grade <= 6) return { min: 0, max: 30 };
      if (grade <= 10) return { min: 30, max: 40 };
      return { min: 40, max: 50 };
    default:
      return { min: 0, max: 100 };
  }
}

/** The band of `language`'s primary index a class of that level and year should read at; null for preschool. */
export function targetBand(language: Language, country: Country, level: EducationLevelSeedCode, year: number): Band | null {
  const grade = schoolGrade(country, level, year);
  if (grade === null) return null;
  const values = bandValues(language, grade);
  const easiest = PRIMARY_INDEX[language].higherIsEasier ? values.max === bandValues(language, 0).max : values.min === 0;
  return { index: PRIMARY_INDEX[language].index, grade, ...values, easiest };
}

/** Where a measured value stands against a band: in it, harder than it, or easier. */
export function againstBand(value: number, band: Band): "in_band" | "too_hard" | "too_easy" {
  const higherIsEasier = band.index !== "flesch-kincaid" && band.index !== "lix";
  if (value >= band.min && value <= band.max) return "in_band";
  const below = value < band.min;
  const verdict = below === higherIsEasier ? "too_hard" : "too_easy";
  return verdict === "too_easy" && band.easiest ? "in_band" : verdict;
}
