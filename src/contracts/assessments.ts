import { ATTEMPT_STATUSES, ERROR_REPORT_STATUSES, ERROR_REPORT_TYPES, QUESTION_OUTCOMES, SHOW_ANSWERS } from "./assessments-base";
import { GuidSchema, isStorableInstant, pageOf, successOf } from "./common";
import {
  AnswerSchema, ImageSchema, KcCodeSchema, QUESTION_LIMITS, QUESTION_RULES as R, QuestionTypeSchema,
  type Answer, type QuestionDataFor, type QuestionType,
} from "./questions";
import { STUDENT_DATA_SCHEMAS, type StudentDataFor } from "./student-questions";
import * as z from "./zod";

export {
  ATTEMPT_FILE_BYTES, ATTEMPT_STATUSES, type AttemptStatus, ERROR_REPORT_STATUSES, ERROR_REPORT_TYPES, type ErrorReportType,
  IDEMPOTENCY_KEY_HEADER, QUESTION_OUTCOMES, type QuestionOutcome, SHOW_ANSWERS, type ShowAnswers,
} from "./assessments-base";

/*
 * Assessments, attempts, grading, results and exercise error reports (issue 6). The spec shows the
 * screens' routes only (§2 assessment and results routes, §3 error report, §9 error report options);
 * the calls below are ours (ADR 0015). An assessment is a content of type CTTY_18 whose questions
 * are contents of type CTTY_19; a class gets it as a lesson item, and students answer it there.
 */

// ---- Questions (authoring) ------------------------------------------------------------------------

const prompt = z.string().trim().min(1, R.required).max(QUESTION_LIMITS.promptChars, R.maxChars);

/** What an author sends: question_data as a JSON string, checked against its type's schema. */
export const QuestionWriteSchema = z.object({
  type: QuestionTypeSchema,
  question_data: z.string().min(2).max(QUESTION_LIMITS.dataJsonChars, R.tooLarge),
  prompt,
  points: z.number().positive().max(1000).default(1),
  kcs: z.array(KcCodeSchema).max(20, R.maxItems).default([]),
  media: z.array(ImageSchema).max(10, R.maxItems).default([]),
  feedback: z.object({ correct: z.string().trim().max(2000).optional(), incorrect: z.string().trim().max(2000).optional() }).default({}),
});
export type QuestionWrite = z.input<typeof QuestionWriteSchema>;

export const QuestionFullSchema = z.object({
  guid: GuidSchema,
  type: QuestionTypeSchema,
  question_data: z.string(),
  prompt: z.string(),
  points: z.number(),
  kcs: z.array(z.string()),
  media: z.array(ImageSchema),
  feedback: z.object({ correct: z.string().optional(), incorrect: z.string().optional() }),
  /** Whether the caller may change it (their own question, or editorial staff). */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type QuestionFull = z.infer<typeof QuestionFullSchema>;
export const QuestionFullResponseSchema = successOf(QuestionFullSchema);

/** /answer-test: check an answer against a question given as JSON, without storing anything. */
export const AnswerCheckSchema = z.object({
  type: QuestionTypeSchema,
  question_data: z.string().min(2).max(QUESTION_LIMITS.dataJsonChars, R.tooLarge),
  points: z.number().positive().max(1000).default(1),
  answer: z.unknown(),
});
export const ScorePartSchema = z.object({ id: z.string(), correct: z.boolean() });
export const ScoreResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("scored"), score: z.number(), maxScore: z.number(), correct: z.boolean(), parts: z.array(ScorePartSchema) }),
  z.object({ status: z.literal("needs_grading"), maxScore: z.number() }),
]);
export type ScoreResult = z.infer<typeof ScoreResultSchema>;
export const ScoreResultResponseSchema = successOf(ScoreResultSchema);

// ---- Questions as a student sees them -------------------------------------------------------------

const studentQuestionOf = <K extends QuestionType>(type: K) =>
  z.object({
    guid: GuidSchema,
    type: z.literal(type),
    prompt: z.string(),
    points: z.number(),
    media: z.array(ImageSchema),
    data: STUDENT_DATA_SCHEMAS[type],
  });
export const StudentQuestionSchema = z.discriminatedUnion("type", [
  studentQuestionOf("QT_1"), studentQuestionOf("QT_2"), studentQuestionOf("QT_3"), studentQuestionOf("QT_4"), studentQuestionOf("QT_5"),
  studentQuestionOf("QT_6"), studentQuestionOf("QT_7"), studentQuestionOf("QT_8"), studentQuestionOf("QT_9"), studentQuestionOf("QT_10"),
  studentQuestionOf("QT_11"), studentQuestionOf("QT_12"), studentQuestionOf("QT_13"), studentQuestionOf("QT_14"), studentQuestionOf("QT_15"),
  studentQuestionOf("QT_16"), studentQuestionOf("QT_17"), studentQuestionOf("QT_18"), studentQuestionOf("QT_19"), studentQuestionOf("QT_20"),
  studentQuestionOf("QT_21"),
]);
export type StudentQuestion = z.infer<typeof StudentQuestionSchema>;
export type StudentQuestionOf<K extends QuestionType> = { guid: string; type: K; prompt: string; points: number; media: z.infer<typeof ImageSchema>[]; data: StudentDataFor<K> };

// ---- Assessments ----------------------------------------------------------------------------------

/** When students see the right answers of a submitted attempt (SHOW_ANSWERS, ADR 0018). */
export const ShowAnswersSchema = z.enum(SHOW_ANSWERS);

export const AssessmentSettingsSchema = z.object({
  /** null: as many attempts as the student wants. */
  maxAttempts: z.number().int().min(1).max(20).nullable().default(1),
  showAnswers: ShowAnswersSchema.default("after_submit"),
  shuffleQuestions: z.boolean().default(false),
  /** ISO date-time; after it, no new attempt starts and "after_due" answers show. */
  dueAt: z.iso.datetime({ offset: true }).refine(isStorableInstant).nullable().default(null),
});
export type AssessmentSettings = z.infer<typeof AssessmentSettingsSchema>;
export const DEFAULT_ASSESSMENT_SETTINGS: AssessmentSettings = AssessmentSettingsSchema.parse({});

export const AssessmentCreateSchema = z.object({
  title: z.string().trim().min(1, R.required).max(200, R.maxChars),
  description: z.string().trim().max(2000, R.maxChars).default(""),
  settings: AssessmentSettingsSchema.default(DEFAULT_ASSESSMENT_SETTINGS),
});
export type AssessmentCreate = z.input<typeof AssessmentCreateSchema>;
export const AssessmentUpdateSchema = z.object({
  title: z.string().trim().min(1, R.required).max(200, R.maxChars).optional(),
  description: z.string().trim().max(2000, R.maxChars).optional(),
  settings: AssessmentSettingsSchema.optional(),
  /** The questions in their new order: exactly the assessment's questions. */
  questionGuids: z.array(GuidSchema).max(200).optional(),
});
export type AssessmentUpdate = z.infer<typeof AssessmentUpdateSchema>;

export const AssessmentDetailSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  description: z.string(),
  settings: AssessmentSettingsSchema,
  maxScore: z.number(),
  questions: z.array(QuestionFullSchema),
  editable: z.boolean(),
});
export type AssessmentDetail = z.infer<typeof AssessmentDetailSchema>;
export const AssessmentDetailResponseSchema = successOf(AssessmentDetailSchema);

/** Where a class has the assessment: the course and, when it is one of its lesson items, the lesson. */
export const AssessmentPlaceQuerySchema = z.object({ courseGuid: GuidSchema });

// ---- Attempts -------------------------------------------------------------------------------------

export const AttemptStatusSchema = z.enum(ATTEMPT_STATUSES);

export const SavedAnswerSchema = z.object({
  questionGuid: GuidSchema,
  value: AnswerSchema,
  /** The client's counter for this question: a save with a lower one than stored is stale. */
  seq: z.number().int(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof SavedAnswerSchema>;

export const AttemptSummarySchema = z.object({
  guid: GuidSchema,
  number: z.number().int(),
  status: AttemptStatusSchema,
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Auto scores plus teacher grades; null before submitting. */
  score: z.number().nullable(),
  maxScore: z.number(),
  /** Open answers the teacher has not graded yet. */
  pendingGrading: z.number().int(),
});
export type AttemptSummary = z.infer<typeof AttemptSummarySchema>;

const AssessmentHeadSchema = z.object({
  guid: GuidSchema,
  title: z.string(),
  description: z.string(),
  settings: AssessmentSettingsSchema,
  questionCount: z.number().int(),
  maxScore: z.number(),
});

/** A student's attempt while answering: questions without solutions and the answers saved so far. */
export const AttemptViewSchema = AttemptSummarySchema.extend({
  assessment: AssessmentHeadSchema,
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  questions: z.array(StudentQuestionSchema),
  answers: z.array(SavedAnswerSchema),
  /** Attempts left after this one (null: unlimited). */
  attemptsLeft: z.number().int().nullable(),
  /** Signed addresses of the files in the answers (upload file, pencil), by file key. */
  fileUrls: z.record(z.string(), z.string()),
});
export type AttemptView = z.infer<typeof AttemptViewSchema>;
export const AttemptViewResponseSchema = successOf(AttemptViewSchema);

export const AttemptStartSchema = z.object({ courseGuid: GuidSchema });

/** PUT .../answers/{questionGuid}: one autosave; `value: null` clears the answer. Header Idempotency-Key. */
export const AnswerSaveSchema = z.object({ seq: z.number().int().min(0).max(1_000_000_000), value: AnswerSchema.nullable() });
export type AnswerSave = z.infer<typeof AnswerSaveSchema>;
export const AnswerSavedSchema = z.object({
  questionGuid: GuidSchema,
  seq: z.number().int(),
  savedAt: z.string(),
  /** false when a newer save was already stored (this one was stale) or it was a replay. */
  applied: z.boolean(),
});
export type AnswerSaved = z.infer<typeof AnswerSavedSchema>;
export const AnswerSavedResponseSchema = successOf(AnswerSavedSchema);
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

/** POST front/attempts/{guid}/files: a file for an upload-file or pencil answer. */
export const AttemptFileSchema = z.object({ key: z.string(), name: z.string(), url: z.string() });
export type AttemptFile = z.infer<typeof AttemptFileSchema>;
export const AttemptFileResponseSchema = successOf(AttemptFileSchema);

export const AttemptAnswerParamsSchema = z.object({ guid: GuidSchema, questionGuid: GuidSchema });

// ---- Results and grading --------------------------------------------------------------------------

export const QuestionOutcomeSchema = z.enum(QUESTION_OUTCOMES);

export const QuestionResultSchema = z.object({
  question: StudentQuestionSchema,
  /** The full question_data (parsed) when the caller may see the answers: teachers always. */
  solution: z.record(z.string(), z.unknown()).nullable(),
  answer: AnswerSchema.nullable(),
  outcome: QuestionOutcomeSchema,
  score: z.number().nullable(),
  maxScore: z.number(),
  correct: z.boolean().nullable(),
  parts: z.array(ScorePartSchema),
  /** The teacher's feedback on a graded answer; the question's own feedback otherwise. */
  feedback: z.string().nullable(),
  kcs: z.array(z.string()),
});
export type QuestionResult = Omit<z.infer<typeof QuestionResultSchema>, "solution" | "question" | "answer"> & QuestionPair;
/** The question, its solution and the answer, of one type. */
type QuestionPair = {
  [K in QuestionType]: { question: StudentQuestionOf<K>; solution: QuestionDataFor<K> | null; answer: Extract<Answer, { type: K }> | null };
}[QuestionType];

export const AttemptResultSchema = AttemptSummarySchema.extend({
  assessment: AssessmentHeadSchema,
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  student: z.object({ guid: GuidSchema, firstName: z.string(), lastName: z.string() }),
  /** Whether solutions are included (teacher, or the assessment's showAnswers allows it now). */
  showsSolutions: z.boolean(),
  /** Whether the caller may grade the open answers. */
  canGrade: z.boolean(),
  /** 0-10, as the gradebook shows it; null until every open answer is graded. */
  grade: z.number().nullable(),
  questions: z.array(QuestionResultSchema),
  /** Signed addresses of the files in the answers (upload file, pencil), by file key. */
  fileUrls: z.record(z.string(), z.string()),
});
export type AttemptResult = Omit<z.infer<typeof AttemptResultSchema>, "questions"> & { questions: QuestionResult[] };
export const AttemptResultResponseSchema = successOf(AttemptResultSchema);

export const GradeSchema = z.object({
  score: z.number().min(0).max(1000),
  feedback: z.string().trim().max(5000, R.maxChars).default(""),
});
export type Grade = z.input<typeof GradeSchema>;

/** GET front/assessments/{guid}/results: the class's results (teachers). */
export const ClassResultsSchema = z.object({
  assessment: AssessmentHeadSchema,
  course: z.object({ guid: GuidSchema, name: z.string() }),
  lessonGuid: GuidSchema,
  rows: z.array(
    z.object({
      student: z.object({ guid: GuidSchema, firstName: z.string(), lastName: z.string() }),
      attempts: z.number().int(),
      /** The attempt that counts: the best submitted one (latest on a tie), else the one in progress. */
      attempt: AttemptSummarySchema.nullable(),
      grade: z.number().nullable(),
    }),
  ),
  questions: z.array(
    z.object({
      guid: GuidSchema,
      type: QuestionTypeSchema,
      prompt: z.string(),
      kcs: z.array(z.string()),
      /** Over the counted submitted attempts. */
      answered: z.number().int(),
      fullyCorrect: z.number().int(),
      /** Mean of score / maxScore, null when nobody has a score yet. */
      averageFraction: z.number().nullable(),
      pendingGrading: z.number().int(),
    }),
  ),
});
export type ClassResults = z.infer<typeof ClassResultsSchema>;
export const ClassResultsResponseSchema = successOf(ClassResultsSchema);

/** One student's attempts and the chosen (default: counted) attempt's result. */
export const IndividualResultsSchema = z.object({
  student: z.object({ guid: GuidSchema, firstName: z.string(), lastName: z.string() }),
  attempts: z.array(AttemptSummarySchema),
  result: AttemptResultSchema.nullable(),
});
export type IndividualResults = Omit<z.infer<typeof IndividualResultsSchema>, "result"> & { result: AttemptResult | null };
export const IndividualResultsResponseSchema = successOf(IndividualResultsSchema);
export const IndividualResultsParamsSchema = z.object({ guid: GuidSchema, userGuid: GuidSchema });
export const IndividualResultsQuerySchema = z.object({ courseGuid: GuidSchema, attemptGuid: GuidSchema.optional() });

/** The student's own attempts at an assessment in a class (what the start screen shows). */
export const MyAttemptsSchema = z.object({
  assessment: AssessmentHeadSchema,
  lessonGuid: GuidSchema,
  attempts: z.array(AttemptSummarySchema),
  /** Whether a new attempt may start now (attempts left, not past the due date, not closed). */
  canStart: z.boolean(),
  attemptsLeft: z.number().int().nullable(),
  /** When the class's teacher closed the assessment (no new attempts); null while open. */
  closedAt: z.string().nullable(),
});
export type MyAttempts = z.infer<typeof MyAttemptsSchema>;
export const MyAttemptsResponseSchema = successOf(MyAttemptsSchema);

/**
 * An assessment closed by the class's teacher (ADR 0018): no new attempts, and the answers show to
 * students (unless the settings say "never"). PUT front/assessments/{guid}/closure closes or reopens.
 */
export const AssessmentClosureSchema = z.object({
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  /** Whether the caller may close or reopen it (the class's teachers). */
  canChange: z.boolean(),
});
export type AssessmentClosure = z.infer<typeof AssessmentClosureSchema>;
export const AssessmentClosureResponseSchema = successOf(AssessmentClosureSchema);
export const AssessmentClosureUpdateSchema = z.object({ courseGuid: GuidSchema, closed: z.boolean() });
export type AssessmentClosureUpdate = z.infer<typeof AssessmentClosureUpdateSchema>;

// ---- Exercise error reports (spec §3, §4 rule, §9 options) -----------------------------------------

export const ErrorReportTypeSchema = z.enum(ERROR_REPORT_TYPES);

export const ErrorReportCreateSchema = z.object({
  /** The question (exercise) reported. */
  exerciseId: GuidSchema,
  /** Where it was seen: the attempt, or the lesson item for a question outside an assessment. */
  activityInstanceId: z.string().trim().min(1).max(100),
  /** The option's label as the reporter saw it (their language). */
  errorType: z.string().trim().min(1).max(200),
  errorTypeId: ErrorReportTypeSchema,
  description: z.string().trim().max(2000, R.maxChars).optional(),
});
export type ErrorReportCreate = z.infer<typeof ErrorReportCreateSchema>;

export const ErrorReportStatusSchema = z.enum(ERROR_REPORT_STATUSES);
export const ErrorReportSchema = z.object({
  guid: GuidSchema,
  exerciseId: GuidSchema,
  activityInstanceId: z.string(),
  errorType: z.string(),
  errorTypeId: ErrorReportTypeSchema,
  description: z.string().nullable(),
  status: ErrorReportStatusSchema,
  createdAt: z.string(),
  reporter: z.object({ guid: GuidSchema, name: z.string(), role: z.string() }).nullable(),
  question: z.object({ type: QuestionTypeSchema, prompt: z.string() }).nullable(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;
export const ErrorReportResponseSchema = successOf(ErrorReportSchema);
export const ErrorReportPageSchema = pageOf(ErrorReportSchema);
export type ErrorReportPage = z.infer<typeof ErrorReportPageSchema>;
export const ErrorReportPageResponseSchema = successOf(ErrorReportPageSchema);
export const ErrorReportListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: ErrorReportStatusSchema.optional(),
});
export const ErrorReportUpdateSchema = z.object({ status: ErrorReportStatusSchema });
