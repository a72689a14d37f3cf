import type { Language } from "./constants";
import type { EducationLevelSeedCode } from "./education-levels";

/*
 * The teacher AI tools as the client sees them (issue 16, ADR 0039), without zod (ADR 0028): the
 * nine tools, their categories, the spec's special-needs options and destination languages, the
 * limits of the forms, and the shapes of the tool cards, the results and the history.
 * teacher-tools.ts builds the schemas on these and re-exports them.
 */

/** Spec §1 routes /ai/tools/setup/{tool}, in the spec's order. */
export const TEACHER_TOOLS = [
  "real-world-connection",
  "text-level-adapter",
  "lesson-plan-generator",
  "rubric-generator",
  "vocabulary-creator",
  "text-translator",
  "student-feedback",
  "question-generator",
  "classroom-energizer",
] as const;
export type TeacherTool = (typeof TEACHER_TOOLS)[number];
export const isTeacherTool = (value: unknown): value is TeacherTool => typeof value === "string" && (TEACHER_TOOLS as readonly string[]).includes(value);

/** The filters of /ai/tools (spec: tool card `category`). */
export const TOOL_CATEGORIES = ["texts", "planning", "assessment", "engagement"] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** Spec §9 special-needs options: ASD, ADHD, dyslexia, dysgraphia, dyscalculia, language disorders, high abilities. */
export const SPECIAL_NEEDS = ["asd", "adhd", "dyslexia", "dysgraphia", "dyscalculia", "language_disorders", "high_abilities"] as const;
export type SpecialNeed = (typeof SPECIAL_NEEDS)[number];

/**
 * Spec §9 destination languages of the text translator: Valencian, Catalan, Basque,
 * Castilian/Spanish, Galician, Colombian Spanish, English, French, Italian, Chinese, Arabic (BCP 47).
 */
export const DESTINATION_LANGUAGES = ["ca-valencia", "ca", "eu", "es", "gl", "es-CO", "en", "fr", "it", "zh", "ar"] as const;
export type DestinationLanguage = (typeof DESTINATION_LANGUAGES)[number];

/**
 * The text to work on: the spec gives it a word limit without its value. 1,500 words is a long
 * reading of a secondary lesson (about six pages); the tools answer a 1,000-word text in 300 ms.
 */
export const TOOL_TEXT_MAX_WORDS = 1500;
/** A text's characters, whatever its words (a guard against one enormous "word"). */
export const TOOL_TEXT_MAX_CHARS = 20_000;
/** Readability needs sentences to count: shorter texts are refused with TOOL_TEXT_TOO_SHORT. */
export const TOOL_TEXT_MIN_WORDS = 20;
export const TOOL_NOTES_MAX_CHARS = 1000;

/** Spec §5: the vocabulary creator's word count is a number from 1 to 50, 10 by default. */
export const VOCABULARY_WORDS_MIN = 1;
export const VOCABULARY_WORDS_MAX = 50;
export const VOCABULARY_WORDS_DEFAULT = 10;

/** Spec §7: the history is asked for with limit 20 and offset 0 by default. */
export const TOOL_HISTORY_PAGE = 20;

/**
 * Words as the form counts them while the teacher types (and as the server checks the limit):
 * runs of letters or digits, apostrophes and hyphens inside a word kept in it.
 */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Error codes of the tools (errors.json). */
export const TEACHER_TOOL_ERRORS = {
  textTooLong: "TOOL_TEXT_TOO_LONG",
  textTooShort: "TOOL_TEXT_TOO_SHORT",
  /** The rubric generator has nothing to build criteria from: no objectives, no KCs in the lesson, no model. */
  noCriteria: "TOOL_NO_CRITERIA",
  /** The student feedback's attempt or task has nothing submitted yet. */
  nothingToReview: "TOOL_NOTHING_TO_REVIEW",
} as const;

/** Why a tool cannot run: no language model (local provider). */
export type ToolUnavailableReason = "NO_LANGUAGE_MODEL";

/**
 * What a tool does with the provider in use:
 * - `full`: everything it offers;
 * - `local`: the platform's own algorithms only, with what needs a model left out and said so
 *   (e.g. the vocabulary without definitions);
 * - `unavailable`: it cannot run without a model (the card is disabled).
 */
export type ToolMode = "full" | "local" | "unavailable";

/** A tool card (spec: title, description, icon, iconColor, category, available); title, description and icon are the client's. */
export type ToolCard = {
  tool: TeacherTool;
  category: ToolCategory;
  available: boolean;
  mode: ToolMode;
  reason?: ToolUnavailableReason;
};

/** GET /api/teacher-tools */
export type ToolCatalogue = { provider: "local" | "openai"; tools: ToolCard[] };

/** The fields every tool's form shares (spec §7 bodies). */
export type ToolRequestBase = {
  educationLevel: EducationLevelSeedCode;
  /** The year within the level, from 1. */
  educationYear: number;
  textToAdapt: string;
  /** Sent only when filled (spec §5). */
  specialNeeds?: SpecialNeed[];
  additionalNotes?: string;
  /** The text's language; detected from the text when not given. */
  textLanguage?: Language;
  /** The lesson the text came from (the AI Tutor panel, "load from a lesson"). */
  courseGuid?: string;
  lessonGuid?: string;
};

export type TextLevelAdapterRequest = ToolRequestBase;
export type VocabularyCreatorRequest = ToolRequestBase & { numberOfWordsToExtract: number };
export type TextTranslatorRequest = ToolRequestBase & { destinationLanguage: DestinationLanguage };
/** Spec §7: the real-world connection takes no special needs. */
export type RealWorldConnectionRequest = Omit<ToolRequestBase, "specialNeeds">;
export type ClassroomEnergizerRequest = ToolRequestBase;

/** A readability measure as the result shows it. */
export type ReadabilityView = {
  index: "szigriszt-inflesz" | "fernandez-huerta" | "flesch-kincaid" | "flesch" | "flesch-pt" | "lix";
  /** Null for a text without words. */
  value: number | null;
  approximate: boolean;
  others: Array<{ index: ReadabilityView["index"]; value: number }>;
  words: number;
  sentences: number;
  syllablesPerWord: number;
  wordsPerSentence: number;
  /** Against the target band; null without a band (preschool). */
  verdict: "in_band" | "too_hard" | "too_easy" | null;
};

/** The class's band; `easiest`: the scale's easiest band, open on its easy side (no "too easy"). */
export type ReadingBand = { index: ReadabilityView["index"]; min: number; max: number; grade: number; easiest: boolean };

/** A sentence the reader will find hardest, and why (the measures behind the index). */
export type HardSentence = { text: string; words: number; syllablesPerWord: number; longWords: string[] };

/** A rule of a special-needs adaptation, checked on the text that is handed out. */
export type NeedCheck = { need: SpecialNeed; rule: "max_sentence_words" | "max_paragraph_sentences"; limit: number; worst: number; passed: boolean };

export type TextLevelAdapterResult = {
  tool: "text-level-adapter";
  language: Language;
  languageDetected: boolean;
  band: ReadingBand | null;
  before: ReadabilityView;
  /** The adapted text; null when no model could write it (local provider): the report stands alone. */
  adapted: { text: string; readability: ReadabilityView; attempts: number } | null;
  /** The sentences of the text handed out (the adapted one, or the original) furthest from the band. */
  hardSentences: HardSentence[];
  needChecks: NeedCheck[];
  /** Why there is no adapted text, or why it is still off band after the last attempt. */
  notes: Array<"NO_LANGUAGE_MODEL" | "STILL_OFF_BAND" | "NO_BAND">;
};

/** A vocabulary word: chosen by how rare it is in the edition's own texts and in the language, each with its sentence. */
export type VocabularyEntry = {
  word: string;
  /** Times the word (in any of its forms' spellings as written) appears in the text. */
  occurrences: number;
  sentence: string;
  /** Per million words of the edition's corpus (0: never seen there). */
  corpusFrequency: number;
  /** Syllables, from hyphenation patterns. */
  syllables: number;
  /** From the model; null with the local provider. */
  definition: string | null;
};

export type VocabularyCreatorResult = {
  tool: "vocabulary-creator";
  language: Language;
  languageDetected: boolean;
  words: VocabularyEntry[];
  /** Words of the edition's corpus the choice was measured against. */
  corpusWords: number;
  notes: Array<"NO_LANGUAGE_MODEL" | "FEWER_CANDIDATES">;
};

export type TextTranslatorResult = {
  tool: "text-translator";
  language: Language;
  destinationLanguage: DestinationLanguage;
  text: string;
};

/** A way the lesson's idea shows up in pupils' lives. */
export type RealWorldConnection = { title: string; situation: string; explanation: string; question: string; activity: string };
export type RealWorldConnectionResult = { tool: "real-world-connection"; language: Language; connections: RealWorldConnection[] };

export const ENERGIZER_GROUPINGS = ["individual", "pairs", "groups", "whole_class"] as const;
export type EnergizerGrouping = (typeof ENERGIZER_GROUPINGS)[number];
/** A short activity that gets the class moving and thinking about the lesson. */
export type Energizer = { name: string; minutes: number; grouping: EnergizerGrouping; materials: string[]; steps: string[]; link: string };
export type ClassroomEnergizerResult = { tool: "classroom-energizer"; language: Language; activities: Energizer[] };

/** The question types the generator writes: cloze text, single choice, cloze drag and drop, true/false (a model's only). */
export const GENERATED_QUESTION_TYPES = ["QT_7", "QT_1", "QT_8", "QT_3"] as const;
export type GeneratedQuestionType = (typeof GENERATED_QUESTION_TYPES)[number];
export const GENERATED_QUESTIONS_MIN = 1;
export const GENERATED_QUESTIONS_MAX = 20;
export const GENERATED_QUESTIONS_DEFAULT = 5;

/** A generated item: its type, prompt and question_data (valid against the type's schema), the KCs it is about, and the sentence it came from. */
export type GeneratedQuestion = { type: GeneratedQuestionType; prompt: string; questionData: Record<string, unknown>; kcs: string[]; source: string };
export type QuestionGeneratorRequest = ToolRequestBase & { numberOfQuestions: number; questionTypes: GeneratedQuestionType[] };
export type QuestionGeneratorResult = {
  tool: "question-generator";
  language: Language;
  languageDetected: boolean;
  questions: GeneratedQuestion[];
  notes: Array<"NO_LANGUAGE_MODEL" | "FEWER_QUESTIONS" | "SOME_DROPPED">;
};

/** A lesson plan's session length in minutes (default: a usual class period). */
export const SESSION_MINUTES_MIN = 30;
export const SESSION_MINUTES_MAX = 120;
export const SESSION_MINUTES_DEFAULT = 50;
export const OBJECTIVES_MAX_CHARS = 2000;

export type LessonPlanRequest = ToolRequestBase & { courseGuid: string; lessonGuid: string; sessionMinutes: number; learningObjectives?: string };
/** One of the lesson's items in the plan, with its estimated minutes and what they are based on. */
export type LessonPlanItem = { title: string; type: string; minutes: number; basis: "reading" | "media" | "questions" | "default" };
export type LessonPlanPhase = { phase: "opening" | "development" | "practice" | "closure"; minutes: number; items: LessonPlanItem[]; note: string | null };
export type LessonPlanResult = {
  tool: "lesson-plan-generator";
  language: Language;
  sessionMinutes: number;
  /** Words a minute the reading times assume for the class's year. */
  readingSpeed: number;
  objectives: string[];
  kcs: Array<{ code: string; name: string }>;
  sessions: Array<{ number: number; minutes: number; phases: LessonPlanPhase[] }>;
  notes: Array<"NO_LANGUAGE_MODEL">;
};

/** Spec: the rubric generator. Levels from 3 to 5 (4 by default), points on the Spanish 0–10 scale by default. */
export const RUBRIC_LEVELS_MIN = 3;
export const RUBRIC_LEVELS_MAX = 5;
export const RUBRIC_LEVELS_DEFAULT = 4;
export const RUBRIC_CRITERIA_MAX = 8;
export const RUBRIC_SCORE_MIN = 1;
export const RUBRIC_SCORE_MAX = 100;
export const RUBRIC_SCORE_DEFAULT = 10;
export const TASK_DESCRIPTION_MAX_CHARS = 1000;

export type RubricGeneratorRequest = ToolRequestBase & {
  /** One objective a line; each becomes a criterion (else the lesson's KCs do). */
  learningObjectives?: string;
  /** What pupils hand in or do, for the model's descriptors. */
  taskDescription?: string;
  numberOfLevels: number;
  maxScore: number;
};
/** One row of the rubric. */
export type RubricCriterion = {
  name: string;
  /** The teacher's objective, the lesson's KC, or proposed by the model from the text. */
  source: "objective" | "kc" | "model";
  /** The KC it assesses (named or matched by its name's words), if any. */
  kc: string | null;
  /** Percent of the grade, the criteria summing to 100. */
  weight: number;
  points: number;
  /** The lesson's terms pupils should use for it (rarest in the edition first). */
  keyTerms: string[];
  /** The lesson's sentences about it. */
  evidence: string[];
  /** The lesson's questions tagged with its KC. */
  questions: number;
  /** What each level looks like, best first (one per level); null without a model. */
  descriptors: string[] | null;
};
export type RubricGeneratorResult = {
  tool: "rubric-generator";
  language: Language;
  languageDetected: boolean;
  numberOfLevels: number;
  maxScore: number;
  /** The share of a criterion's points each level earns, best first (1 … 0). */
  levelShares: number[];
  criteria: RubricCriterion[];
  notes: Array<"NO_LANGUAGE_MODEL" | "CRITERIA_FROM_MODEL" | "CRITERIA_CAPPED">;
};

/** The student feedback tool's request: a student's submitted attempt or task hand-in in a class the teacher teaches. */
export type StudentFeedbackRequest = {
  educationLevel: EducationLevelSeedCode;
  educationYear: number;
  courseGuid: string;
  studentGuid: string;
  /** Exactly one of the two. */
  attemptGuid?: string;
  jobGuid?: string;
  specialNeeds?: SpecialNeed[];
  additionalNotes?: string;
};

/** Bands of a criterion's share of the marks (the Spanish scale: sobresaliente 9, notable 7, suficiente 5); `pending`: all its answers wait for the teacher's grade. */
export const FEEDBACK_LEVELS = ["excellent", "good", "sufficient", "needs_work", "pending"] as const;
export type FeedbackLevel = (typeof FEEDBACK_LEVELS)[number];
export const feedbackLevel = (share: number): Exclude<FeedbackLevel, "pending"> => (share >= 0.9 ? "excellent" : share >= 0.7 ? "good" : share >= 0.5 ? "sufficient" : "needs_work");

/** One criterion of the feedback: a KC the work assessed (or the work as a whole), with the marks and what the learner model now says. */
export type FeedbackCriterion = {
  kc: string | null;
  name: string;
  /** Null for a criterion the work gives no marks on (a task's lesson KC, read from the learner model only). */
  score: number | null;
  maxScore: number | null;
  questions: number;
  correct: number;
  partial: number;
  wrong: number;
  unanswered: number;
  level: FeedbackLevel;
  /** The learner model now (P(known)), and how much this work moved it. */
  mastery: { known: number; state: "mastered" | "in_progress" | "not_started"; change: number | null } | null;
  /** Lessons of the class that teach it, to review. */
  review: Array<{ lessonGuid: string; title: string }>;
  /** The teacher's comments on its answers. */
  comments: string[];
};
export type StudentFeedbackResult = {
  tool: "student-feedback";
  language: Language;
  student: { guid: string; name: string };
  source: {
    kind: "assessment" | "task";
    guid: string;
    title: string;
    submittedAt: string | null;
    score: number | null;
    maxScore: number | null;
    late: boolean;
    /** Answers still waiting for the teacher's grade. */
    pendingGrading: number;
    teacherFeedback: string | null;
  };
  criteria: FeedbackCriterion[];
  /** The model's paragraph to the student, from these facts only; null without a model. */
  message: string | null;
  notes: Array<"NO_LANGUAGE_MODEL" | "PENDING_GRADING">;
};

/** A student's work a feedback can be about (GET …/students/{guid}/work). */
export type StudentWorkItem = {
  kind: "assessment" | "task";
  /** The attempt's guid, or the job's. */
  guid: string;
  title: string;
  lessonTitle: string;
  submittedAt: string | null;
  score: number | null;
  maxScore: number | null;
  status: "submitted" | "pending" | "graded";
};
export type StudentWork = { student: { guid: string; name: string }; items: StudentWorkItem[] };

export type ToolResult = RubricGeneratorResult | StudentFeedbackResult | LessonPlanResult | QuestionGeneratorResult | TextLevelAdapterResult | VocabularyCreatorResult | TextTranslatorResult | RealWorldConnectionResult | ClassroomEnergizerResult;

/** Spec §3 "Teacher AI tool instance": what a tool made, as kept in the history. */
export type ToolInstance = {
  id: string;
  tool: TeacherTool;
  title: string;
  createdAt: string;
  educationLevel: EducationLevelSeedCode;
  educationYear: number;
  specialNeeds: SpecialNeed[];
  additionalNotes: string | null;
  /** The teacher's learning objectives (lesson plan, rubric), one a line. */
  learningObjectives: string | null;
  text: string;
  destinationLanguage: DestinationLanguage | null;
  vocabularyWordCount: number | null;
  /** Where the text came from (spec: subject, unit, lesson); null for a text typed or pasted. */
  context: { courseGuid: string; courseName: string; lessonGuid: string; lessonTitle: string; unitTitle: string; subject: string } | null;
  /** The provider and model that made it. */
  provider: "local" | "openai";
  model: string | null;
  result: ToolResult;
};

export type ToolHistoryItem = Pick<ToolInstance, "id" | "tool" | "title" | "createdAt">;
/** GET /api/teacher-tools/history?limit&offset */
export type ToolHistoryPage = { items: ToolHistoryItem[]; total: number; limit: number; offset: number };

/** GET lesson content (spec §7): the readable text of a class's lesson, for a tool's form. */
export type LessonContentForTools = {
  courseGuid: string;
  lessonGuid: string;
  lessonTitle: string;
  unitTitle: string;
  subject: string;
  educationLevel: EducationLevelSeedCode | null;
  educationYear: number | null;
  text: string;
  words: number;
  /** Cut at the tools' word limit. */
  truncated: boolean;
  /** The items the text was read from, in the lesson's order. */
  sources: Array<{ title: string; type: string; words: number }>;
};
