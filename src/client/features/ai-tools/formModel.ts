import {
  countWords,
  GENERATED_QUESTION_TYPES,
  GENERATED_QUESTIONS_DEFAULT,
  GENERATED_QUESTIONS_MAX,
  GENERATED_QUESTIONS_MIN,
  RUBRIC_LEVELS_DEFAULT,
  RUBRIC_LEVELS_MAX,
  RUBRIC_LEVELS_MIN,
  RUBRIC_SCORE_DEFAULT,
  RUBRIC_SCORE_MAX,
  RUBRIC_SCORE_MIN,
  SESSION_MINUTES_DEFAULT,
  SESSION_MINUTES_MAX,
  SESSION_MINUTES_MIN,
  TOOL_TEXT_MAX_WORDS,
  VOCABULARY_WORDS_DEFAULT,
  VOCABULARY_WORDS_MAX,
  VOCABULARY_WORDS_MIN,
  type DestinationLanguage,
  type GeneratedQuestionType,
  type SpecialNeed,
  type StudentWorkItem,
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
  /** The question generator's count (1..20) and types (at least one). */
  numberOfQuestions: string;
  questionTypes: GeneratedQuestionType[];
  /** The lesson plan's session length in minutes (30..120) and objectives, one a line (optional). */
  sessionMinutes: string;
  /** The lesson plan's and the rubric's objectives, one a line (optional). */
  learningObjectives: string;
  /** The lesson the text was loaded from (required by the lesson plan generator). */
  lesson: LessonRef | null;
  /** The rubric's task (optional), its levels (3..5) and its maximum score (1..100). */
  taskDescription: string;
  numberOfLevels: string;
  maxScore: string;
  /** The student feedback's class, student and work (an attempt or a task hand-in), all required. */
  courseGuid: string;
  studentGuid: string;
  work: Pick<StudentWorkItem, "kind" | "guid"> | null;
};

export type ToolField =
  | "educationLevel"
  | "educationYear"
  | "text"
  | "numberOfWords"
  | "destinationLanguage"
  | "numberOfQuestions"
  | "questionTypes"
  | "sessionMinutes"
  | "lesson"
  | "numberOfLevels"
  | "maxScore"
  | "courseGuid"
  | "studentGuid"
  | "work";

export const blankToolForm = (): ToolFormValues => ({
  educationLevel: "",
  educationYear: "",
  text: "",
  specialNeeds: [],
  additionalNotes: "",
  numberOfWords: String(VOCABULARY_WORDS_DEFAULT),
  destinationLanguage: "",
  numberOfQuestions: String(GENERATED_QUESTIONS_DEFAULT),
  questionTypes: [...GENERATED_QUESTION_TYPES],
  sessionMinutes: String(SESSION_MINUTES_DEFAULT),
  learningObjectives: "",
  lesson: null,
  taskDescription: "",
  numberOfLevels: String(RUBRIC_LEVELS_DEFAULT),
  maxScore: String(RUBRIC_SCORE_DEFAULT),
  courseGuid: "",
  studentGuid: "",
  work: null,
});

/** The required fields (spec §5: marked *) left empty. */
export function missingFields(tool: FormTool, v: ToolFormValues): ToolField[] {
  const missing: ToolField[] = [];
  if (v.educationLevel === "") missing.push("educationLevel");
  if (v.educationYear === "") missing.push("educationYear");
  if (tool === "student-feedback") {
    // No text: the student's work is what the tool reads.
    if (v.courseGuid === "") missing.push("courseGuid");
    if (v.studentGuid === "") missing.push("studentGuid");
    if (v.work === null) missing.push("work");
    return missing;
  }
  if (v.text.trim() === "") missing.push("text");
  if (tool === "vocabulary-creator" && v.numberOfWords.trim() === "") missing.push("numberOfWords");
  if (tool === "text-translator" && v.destinationLanguage === "") missing.push("destinationLanguage");
  if (tool === "question-generator" && v.numberOfQuestions.trim() === "") missing.push("numberOfQuestions");
  if (tool === "question-generator" && v.questionTypes.length === 0) missing.push("questionTypes");
  if (tool === "lesson-plan-generator" && v.sessionMinutes.trim() === "") missing.push("sessionMinutes");
  if (tool === "lesson-plan-generator" && v.lesson === null) missing.push("lesson");
  if (tool === "rubric-generator" && v.numberOfLevels.trim() === "") missing.push("numberOfLevels");
  if (tool === "rubric-generator" && v.maxScore.trim() === "") missing.push("maxScore");
  return missing;
}

const wholeIn = (value: string, min: number, max: number): number | undefined => {
  const n = Number(value);
  return value.trim() !== "" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The question generator's count when it is a whole number from 1 to 20, else undefined. */
export const questionsToWrite = (value: string): number | undefined => wholeIn(value, GENERATED_QUESTIONS_MIN, GENERATED_QUESTIONS_MAX);

/** The lesson plan's session length when it is a whole number of minutes from 30 to 120, else undefined. */
export const sessionLength = (value: string): number | undefined => wholeIn(value, SESSION_MINUTES_MIN, SESSION_MINUTES_MAX);

/** The rubric's levels (3..5) and maximum score (1..100) when they are whole numbers in range, else undefined. */
export const rubricLevels = (value: string): number | undefined => wholeIn(value, RUBRIC_LEVELS_MIN, RUBRIC_LEVELS_MAX);
export const rubricScore = (value: string): number | undefined => wholeIn(value, RUBRIC_SCORE_MIN, RUBRIC_SCORE_MAX);

/** A number field filled with a value out of its range (the form says so and sends nothing). */
export function outOfRange(tool: FormTool, v: ToolFormValues): ToolField[] {
  const bad: ToolField[] = [];
  if (tool === "vocabulary-creator" && v.numberOfWords.trim() !== "" && wordsToExtract(v.numberOfWords) === undefined) bad.push("numberOfWords");
  if (tool === "question-generator" && v.numberOfQuestions.trim() !== "" && questionsToWrite(v.numberOfQuestions) === undefined) bad.push("numberOfQuestions");
  if (tool === "lesson-plan-generator" && v.sessionMinutes.trim() !== "" && sessionLength(v.sessionMinutes) === undefined) bad.push("sessionMinutes");
  if (tool === "rubric-generator" && v.numberOfLevels.trim() !== "" && rubricLevels(v.numberOfLevels) === undefined) bad.push("numberOfLevels");
  if (tool === "rubric-generator" && v.maxScore.trim() !== "" && rubricScore(v.maxScore) === undefined) bad.push("maxScore");
  return bad;
}

/** The vocabulary's word count when it is a whole number from 1 to 50, else undefined. */
export function wordsToExtract(value: string): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= VOCABULARY_WORDS_MIN && n <= VOCABULARY_WORDS_MAX ? n : undefined;
}

export const overWordLimit = (text: string): boolean => countWords(text) > TOOL_TEXT_MAX_WORDS;

/** Objectives one a line, without blank lines or the spaces around them ("" when there are none). */
const objectivesOf = (text: string): string =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");

/** A field a VALIDATION_ERROR names (the body's path, "body." dropped), with its rule ("required", "max_chars", or zod's own words). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== "object" || error === null || !("data" in error)) return {};
  const details = (error as { data?: { error?: { key?: unknown; details?: unknown } } }).data?.error?.details;
  if (!Array.isArray(details)) return {};
  const fields: Record<string, string> = {};
  for (const d of details as unknown[]) {
    if (typeof d !== "object" || d === null || typeof (d as { field?: unknown }).field !== "string") continue;
    const field = (d as { field: string }).field.replace(/^body\./, "");
    const message = (d as { message?: unknown }).message;
    if (!(field in fields)) fields[field] = typeof message === "string" ? message : "invalid";
  }
  return fields;
}

/** The request body (spec §5: specialNeeds and additionalNotes only when filled). Call after missingFields is empty. */
export function requestOf(tool: FormTool, v: ToolFormValues): RunToolArg {
  if (tool === "student-feedback") {
    const work = v.work as NonNullable<ToolFormValues["work"]>;
    return {
      tool,
      body: {
        educationLevel: v.educationLevel as EducationLevelSeedCode,
        educationYear: Number(v.educationYear),
        courseGuid: v.courseGuid,
        studentGuid: v.studentGuid,
        // An assessment's guid is its attempt's, a task's its job's: exactly one of the two.
        ...(work.kind === "assessment" ? { attemptGuid: work.guid } : { jobGuid: work.guid }),
        ...(v.specialNeeds.length > 0 ? { specialNeeds: v.specialNeeds } : {}),
        ...(v.additionalNotes.trim() !== "" ? { additionalNotes: v.additionalNotes.trim() } : {}),
      },
    };
  }
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
  if (tool === "question-generator") {
    // In the catalogue's order, whatever order they were ticked in.
    const questionTypes = GENERATED_QUESTION_TYPES.filter((type) => v.questionTypes.includes(type));
    return { tool, body: { ...base, numberOfQuestions: questionsToWrite(v.numberOfQuestions) ?? GENERATED_QUESTIONS_DEFAULT, questionTypes } };
  }
  if (tool === "lesson-plan-generator") {
    const lesson = v.lesson as LessonRef;
    const objectives = objectivesOf(v.learningObjectives);
    return {
      tool,
      body: {
        ...base,
        courseGuid: lesson.courseGuid,
        lessonGuid: lesson.lessonGuid,
        sessionMinutes: sessionLength(v.sessionMinutes) ?? SESSION_MINUTES_DEFAULT,
        ...(objectives !== "" ? { learningObjectives: objectives } : {}),
      },
    };
  }
  if (tool === "rubric-generator") {
    const objectives = objectivesOf(v.learningObjectives);
    const task = v.taskDescription.trim();
    return {
      tool,
      body: {
        ...base,
        ...(objectives !== "" ? { learningObjectives: objectives } : {}),
        ...(task !== "" ? { taskDescription: task } : {}),
        numberOfLevels: rubricLevels(v.numberOfLevels) ?? RUBRIC_LEVELS_DEFAULT,
        maxScore: rubricScore(v.maxScore) ?? RUBRIC_SCORE_DEFAULT,
      },
    };
  }
  return { tool, body: base };
}
