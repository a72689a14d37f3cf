import { QuestionResultSchema, StudentQuestionSchema, type QuestionResult } from "./assessments";
import { GuidSchema, successOf } from "./common";
import { ALERT_TYPES } from "./analytics-base";
import { MASTERY_STATES } from "./learning-base";
import { ACTIVITY_STATES, CHALLENGE_TYPES, MAX_SESSION_KCS, PRACTICE_SESSION_STATES } from "./practice-base";
import { AnswerSchema } from "./questions";
import * as z from "./zod";

export * from "./practice-base";

export const ChallengeTypeSchema = z.enum(CHALLENGE_TYPES);
const KcCodeSchema = z.string().trim().min(1).max(60);

/** A KC as practice shows it: its code and its name in each of the product's languages. */
export const PracticeKcSchema = z.object({ code: z.string(), names: z.record(z.string(), z.string()) });
export type PracticeKc = z.infer<typeof PracticeKcSchema>;

const CourseRefSchema = z.object({ guid: GuidSchema, name: z.string(), color: z.string() });

/** A recommendation card: a challenge on some KCs of one class, and why it is offered. */
export const RecommendationSchema = z.object({
  /** Stable while the reason holds (type, class and KCs, or the teacher's set). */
  key: z.string(),
  type: ChallengeTypeSchema,
  /** Which of the twelve rotating titles (0..11). */
  titleIndex: z.number().int(),
  course: CourseRefSchema,
  kcs: z.array(PracticeKcSchema),
  /** The student's standing on those KCs: mean P(known) and the lowest predicted recall (null when never practised). */
  known: z.number(),
  recall: z.number().nullable(),
  /** "From the teacher": the practice set and its due date. */
  assignment: z.object({ guid: GuidSchema, dueAt: z.string().nullable(), teacherName: z.string() }).nullable(),
  /** An unfinished session of this challenge to resume instead of generating a new one. */
  sessionGuid: GuidSchema.nullable(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const RecommendationsQuerySchema = z.object({ courseGuid: GuidSchema.optional() });
/** GET /api/front/practice/recommendations[?courseGuid=] */
export const RecommendationsResponseSchema = successOf(z.object({ items: z.array(RecommendationSchema) }));

/** POST /api/front/practice/activities-generation: a session's activities from the question bank. */
export const GenerateActivitiesSchema = z
  .object({
    courseGuid: GuidSchema,
    challenge: ChallengeTypeSchema,
    kcs: z.array(KcCodeSchema).max(MAX_SESSION_KCS).default([]),
    assignmentGuid: GuidSchema.optional(),
  })
  .refine((v) => v.challenge === "teacher" || v.kcs.length > 0, { path: ["kcs"], message: "required" })
  .refine((v) => v.challenge !== "teacher" || v.assignmentGuid !== undefined, { path: ["assignmentGuid"], message: "required" });
export type GenerateActivities = z.infer<typeof GenerateActivitiesSchema>;

/** Spec "practice activity": exercise id and activity instance id. */
export const PracticeActivityRefSchema = z.object({ exerciseId: GuidSchema, activityInstanceId: GuidSchema });
export const GeneratedResponseSchema = successOf(z.object({ sessionId: GuidSchema, activities: z.array(PracticeActivityRefSchema) }));

export const PracticeActivitySchema = PracticeActivityRefSchema.extend({
  position: z.number().int(),
  kc: z.string(),
  state: z.enum(ACTIVITY_STATES),
  tries: z.number().int(),
  question: StudentQuestionSchema,
  /** The last answer given (null before any). */
  answer: AnswerSchema.nullable(),
  /** After a wrong try with a try left: the question's hint. */
  hint: z.string().nullable(),
  /** Once the activity is over: the solution, parts and the question's feedback. */
  result: QuestionResultSchema.nullable(),
});
/** `result` pairs question, answer and solution of one type, as assessments' results do. */
export type PracticeActivity = Omit<z.infer<typeof PracticeActivitySchema>, "result"> & { result: QuestionResult | null };

export const PracticeSessionSchema = z.object({
  guid: GuidSchema,
  state: z.enum(PRACTICE_SESSION_STATES),
  challenge: ChallengeTypeSchema,
  course: CourseRefSchema,
  kcs: z.array(PracticeKcSchema),
  assignmentGuid: GuidSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  activities: z.array(PracticeActivitySchema),
});
export type PracticeSession = Omit<z.infer<typeof PracticeSessionSchema>, "activities"> & { activities: PracticeActivity[] };
export const PracticeSessionResponseSchema = successOf(PracticeSessionSchema);

export const SessionParamsSchema = z.object({ guid: GuidSchema });
export const ActivityParamsSchema = z.object({ guid: GuidSchema, activityGuid: GuidSchema });

/** PUT /api/front/practice/sessions/{guid}/activities/{activityGuid}: one try. */
export const PracticeAnswerSchema = z.object({ answer: AnswerSchema, try: z.number().int().min(1).max(10) });
export type PracticeAnswer = z.infer<typeof PracticeAnswerSchema>;
export const PracticeActivityResponseSchema = successOf(PracticeActivitySchema);

const MasteryPointSchema = z.object({ known: z.number(), state: z.enum(MASTERY_STATES) });
/** GET .../summary: the KCs practised with the mastery before and after the session. */
export const PracticeSummarySchema = z.object({
  session: PracticeSessionSchema.omit({ activities: true }),
  activities: z.number().int(),
  right: z.number().int(),
  rightFirstTry: z.number().int(),
  kcs: z.array(
    PracticeKcSchema.extend({
      answers: z.number().int(),
      right: z.number().int(),
      before: MasteryPointSchema,
      after: MasteryPointSchema,
    }),
  ),
  /** False while the learner model has not applied every answer yet (it listens to events): ask again shortly. */
  complete: z.boolean(),
});
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;
export const PracticeSummaryResponseSchema = successOf(PracticeSummarySchema);

/** GET /api/front/practice/sessions: the student's recent sessions (the practice page). */
export const PracticeSessionItemSchema = PracticeSessionSchema.omit({ activities: true }).extend({ activities: z.number().int(), right: z.number().int() });
export type PracticeSessionItem = z.infer<typeof PracticeSessionItemSchema>;
export const PracticeSessionsResponseSchema = successOf(z.object({ items: z.array(PracticeSessionItemSchema) }));

// ---- The teacher's practice sets ("from the teacher") -------------------------------------------------

export const PracticeAssignmentCreateSchema = z.object({
  kcs: z.array(KcCodeSchema).min(1).max(MAX_SESSION_KCS),
  /** Empty: the whole class. */
  studentGuids: z.array(GuidSchema).max(500).default([]),
  dueAt: z.string().datetime({ offset: true }).nullable().default(null),
});
export type PracticeAssignmentCreate = z.input<typeof PracticeAssignmentCreateSchema>;

export const PracticeAssignmentSchema = z.object({
  guid: GuidSchema,
  kcs: z.array(PracticeKcSchema),
  wholeClass: z.boolean(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Who it is for and how far each got. */
  students: z.array(
    z.object({
      guid: GuidSchema,
      firstName: z.string(),
      lastName: z.string(),
      state: z.enum(PRACTICE_SESSION_STATES),
      right: z.number().int(),
      activities: z.number().int(),
      completedAt: z.string().nullable(),
    }),
  ),
});
export type PracticeAssignment = z.infer<typeof PracticeAssignmentSchema>;
export const PracticeAssignmentResponseSchema = successOf(PracticeAssignmentSchema);
export const PracticeAssignmentsResponseSchema = successOf(z.object({ items: z.array(PracticeAssignmentSchema) }));
export const AssignmentParamsSchema = z.object({ guid: GuidSchema, assignmentGuid: GuidSchema });

// ---- Unit recommendations (spec §2 "unit recommendations card", §3 "unit recommendation") ----------

export const AlertTypeSchema = z.enum(ALERT_TYPES);

/** A lesson to revisit: spec lessonId, title, order, alertReasons[]; and the KCs behind the reasons. */
export const RecommendedLessonSchema = z.object({
  lessonId: GuidSchema,
  title: z.string(),
  /** Its place among the unit's lessons the class follows, from 1. */
  order: z.number().int(),
  /** What the learner model flags on the KCs this lesson teaches, in ALERT_TYPES' order. */
  alertReasons: z.array(AlertTypeSchema),
  kcs: z.array(PracticeKcSchema.extend({ alerts: z.array(AlertTypeSchema), known: z.number() })),
});
export type RecommendedLesson = z.infer<typeof RecommendedLessonSchema>;

/** Spec unit recommendation: unitId, title, order, lessons[] (empty when the class follows none of the unit's lessons that teach them). */
export const UnitRecommendationSchema = z.object({
  unitId: GuidSchema,
  title: z.string(),
  /** Its place in the class's program, from 1. */
  order: z.number().int(),
  lessons: z.array(RecommendedLessonSchema),
});
export type UnitRecommendation = z.infer<typeof UnitRecommendationSchema>;

/** Teachers ask for one of the class's students; students get their own (a studentGuid other than theirs is refused). */
export const UnitRecommendationsQuerySchema = z.object({ studentGuid: GuidSchema.optional() });
/** GET /api/front/courses/{guid}/unit-recommendations[?studentGuid=] */
export const UnitRecommendationsResponseSchema = successOf(z.object({ items: z.array(UnitRecommendationSchema) }));
