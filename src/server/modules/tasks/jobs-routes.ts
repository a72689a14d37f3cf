import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  AmountTasksQuerySchema,
  defaultTabOf,
  JobCommentBodySchema,
  JobCommentResponseSchema,
  JobResponseSchema,
  JobUpdateSchema,
  tabsOf,
  TaskAmountsResponseSchema,
  TaskListPageResponseSchema,
  TaskListQuerySchema,
  tasksViewOf,
} from "../../../contracts/tasks";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { validation } from "../../platform/errors";
import { errors } from "../courses/route-docs";
import { addComment, commentsOf, deliverJob, filesOf, gradeJob, undoJob } from "./jobs-service";
import { taskAmounts, listTasks } from "./lists-service";
import { assertCanComment } from "./policy";
import { presentJob, presentJobComment, presentTaskListPage } from "./presenter";
import { factsOf, loadJobFor, namesOf, type JobContext } from "./service";

const tags = ["tasks"];
const security = [{ bearer: [] }];

/** GET front/tasks, front/amount-tasks, and one job: GET and PUT front/jobs/{guid}, its comments. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events, files } = app.ctx;
  const now = () => app.ctx.clock.now();

  const present = async (ctx: JobContext) => {
    const [jobFiles, comments, names] = await Promise.all([
      filesOf(db, ctx.row.id),
      commentsOf(db, ctx.row.id),
      namesOf(db, ctx.row.tenantId, ctx.row.gradedBy ? [ctx.row.gradedBy] : []),
    ]);
    return presentJob(ctx, { files: jobFiles, comments, graderName: ctx.row.gradedBy ? (names.get(ctx.row.gradedBy) ?? null) : null }, files, now());
  };

  app.get(
    "/front/tasks",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The caller's tasks by tab: students todo | turned_in | graded (To Do, Turned in, Grades published), teachers pending | reviewed; paged (10), with total",
        security,
        querystring: TaskListQuerySchema,
        response: { 200: TaskListPageResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const tab = request.query.tab ?? defaultTabOf(caller.role);
      if (!tabsOf(caller.role).includes(tab)) throw validation([{ field: "tab", message: "invalid_choice" }]);
      const view = tasksViewOf(caller.role);
      const q = { tab, courseId: request.query.courseGuid, offset: request.query.offset, pageSize: request.query.pageSize };
      return success(presentTaskListPage(await listTasks(db, caller, view, q), q, view, now()));
    },
  );

  app.get(
    "/front/amount-tasks",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The counts behind the tasks badges: todo, turnedIn, graded (students); pending, reviewed (teachers); zero for the other role's",
        security,
        querystring: AmountTasksQuerySchema,
        response: { 200: TaskAmountsResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      return success(await taskAmounts(db, caller, tasksViewOf(caller.role), request.query.courseGuid));
    },
  );

  app.get(
    "/front/jobs/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One job (its student, the class's teachers, or a school admin overseeing the class): instructions, state, grade, files, comments",
        security,
        params: GuidParamsSchema,
        response: { 200: JobResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => success(await present(await loadJobFor(db, authOf(request), request.params.guid))),
  );

  app.put(
    "/front/jobs/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The student turns the job in ({ action: deliver }) or takes it back ({ action: undo }); a teacher of the class grades it ({ score, feedback })",
        security,
        params: GuidParamsSchema,
        body: JobUpdateSchema,
        response: { 200: JobResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const ctx = await loadJobFor(db, caller, request.params.guid);
      const body = request.body;
      const at = now();
      if ("score" in body) return success(await present(await gradeJob(db, events, ctx, body, caller.userId, at)));
      if (body.action === "undo") return success(await present(await undoJob(db, ctx, at)));
      return success(await present(await deliverJob(db, events, ctx, at)));
    },
  );

  app.post(
    "/front/jobs/:guid/comments",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Comment on a job (its student or the class's teachers)",
        security,
        params: GuidParamsSchema,
        body: JobCommentBodySchema,
        response: { 201: JobCommentResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const ctx = await loadJobFor(db, caller, request.params.guid);
      assertCanComment(ctx.viewer, await factsOf(db, ctx.row));
      const comment = await addComment(db, events, ctx, caller.userId, request.body.body, now());
      return reply.status(201).send(success(presentJobComment(comment)));
    },
  );
};
