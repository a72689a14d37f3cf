import {
  countWords,
  TOOL_TEXT_MAX_WORDS,
  VOCABULARY_WORDS_DEFAULT,
  VOCABULARY_WORDS_MAX,
  VOCABULARY_WORDS_MIN,
  type DestinationLanguage,
  type SpecialNeed,
  type ToolRequestBase,
} from "../../../contracts/teacher-tools-base";
import type { EducationLevelSeedCode } from "../../../contracts/education-levels";
import type { LessonRef, RunToolArg } from "./aiToolsApi";
import type { FormTool } from "./toolLook";

/** What the setup form holds (strings as the inputs give them). */
export type ToolFormValues = {
  educationLevel: EducationLevelSeedCode | "";
  /** The year within the level, from 1, as the select's value. */
  educationYear: string;
  text: string;
  specialNeeds: SpecialNeed[];
  additionalNotes: string;
  numberOfWords: string;
  destinationLanguage: DestinationLanguage | "";
  /** The lesson the text was loaded from. */
  lesson: LessonRef | null;
};

export type ToolField = "educationLevel" | "educationYear" | "text" | "numberOfWords" | "destinationLanguage";

export const blankToolForm = (): ToolFormValues => ({
  educationLevel: "",
  educationYear: "",
  text: "",
  specialNeeds: [],
  additionalNotes: "",
  numberOfWords: String(VOCABULARY_WORDS_DEFAULT),
  destinationLanguage: "",
  lesson: null,
});

/** The required fields (spec §5: marked *) left empty. */
export function missingFields(tool: FormTool, v: ToolFormValues): ToolField[] {
  const missing: ToolField[] = [];
  if (v.educationLevel === "") missing.push("educationLevel");
  if (v.educationYear === "") missing.push("educationYear");
  if (v.text.trim() === "") missing.push("text");
  if (tool === "vocabulary-creator" && v.numberOfWords.trim() === "") missing.push("numberOfWords");
  if (tool === "text-translator" && v.destinationLanguage === "") missing.push("destinationLanguage");
  return missing;
}

/** The vocabulary's word count when it is a whole number from 1 to 50, else undefined. */
export function wordsToExtract(value: string): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= VOCABULARY_WORDS_MIN && n <= VOCABULARY_WORDS_MAX ? n : undefined;
}

export const overWordLimit = (text: string): boolean => countWords(text) > TOOL_TEXT_MAX_WORDS;

/** The request body (spec §5: specialNeeds and additionalNotes only when filled). Call after missingFields is empty. */
export function requestOf(tool: FormTool, v: ToolFormValues): RunToolArg {
  const base: ToolRequestBase = {
    educationLevel: v.educationLevel as EducationLevelSeedCode,
    educationYear: Number(v.educationYear),
    textToAdapt: v.text.trim(),
    ...(v.specialNeeds.length > 0 ? { specialNeeds: v.specialNeeds } : {}),
    ...(v.additionalNotes.trim() !== "" ? { additionalNotes: v.additionalNotes.trim() } : {}),
    ...(v.lesson ? { courseGuid: v.lesson.courseGuid, lessonGuid: v.lesson.lessonGuid } : {}),
  };
  if (tool === "vocabulary-creator") return { tool, body: { ...base, numberOfWordsToExtract: wordsToExtract(v.numberOfWords) ?? VOCABULARY_WORDS_DEFAULT } };
  if (tool === "text-translator") return { tool, body: { ...base, destinationLanguage: v.destinationLanguage as DestinationLanguage } };
  if (tool === "real-world-connection") {
    // Spec §7: the real-world connection takes no special needs.
    const { specialNeeds: _needs, ...withoutNeeds } = base;
    return { tool, body: withoutNeeds };
  }
  if (tool === "classroom-energizer") return { tool, body: base };
  return { tool, body: base };
}
