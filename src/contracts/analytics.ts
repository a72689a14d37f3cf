import {
  ALERT_TYPES,
  ANALYTICS_DISCIPLINES,
  EVIDENCE_MAX_PAGE_SIZE,
  EVIDENCE_PAGE_SIZE,
  LESSON_STATUSES,
  type AnalyticsClassSummary,
  type ClassAnalytics,
  type KcEvidencePage,
} from "./analytics-base";
import { boundedString, GuidSchema, LanguageSchema, successOf } from "./common";
import { KcMasterySchema } from "./learning";
import { MASTERY_STATES } from "./learning-base";
import * as z from "./zod";

export * from "./analytics-base";

const KC_CODE_MAX = 64;
const LessonStatusSchema = z.enum(LESSON_STATUSES);
const AlertTypeSchema = z.enum(ALERT_TYPES);
const DisciplineSchema = z.enum(ANALYTICS_DISCIPLINES);
const NamesSchema = z.record(z.string(), z.string());
const share = z.number().min(0).max(1);
const count = z.number().int().min(0);
const byStatus = z.object({ on_track: count, at_risk: count, alert: count });
const byAlert = z.object({ low_mastery: count, repeated_failures: count, review_needed: count });
const byMastery = z.object({ mastered: count, in_progress: count, not_started: count });

export const AnalyticsClassSummarySchema = z.object({
  guid: GuidSchema,
  name: z.string(),
  discipline: DisciplineSchema,
  color: z.string(),
  students: count,
  kcs: count,
  masteredShare: share,
  alerts: count,
  worstStatus: LessonStatusSchema.nullable(),
  lessonStatuses: byStatus,
});

/** GET /api/front/analytics */
export const AnalyticsClassesResponseSchema = successOf(z.object({ items: z.array(AnalyticsClassSummarySchema) }));

export const AnalyticsStudentSchema = z.object({ guid: GuidSchema, firstName: z.string(), lastName: z.string() });

export const KcEvidenceSchema = z.object({
  questionId: z.string(),
  source: z.string(),
  correct: z.boolean(),
  fraction: z.number(),
  knownBefore: z.number(),
  knownAfter: z.number(),
  recallBefore: z.number(),
  answeredAt: z.string(),
});

export const ClassAnalyticsSchema = z.object({
  class: z.object({ guid: GuidSchema, name: z.string(), discipline: DisciplineSchema, color: z.string() }),
  summary: AnalyticsClassSummarySchema.omit({ guid: true, name: true, discipline: true, color: true }),
  generatedAt: z.string(),
  students: z.array(AnalyticsStudentSchema),
  kcs: z.array(
    z.object({
      code: z.string(),
      names: NamesSchema,
      unitGuid: GuidSchema.nullable(),
      lessonGuids: z.array(GuidSchema),
      counts: byMastery,
      meanKnown: z.number().nullable(),
      reviewNeeded: count,
      alerts: byAlert,
    }),
  ),
  lessons: z.array(
    z.object({
      guid: GuidSchema,
      title: z.string(),
      unitGuid: GuidSchema,
      unitTitle: z.string(),
      kcs: z.array(z.string()),
      status: LessonStatusSchema.nullable(),
      practised: count,
      struggling: count,
      reviewNeeded: count,
      meanKnown: z.number().nullable(),
      alerts: count,
    }),
  ),
  cells: z.array(
    z.object({
      student: GuidSchema,
      kc: z.string(),
      state: z.enum(MASTERY_STATES),
      known: z.number(),
      answers: count,
      correct: count,
      recall: z.number(),
      reviewNeeded: z.boolean(),
      alerts: z.array(AlertTypeSchema),
      lastAnswerAt: z.string(),
    }),
  ),
  diagnostics: z.object({
    reteach: z.array(z.object({ kc: z.string(), practised: count, lowMastery: count, share, students: z.array(GuidSchema) })),
    groups: z.array(z.object({ kcs: z.array(z.string()), students: z.array(GuidSchema) })),
    reviews: z.array(z.object({ kc: z.string(), students: z.array(GuidSchema) })),
  }),
});

/** GET /api/front/analytics/{guid} */
export const ClassAnalyticsResponseSchema = successOf(ClassAnalyticsSchema);

export const KcEvidenceParamsSchema = z.object({
  guid: GuidSchema,
  studentGuid: GuidSchema,
  /** A KC code of the class's map ("MAT.NUM.PLACE"); questions carry codes of at most 64 characters. */
  kc: boundedString(KC_CODE_MAX).min(1),
});
export const KcEvidenceQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(EVIDENCE_MAX_PAGE_SIZE).default(EVIDENCE_PAGE_SIZE),
});
export type KcEvidenceQuery = z.infer<typeof KcEvidenceQuerySchema>;

/** GET /api/front/analytics/{guid}/students/{studentGuid}/kcs/{kc}/evidence */
export const KcEvidenceResponseSchema = successOf(
  z.object({
    student: AnalyticsStudentSchema,
    kc: z.object({ code: z.string(), names: NamesSchema }),
    mastery: KcMasterySchema,
    items: z.array(KcEvidenceSchema),
    total: count,
    offset: count,
    pageSize: count,
  }),
);

/** GET /api/front/analytics/{guid}/export: the CSV's language (headers, KC names, states); the product's default (Spanish) otherwise. */
export const AnalyticsExportQuerySchema = z.object({ lang: LanguageSchema.optional() });
export const AnalyticsCsvSchema = z.string().describe("text/csv");

// The schemas and the zod-free types say the same (a drift fails the type check here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<z.infer<typeof AnalyticsClassSummarySchema>, AnalyticsClassSummary>,
  Same<z.infer<typeof ClassAnalyticsSchema>, ClassAnalytics>,
  Same<z.infer<(typeof KcEvidenceResponseSchema)["shape"]["data"]>, KcEvidencePage>,
] = [true, true, true];
void sameTypes;
