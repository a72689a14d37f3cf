import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  StreamCommentParamsSchema,
  StreamCommentResponseSchema,
  StreamMessageSchema,
  StreamPageResponseSchema,
  StreamPostParamsSchema,
  StreamPostResponseSchema,
  StreamQuerySchema,
} from "../../../contracts/course-program";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { AppError, forbidden } from "../../platform/errors";
import { loadCourseAccess, type CourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { canDeleteStreamItem, streamPermissionOf, streamRights } from "./policy";
import { presentComment, presentPost, presentStreamPage, type StreamViewer } from "./presenter";
import { createComment, createPost, deleteComment, deletePost, listStream, loadComment, loadPost } from "./service";

const tags = ["stream"];
const security = [{ bearer: [] }];
const notAllowed = () => new AppError(403, "STREAM_NOT_ALLOWED", "The class's stream settings do not allow this");

const viewerOf = (userId: string, access: CourseAccess): StreamViewer => ({ userId, role: access.role });
const rightsOf = (access: CourseAccess) => streamRights(access.role, streamPermissionOf(access.course.settings));

export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.get(
    "/front/courses/:guid/stream",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class stream, newest post first, with what the caller may do under the class's stream setting",
        security,
        params: GuidParamsSchema,
        querystring: StreamQuerySchema,
        response: { 200: StreamPageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      const permission = streamPermissionOf(access.course.settings);
      const page = await listStream(db(), access.course.id, request.query);
      return success(presentStreamPage(page, request.query, viewerOf(caller.userId, access), permission, rightsOf(access)));
    },
  );

  app.post(
    "/front/courses/:guid/stream",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Publish a post in the class stream",
        security,
        params: GuidParamsSchema,
        body: StreamMessageSchema,
        response: { 201: StreamPostResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      if (!rightsOf(access).canPost) throw notAllowed();
      const post = await createPost(db(), app.ctx.events, access.course, caller.userId, request.body.body);
      return reply.status(201).send(success(presentPost(post, viewerOf(caller.userId, access))));
    },
  );

  app.post(
    "/front/courses/:guid/stream/:postGuid/comments",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Comment on a post of the class stream",
        security,
        params: StreamPostParamsSchema,
        body: StreamMessageSchema,
        response: { 201: StreamCommentResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      const post = await loadPost(db(), access.course.id, request.params.postGuid);
      if (!rightsOf(access).canComment) throw notAllowed();
      const comment = await createComment(db(), app.ctx.events, access.course, post.id, caller.userId, request.body.body);
      return reply.status(201).send(success(presentComment(comment, viewerOf(caller.userId, access))));
    },
  );

  app.delete(
    "/front/courses/:guid/stream/:postGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete a post and its comments (its author, or the class's teachers)",
        security,
        params: StreamPostParamsSchema,
        response: { ...noContent, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      const post = await loadPost(db(), access.course.id, request.params.postGuid);
      if (!canDeleteStreamItem(viewerOf(caller.userId, access), post.author.id)) throw forbidden();
      await deletePost(db(), post.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/front/courses/:guid/stream/:postGuid/comments/:commentGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete a comment (its author, or the class's teachers)",
        security,
        params: StreamCommentParamsSchema,
        response: { ...noContent, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      const comment = await loadComment(db(), access.course.id, request.params.postGuid, request.params.commentGuid);
      if (!canDeleteStreamItem(viewerOf(caller.userId, access), comment.author.id)) throw forbidden();
      await deleteComment(db(), comment.id);
      return reply.status(204).send(null);
    },
  );
};
