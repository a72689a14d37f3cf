import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FORM_RULES } from "../../../contracts/course-settings";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  ActivityParamsSchema,
  AssignmentParamsSchema,
  GenerateActivitiesSchema,
  GeneratedResponseSchema,
  PracticeActivityResponseSchema,
  PracticeAnswerSchema,
  PracticeAssignmentCreateSchema,
  PracticeAssignmentResponseSchema,
  PracticeAssignmentsResponseSchema,
  PracticeSessionResponseSchema,
  PracticeSessionsResponseSchema,
  PracticeSummaryResponseSchema,
  RecommendationsQuerySchema,
  RecommendationsResponseSchema,
  SessionParamsSchema,
  UnitRecommendationsQuerySchema,
  UnitRecommendationsResponseSchema,
} from "../../../contracts/practice";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, notFound, validation } from "../../platform/errors";
import { loadCourseAccess, loadEditableCourse } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { createAssignment, deleteAssignment, listAssignments } from "./assignments-service";
import { classRecommendations, homeRecommendations, withTitles } from "./recommendations";
import { listCourseStudents } from "../program/service";
import { unitRecommendations } from "./unit-recommendations";
import { answerActivity, completeSession, generateSession, listSessions, loadSession, sessionSummary } from "./sessions-service";

const tags = ["practice"];
const security = [{ bearer: [] }];

/** Student practice and the teacher's practice sets (issue 15, ADR 0035). */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const now = () => app.ctx.clock.now();
  const ctx = () => ({ db, events: app.ctx.events, publicUrl: app.ctx.publicUrl });

  app.get(
    "/front/practice/recommendations",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's practice recommendations: of one class (courseGuid) or the most urgent across their classes (students)",
        security,
        querystring: RecommendationsQuerySchema,
        response: { 200: RecommendationsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const at = now();
      const { courseGuid } = request.query;
      if (courseGuid === undefined) return success({ items: caller.role === "student" ? await homeRecommendations(db, caller.tenantId, caller.userId, at) : [] });
      const access = await loadCourseAccess(db, caller, courseGuid);
      return success({ items: access.isStudent ? withTitles(await classRecommendations(db, access.course, caller.userId, at), at) : [] });
    },
  );

  app.post(
    "/front/practice/activities-generation",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Builds a practice session's activities from the class's question bank (students); a teacher's set resumes its open session",
        security,
        body: GenerateActivitiesSchema,
        response: { 200: GeneratedResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => success(await generateSession(ctx(), authOf(request), request.body, now())),
  );

  app.get(
    "/front/practice/sessions",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The caller's recent practice sessions, newest first", security, response: { 200: PracticeSessionsResponseSchema, ...errors(401) } },
    },
    async (request) => success({ items: await listSessions(db, authOf(request)) }),
  );

  app.get(
    "/front/practice/sessions/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the caller's practice sessions with its activities (solutions only of the activities that are over)",
        security,
        params: SessionParamsSchema,
        response: { 200: PracticeSessionResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => success(await loadSession(db, authOf(request), request.params.guid)),
  );

  app.put(
    "/front/practice/sessions/:guid/activities/:activityGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One try at an activity, scored at once: a hint after a wrong first try, the solution when it is over; a repeated try changes nothing",
        security,
        params: ActivityParamsSchema,
        body: PracticeAnswerSchema,
        response: { 200: PracticeActivityResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => success(await answerActivity(ctx(), authOf(request), request.params.guid, request.params.activityGuid, request.body, now())),
  );

  app.post(
    "/front/practice/sessions/:guid/complete",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Completes a session whose activities are all over, and returns its summary",
        security,
        params: SessionParamsSchema,
        response: { 200: PracticeSummaryResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => success(await completeSession(ctx(), authOf(request), request.params.guid, now())),
  );

  app.get(
    "/front/practice/sessions/:guid/summary",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "What a session practised: activities right, and per KC the mastery before and after",
        security,
        params: SessionParamsSchema,
        response: { 200: PracticeSummaryResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => success(await sessionSummary(db, authOf(request), request.params.guid)),
  );

  app.get(
    "/front/courses/:guid/unit-recommendations",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The units and lessons a student should go back to, with the learner model's reasons: the caller's own (students) or one student's (the class's teachers, studentGuid)",
        security,
        params: GuidParamsSchema,
        querystring: UnitRecommendationsQuerySchema,
        response: { 200: UnitRecommendationsResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db, caller, request.params.guid);
      const { studentGuid } = request.query;
      let studentId = caller.userId;
      if (access.isStudent) {
        if (studentGuid !== undefined && studentGuid !== caller.userId) throw forbidden();
      } else {
        if (!access.canEdit) throw forbidden();
        if (studentGuid === undefined) throw validation([{ field: "studentGuid", message: FORM_RULES.required }]);
        const [student] = await listCourseStudents(db, access.course, studentGuid);
        if (!student) throw notFound("Student");
        studentId = student.id;
      }
      return success({ items: await unitRecommendations(db, access.course, studentId, now()) });
    },
  );

  // ---- The teacher's practice sets ----

  app.get(
    "/front/courses/:guid/practice-assignments",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class's practice sets with each student's progress (the class's teachers)",
        security,
        params: GuidParamsSchema,
        response: { 200: PracticeAssignmentsResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadCourseAccess(db, authOf(request), request.params.guid);
      if (access.isStudent) throw forbidden();
      return success({ items: await listAssignments(db, access) });
    },
  );

  app.post(
    "/front/courses/:guid/practice-assignments",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Assigns a practice set on chosen KCs to the whole class or to some of its students",
        security,
        params: GuidParamsSchema,
        body: PracticeAssignmentCreateSchema,
        response: { 200: PracticeAssignmentResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(db, caller, request.params.guid);
      return success(await createAssignment(db, access, caller.userId, request.body));
    },
  );

  app.delete(
    "/front/courses/:guid/practice-assignments/:assignmentGuid",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Removes a practice set", security, params: AssignmentParamsSchema, response: { ...noContent, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      await deleteAssignment(db, access, request.params.assignmentGuid);
      return reply.status(204).send(null);
    },
  );
};
