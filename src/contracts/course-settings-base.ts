import type { CourseSettings, Periods, Schedule } from "./course-settings";

/*
 * What the client needs of the course settings contract without zod (ADR 0028): the form rule
 * keys and limits, the setting values, the palette and icons, the class key format, and the
 * defaults of the new-class form. course-settings.ts builds its schemas on these and re-exports
 * them; the forms that check a body with those schemas import course-settings.ts.
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
export type CourseKind = (typeof COURSE_KINDS)[number];

/** Spec §9. Each renders the class pages in its own look (client: features/course/themes.ts). */
export const TEACHING_MODELS = ["vanilla", "retro", "primary-2022", "secondary-2022", "secondary-pqlco", "unoi"] as const;
export type TeachingModel = (typeof TEACHING_MODELS)[number];

/** "one_to_one": every student on a school device; "personal": students bring their own. */
export const DEVICE_MODES = ["one_to_one", "personal"] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

/** Spec §6 class stream settings, from most to least restrictive. */
export const STREAM_PERMISSIONS = ["teacher_only", "students_comment", "students_post"] as const;
export type StreamPermission = (typeof STREAM_PERMISSIONS)[number];

export const PERIOD_TYPES = ["annual", "semester", "quarter", "bimester"] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
/** How many evaluation periods a school year has under each type. */
export const PERIOD_COUNTS: Record<PeriodType, number> = { annual: 1, semester: 2, quarter: 3, bimester: 4 };

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The class colour palette (all pass 4.5:1 against white text). */
export const COURSE_COLORS = [
  "#0F6CBD", "#C239B3", "#8A3FFC", "#B10E1C", "#0B6A0B", "#8F4E00", "#005B70", "#4F6BED", "#A4262C", "#616161",
] as const;
export const COURSE_ICONS = [
  "book", "calculator", "flask", "globe", "palette", "music", "translate", "code", "leaf", "history", "sport", "star",
] as const;
export type CourseIcon = (typeof COURSE_ICONS)[number];

/** A real calendar date YYYY-MM-DD (2001-02-30 is refused, not rolled over). */
export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  // Year 0 round-trips in JavaScript, but PostgreSQL has no year 0.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "0001-01-01";
}
export const isValidTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Spec §9: 3 quarters, each with a Monday 08:00-09:00 slot. `newGuid` is crypto.randomUUID where available. */
export function defaultSchedule(newGuid: () => string): Schedule {
  return {
    quarters: [0, 1, 2].map(() => ({ guid: newGuid(), days: [{ guid: newGuid(), weekday: "monday", start: "08:00", end: "09:00" }] })),
  };
}

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

/** POST /api/front/courses/join: a student enters a class key ("ABCD-EFGH"; case, spaces, dashes ignored). */
export const CLASS_KEY_LENGTH = 8;
/** No 0/O, 1/I/L: keys are read off a projector and typed by children. */
export const CLASS_KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const normaliseClassKey = (key: string): string => key.replace(/[\s-]+/g, "").toUpperCase();
/** "ABCDEFGH" -> "ABCD-EFGH" for display. */
export const formatClassKey = (key: string): string => (key.length === CLASS_KEY_LENGTH ? `${key.slice(0, 4)}-${key.slice(4)}` : key);

/** How a publication is reached: open to everyone, or through a licence. */
export const PUBLICATION_ACCESS = ["open", "licensed"] as const;

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
