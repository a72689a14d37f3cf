import { success } from "../../platform/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CoursesListQuerySchema,
  CoursesListResponseSchema,
  PublicationsListQuerySchema,
  PublicationsListResponseSchema,
} from "../../../contracts/courses";
import { authOf } from "../../platform/auth";
import { forbidden } from "../../platform/errors";
import { AvailablePublicationsResponseSchema } from "../../../contracts/course-settings";
import { courseManageRoutes } from "./manage-routes";
import { courseMembersRoutes } from "./members-routes";
import { canBrowsePublications, canCreateClasses } from "./policy";
import { presentAvailablePublication, presentCourseCards, presentPublicationCards } from "./presenter";
import { listAvailablePublications } from "./publications-service";
import { errors } from "./route-docs";
import { listCourseCards, listPublicationCards } from "./service";

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(courseManageRoutes);
  await app.register(courseMembersRoutes);

  app.get(
    "/front/courses",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["courses"],
        summary: "The caller's classes (home Classrooms tab); school admins also see every class of their school",
        security: [{ bearer: [] }],
        querystring: CoursesListQuerySchema,
        response: { 200: CoursesListResponseSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const page = await listCourseCards(app.ctx.db, caller, request.query);
      return success(presentCourseCards(page, request.query));
    },
  );

  app.get(
    "/front/publications",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["courses"],
        summary: "The edition's publications (home Programs tab); not for students",
        security: [{ bearer: [] }],
        querystring: PublicationsListQuerySchema,
        response: { 200: PublicationsListResponseSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canBrowsePublications(caller.role)) throw forbidden();
      const page = await listPublicationCards(app.ctx.db, caller.tenantId, request.query);
      return success(presentPublicationCards(page, request.query));
    },
  );

  app.get(
    "/front/publications/available",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["courses"],
        summary: "What the caller may add to a class: the edition's open publications and those their active licences open",
        security: [{ bearer: [] }],
        response: { 200: AvailablePublicationsResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canCreateClasses(caller.role)) throw forbidden();
      const rows = await listAvailablePublications(app.ctx.db, caller);
      return success({ items: rows.map(presentAvailablePublication) });
    },
  );
};
