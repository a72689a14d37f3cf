import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ProjectionCreateSchema,
  ProjectionSessionParamsSchema,
  ProjectionSessionResponseSchema,
  RemoteClaimResponseSchema,
  RemoteTokenParamsSchema,
} from "../../../contracts/projection";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import { signInRateLimit } from "../../platform/rate-limits";
import { loadEditableCourse } from "../courses/access";
import { errors } from "../courses/route-docs";
import { presentClaim, presentSession } from "./presenter";
import {
  claimRemote,
  createSession,
  findCourseLesson,
  isExpired,
  loadSession,
  projectedItemCount,
  projectedTitles,
  projectionExpired,
  regenerateToken,
} from "./service";

const tags = ["projection"];
const security = [{ bearer: [] }];

/**
 * Projection sessions (spec §2 projection routes, /remote/{shortToken}): the classroom screen
 * creates one, its phone remote claims the short URL once. Live control goes over the socket
 * (realtime/projection.ts).
 */
export const projectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.post(
    "/projection/sessions",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Start projecting a lesson of a class (teachers and co-teachers): a session with a one-time remote URL",
        security,
        body: ProjectionCreateSchema,
        response: { 200: ProjectionSessionResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(db(), caller, request.body.courseGuid);
      const lesson = await findCourseLesson(db(), access.course, request.body.lessonGuid);
      if (!lesson) throw new AppError(404, "LESSON_NOT_IN_COURSE", "The lesson is not part of this class");
      const session = await createSession(db(), {
        tenantId: access.course.tenantId,
        courseId: access.course.id,
        lessonId: lesson.id,
        teacherId: caller.userId,
      });
      const itemCount = await projectedItemCount(db(), session.courseId, session.lessonId);
      return success(presentSession(session, itemCount, app.ctx.publicUrl));
    },
  );

  app.get(
    "/projection/sessions/:sessionId",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A projection session, for the class's teachers",
        security,
        params: ProjectionSessionParamsSchema,
        response: { 200: ProjectionSessionResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const session = await loadSession(db(), caller.tenantId, request.params.sessionId);
      await loadEditableCourse(db(), caller, session.courseId);
      const itemCount = await projectedItemCount(db(), session.courseId, session.lessonId);
      return success(presentSession(session, itemCount, app.ctx.publicUrl));
    },
  );

  app.post(
    "/projection/sessions/:sessionId/token",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Generate another remote URL: a new short token; the previous phone loses the remote",
        security,
        params: ProjectionSessionParamsSchema,
        response: { 200: ProjectionSessionResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const session = await loadSession(db(), caller.tenantId, request.params.sessionId);
      await loadEditableCourse(db(), caller, session.courseId);
      if (isExpired(session)) throw projectionExpired();
      const renewed = await regenerateToken(db(), session);
      const itemCount = await projectedItemCount(db(), renewed.courseId, renewed.lessonId);
      return success(presentSession(renewed, itemCount, app.ctx.publicUrl));
    },
  );

  app.post(
    "/projection/remote/:shortToken/claim",
    {
      // The short token is the credential: no session, and attempts are limited like sign-in.
      config: signInRateLimit(app.ctx.config),
      schema: {
        tags,
        summary: "A phone claims the remote of a projection; the first call wins, later ones get PROJECTION_URL_USED",
        params: RemoteTokenParamsSchema,
        response: { 200: RemoteClaimResponseSchema, ...errors(400, 404, 410, 429) },
      },
    },
    async (request) => {
      const { session, remoteSecret } = await claimRemote(db(), request.params.shortToken.toUpperCase());
      const titles = await projectedTitles(db(), session.courseId, session.lessonId);
      return success(presentClaim(session, remoteSecret, titles));
    },
  );
};
