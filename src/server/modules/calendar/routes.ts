import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CALENDAR_LIMITS, CalendarEventPageResponseSchema, CalendarEventResponseSchema, CalendarEventsQuerySchema, CalendarListResponseSchema,
  CalendarParamsSchema, ClassCalendarParamsSchema, daysInRange, ExtraClassCreateSchema, NextEventsQuerySchema, NextEventsResponseSchema,
  PERSONAL_CALENDAR_GUID, addDays,
} from "../../../contracts/calendar";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { loadEditableCourse } from "../courses/access";
import { errors } from "../courses/route-docs";
import { agendaOf, agendaPageOf, requestedCalendars } from "./agenda";
import { dateInZone } from "./expand";
import { feedRoutes } from "./feed-routes";
import { holidayRoutes } from "./holiday-routes";
import { extraClassTooLong, rangeTooLong } from "./holidays";
import { canSetSchoolHolidays } from "./policy";
import { presentClassCalendar, presentExtraClass, presentPersonalCalendar } from "./presenter";
import { createExtraClass, loadCallerProfile, loadClassCalendars, requireClassCalendars } from "./service";

const tags = ["calendar"];
const security = [{ bearer: [] }];

/**
 * The calendar (spec §7 "Calendar"): the caller's calendars, the events of some of them between two
 * days, the home screen's next events and extra classes; holidays and the ICS feed in their own files.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.get(
    "/calendars",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's calendars: the personal one, then one per class they belong to (school admins: their school's classes too)",
        security,
        response: { 200: CalendarListResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const [profile, calendars] = await Promise.all([loadCallerProfile(db(), caller), loadClassCalendars(db(), caller)]);
      return success({
        items: [presentPersonalCalendar(), ...calendars.map(presentClassCalendar)],
        canSetSchoolHolidays: canSetSchoolHolidays(caller.role, profile.schoolId),
      });
    },
  );

  app.get(
    "/calendar/:calendarGuid/events",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Events of the path's calendar and the listed ones ('personal-calendar' is left out) between two days, by start, paged",
        security,
        params: CalendarParamsSchema,
        querystring: CalendarEventsQuerySchema,
        response: { 200: CalendarEventPageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const q = request.query;
      if (daysInRange(q.fromDate, q.toDate) > CALENDAR_LIMITS.maxRangeDays) throw rangeTooLong(CALENDAR_LIMITS.maxRangeDays);
      const ids = requestedCalendars(request.params.calendarGuid, [...(q.calendar ?? []), ...(q["calendar[]"] ?? [])], PERSONAL_CALENDAR_GUID);
      const calendars = await requireClassCalendars(db(), caller, ids);
      const page = await agendaPageOf(db(), caller, calendars, { from: q.fromDate, to: q.toDate }, q);
      return success({
        items: page.items,
        total: page.total,
        offset: q.offset,
        pageSize: q.pageSize,
        fromDate: q.fromDate,
        toDate: q.toDate,
      });
    },
  );

  app.get(
    "/calendar/next-events",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's next events across their classes (sessions, extra classes, due dates), for the home screen",
        security,
        querystring: NextEventsQuerySchema,
        response: { 200: NextEventsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const now = app.ctx.clock.now();
      const [profile, calendars] = await Promise.all([loadCallerProfile(db(), caller), loadClassCalendars(db(), caller)]);
      // From the day before: a session in a class in another zone may already run.
      const today = dateInZone(now, profile.timeZone);
      const window = { from: addDays(today, -1), to: addDays(today, CALENDAR_LIMITS.nextEventsDays) };
      const events = await agendaOf(db(), caller, calendars, window, new Set(["session", "extra_class", "due"] as const));
      const nowIso = now.toISOString();
      // Sessions under way still count; a due date counts until its moment.
      return success({ items: events.filter((e) => e.end > nowIso).slice(0, request.query.limit) });
    },
  );

  app.post(
    "/calendar/:id/extra-classes",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Add a class session outside the timetable (the class's teachers and co-teachers)",
        security,
        params: ClassCalendarParamsSchema,
        body: ExtraClassCreateSchema,
        response: { 201: CalendarEventResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const body = request.body;
      const maxMs = CALENDAR_LIMITS.extraClassMaxHours * 3_600_000;
      if (Date.parse(body.endsAt) - Date.parse(body.startsAt) > maxMs) throw extraClassTooLong(CALENDAR_LIMITS.extraClassMaxHours);
      const access = await loadEditableCourse(db(), caller, request.params.id);
      const row = await createExtraClass(db(), app.ctx.events, access.course, caller.userId, body);
      return reply.status(201).send(success(presentExtraClass(access.course, row)));
    },
  );

  await app.register(holidayRoutes);
  await app.register(feedRoutes);
};
