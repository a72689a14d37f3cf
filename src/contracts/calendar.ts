import {
  CALENDAR_EVENT_KINDS, CALENDAR_KINDS, CALENDAR_LIMITS, type CalendarEventView, type CalendarView, type HolidayView, PERSONAL_CALENDAR_GUID,
} from "./calendar-base";
import { GuidSchema, isStorableInstant, successOf } from "./common";
import { FORM_RULES, IsoDateSchema, isValidIsoDate } from "./course-settings";
import * as z from "./zod";

export * from "./calendar-base";

/*
 * The calendar (spec §3 "Calendar: guid, name ('personal-calendar' is excluded from the event
 * fetch). Calendar event query: calendar[], fromDate, toDate, offset, pageSize. Holiday: guid.",
 * §7 "Calendar") and the ICS feed beyond the spec. Zod messages are rule keys (FORM_RULES), as in
 * the class form; a range longer than the limits is CALENDAR_RANGE_TOO_LONG.
 */

/** A class's guid, or the personal calendar. */
export const CalendarRefSchema = z.union([z.literal(PERSONAL_CALENDAR_GUID), GuidSchema]);
export const CalendarParamsSchema = z.object({ calendarGuid: CalendarRefSchema });
export const ClassCalendarParamsSchema = z.object({ id: GuidSchema });

/** `calendar=a&calendar=b` or `calendar[]=a&calendar[]=b` (the spec's calendar[]); once is a string. */
const CalendarListSchema = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z.array(CalendarRefSchema).max(CALENDAR_LIMITS.maxCalendars),
);

/** The end day of a range is not before its start (both given and valid). */
const endNotBefore = (from: string, to: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const a = value[from];
  const b = value[to];
  if (typeof a === "string" && typeof b === "string" && isValidIsoDate(a) && isValidIsoDate(b) && b < a) {
    ctx.addIssue({ code: "custom", message: FORM_RULES.endBeforeStart, path: [to] });
  }
};

/** GET /api/calendar/:calendarGuid/events. */
export const CalendarEventsQuerySchema = z
  .object({
    calendar: CalendarListSchema.optional(),
    "calendar[]": CalendarListSchema.optional(),
    fromDate: IsoDateSchema,
    toDate: IsoDateSchema,
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(CALENDAR_LIMITS.maxEventsPageSize).default(CALENDAR_LIMITS.eventsPageSize),
  })
  .superRefine(endNotBefore("fromDate", "toDate"));
export type CalendarEventsQuery = z.infer<typeof CalendarEventsQuerySchema>;

export const CalendarViewSchema = z.object({
  guid: z.string(),
  name: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  color: z.string().nullable(),
  timeZone: z.string().nullable(),
  canEdit: z.boolean(),
}) satisfies z.ZodType<CalendarView>;

/** GET /api/calendars: the personal calendar first, then the caller's classes. */
export const CalendarListResponseSchema = successOf(
  z.object({
    items: z.array(CalendarViewSchema),
    /** A school admin with a school may set holidays for all of it (schoolWide). */
    canSetSchoolHolidays: z.boolean(),
  }),
);

export const CalendarEventSchema = z.object({
  guid: z.string(),
  calendarGuid: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  sourceGuid: z.string().nullable(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  link: z.string().nullable(),
  color: z.string(),
}) satisfies z.ZodType<CalendarEventView>;
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

export const CalendarEventPageSchema = z.object({
  items: z.array(CalendarEventSchema),
  total: z.number().int(),
  offset: z.number().int(),
  pageSize: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type CalendarEventPage = z.infer<typeof CalendarEventPageSchema>;
export const CalendarEventPageResponseSchema = successOf(CalendarEventPageSchema);

/** GET /api/calendar/next-events: the home screen's next events. */
export const NextEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CALENDAR_LIMITS.maxNextEvents).default(CALENDAR_LIMITS.nextEvents),
});
export const NextEventsResponseSchema = successOf(z.object({ items: z.array(CalendarEventSchema) }));

// ---- Holidays ----

const HolidayNameSchema = z
  .string({ message: FORM_RULES.required })
  .trim()
  .min(1, FORM_RULES.required)
  .max(CALENDAR_LIMITS.holidayNameMaxChars, FORM_RULES.maxChars);

/** GET /api/calendar/holiday: the listed classes' holidays (all of the caller's without `calendar`), by first day. */
export const HolidayListQuerySchema = z
  .object({
    calendar: CalendarListSchema.optional(),
    "calendar[]": CalendarListSchema.optional(),
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(CALENDAR_LIMITS.maxHolidaysPageSize).default(CALENDAR_LIMITS.holidaysPageSize),
  })
  .superRefine(endNotBefore("fromDate", "toDate"));
export type HolidayListQuery = z.infer<typeof HolidayListQuerySchema>;

/**
 * POST /api/calendar/holiday: for the listed classes (their teachers and co-teachers; one holiday
 * per class), or with `schoolWide` for the caller's whole school (its school admins).
 */
export const HolidayCreateSchema = z
  .object({
    name: HolidayNameSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    calendarGuids: z.array(GuidSchema).min(1).max(CALENDAR_LIMITS.maxHolidaysPerRequest).optional(),
    schoolWide: z.boolean().optional(),
  })
  .superRefine(endNotBefore("startDate", "endDate"))
  .superRefine((h, ctx) => {
    const classes = (h.calendarGuids?.length ?? 0) > 0;
    // Exactly one scope: some classes, or the whole school.
    if (classes === (h.schoolWide === true)) ctx.addIssue({ code: "custom", message: FORM_RULES.required, path: ["calendarGuids"] });
  });
export type HolidayCreate = z.infer<typeof HolidayCreateSchema>;

/** PUT /api/calendar/holiday. */
export const HolidayUpdateSchema = z
  .object({ guid: GuidSchema, name: HolidayNameSchema.optional(), startDate: IsoDateSchema.optional(), endDate: IsoDateSchema.optional() })
  .superRefine(endNotBefore("startDate", "endDate"));
export type HolidayUpdate = z.infer<typeof HolidayUpdateSchema>;

/** DELETE /api/calendar/holiday: the body is the spec's guid[]. */
export const HolidayDeleteSchema = z.array(GuidSchema).min(1).max(CALENDAR_LIMITS.maxHolidaysPerRequest);

export const HolidaySchema = z.object({
  guid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  calendarGuid: z.string().nullable(),
  schoolWide: z.boolean(),
  canEdit: z.boolean(),
}) satisfies z.ZodType<HolidayView>;
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayResponseSchema = successOf(HolidaySchema);
export const HolidaysResponseSchema = successOf(z.object({ items: z.array(HolidaySchema) }));
export const HolidayPageResponseSchema = successOf(
  z.object({ items: z.array(HolidaySchema), total: z.number().int(), offset: z.number().int(), pageSize: z.number().int() }),
);

// ---- Extra classes ----

const InstantSchema = z.iso.datetime({ offset: true }).refine(isStorableInstant, FORM_RULES.invalidDate);

/** POST /api/calendar/:id/extra-classes: a session outside the timetable (at most CALENDAR_LIMITS.extraClassMaxHours). */
export const ExtraClassCreateSchema = z
  .object({
    title: z.string().trim().max(CALENDAR_LIMITS.extraClassTitleMaxChars, FORM_RULES.maxChars).default(""),
    startsAt: InstantSchema,
    endsAt: InstantSchema,
  })
  .superRefine((e, ctx) => {
    if (Date.parse(e.endsAt) <= Date.parse(e.startsAt)) ctx.addIssue({ code: "custom", message: FORM_RULES.endBeforeStartTime, path: ["endsAt"] });
  });
export type ExtraClassCreate = z.infer<typeof ExtraClassCreateSchema>;
export const CalendarEventResponseSchema = successOf(CalendarEventSchema);

// ---- ICS feed (beyond the spec) ----

/** GET /api/calendar/feed/:token.ics answers text/calendar. */
export const CalendarFeedIcsSchema = z.string().describe("text/calendar");

/** The secret in the feed's address: 32 random bytes, base64url. */
export const FeedTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** POST /api/calendar/feed: the address is shown once; only its hash is kept. */
export const CalendarFeedCreatedResponseSchema = successOf(
  z.object({
    /** https address for Google Calendar and Outlook ("from URL" / "subscribe from web"). */
    url: z.string(),
    /** The same as webcal://, which calendar apps open directly. */
    webcalUrl: z.string(),
    createdAt: z.string(),
  }),
);
/** GET /api/calendar/feed: whether the caller has a live feed (never its address). */
export const CalendarFeedStatusResponseSchema = successOf(z.object({ exists: z.boolean(), createdAt: z.string().nullable() }));
