import crypto from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { INPUT_LIMITS, successOf } from "../../../contracts/common";
import {
  MarkConsumedBodySchema,
  MarkReadBodySchema,
  NotificationCountQuerySchema,
  NotificationCountResponseSchema,
  NotificationListQuerySchema,
  NotificationPageResponseSchema,
  NotificationUpdateResponseSchema,
} from "../../../contracts/notifications";
import { authOf, requireRole } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, validation } from "../../platform/errors";
import { callerSchool } from "../courses/access";
import { errors } from "../courses/route-docs";
import { presentNotification } from "./presenter";
import { registerNotificationProducers } from "./producers";
import { countUnread, listNotifications, markConsumed, markRead, meansAll } from "./service";

const tags = ["notifications"];
const security = [{ bearer: [] }];

/** A path inside the app (never another origin: "//host" and "/\host" would leave it). */
const AppPathSchema = z
  .string()
  .max(INPUT_LIMITS.id)
  .regex(/^\/(?![/\\])[^\s]*$/, "a path inside the app, starting with /");
const AnnouncementBodySchema = z.object({ title: z.string().trim().min(1).max(INPUT_LIMITS.name), link: AppPathSchema.nullish() });
const AnnouncementResponseSchema = successOf(z.object({ announcementGuid: z.string() }));
/** Who speaks to the whole edition (its administrators). */
/** The edition's editorial staff speak to the whole edition; a school admin to their own school. */
const ANNOUNCERS = ["school_admin", "editorial"] as const;

/** A client's date as an instant the database can hold (years 1 to 9999; the contract's format lets through 0000). */
const instantOf = (value: string, field: string): Date => {
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw validation([{ field, message: "a date between the years 1 and 9999" }]);
  return date;
};

/** `type[]=a&type[]=b` (how some clients send arrays) is read as `type=a&type=b`. */
const bracketArrays = async (request: { query: unknown }) => {
  const query = request.query as Record<string, unknown>;
  if (query && query["type[]"] !== undefined && query.type === undefined) {
    query.type = query["type[]"];
    delete query["type[]"];
  }
};

/**
 * Spec §7 "Notifications" (its paths are not given: these are ours). Every call reads and writes
 * only the caller's own rows of the caller's edition; ids of anyone else's match nothing. The rows
 * come from the producers (domain events), registered here once per app.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  registerNotificationProducers(app.ctx);

  app.get(
    "/notifications",
    {
      onRequest: app.authenticate,
      preValidation: bracketArrays,
      schema: {
        tags,
        summary: "The caller's notifications of the given types, newest first (spec §7 get list, get more)",
        security,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { rows, total } = await listNotifications(db(), authOf(request), request.query);
      return success({ data: rows.map(presentNotification), total, offset: request.query.offset });
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      onRequest: app.authenticate,
      preValidation: bracketArrays,
      schema: {
        tags,
        summary: "How many of the caller's notifications of the given types are unread (to-do: not viewed; social: not consumed)",
        security,
        querystring: NotificationCountQuerySchema,
        response: { 200: NotificationCountResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => success({ amount: await countUnread(db(), authOf(request), request.query.type) }),
  );

  app.put(
    "/notifications/read",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Mark the caller's listed notifications viewed (those not viewed yet)",
        security,
        body: MarkReadBodySchema,
        response: { 200: NotificationUpdateResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const updated = await markRead(db(), authOf(request), request.body.ids, instantOf(request.body.viewed_at, "viewed_at"));
      return success({ updated });
    },
  );

  app.put(
    "/notifications/consumed",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Mark the caller's listed notifications consumed, and viewed; ids [0] means every one of `type`",
        security,
        body: MarkConsumedBodySchema,
        response: { 200: NotificationUpdateResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { ids, consumed_at, type } = request.body;
      if (meansAll(ids) && !type) throw validation([{ field: "type", message: "required when ids is [0] (all)" }]);
      const updated = await markConsumed(db(), authOf(request), ids, instantOf(consumed_at, "consumed_at"), type);
      return success({ updated });
    },
  );

  app.post(
    "/admin/announcements",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "An announcement, a 'tenant' notification each: to every person of the edition (its editorial staff) or of the caller's school (its school admins)",
        security,
        body: AnnouncementBodySchema,
        response: { 202: AnnouncementResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = requireRole(request, ANNOUNCERS);
      let schoolId: string | null = null;
      if (caller.role === "school_admin") {
        schoolId = await callerSchool(db(), caller);
        // A school admin without a school has nobody to speak to.
        if (!schoolId) throw forbidden();
      }
      const announcementId = crypto.randomUUID();
      const { title, link } = request.body;
      app.ctx.events.emit("tenant.announced", { tenantId: caller.tenantId, announcementId, authorId: caller.userId, schoolId, title, link: link ?? null });
      return reply.status(202).send(success({ announcementGuid: announcementId }));
    },
  );
};
