import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  ConsumptionSchema,
  ResourceMaterialCreateSchema,
  ResourceMaterialListResponseSchema,
  ResourceMaterialResponseSchema,
  ResourceMaterialsQuerySchema,
  ResourceMaterialUpdateSchema,
} from "../../../contracts/lessons";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { loadViewableContent } from "../contents/access";
import { loadCourseAccess, type CourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import {
  createResourceMaterial,
  deleteResourceMaterial,
  listResourceMaterials,
  loadResourceMaterialRow,
  loadTenantMaterial,
  recordConsumption,
  updateResourceMaterial,
} from "./materials-service";
import { canAuthorIn } from "./policy";
import { presentResourceMaterial } from "./presenter";

const TAGS = ["lessons"];
const security = [{ bearer: [] }];

/** lms/resource-materials (the class's classroom resources) and consumptions. */
export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const changed = (access: CourseAccess) =>
    app.ctx.events.emit("resourceMaterials.changed", { tenantId: access.course.tenantId, courseId: access.course.id });

  /** A material the caller may edit: in their edition (404), of a class they see (404), which they edit (403). */
  const editableMaterial = async (caller: AccessClaims, materialId: string) => {
    const material = await loadTenantMaterial(db(), caller, materialId);
    const access = await loadCourseAccess(db(), caller, material.courseId);
    if (!canAuthorIn(access)) throw forbidden();
    return { material, access };
  };

  app.get(
    "/lms/resource-materials",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's classroom resources by position; students only those visible to them",
        security,
        querystring: ResourceMaterialsQuerySchema,
        response: { 200: ResourceMaterialListResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.query.courseGuid);
      const rows = await listResourceMaterials(db(), access.course, access.isStudent);
      return success(rows.map((row) => presentResourceMaterial(row, caller.userId)));
    },
  );

  app.post(
    "/lms/resource-materials",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Share a content in the class's classroom resources (teachers and co-teachers), at the end",
        security,
        body: ResourceMaterialCreateSchema,
        response: { 201: ResourceMaterialResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.body.courseGuid);
      if (!canAuthorIn(access)) throw forbidden();
      const material = await createResourceMaterial(db(), caller, access.course, request.body);
      changed(access);
      return reply.status(201).send(success(presentResourceMaterial(await loadResourceMaterialRow(db(), material.id), caller.userId)));
    },
  );

  app.patch(
    "/lms/resource-materials/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Rename, show or hide to students, or move a classroom resource",
        security,
        params: GuidParamsSchema,
        body: ResourceMaterialUpdateSchema,
        response: { 200: ResourceMaterialResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { material, access } = await editableMaterial(caller, request.params.guid);
      await updateResourceMaterial(db(), material, request.body);
      changed(access);
      return success(presentResourceMaterial(await loadResourceMaterialRow(db(), material.id), caller.userId));
    },
  );

  app.delete(
    "/lms/resource-materials/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Remove a classroom resource (the content itself stays)",
        security,
        params: GuidParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { material, access } = await editableMaterial(authOf(request), request.params.guid);
      await deleteResourceMaterial(db(), material);
      changed(access);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/consumptions",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller opened or finished a content they may view in the class",
        security,
        body: ConsumptionSchema,
        response: { ...noContent, ...errors(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const { courseGuid, contentGuid, event } = request.body;
      const { content, access } = await loadViewableContent(db(), caller, contentGuid, courseGuid);
      if (!access) throw notFound("Class");
      await recordConsumption(db(), caller.userId, access.course.id, content.id, event);
      app.ctx.events.emit("content.consumed", { tenantId: caller.tenantId, userId: caller.userId, courseId: access.course.id, contentId: content.id, event });
      return reply.status(204).send(null);
    },
  );
};
