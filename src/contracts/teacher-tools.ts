import { GuidSchema, LanguageSchema, successOf } from "./common";
import { EDUCATION_LEVEL_CODES } from "./reference";
import {
  DESTINATION_LANGUAGES,
  ENERGIZER_GROUPINGS,
  FEEDBACK_LEVELS,
  RUBRIC_LEVELS_DEFAULT,
  RUBRIC_LEVELS_MAX,
  RUBRIC_LEVELS_MIN,
  RUBRIC_SCORE_DEFAULT,
  RUBRIC_SCORE_MAX,
  RUBRIC_SCORE_MIN,
  TASK_DESCRIPTION_MAX_CHARS,
  GENERATED_QUESTION_TYPES,
  GENERATED_QUESTIONS_DEFAULT,
  GENERATED_QUESTIONS_MAX,
  GENERATED_QUESTIONS_MIN,
  OBJECTIVES_MAX_CHARS,
  SESSION_MINUTES_DEFAULT,
  SESSION_MINUTES_MAX,
  SESSION_MINUTES_MIN,
  SPECIAL_NEEDS,
  TEACHER_TOOLS,
  TOOL_CATEGORIES,
  TOOL_HISTORY_PAGE,
  TOOL_NOTES_MAX_CHARS,
  TOOL_TEXT_MAX_CHARS,
  VOCABULARY_WORDS_DEFAULT,
  VOCABULARY_WORDS_MAX,
  VOCABULARY_WORDS_MIN,
  type LessonContentForTools,
  type StudentWork,
  type ToolCatalogue,
  type ToolHistoryPage,
  type ToolInstance,
} from "./teacher-tools-base";
import * as z from "./zod";

export * from "./teacher-tools-base";

/*
 * The teacher AI tools' calls (issue 16, ADR 0039; spec §7 teacher-tools POSTs, lesson content,
 * history). Zod messages are rule keys ("required", "max_chars"), which the client translates.
 */

export const TeacherToolSchema = z.enum(TEACHER_TOOLS);
export const SpecialNeedSchema = z.enum(SPECIAL_NEEDS);
export const DestinationLanguageSchema = z.enum(DESTINATION_LANGUAGES);
const EducationLevelSchema = z.enum(EDUCATION_LEVEL_CODES);

/** The fields every tool's form shares (spec §7: educationYear, educationLevel, textToAdapt, specialNeeds?, additionalNotes?). */
export const ToolRequestBaseSchema = z.object({
  educationLevel: EducationLevelSchema,
  educationYear: z.number().int().min(1, "required").max(12),
  textToAdapt: z.string().trim().min(1, "required").max(TOOL_TEXT_MAX_CHARS, "max_chars"),
  specialNeeds: z.array(SpecialNeedSchema).max(SPECIAL_NEEDS.length).optional(),
  additionalNotes: z.string().trim().max(TOOL_NOTES_MAX_CHARS, "max_chars").optional(),
  textLanguage: LanguageSchema.optional(),
  courseGuid: GuidSchema.optional(),
  lessonGuid: GuidSchema.optional(),
});

export const TextLevelAdapterRequestSchema = ToolRequestBaseSchema;
export const VocabularyCreatorRequestSchema = ToolRequestBaseSchema.extend({
  numberOfWordsToExtract: z.number().int().min(VOCABULARY_WORDS_MIN).max(VOCABULARY_WORDS_MAX).default(VOCABULARY_WORDS_DEFAULT),
});
export const TextTranslatorRequestSchema = ToolRequestBaseSchema.extend({ destinationLanguage: DestinationLanguageSchema });
export const QuestionGeneratorRequestSchema = ToolRequestBaseSchema.extend({
  numberOfQuestions: z.number().int().min(GENERATED_QUESTIONS_MIN).max(GENERATED_QUESTIONS_MAX).default(GENERATED_QUESTIONS_DEFAULT),
  questionTypes: z
    .array(z.enum(GENERATED_QUESTION_TYPES))
    .min(1)
    .max(GENERATED_QUESTION_TYPES.length)
    .default([...GENERATED_QUESTION_TYPES]),
});
export const LessonPlanRequestSchema = ToolRequestBaseSchema.extend({
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  sessionMinutes: z.number().int().min(SESSION_MINUTES_MIN).max(SESSION_MINUTES_MAX).default(SESSION_MINUTES_DEFAULT),
  learningObjectives: z.string().trim().max(OBJECTIVES_MAX_CHARS, "max_chars").optional(),
});
export const RubricGeneratorRequestSchema = ToolRequestBaseSchema.extend({
  learningObjectives: z.string().trim().max(OBJECTIVES_MAX_CHARS, "max_chars").optional(),
  taskDescription: z.string().trim().max(TASK_DESCRIPTION_MAX_CHARS, "max_chars").optional(),
  numberOfLevels: z.number().int().min(RUBRIC_LEVELS_MIN).max(RUBRIC_LEVELS_MAX).default(RUBRIC_LEVELS_DEFAULT),
  maxScore: z.number().int().min(RUBRIC_SCORE_MIN).max(RUBRIC_SCORE_MAX).default(RUBRIC_SCORE_DEFAULT),
});
export const StudentFeedbackRequestSchema = z
  .object({
    educationLevel: EducationLevelSchema,
    educationYear: z.number().int().min(1, "required").max(12),
    courseGuid: GuidSchema,
    studentGuid: GuidSchema,
    attemptGuid: GuidSchema.optional(),
    jobGuid: GuidSchema.optional(),
    specialNeeds: z.array(SpecialNeedSchema).max(SPECIAL_NEEDS.length).optional(),
    additionalNotes: z.string().trim().max(TOOL_NOTES_MAX_CHARS, "max_chars").optional(),
  })
  .refine((b) => (b.attemptGuid === undefined) !== (b.jobGuid === undefined), { message: "required", path: ["attemptGuid"] });
export const RealWorldConnectionRequestSchema = ToolRequestBaseSchema.omit({ specialNeeds: true });
export const ClassroomEnergizerRequestSchema = ToolRequestBaseSchema;

const ReadabilityIndexSchema = z.enum(["szigriszt-inflesz", "fernandez-huerta", "flesch-kincaid", "flesch", "flesch-pt", "lix"]);
const ReadabilityViewSchema = z.object({
  index: ReadabilityIndexSchema,
  value: z.number().nullable(),
  approximate: z.boolean(),
  others: z.array(z.object({ index: ReadabilityIndexSchema, value: z.number() })),
  words: z.number().int(),
  sentences: z.number().int(),
  syllablesPerWord: z.number(),
  wordsPerSentence: z.number(),
  verdict: z.enum(["in_band", "too_hard", "too_easy"]).nullable(),
});

export const TextLevelAdapterResultSchema = z.object({
  tool: z.literal("text-level-adapter"),
  language: LanguageSchema,
  languageDetected: z.boolean(),
  band: z.object({ index: ReadabilityIndexSchema, min: z.number(), max: z.number(), grade: z.number().int(), easiest: z.boolean() }).nullable(),
  before: ReadabilityViewSchema,
  adapted: z.object({ text: z.string(), readability: ReadabilityViewSchema, attempts: z.number().int() }).nullable(),
  hardSentences: z.array(z.object({ text: z.string(), words: z.number().int(), syllablesPerWord: z.number(), longWords: z.array(z.string()) })),
  needChecks: z.array(
    z.object({
      need: SpecialNeedSchema,
      rule: z.enum(["max_sentence_words", "max_paragraph_sentences"]),
      limit: z.number(),
      worst: z.number(),
      passed: z.boolean(),
    }),
  ),
  notes: z.array(z.enum(["NO_LANGUAGE_MODEL", "STILL_OFF_BAND", "NO_BAND"])),
});

export const VocabularyCreatorResultSchema = z.object({
  tool: z.literal("vocabulary-creator"),
  language: LanguageSchema,
  languageDetected: z.boolean(),
  words: z.array(
    z.object({
      word: z.string(),
      occurrences: z.number().int(),
      sentence: z.string(),
      corpusFrequency: z.number(),
      syllables: z.number().int(),
      definition: z.string().nullable(),
    }),
  ),
  corpusWords: z.number().int(),
  notes: z.array(z.enum(["NO_LANGUAGE_MODEL", "FEWER_CANDIDATES"])),
});

export const TextTranslatorResultSchema = z.object({
  tool: z.literal("text-translator"),
  language: LanguageSchema,
  destinationLanguage: DestinationLanguageSchema,
  text: z.string(),
});

export const RealWorldConnectionSchema = z.object({ title: z.string(), situation: z.string(), explanation: z.string(), question: z.string(), activity: z.string() });
export const RealWorldConnectionResultSchema = z.object({ tool: z.literal("real-world-connection"), language: LanguageSchema, connections: z.array(RealWorldConnectionSchema) });

export const EnergizerSchema = z.object({
  name: z.string(),
  minutes: z.number().int(),
  grouping: z.enum(ENERGIZER_GROUPINGS),
  materials: z.array(z.string()),
  steps: z.array(z.string()),
  link: z.string(),
});
export const ClassroomEnergizerResultSchema = z.object({ tool: z.literal("classroom-energizer"), language: LanguageSchema, activities: z.array(EnergizerSchema) });

export const QuestionGeneratorResultSchema = z.object({
  tool: z.literal("question-generator"),
  language: LanguageSchema,
  languageDetected: z.boolean(),
  questions: z.array(
    z.object({
      type: z.enum(GENERATED_QUESTION_TYPES),
      prompt: z.string(),
      questionData: z.record(z.string(), z.unknown()),
      kcs: z.array(z.string()),
      source: z.string(),
    }),
  ),
  notes: z.array(z.enum(["NO_LANGUAGE_MODEL", "FEWER_QUESTIONS", "SOME_DROPPED"])),
});

const LessonPlanItemSchema = z.object({ title: z.string(), type: z.string(), minutes: z.number().int(), basis: z.enum(["reading", "media", "questions", "default"]) });
export const LessonPlanResultSchema = z.object({
  tool: z.literal("lesson-plan-generator"),
  language: LanguageSchema,
  sessionMinutes: z.number().int(),
  readingSpeed: z.number(),
  objectives: z.array(z.string()),
  kcs: z.array(z.object({ code: z.string(), name: z.string() })),
  sessions: z.array(
    z.object({
      number: z.number().int(),
      minutes: z.number().int(),
      phases: z.array(z.object({ phase: z.enum(["opening", "development", "practice", "closure"]), minutes: z.number().int(), items: z.array(LessonPlanItemSchema), note: z.string().nullable() })),
    }),
  ),
  notes: z.array(z.literal("NO_LANGUAGE_MODEL")),
});

export const RubricGeneratorResultSchema = z.object({
  tool: z.literal("rubric-generator"),
  language: LanguageSchema,
  languageDetected: z.boolean(),
  numberOfLevels: z.number().int(),
  maxScore: z.number(),
  levelShares: z.array(z.number()),
  criteria: z.array(
    z.object({
      name: z.string(),
      source: z.enum(["objective", "kc", "model"]),
      kc: z.string().nullable(),
      weight: z.number(),
      points: z.number(),
      keyTerms: z.array(z.string()),
      evidence: z.array(z.string()),
      questions: z.number().int(),
      descriptors: z.array(z.string()).nullable(),
    }),
  ),
  notes: z.array(z.enum(["NO_LANGUAGE_MODEL", "CRITERIA_FROM_MODEL", "CRITERIA_CAPPED"])),
});

export const StudentFeedbackResultSchema = z.object({
  tool: z.literal("student-feedback"),
  language: LanguageSchema,
  student: z.object({ guid: GuidSchema, name: z.string() }),
  source: z.object({
    kind: z.enum(["assessment", "task"]),
    guid: GuidSchema,
    title: z.string(),
    submittedAt: z.string().nullable(),
    score: z.number().nullable(),
    maxScore: z.number().nullable(),
    late: z.boolean(),
    pendingGrading: z.number().int(),
    teacherFeedback: z.string().nullable(),
  }),
  criteria: z.array(
    z.object({
      kc: z.string().nullable(),
      name: z.string(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      questions: z.number().int(),
      correct: z.number().int(),
      partial: z.number().int(),
      wrong: z.number().int(),
      unanswered: z.number().int(),
      level: z.enum(FEEDBACK_LEVELS),
      mastery: z.object({ known: z.number(), state: z.enum(["mastered", "in_progress", "not_started"]), change: z.number().nullable() }).nullable(),
      review: z.array(z.object({ lessonGuid: GuidSchema, title: z.string() })),
      comments: z.array(z.string()),
    }),
  ),
  message: z.string().nullable(),
  notes: z.array(z.enum(["NO_LANGUAGE_MODEL", "PENDING_GRADING"])),
});

export const ToolResultSchema = z.discriminatedUnion("tool", [
  RubricGeneratorResultSchema,
  StudentFeedbackResultSchema,
  LessonPlanResultSchema,
  QuestionGeneratorResultSchema,
  TextLevelAdapterResultSchema,
  VocabularyCreatorResultSchema,
  TextTranslatorResultSchema,
  RealWorldConnectionResultSchema,
  ClassroomEnergizerResultSchema,
]);

export const ToolInstanceSchema = z.object({
  id: GuidSchema,
  tool: TeacherToolSchema,
  title: z.string(),
  createdAt: z.string(),
  educationLevel: EducationLevelSchema,
  educationYear: z.number().int(),
  specialNeeds: z.array(SpecialNeedSchema),
  additionalNotes: z.string().nullable(),
  learningObjectives: z.string().nullable(),
  text: z.string(),
  destinationLanguage: DestinationLanguageSchema.nullable(),
  vocabularyWordCount: z.number().int().nullable(),
  context: z
    .object({ courseGuid: GuidSchema, courseName: z.string(), lessonGuid: GuidSchema, lessonTitle: z.string(), unitTitle: z.string(), subject: z.string() })
    .nullable(),
  provider: z.enum(["local", "openai"]),
  model: z.string().nullable(),
  result: ToolResultSchema,
});
/** POST /api/teacher-tools/{tool} and GET /api/teacher-tools/instances/{guid} */
export const ToolInstanceResponseSchema = successOf(ToolInstanceSchema);

export const ToolCatalogueSchema = z.object({
  provider: z.enum(["local", "openai"]),
  tools: z.array(
    z.object({
      tool: TeacherToolSchema,
      category: z.enum(TOOL_CATEGORIES),
      available: z.boolean(),
      mode: z.enum(["full", "local", "unavailable"]),
      reason: z.literal("NO_LANGUAGE_MODEL").optional(),
    }),
  ),
});
/** GET /api/teacher-tools */
export const ToolCatalogueResponseSchema = successOf(ToolCatalogueSchema);

export const ToolHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(TOOL_HISTORY_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ToolHistoryPageSchema = z.object({
  items: z.array(ToolInstanceSchema.pick({ id: true, tool: true, title: true, createdAt: true })),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
/** GET /api/teacher-tools/history?limit=20&offset=0 */
export const ToolHistoryResponseSchema = successOf(ToolHistoryPageSchema);

/** POST /api/teacher-tools/instances/{guid}/add-to-assessment: some of a question generator's items, into an assessment the caller may edit. */
export const AddToAssessmentSchema = z.object({
  assessmentGuid: GuidSchema,
  /** Positions in the instance's `questions`, each once. */
  questions: z.array(z.number().int().min(0).max(GENERATED_QUESTIONS_MAX - 1)).min(1).max(GENERATED_QUESTIONS_MAX),
});
export const AddToAssessmentResponseSchema = successOf(z.object({ assessmentGuid: GuidSchema, questionGuids: z.array(GuidSchema) }));

export const LessonContentParamsSchema = z.object({ courseGuid: GuidSchema, lessonGuid: GuidSchema });
export const LessonContentSchema = z.object({
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  lessonTitle: z.string(),
  unitTitle: z.string(),
  subject: z.string(),
  educationLevel: EducationLevelSchema.nullable(),
  educationYear: z.number().int().nullable(),
  text: z.string(),
  words: z.number().int(),
  truncated: z.boolean(),
  sources: z.array(z.object({ title: z.string(), type: z.string(), words: z.number().int() })),
});
/** GET /api/teacher-tools/courses/{courseGuid}/lessons/{lessonGuid}/content */
export const LessonContentResponseSchema = successOf(LessonContentSchema);

export const StudentWorkParamsSchema = z.object({ courseGuid: GuidSchema, studentGuid: GuidSchema });
export const StudentWorkSchema = z.object({
  student: z.object({ guid: GuidSchema, name: z.string() }),
  items: z.array(
    z.object({
      kind: z.enum(["assessment", "task"]),
      guid: GuidSchema,
      title: z.string(),
      lessonTitle: z.string(),
      submittedAt: z.string().nullable(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      status: z.enum(["submitted", "pending", "graded"]),
    }),
  ),
});
/** GET /api/teacher-tools/courses/{courseGuid}/students/{studentGuid}/work */
export const StudentWorkResponseSchema = successOf(StudentWorkSchema);

// The schemas and the zod-free types say the same (a drift fails the type check here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<z.infer<typeof ToolInstanceSchema>, ToolInstance>,
  Same<z.infer<typeof ToolCatalogueSchema>, ToolCatalogue>,
  Same<z.infer<typeof ToolHistoryPageSchema>, ToolHistoryPage>,
  Same<z.infer<typeof LessonContentSchema>, LessonContentForTools>,
  Same<z.infer<typeof StudentWorkSchema>, StudentWork>,
] = [true, true, true, true, true];
void sameTypes;
