import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  HolidayCreateSchema, HolidayDeleteSchema, HolidayListQuerySchema, HolidayPageResponseSchema, HolidayResponseSchema, HolidaysResponseSchema,
  HolidayUpdateSchema, PERSONAL_CALENDAR_GUID,
} from "../../../contracts/calendar";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { errors, noContent } from "../courses/route-docs";
import { createHolidays, deleteHolidays, listHolidays, updateHoliday } from "./holidays";
import { presentHoliday } from "./presenter";
import { callerSchool, type Caller } from "../courses/access";

const tags = ["calendar"];
const security = [{ bearer: [] }];

/**
 * calendar/holiday (spec §7: GET, POST and PUT; DELETE with body guid[]). A class's teachers set
 * its holidays; a school admin sets them for the whole school. Class sessions skip those days.
 */
export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const schoolOf = (caller: Caller) => callerSchool(db(), caller);

  app.get(
    "/calendar/holiday",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Holidays of the listed classes and their schools (without `calendar`: of all the caller's classes and their school), by first day",
        security,
        querystring: HolidayListQuerySchema,
        response: { 200: HolidayPageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const q = request.query;
      const named = q.calendar !== undefined || q["calendar[]"] !== undefined;
      const listed = named ? [...new Set([...(q.calendar ?? []), ...(q["calendar[]"] ?? [])])].filter((g) => g !== PERSONAL_CALENDAR_GUID) : undefined;
      const page = await listHolidays(db(), caller, await schoolOf(caller), listed, q);
      return success({ items: page.rows.map((h) => presentHoliday(h, page.reader)), total: page.total, offset: q.offset, pageSize: q.pageSize });
    },
  );

  app.post(
    "/calendar/holiday",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Add a holiday to the listed classes (their teachers; one per class) or, with schoolWide, to the caller's whole school (its school admins)",
        security,
        body: HolidayCreateSchema,
        response: { 201: HolidaysResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const { rows, reader } = await createHolidays(db(), app.ctx.events, caller, await schoolOf(caller), request.body);
      return reply.status(201).send(success({ items: rows.map((h) => presentHoliday(h, reader)) }));
    },
  );

  app.put(
    "/calendar/holiday",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Rename a holiday or move its days",
        security,
        body: HolidayUpdateSchema,
        response: { 200: HolidayResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { row, reader } = await updateHoliday(db(), app.ctx.events, caller, await schoolOf(caller), request.body);
      return success(presentHoliday(row, reader));
    },
  );

  app.delete(
    "/calendar/holiday",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete holidays (body: guid[]); all or none: 404 if one is not the caller's to see, 403 if one is not theirs to edit",
        security,
        body: HolidayDeleteSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      await deleteHolidays(db(), app.ctx.events, caller, await schoolOf(caller), request.body);
      return reply.status(204).send(null);
    },
  );
};
