import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CALENDAR_FEED, CalendarFeedCreatedResponseSchema, CalendarFeedIcsSchema, CalendarFeedStatusResponseSchema, FeedTokenParamsSchema } from "../../../contracts/calendar";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { notFound } from "../../platform/errors";
import { signInRateLimit } from "../../platform/rate-limits";
import { errors, noContent } from "../courses/route-docs";
import { callerOfFeedToken, feedEvents, feedOf, revokeFeed, rotateFeed } from "./feed";
import { etagOf, icsOf } from "./ics";

const tags = ["calendar"];
const notModified = { 304: z.null().describe("Not modified (If-None-Match)") };
const security = [{ bearer: [] }];

/**
 * The per-user ICS feed (beyond the spec): a secret, revocable address that Google Calendar,
 * Outlook and Apple Calendar subscribe to. The address is the credential, so reading it needs no
 * session; it is shown once, stored only as a hash, and a new one revokes the old.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const feedUrl = (token: string) => `${app.ctx.publicUrl.replace(/\/+$/, "")}/api/calendar/feed/${token}.ics`;

  app.post(
    "/calendar/feed",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Create the caller's calendar feed address, or replace it (the old one stops working); it is shown only now",
        security,
        response: { 201: CalendarFeedCreatedResponseSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const { token, createdAt } = await rotateFeed(db(), caller, app.ctx.clock.now());
      const url = feedUrl(token);
      reply.header("cache-control", "no-store");
      return reply.status(201).send(success({ url, webcalUrl: url.replace(/^https?:\/\//, "webcal://"), createdAt: createdAt.toISOString() }));
    },
  );

  app.get(
    "/calendar/feed",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Whether the caller has a calendar feed, and since when (never its address)",
        security,
        response: { 200: CalendarFeedStatusResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const feed = await feedOf(db(), authOf(request));
      return success({ exists: feed !== undefined, createdAt: feed ? feed.createdAt.toISOString() : null });
    },
  );

  app.delete(
    "/calendar/feed",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Revoke the caller's calendar feed address", security, response: { ...noContent, ...errors(401) } },
    },
    async (request, reply) => {
      await revokeFeed(db(), authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/calendar/feed/:token.ics",
    {
      // The token is the credential: no session, and requests are limited per address like sign-in.
      config: signInRateLimit(app.ctx.config),
      schema: {
        tags,
        summary: "The iCalendar (text/calendar) of a feed address: the user's class events from 30 days back to 180 ahead",
        params: FeedTokenParamsSchema,
        response: { 200: CalendarFeedIcsSchema, ...notModified, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const caller = await callerOfFeedToken(db(), request.params.token);
      if (!caller) throw notFound("Calendar feed");
      const { events, profile } = await feedEvents(db(), caller, app.ctx.clock.now());
      const meta = { name: `${profile.tenantName} · ${profile.name}`, publicUrl: app.ctx.publicUrl, locale: profile.locale };
      const etag = etagOf(events, meta);
      reply
        .header("cache-control", `private, max-age=${CALENDAR_FEED.maxAgeSeconds}`)
        .header("etag", etag)
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return reply.type("text/calendar; charset=utf-8").header("content-disposition", 'inline; filename="calendar.ics"').send(icsOf(events, meta));
    },
  );
};
