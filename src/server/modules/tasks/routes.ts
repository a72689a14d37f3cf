import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  ClassTasksQuerySchema,
  LessonTasksParamsSchema,
  TaskCreateSchema,
  TaskPageResponseSchema,
  TaskParamsSchema,
  TaskResponseSchema,
  TaskStudentParamsSchema,
  TaskUpdateSchema,
} from "../../../contracts/tasks";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { loadEditableCourse } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { loadCourseLesson } from "../lessons/service";
import { assignItem, listCourseTasks, loadTaskRow, rostersOf, taskJobsOf, unassignStudent, unassignTask, updateTask } from "./assign-service";
import { registerJobFileRoutes } from "./files-routes";
import { jobsRoutes } from "./jobs-routes";
import { registerTaskListeners } from "./listeners";
import { presentTask, presentTaskDetail } from "./presenter";
import { loadCourseAssignment, type AssignmentRecord } from "./service";

const tags = ["tasks"];
const security = [{ bearer: [] }];

/** The class's teachers assign its lesson items as tasks (issue 14); the rest of the module registers here too. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.ctx;
  const now = () => app.ctx.clock.now();
  registerTaskListeners(app.ctx);

  const detailOf = async (task: AssignmentRecord) => {
    const [row, rosters, jobs] = await Promise.all([loadTaskRow(db, task), rostersOf(db, task.courseId, [task.id]), taskJobsOf(db, task)]);
    return presentTaskDetail(row, rosters.get(task.id), jobs);
  };

  app.get(
    "/front/courses/:guid/tasks",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class's tasks (teachers): item, lesson, due date, audience and where its students are; soonest due first",
        security,
        params: GuidParamsSchema,
        querystring: ClassTasksQuerySchema,
        response: { 200: TaskPageResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      const page = await listCourseTasks(db, access.course.id, request.query);
      const rosters = await rostersOf(db, access.course.id, page.rows.map((r) => r.task.id));
      return success({ items: page.rows.map((r) => presentTask(r, rosters.get(r.task.id))), total: page.total, offset: request.query.offset, pageSize: request.query.pageSize });
    },
  );

  app.get(
    "/front/courses/:guid/lessons/:lessonGuid/tasks",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The tasks of one lesson of the class (teachers): which of its items are assigned",
        security,
        params: LessonTasksParamsSchema,
        querystring: ClassTasksQuerySchema,
        response: { 200: TaskPageResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      const lesson = await loadCourseLesson(db, access.course, request.params.lessonGuid, "teacher");
      const page = await listCourseTasks(db, access.course.id, request.query, lesson.id);
      const rosters = await rostersOf(db, access.course.id, page.rows.map((r) => r.task.id));
      return success({ items: page.rows.map((r) => presentTask(r, rosters.get(r.task.id))), total: page.total, offset: request.query.offset, pageSize: request.query.pageSize });
    },
  );

  app.post(
    "/front/courses/:guid/tasks",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Assign a lesson item of the class to the whole class or to chosen students (an item already assigned is updated: 200)",
        security,
        params: GuidParamsSchema,
        body: TaskCreateSchema,
        response: { 200: TaskResponseSchema, 201: TaskResponseSchema, ...errors(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(db, caller, request.params.guid);
      const { task, created } = await assignItem(db, events, caller, access.course, request.body, now());
      return reply.status(created ? 201 : 200).send(success(await detailOf(task)));
    },
  );

  app.get(
    "/front/courses/:guid/tasks/:taskGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One task of the class with its students' jobs (teachers)",
        security,
        params: TaskParamsSchema,
        response: { 200: TaskResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      return success(await detailOf(await loadCourseAssignment(db, access.course.id, request.params.taskGuid)));
    },
  );

  app.put(
    "/front/courses/:guid/tasks/:taskGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change a task: due date (moving it reassigns), instructions, scale, audience; an unassigned task is assigned again",
        security,
        params: TaskParamsSchema,
        body: TaskUpdateSchema,
        response: { 200: TaskResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadEditableCourse(db, caller, request.params.guid);
      const task = await loadCourseAssignment(db, access.course.id, request.params.taskGuid);
      return success(await detailOf(await updateTask(db, events, caller, task, request.body, now())));
    },
  );

  app.delete(
    "/front/courses/:guid/tasks/:taskGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Unassign a task from everyone (hand-ins are kept and come back if it is assigned again)",
        security,
        params: TaskParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      await unassignTask(db, events, await loadCourseAssignment(db, access.course.id, request.params.taskGuid), now());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/front/courses/:guid/tasks/:taskGuid/students/:studentGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Unassign a task from one student (a whole-class task becomes a task for the students who keep it)",
        security,
        params: TaskStudentParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await loadEditableCourse(db, authOf(request), request.params.guid);
      const task = await loadCourseAssignment(db, access.course.id, request.params.taskGuid);
      await unassignStudent(db, events, task, request.params.studentGuid, now());
      return reply.status(204).send(null);
    },
  );

  await app.register(jobsRoutes);
  await app.register(registerJobFileRoutes);
};
