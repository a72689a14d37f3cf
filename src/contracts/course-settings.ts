import {
  CLASS_KEY_LENGTH, COURSE_ICONS, COURSE_KINDS, COURSE_LIMITS, DEVICE_MODES, FORM_RULES, isValidIsoDate, isValidTime, normaliseClassKey,
  PERIOD_COUNTS, PERIOD_TYPES, PUBLICATION_ACCESS, STREAM_PERMISSIONS, TEACHING_MODELS, WEEKDAYS,
} from "./course-settings-base";
import { successOf } from "./common";
import { CourseCardSchema, CourseMemberRoleSchema, CourseViewerRoleSchema } from "./courses";
import { DisciplineCodeSchema } from "./reference";
import * as z from "./zod";

/*
 * The new-class flow (spec §2 "New-class flow settings", §5 form messages, §9 default schedule and
 * teaching model themes). The create and edit bodies share one schema; the client validates with it
 * before sending and the server validates the same body again.
 *
 * Zod messages here are rule keys ("required", "max_chars", ...), not text: the API returns them in
 * VALIDATION_ERROR details ({ field, message }) and the client translates them (common:form.*).
 *
 * The values and pure helpers (rule keys, limits, palette, defaults, class keys) live in
 * ./course-settings-base.ts without zod (ADR 0028) and are re-exported here.
 */

export {
  CLASS_KEY_ALPHABET, CLASS_KEY_LENGTH, COURSE_COLORS, COURSE_ICONS, COURSE_KINDS, COURSE_LIMITS, type CourseIcon, type CourseKind,
  defaultCourseDates, defaultCourseSettings, defaultPeriods, defaultSchedule, DEVICE_MODES, type DeviceMode, FORM_RULES, type FormRule,
  formatClassKey, isValidIsoDate, isValidTime, normaliseClassKey, PERIOD_COUNTS, PERIOD_TYPES, type PeriodType, PUBLICATION_ACCESS,
  schoolYearOf, STREAM_PERMISSIONS, type StreamPermission, TEACHING_MODELS, type TeachingModel, WEEKDAYS, type Weekday,
} from "./course-settings-base";

export const CourseKindSchema = z.enum(COURSE_KINDS);
export const TeachingModelSchema = z.enum(TEACHING_MODELS, { message: FORM_RULES.invalidChoice });
export const DeviceModeSchema = z.enum(DEVICE_MODES, { message: FORM_RULES.invalidChoice });
export const StreamPermissionSchema = z.enum(STREAM_PERMISSIONS, { message: FORM_RULES.invalidChoice });
export const PeriodTypeSchema = z.enum(PERIOD_TYPES, { message: FORM_RULES.invalidChoice });
export const WeekdaySchema = z.enum(WEEKDAYS, { message: FORM_RULES.invalidChoice });
export const CourseIconSchema = z.enum(COURSE_ICONS, { message: FORM_RULES.invalidChoice });

export const IsoDateSchema = z.string({ message: FORM_RULES.required }).min(1, FORM_RULES.required).max(10, FORM_RULES.invalidDate).refine(isValidIsoDate, FORM_RULES.invalidDate);
export const TimeSchema = z.string({ message: FORM_RULES.required }).min(1, FORM_RULES.required).max(5, FORM_RULES.invalidTime).refine(isValidTime, FORM_RULES.invalidTime);

/** "2026-2027": the second year follows the first. */
export const SchoolYearSchema = z
  .string({ message: FORM_RULES.required })
  .min(1, FORM_RULES.required)
  .max(9, FORM_RULES.invalidChoice)
  .refine((v) => {
    const m = /^(\d{4})-(\d{4})$/.exec(v);
    return !!m && Number(m[2]) === Number(m[1]) + 1;
  }, FORM_RULES.invalidChoice);

/** Spec §3 "Schedule": quarter entries with days, each with guid, a start/end time pair and a weekday. */
export const ScheduleSlotSchema = z
  .object({ guid: z.string().uuid(), weekday: WeekdaySchema, start: TimeSchema, end: TimeSchema })
  .refine((s) => !isValidTime(s.start) || !isValidTime(s.end) || s.end > s.start, { message: FORM_RULES.endBeforeStartTime, path: ["end"] });
export type ScheduleSlot = z.infer<typeof ScheduleSlotSchema>;

export const ScheduleQuarterSchema = z
  .object({ guid: z.string().uuid(), days: z.array(ScheduleSlotSchema).max(COURSE_LIMITS.maxSlotsPerQuarter) })
  .superRefine((q, ctx) => {
    q.days.forEach((a, i) => {
      const clash = q.days.some((b, j) => j < i && b.weekday === a.weekday && a.start < b.end && b.start < a.end);
      if (clash) ctx.addIssue({ code: "custom", message: FORM_RULES.overlapping, path: ["days", i, "start"] });
    });
  });
export type ScheduleQuarter = z.infer<typeof ScheduleQuarterSchema>;
export const ScheduleSchema = z.object({ quarters: z.array(ScheduleQuarterSchema).min(1).max(COURSE_LIMITS.maxQuarters) });
export type Schedule = z.infer<typeof ScheduleSchema>;

export const PeriodSchema = z
  .object({ start: IsoDateSchema, end: IsoDateSchema })
  .refine((p) => !isValidIsoDate(p.start) || !isValidIsoDate(p.end) || p.end > p.start, { message: FORM_RULES.endBeforeStart, path: ["end"] });
export type Period = z.infer<typeof PeriodSchema>;

export const PeriodsSchema = z
  .object({ type: PeriodTypeSchema, items: z.array(PeriodSchema).max(Math.max(...Object.values(PERIOD_COUNTS)), FORM_RULES.periodCount) })
  .superRefine((p, ctx) => {
    if (p.items.length !== PERIOD_COUNTS[p.type]) ctx.addIssue({ code: "custom", message: FORM_RULES.periodCount, path: ["items"] });
    p.items.forEach((a, i) => {
      const clash = p.items.some((b, j) => j < i && a.start <= b.end && b.start <= a.end);
      if (clash) ctx.addIssue({ code: "custom", message: FORM_RULES.overlapping, path: ["items", i, "start"] });
    });
  });
export type Periods = z.infer<typeof PeriodsSchema>;

export const CourseSettingsSchema = z.object({
  teachingModel: TeachingModelSchema,
  devices: DeviceModeSchema,
  streamPermission: StreamPermissionSchema,
  /** Q&A in lessons: students can ask questions on lesson pages. */
  lessonQuestions: z.boolean(),
  /** Points, badges and levels for the class's students (only takes effect in a gamified edition). */
  gamification: z.boolean(),
  schedule: ScheduleSchema,
  periods: PeriodsSchema,
});
export type CourseSettings = z.infer<typeof CourseSettingsSchema>;

const requiredGuid = z.string({ message: FORM_RULES.required }).min(1, FORM_RULES.required).uuid(FORM_RULES.required);

/** POST /api/front/courses and PUT /api/front/courses/:guid. */
export const CourseFormSchema = z
  .object({
    kind: CourseKindSchema.default("class"),
    name: z.string({ message: FORM_RULES.required }).trim().min(1, FORM_RULES.required).max(COURSE_LIMITS.nameMaxChars, FORM_RULES.maxChars),
    educationLevelGuid: requiredGuid,
    educationYearGuid: requiredGuid,
    disciplineGuid: requiredGuid,
    schoolYear: SchoolYearSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, FORM_RULES.invalidChoice),
    icon: CourseIconSchema,
    publicationGuids: z
      .array(z.string().uuid())
      .max(COURSE_LIMITS.maxPublications)
      .refine((a) => new Set(a).size === a.length, FORM_RULES.duplicate),
    settings: CourseSettingsSchema,
  })
  .superRefine((c, ctx) => {
    const datesValid = isValidIsoDate(c.startDate) && isValidIsoDate(c.endDate);
    if (datesValid && c.endDate <= c.startDate) ctx.addIssue({ code: "custom", message: FORM_RULES.endBeforeStart, path: ["endDate"] });
    if (!datesValid) return;
    c.settings.periods.items.forEach((p, i) => {
      if (p.start < c.startDate || p.end > c.endDate) {
        ctx.addIssue({ code: "custom", message: FORM_RULES.outsideCourse, path: ["settings", "periods", "items", i, "start"] });
      }
    });
  });
export type CourseForm = z.infer<typeof CourseFormSchema>;
export type CourseFormInput = z.input<typeof CourseFormSchema>;

export const CoursePublicationDetailSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  kind: z.string(),
  coverUrl: z.string().nullable(),
});

/** GET /api/front/courses/:guid: everything the class pages and the edit form need. */
export const CourseDetailSchema = CourseCardSchema.omit({ publications: true }).extend({
  kind: CourseKindSchema,
  educationLevelGuid: z.string().uuid().nullable(),
  educationYearGuid: z.string().uuid().nullable(),
  disciplineGuid: z.string().uuid().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  settings: CourseSettingsSchema,
  publications: z.array(CoursePublicationDetailSchema),
  /** Only for the class's teachers and co-teachers; null for everyone else. */
  classKey: z.string().nullable(),
  classKeyExpiresAt: z.string().nullable(),
  teacherCount: z.number().int(),
  /** The caller may change settings, program, publications and the key (teacher, co-teacher). */
  canEdit: z.boolean(),
  /** The caller may add and remove co-teachers (the class's teacher). */
  canManageTeachers: z.boolean(),
  /** The edition is gamified (the class's gamification setting only matters then). */
  editionGamified: z.boolean(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;
export const CourseDetailResponseSchema = successOf(CourseDetailSchema);

/** POST /api/front/courses/join: a student enters a class key ("ABCD-EFGH"; case, spaces, dashes ignored). */
export const JoinCourseSchema = z.object({
  key: z
    .string({ message: FORM_RULES.classKeyRequired })
    .trim()
    .min(1, FORM_RULES.classKeyRequired)
    .max(32, FORM_RULES.invalidCode)
    .refine((k) => normaliseClassKey(k).length === CLASS_KEY_LENGTH, FORM_RULES.invalidCode),
});
export type JoinCourse = z.infer<typeof JoinCourseSchema>;
export const JoinCourseResultSchema = z.object({ course: CourseCardSchema, alreadyMember: z.boolean() });
export const JoinCourseResponseSchema = successOf(JoinCourseResultSchema);

export const ClassKeySchema = z.object({ classKey: z.string(), classKeyExpiresAt: z.string().nullable() });
export const ClassKeyResponseSchema = successOf(ClassKeySchema);

/** Members list: students see names; staff also see e-mails. */
export const CourseMemberSchema = z.object({
  guid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: CourseMemberRoleSchema,
  joinedAt: z.string(),
  /** The class's creator cannot be removed. */
  isOwner: z.boolean(),
  /**
   * Whether the AI assistant is on for this student (their flag, in an edition with it), for the
   * class's staff only (ADR 0041: they see that it is on, never what was asked); null otherwise.
   */
  assistant: z.boolean().nullable(),
});
export type CourseMember = z.infer<typeof CourseMemberSchema>;
export const CourseMembersSchema = z.object({ items: z.array(CourseMemberSchema), myRole: CourseViewerRoleSchema });
export type CourseMembers = z.infer<typeof CourseMembersSchema>;
export const CourseMembersResponseSchema = successOf(CourseMembersSchema);

/** POST /api/front/courses/:guid/coteachers: a teacher of the same edition, by e-mail. */
export const AddCoteacherSchema = z.object({
  email: z.string({ message: FORM_RULES.required }).trim().min(1, FORM_RULES.required).max(COURSE_LIMITS.coteacherEmailMaxChars, FORM_RULES.maxChars).email(FORM_RULES.invalidChoice),
});
export type AddCoteacher = z.infer<typeof AddCoteacherSchema>;
export const CourseMemberResponseSchema = successOf(CourseMemberSchema);
export const CourseMemberParamsSchema = z.object({ guid: z.string().uuid(), userGuid: z.string().uuid() });

/** POST /api/front/courses/:guid/publications. */
export const AddCoursePublicationSchema = z.object({ publicationGuid: z.string().uuid() });
export const CoursePublicationParamsSchema = z.object({ guid: z.string().uuid(), publicationGuid: z.string().uuid() });
export const CoursePublicationsResponseSchema = successOf(z.object({ items: z.array(CoursePublicationDetailSchema) }));

/** GET /api/front/publications/available: what the caller may add to a class. */
export const PublicationAccessSchema = z.enum(PUBLICATION_ACCESS);
export const AvailablePublicationSchema = z.object({
  guid: z.string().uuid(),
  title: z.string(),
  kind: z.string(),
  coverUrl: z.string().nullable(),
  discipline: DisciplineCodeSchema.nullable(),
  educationYear: z.string().nullable(),
  access: PublicationAccessSchema,
});
export type AvailablePublication = z.infer<typeof AvailablePublicationSchema>;
export const AvailablePublicationsResponseSchema = successOf(z.object({ items: z.array(AvailablePublicationSchema) }));
