import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProgramView } from "../../../contracts/course-program";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  LessonDetailResponseSchema,
  LessonItemCreateSchema,
  LessonItemListResponseSchema,
  LessonItemResponseSchema,
  LessonItemsBatchSchema,
  LessonItemsListQuerySchema,
  LessonItemUpdateSchema,
  LessonQuerySchema,
} from "../../../contracts/lessons";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { loadCourseAccess, type CourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { isLessonVisibleToStudents } from "../program/service";
import {
  batchLessonItems,
  createLessonItem,
  deleteLessonItem,
  listLessonItems,
  loadLessonItemRow,
  loadTenantItem,
  updateLessonItem,
} from "./items-service";
import { materialsRoutes } from "./materials-routes";
import { canAuthorIn, itemVisibleInView, lessonViewFor } from "./policy";
import { presentLessonDetail, presentLessonItem } from "./presenter";
import { ensureLessonItems, loadCourseLesson, loadLessonDetail } from "./service";

const TAGS = ["lessons"];
const security = [{ bearer: [] }];

export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const changed = (access: CourseAccess, lessonId: string) =>
    app.ctx.events.emit("lessonItems.changed", { tenantId: access.course.tenantId, courseId: access.course.id, lessonId });

  /** The class's lesson's items as `view` sees them; the first visit gives the lesson its items. */
  const itemsOf = async (caller: AccessClaims, access: CourseAccess, lessonId: string, view: ProgramView) => {
    const lesson = await loadCourseLesson(db(), access.course, lessonId, view);
    if (await ensureLessonItems(db(), access.course, lesson.id)) changed(access, lesson.id);
    const rows = await listLessonItems(db(), access.course, lesson.id, caller.userId, view);
    return rows.map((row) => presentLessonItem(row, caller.userId));
  };

  /** An item the caller may edit: in their edition (404), of a class they see (404), which they edit (403). */
  const editableItem = async (caller: AccessClaims, itemId: string) => {
    const item = await loadTenantItem(db(), caller, itemId);
    const access = await loadCourseAccess(db(), caller, item.courseId);
    if (!canAuthorIn(access)) throw forbidden();
    return { item, access };
  };

  app.get(
    "/front/lessons/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "A lesson of the class's program with its neighbours; students only lessons visible to them",
        security,
        params: GuidParamsSchema,
        querystring: LessonQuerySchema,
        response: { 200: LessonDetailResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const access = await loadCourseAccess(db(), authOf(request), request.query.courseGuid);
      const view = lessonViewFor(access, request.query.view);
      return success(presentLessonDetail(await loadLessonDetail(db(), access, request.params.guid, view)));
    },
  );

  app.get(
    "/front/lessons/:guid/items",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's items of a lesson by position; students see only published ones",
        security,
        params: GuidParamsSchema,
        querystring: LessonQuerySchema,
        response: { 200: LessonItemListResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.query.courseGuid);
      return success(await itemsOf(caller, access, request.params.guid, lessonViewFor(access, request.query.view)));
    },
  );

  app.get(
    "/front/lesson-items",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's items of a lesson by position (the spec's lesson-items call); students see only published ones",
        security,
        querystring: LessonItemsListQuerySchema,
        response: { 200: LessonItemListResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.query.courseGuid);
      return success(await itemsOf(caller, access, request.query.lessonGuid, lessonViewFor(access, request.query.view)));
    },
  );

  app.get(
    "/front/lesson-items/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "One lesson item; students only published items of lessons visible to them",
        security,
        params: GuidParamsSchema,
        response: { 200: LessonItemResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const item = await loadTenantItem(db(), caller, request.params.guid);
      const access = await loadCourseAccess(db(), caller, item.courseId);
      const view = lessonViewFor(access, undefined);
      const visible = itemVisibleInView(item.status, view) && (view === "teacher" || (await isLessonVisibleToStudents(db(), item.courseId, item.lessonId)));
      if (!visible) throw notFound("Lesson item");
      return success(presentLessonItem(await loadLessonItemRow(db(), item.id, caller.userId), caller.userId));
    },
  );

  app.post(
    "/front/lesson-items",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Place a content in the class's lesson (teachers and co-teachers); default status published",
        security,
        body: LessonItemCreateSchema,
        response: { 201: LessonItemResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.body.courseGuid);
      const lesson = await loadCourseLesson(db(), access.course, request.body.lessonGuid, "teacher");
      if (!canAuthorIn(access)) throw forbidden();
      const item = await createLessonItem(db(), caller, access.course, lesson.id, request.body);
      changed(access, lesson.id);
      return reply.status(201).send(success(presentLessonItem(await loadLessonItemRow(db(), item.id, caller.userId), caller.userId)));
    },
  );

  app.put(
    "/front/lesson-items/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Edit a lesson item: title, settings, publication (Publish, Unpublish, schedule, Save and publish)",
        security,
        params: GuidParamsSchema,
        body: LessonItemUpdateSchema,
        response: { 200: LessonItemResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { item, access } = await editableItem(caller, request.params.guid);
      await updateLessonItem(db(), item, request.body);
      changed(access, item.lessonId);
      return success(presentLessonItem(await loadLessonItemRow(db(), item.id, caller.userId), caller.userId));
    },
  );

  app.delete(
    "/front/lesson-items/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Remove an item from the class's lesson (the content itself stays)",
        security,
        params: GuidParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { item, access } = await editableItem(authOf(request), request.params.guid);
      await deleteLessonItem(db(), item);
      changed(access, item.lessonId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/front/lesson-items-batch",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Reorder, publish, unpublish and delete several items of a lesson at once, in one transaction",
        security,
        body: LessonItemsBatchSchema,
        response: { 200: LessonItemListResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.body.courseGuid);
      const lesson = await loadCourseLesson(db(), access.course, request.body.lessonGuid, "teacher");
      if (!canAuthorIn(access)) throw forbidden();
      await batchLessonItems(db(), access.course, lesson.id, request.body);
      changed(access, lesson.id);
      const rows = await listLessonItems(db(), access.course, lesson.id, caller.userId, "teacher");
      return success(rows.map((row) => presentLessonItem(row, caller.userId)));
    },
  );

  await app.register(materialsRoutes);
};
