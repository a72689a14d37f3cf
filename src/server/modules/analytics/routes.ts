import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ANALYTICS_ROLES,
  AnalyticsClassesResponseSchema,
  AnalyticsCsvSchema,
  AnalyticsExportQuerySchema,
  ClassAnalyticsResponseSchema,
  KcEvidenceParamsSchema,
  KcEvidenceQuerySchema,
  KcEvidenceResponseSchema,
} from "../../../contracts/analytics";
import { GuidParamsSchema } from "../../../contracts/common";
import { requireRole } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { errors } from "../courses/route-docs";
import { csvFileName } from "./csv";
import { loadAnalyticsCourse } from "./queries";
import { classAnalytics, classCsv, kcEvidence, listClassAnalytics } from "./service";

const tags = ["analytics"];
const security = [{ bearer: [] }];

/**
 * Teacher analytics (issue 15, ADR 0036), for the teachers of Mathematics and Language classes:
 * students get 403, a class the caller does not teach 404, a class of another subject 409
 * ANALYTICS_NOT_AVAILABLE. Nothing is cached: recall changes with the moment it is read.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const now = () => app.ctx.clock.now();

  app.get(
    "/front/analytics",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's Mathematics and Language classes with their state: students, KCs, share mastered, alerts, worst lesson status",
        security,
        response: { 200: AnalyticsClassesResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = requireRole(request, ANALYTICS_ROLES);
      return success({ items: await listClassAnalytics(db, caller, now()) });
    },
  );

  app.get(
    "/front/analytics/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One class's analytics: lessons with their status, KCs with the class's mastery, students × KCs, alerts with their evidence, diagnostics",
        security,
        params: GuidParamsSchema,
        response: { 200: ClassAnalyticsResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireRole(request, ANALYTICS_ROLES);
      const course = await loadAnalyticsCourse(db, caller, request.params.guid);
      return success(await classAnalytics(db, course, now()));
    },
  );

  app.get(
    "/front/analytics/:guid/students/:studentGuid/kcs/:kc/evidence",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Every answer that moved one student's estimate of one KC, newest first, with P(L) before and after",
        security,
        params: KcEvidenceParamsSchema,
        querystring: KcEvidenceQuerySchema,
        response: { 200: KcEvidenceResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireRole(request, ANALYTICS_ROLES);
      const course = await loadAnalyticsCourse(db, caller, request.params.guid);
      return success(await kcEvidence(db, course, request.params.studentGuid, request.params.kc, request.query, now()));
    },
  );

  app.get(
    "/front/analytics/:guid/export",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class's students × KCs as CSV (UTF-8 with BOM): student, KC code and name, state, P(L), answers, correct, recall, review needed",
        security,
        params: GuidParamsSchema,
        querystring: AnalyticsExportQuerySchema,
        response: { 200: AnalyticsCsvSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireRole(request, ANALYTICS_ROLES);
      const course = await loadAnalyticsCourse(db, caller, request.params.guid);
      const at = now();
      const { csv, lang } = await classCsv(db, course, request.query.lang, at);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${csvFileName(course.name, lang, at)}"`)
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
};
