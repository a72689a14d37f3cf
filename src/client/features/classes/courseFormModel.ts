import {
  COURSE_COLORS,
  COURSE_LIMITS,
  defaultCourseDates,
  defaultCourseSettings,
  defaultPeriods,
  FORM_RULES,
  schoolYearOf,
  WEEKDAYS,
} from "../../../contracts/course-settings-base";
import {
  CourseFormSchema,
  CourseIconSchema,
  type CourseDetail,
  type CourseForm,
  type CourseKind,
  type FormRule,
  type Periods,
  type ScheduleQuarter,
  type ScheduleSlot,
} from "../../../contracts/course-settings";

/*
 * The new-class form's rules as small pure functions: initial values, validation with the shared
 * CourseFormSchema, and the mapping of client and server problems onto the form's fields. A field
 * is named by its dotted path in the body ("endDate", "settings.periods.items.1.start"), the same
 * name the server's VALIDATION_ERROR details use.
 */

/** Field path -> form rule key (translated as `common:form.<rule>`). */
export type FieldErrors = Record<string, FormRule>;

const RULES: ReadonlySet<string> = new Set(Object.values(FORM_RULES));
const isFormRule = (m: unknown): m is FormRule => typeof m === "string" && RULES.has(m);

/** crypto.randomUUID needs a secure context; fall back to getRandomValues (a v4 UUID either way). */
export function newGuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = Array.from(crypto.getRandomValues(new Uint8Array(16)));
  // Version 4, RFC 4122 variant.
  const bytes = b.map((x, i) => (i === 6 ? (x & 0x0f) | 0x40 : i === 8 ? (x & 0x3f) | 0x80 : x));
  const h = bytes.map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The current and the next school year, plus the class's own when editing an older one. */
export function schoolYearOptions(now: Date, current?: string): string[] {
  const first = Number(schoolYearOf(now).slice(0, 4));
  const years = [`${first}-${first + 1}`, `${first + 1}-${first + 2}`];
  return current && !years.includes(current) ? [current, ...years] : years;
}

/** A blank new class: every setting at its spec default, course dates from the school year. */
export function blankCourseForm(opts: { kind: CourseKind; gamified: boolean; now: Date }): CourseForm {
  const schoolYear = schoolYearOf(opts.now);
  const dates = defaultCourseDates(schoolYear);
  return {
    kind: opts.kind,
    name: "",
    educationLevelGuid: "",
    educationYearGuid: "",
    disciplineGuid: "",
    schoolYear,
    ...dates,
    color: COURSE_COLORS[0],
    icon: "book",
    publicationGuids: [],
    settings: defaultCourseSettings(newGuid, dates, opts.gamified),
  };
}

/** The edit form: what the class has now. */
export function courseFormOf(course: CourseDetail): CourseForm {
  const dates = course.startDate && course.endDate ? { startDate: course.startDate, endDate: course.endDate } : defaultCourseDates(course.schoolYear);
  return {
    kind: course.kind,
    name: course.name,
    educationLevelGuid: course.educationLevelGuid ?? "",
    educationYearGuid: course.educationYearGuid ?? "",
    disciplineGuid: course.disciplineGuid ?? "",
    schoolYear: course.schoolYear,
    ...dates,
    color: course.color,
    icon: CourseIconSchema.safeParse(course.icon).data ?? "book",
    publicationGuids: course.publications.map((p) => p.guid),
    settings: course.settings,
  };
}

const samePeriods = (a: Periods, b: Periods) =>
  a.type === b.type && a.items.length === b.items.length && a.items.every((p, i) => p.start === b.items[i]?.start && p.end === b.items[i]?.end);

/**
 * New course dates. The periods follow them while they are still the even split of the old dates
 * (the teacher has not touched them); edited periods are kept as typed.
 */
export function withCourseDates(values: CourseForm, startDate: string, endDate: string): CourseForm {
  const { periods } = values.settings;
  const untouched = samePeriods(periods, defaultPeriods(periods.type, values.startDate, values.endDate));
  const canSplit = /^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate) && endDate > startDate;
  const next = untouched && canSplit ? defaultPeriods(periods.type, startDate, endDate) : periods;
  return { ...values, startDate, endDate, settings: { ...values.settings, periods: next } };
}

/** A new timetable slot: the day after the quarter's last slot, same hours, so it does not clash. */
export function nextSlot(quarter: ScheduleQuarter): ScheduleSlot {
  const last = quarter.days.at(-1);
  if (!last) return { guid: newGuid(), weekday: "monday", start: "08:00", end: "09:00" };
  const weekday = WEEKDAYS[(WEEKDAYS.indexOf(last.weekday) + 1) % 5] ?? "monday";
  return { guid: newGuid(), weekday, start: last.start, end: last.end };
}

/** The number a rule message shows ("Max {{count}} characters") for a field. */
export function limitFor(path: string): number | undefined {
  if (path === "name") return COURSE_LIMITS.nameMaxChars;
  if (path === "publicationGuids") return COURSE_LIMITS.maxPublications;
  if (/^settings\.schedule\.quarters\.\d+\.days$/.test(path)) return COURSE_LIMITS.maxSlotsPerQuarter;
  return undefined;
}

/** First problem per field, in the order zod found them. */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    if (!(path in errors)) errors[path] = isFormRule(issue.message) ? issue.message : FORM_RULES.invalidChoice;
  }
  return errors;
}

/**
 * Validates with the shared schema. `badInput` holds date and time fields the browser could not
 * read (a half-typed time leaves value "" with validity.badInput): they say "enter a valid
 * time/date", not "required".
 */
export function validateCourseForm(values: CourseForm, badInput: ReadonlyMap<string, FormRule> = new Map()): { data?: CourseForm; errors: FieldErrors } {
  const result = CourseFormSchema.safeParse(values);
  const errors = result.success ? {} : errorsOf(result.error.issues);
  for (const [path, rule] of badInput) errors[path] = rule;
  if (Object.keys(errors).length > 0) return { errors };
  return { data: result.data, errors };
}

type Detail = { field: string; message?: unknown };
const isDetail = (d: unknown): d is Detail => typeof d === "object" && d !== null && typeof (d as { field?: unknown }).field === "string";

/** A VALIDATION_ERROR's details as field problems (a "body." prefix names the same field). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (typeof error !== "object" || error === null || !("data" in error)) return {};
  const details = (error as { data?: { error?: { details?: unknown } } }).data?.error?.details;
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const d of details.filter(isDetail)) {
    const path = d.field.replace(/^body\./, "");
    if (!(path in errors)) errors[path] = isFormRule(d.message) ? d.message : FORM_RULES.invalidChoice;
  }
  return errors;
}

/** Every field path the form shows a control (or a group) for; other problems go to the summary. */
export function shownPaths(values: CourseForm): Set<string> {
  const paths = new Set([
    "kind", "name", "educationLevelGuid", "educationYearGuid", "disciplineGuid", "schoolYear", "startDate", "endDate",
    "color", "icon", "publicationGuids", "settings.teachingModel", "settings.devices", "settings.streamPermission",
    "settings.lessonQuestions", "settings.gamification", "settings.periods.type", "settings.periods.items",
  ]);
  values.settings.schedule.quarters.forEach((q, i) => {
    paths.add(`settings.schedule.quarters.${i}.days`);
    q.days.forEach((_, j) => ["weekday", "start", "end"].forEach((f) => paths.add(`settings.schedule.quarters.${i}.days.${j}.${f}`)));
  });
  values.settings.periods.items.forEach((_, i) => ["start", "end"].forEach((f) => paths.add(`settings.periods.items.${i}.${f}`)));
  return paths;
}
