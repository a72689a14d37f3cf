import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  AddCoursePublicationSchema,
  ClassKeyResponseSchema,
  CourseDetailResponseSchema,
  CourseFormSchema,
  CoursePublicationParamsSchema,
  CoursePublicationsResponseSchema,
} from "../../../contracts/course-settings";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { loadCourseAccess, loadEditableCourse } from "./access";
import { archiveCourse, courseDetailFor, createCourse, loadCourseDetail, regenerateClassKey, updateCourse } from "./manage-service";
import { presentClassKey, presentClassPublication, presentCourseDetail } from "./presenter";
import { errors, noContent, security, tags } from "./route-docs";
import { addClassPublication, listClassPublications, removeClassPublication } from "./publications-service";


/** Creating, reading, editing and archiving a class, its key and its publications. */
export const courseManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/front/courses",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Create a class or group (teachers and co-teachers, when their school allows it); the caller becomes its teacher",
        security,
        body: CourseFormSchema,
        response: { 201: CourseDetailResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const courseId = await createCourse(app.ctx.db, caller, request.body);
      const detail = await courseDetailFor(app.ctx.db, caller, courseId);
      return reply.status(201).send(success(presentCourseDetail(detail)));
    },
  );

  app.get(
    "/front/courses/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One class with its settings and publications; the class key only for its teachers and co-teachers",
        security,
        params: GuidParamsSchema,
        response: { 200: CourseDetailResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(app.ctx.db, caller, request.params.guid);
      return success(presentCourseDetail(await loadCourseDetail(app.ctx.db, access)));
    },
  );

  app.put(
    "/front/courses/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Edit a class (teachers and co-teachers); the publications sent replace the class's",
        security,
        params: GuidParamsSchema,
        body: CourseFormSchema,
        response: { 200: CourseDetailResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(app.ctx.db, caller, request.params.guid);
      await updateCourse(app.ctx.db, app.ctx.events, caller, access, request.body);
      return success(presentCourseDetail(await courseDetailFor(app.ctx.db, caller, access.course.id)));
    },
  );

  app.delete(
    "/front/courses/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Archive a class (its teacher only): it leaves every list and its key stops working",
        security,
        params: GuidParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(app.ctx.db, caller, request.params.guid);
      await archiveCourse(app.ctx.db, app.ctx.events, access);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/front/courses/:guid/key",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Give the class a new key (teachers and co-teachers); the old one stops working at once",
        security,
        params: GuidParamsSchema,
        response: { 200: ClassKeyResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(app.ctx.db, caller, request.params.guid);
      return success(presentClassKey(await regenerateClassKey(app.ctx.db, access)));
    },
  );

  app.post(
    "/front/courses/:guid/publications",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Add a publication open to the caller (or licensed to them) to the class; answers the class's publications",
        security,
        params: GuidParamsSchema,
        body: AddCoursePublicationSchema,
        response: { 201: CoursePublicationsResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(app.ctx.db, caller, request.params.guid);
      await addClassPublication(app.ctx.db, caller, access.course.id, request.body.publicationGuid);
      const items = await listClassPublications(app.ctx.db, caller.tenantId, access.course.id);
      return reply.status(201).send(success({ items: items.map(presentClassPublication) }));
    },
  );

  app.delete(
    "/front/courses/:guid/publications/:publicationGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Take a publication out of the class, with the class's personalised program for it",
        security,
        params: CoursePublicationParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(app.ctx.db, caller, request.params.guid);
      await removeClassPublication(app.ctx.db, access.course.id, request.params.publicationGuid);
      return reply.status(204).send(null);
    },
  );
};
