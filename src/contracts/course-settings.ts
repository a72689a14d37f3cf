import { z } from "zod";
import { successOf } from "./common";
import { CourseCardSchema, CourseMemberRoleSchema, CourseViewerRoleSchema } from "./courses";
import { DisciplineCodeSchema } from "./reference";

/*
 * The new-class flow (spec §2 "New-class flow settings", §5 form messages, §9 default schedule and
 * teaching model themes). The create and edit bodies share one schema; the client validates with it
 * before sending and the server validates the same body again.
 *
 * Zod messages here are rule keys ("required", "max_chars", ...), not text: the API returns them in
 * VALIDATION_ERROR details ({ field, message }) and the client translates them (common:form.*).
 */

/** Form rule keys, translated under `common:form.<key>`. */
export const FORM_RULES = {
  required: "required",
  maxChars: "max_chars",
  endBeforeStart: "end_before_start",
  endBeforeStartTime: "end_before_start_time",
  overlapping: "overlapping_dates",
  invalidDate: "invalid_date",
  invalidTime: "invalid_time",
  invalidCode: "invalid_code",
  classKeyRequired: "class_key_required",
  periodCount: "period_count",
  outsideCourse: "outside_course_dates",
  duplicate: "duplicate",
  invalidChoice: "invalid_choice",
} as const;
export type FormRule = (typeof FORM_RULES)[keyof typeof FORM_RULES];

export const COURSE_LIMITS = {
  nameMaxChars: 80,
  maxPublications: 20,
  maxSlotsPerQuarter: 20,
  maxQuarters: 4,
  streamBodyMaxChars: 2000,
  coteacherEmailMaxChars: 254,
} as const;

/** "class" is a subject class; "group" a tutoring or project group (needs canCreateGroup). */
export const COURSE_KINDS = ["class", "group"] as const;
export const CourseKindSchema = z.enum(COURSE_KINDS);
export type CourseKind = z.infer<typeof CourseKindSchema>;

/** Spec §9. Each renders the class pages in its own look (client: features/course/themes.ts). */
export const TEACHING_MODELS = ["vanilla", "retro", "primary-2022", "secondary-2022", "secondary-pqlco", "unoi"] as const;
export const TeachingModelSchema = z.enum(TEACHING_MODELS, { message: FORM_RULES.invalidChoice });
export type TeachingModel = z.infer<typeof TeachingModelSchema>;

/** "one_to_one": every student on a school device; "personal": students bring their own. */
export const DEVICE_MODES = ["one_to_one", "personal"] as const;
export const DeviceModeSchema = z.enum(DEVICE_MODES, { message: FORM_RULES.invalidChoice });
export type DeviceMode = z.infer<typeof DeviceModeSchema>;

/** Spec §6 class stream settings, from most to least restrictive. */
export const STREAM_PERMISSIONS = ["teacher_only", "students_comment", "students_post"] as const;
export const StreamPermissionSchema = z.enum(STREAM_PERMISSIONS, { message: FORM_RULES.invalidChoice });
export type StreamPermission = z.infer<typeof StreamPermissionSchema>;

export const PERIOD_TYPES = ["annual", "semester", "quarter", "bimester"] as const;
export const PeriodTypeSchema = z.enum(PERIOD_TYPES, { message: FORM_RULES.invalidChoice });
export type PeriodType = z.infer<typeof PeriodTypeSchema>;
/** How many evaluation periods a school year has under each type. */
export const PERIOD_COUNTS: Record<PeriodType, number> = { annual: 1, semester: 2, quarter: 3, bimester: 4 };

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export const WeekdaySchema = z.enum(WEEKDAYS, { message: FORM_RULES.invalidChoice });
export type Weekday = z.infer<typeof WeekdaySchema>;

/** The class colour palette (all pass 4.5:1 against white text). */
export const COURSE_COLORS = [
  "#0F6CBD", "#C239B3", "#8A3FFC", "#B10E1C", "#0B6A0B", "#8F4E00", "#005B70", "#4F6BED", "#A4262C", "#616161",
] as const;
export const COURSE_ICONS = [
  "book", "calculator", "flask", "globe", "palette", "music", "translate", "code", "leaf", "history", "sport", "star",
] as const;
export const CourseIconSchema = z.enum(COURSE_ICONS, { message: FORM_RULES.invalidChoice });
export type CourseIcon = z.infer<typeof CourseIconSchema>;

/** A real calendar date YYYY-MM-DD (2001-02-30 is refused, not rolled over). */
export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  // Year 0 round-trips in JavaScript, but PostgreSQL has no year 0.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "0001-01-01";
}
export const isValidTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

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

/** Spec §9: 3 quarters, each with a Monday 08:00-09:00 slot. `newGuid` is crypto.randomUUID where available. */
export function defaultSchedule(newGuid: () => string): Schedule {
  return {
    quarters: [0, 1, 2].map(() => ({ guid: newGuid(), days: [{ guid: newGuid(), weekday: "monday", start: "08:00", end: "09:00" }] })),
  };
}

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

/** Splits [start, end] into the type's number of consecutive periods of near-equal length. */
export function defaultPeriods(type: PeriodType, start: string, end: string): Periods {
  const n = PERIOD_COUNTS[type];
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  const day = 86_400_000;
  const span = Math.max(n, Math.round((to - from) / day) + 1);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const items = Array.from({ length: n }, (_, i) => ({
    start: iso(from + Math.round((span * i) / n) * day),
    end: iso(from + (Math.round((span * (i + 1)) / n) - 1) * day),
  }));
  return { type, items };
}

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
export const CLASS_KEY_LENGTH = 8;
/** No 0/O, 1/I/L: keys are read off a projector and typed by children. */
export const CLASS_KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const normaliseClassKey = (key: string): string => key.replace(/[\s-]+/g, "").toUpperCase();
/** "ABCDEFGH" -> "ABCD-EFGH" for display. */
export const formatClassKey = (key: string): string => (key.length === CLASS_KEY_LENGTH ? `${key.slice(0, 4)}-${key.slice(4)}` : key);

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
export const PUBLICATION_ACCESS = ["open", "licensed"] as const;
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

/** A school year's usual course dates (September to June, the Spanish calendar); editable in the form. */
export function defaultCourseDates(schoolYear: string): { startDate: string; endDate: string } {
  const m = /^(\d{4})-(\d{4})$/.exec(schoolYear);
  const first = m ? Number(m[1]) : new Date().getUTCFullYear();
  return { startDate: `${first}-09-01`, endDate: `${first + 1}-06-30` };
}

/** The school year a date falls in (from September on, the next one starts). */
export function schoolYearOf(date: Date): string {
  const y = date.getUTCFullYear();
  const first = date.getUTCMonth() >= 8 ? y : y - 1;
  return `${first}-${first + 1}`;
}

/** What a new class starts with: every setting of the spec at its expected default. */
export function defaultCourseSettings(newGuid: () => string, dates: { startDate: string; endDate: string }, gamified = false): CourseSettings {
  return {
    teachingModel: "vanilla",
    devices: "one_to_one",
    streamPermission: "students_comment",
    lessonQuestions: true,
    gamification: gamified,
    schedule: defaultSchedule(newGuid),
    periods: defaultPeriods("quarter", dates.startDate, dates.endDate),
  };
}
