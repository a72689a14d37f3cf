import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  AddCoteacherSchema,
  CourseMemberParamsSchema,
  CourseMemberResponseSchema,
  CourseMembersResponseSchema,
  JoinCourseResponseSchema,
  JoinCourseSchema,
} from "../../../contracts/course-settings";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { signInRateLimit } from "../../platform/rate-limits";
import { loadCourseAccess } from "./access";
import { addCoteacher, editionHasAssistant, joinCourseByKey, listMembers, removeMember } from "./members-service";
import { presentCourseCard, presentMember, presentMembers } from "./presenter";
import { errors, noContent, security, tags } from "./route-docs";
import { loadCourseCard } from "./service";

/** Joining with a class key, the members list, co-teachers and removing members. */
export const courseMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address, like redeeming a licence: class keys are short enough to be guessed.
  const limited = signInRateLimit(app.ctx.config);

  app.post(
    "/front/courses/join",
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags,
        summary: "A student joins a class of their edition with its key (case, spaces and dashes ignored)",
        security,
        body: JoinCourseSchema,
        response: { 200: JoinCourseResponseSchema, ...errors(400, 401, 403, 404, 410, 429) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const joined = await joinCourseByKey(app.ctx.db, app.ctx.events, caller, request.body.key);
      const card = await loadCourseCard(app.ctx.db, caller, joined.courseId);
      if (!card) throw new Error("joined class vanished");
      return success({ course: presentCourseCard(card), alreadyMember: joined.alreadyMember });
    },
  );

  app.get(
    "/front/courses/:guid/members",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class's teachers, co-teachers and students; e-mails, and whether the AI assistant is on for each student, only for staff",
        security,
        params: GuidParamsSchema,
        response: { 200: CourseMembersResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(app.ctx.db, caller, request.params.guid);
      const [rows, assistant] = await Promise.all([listMembers(app.ctx.db, access), editionHasAssistant(app.ctx.db, access)]);
      return success(presentMembers(rows, access, assistant));
    },
  );

  app.post(
    "/front/courses/:guid/coteachers",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Add a teacher of the same edition as co-teacher, by e-mail (the class's teacher only)",
        security,
        params: GuidParamsSchema,
        body: AddCoteacherSchema,
        response: { 201: CourseMemberResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(app.ctx.db, caller, request.params.guid);
      const member = await addCoteacher(app.ctx.db, caller, access, request.body.email);
      return reply.status(201).send(success(presentMember(member, access)));
    },
  );

  app.delete(
    "/front/courses/:guid/members/:userGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Remove a member: the teacher anyone but the class's creator, a co-teacher students only",
        security,
        params: CourseMemberParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(app.ctx.db, caller, request.params.guid);
      await removeMember(app.ctx.db, app.ctx.events, access, request.params.userGuid);
      return reply.status(204).send(null);
    },
  );
};
