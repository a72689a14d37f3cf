import { eq } from "drizzle-orm";
import { COUNTRIES, languageOr, type Country, type Language } from "../../../contracts/constants";
import { FORM_RULES } from "../../../contracts/course-settings-base";
import type { EducationLevelSeedCode } from "../../../contracts/education-levels";
import {
  countWords,
  TEACHER_TOOL_ERRORS,
  TOOL_TEXT_MAX_WORDS,
  TOOL_TEXT_MIN_WORDS,
  type SpecialNeed,
  type TeacherTool,
  type ToolRequestBase,
} from "../../../contracts/teacher-tools-base";
import type { AiCallContext } from "../../ai";
import type { Db } from "../../db/client";
import { tenants } from "../../db/schema";
import { badRequest, validation } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { detectLanguage } from "./language";
import { schoolGrade, targetBand, type Band } from "./readability/bands";

/** The languages' names as the model is told them (its instructions are in English). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { es: "Spanish", ca: "Catalan", eu: "Basque", en: "English", pt: "Portuguese" };

/** A tool request made ready to run: the text's language, the class's reading band, and who asks. */
export type ToolCall = {
  tool: TeacherTool;
  text: string;
  language: Language;
  languageDetected: boolean;
  country: Country;
  level: EducationLevelSeedCode;
  year: number;
  /** Null for preschool (no reading band). */
  band: Band | null;
  specialNeeds: SpecialNeed[];
  additionalNotes: string | undefined;
  context: Omit<AiCallContext, "signal"> & { signal?: AbortSignal | undefined };
};

const asCountry = (value: string | undefined): Country => (COUNTRIES as readonly string[]).includes(value ?? "") ? (value as Country) : "ES";

/**
 * Checks what the schema cannot (the year exists in the edition's country, the text's words within
 * the limits) and settles the language and band. Errors are 400s with the field named, so the
 * form shows them beside it.
 */
export async function prepareToolCall(
  db: Db,
  caller: AccessClaims,
  tool: TeacherTool,
  body: ToolRequestBase,
  signal: AbortSignal | undefined,
  opts: { minWords?: number } = {},
): Promise<ToolCall> {
  const [tenant] = await db.select({ country: tenants.country, language: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1);
  const country = asCountry(tenant?.country);
  const level = body.educationLevel;
  if (level !== "preschool" && schoolGrade(country, level, body.educationYear) === null) {
    throw validation([{ field: "educationYear", message: FORM_RULES.invalidChoice }]);
  }
  const words = countWords(body.textToAdapt);
  if (words > TOOL_TEXT_MAX_WORDS) {
    throw badRequest(TEACHER_TOOL_ERRORS.textTooLong, `The text has ${words} words; the limit is ${TOOL_TEXT_MAX_WORDS}`, { words, limit: TOOL_TEXT_MAX_WORDS });
  }
  const minWords = opts.minWords ?? TOOL_TEXT_MIN_WORDS;
  if (words < minWords) {
    throw badRequest(TEACHER_TOOL_ERRORS.textTooShort, `The text has ${words} words; at least ${minWords} are needed`, { words, limit: minWords });
  }
  const detected = body.textLanguage ? null : detectLanguage(body.textToAdapt, languageOr(tenant?.language));
  const language = body.textLanguage ?? detected?.language ?? "es";
  return {
    tool,
    text: body.textToAdapt,
    language,
    languageDetected: detected !== null,
    country,
    level,
    year: body.educationYear,
    band: level === "preschool" ? null : targetBand(language, country, level, body.educationYear),
    specialNeeds: [...new Set(body.specialNeeds ?? [])],
    additionalNotes: body.additionalNotes || undefined,
    context: { tenantId: caller.tenantId, userId: caller.userId, purpose: `teacher-tools.${tool}`, signal },
  };
}
