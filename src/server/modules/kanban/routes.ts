import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import { KANBAN_TAB_HEADER } from "../../../contracts/kanban-base";
import {
  KanbanBoardQuerySchema,
  KanbanBoardResponseSchema,
  KanbanCardCreateSchema,
  KanbanCardResponseSchema,
  KanbanCardUpdateSchema,
  KanbanLessonParamsSchema,
  KanbanMoveSchema,
  KanbanStudentBoardResponseSchema,
  KanbanStudentParamsSchema,
  KanbanTeacherBoardResponseSchema,
} from "../../../contracts/kanban";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { loadCourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { loadCourseLesson } from "../lessons/service";
import { listCourseStudents } from "../program/service";
import { registerKanbanListeners } from "./listeners";
import { canSeeStudentBoards } from "./policy";
import { presentBoard, presentCardDetail, presentStudentBoard, presentTeacherBoard } from "./presenter";
import {
  boardOfCard,
  createCard,
  deleteCard,
  loadBoard,
  loadLessonOverview,
  loadOwnCard,
  moveCard,
  updateCardText,
  type BoardScope,
  type CardRow,
  type Owner,
} from "./service";

const tags = ["kanban"];
const security = [{ bearer: [] }];
const ownBoard = { tasks: true, cards: true };

export const kanbanRoutes: FastifyPluginAsyncZod = async (app) => {
  registerKanbanListeners(app.ctx);
  const db = () => app.ctx.db;
  const now = () => app.ctx.clock.now();
  const ownerOf = (caller: AccessClaims): Owner => ({ userId: caller.userId, tenantId: caller.tenantId });

  /** Tells the student's other tabs and the class's teachers (realtime/user-rooms) that a board changed. */
  const changed = (request: FastifyRequest, owner: Owner, board: BoardScope) => {
    const tab = request.headers[KANBAN_TAB_HEADER];
    const origin = typeof tab === "string" && /^[\w-]{1,64}$/.test(tab) ? tab : null;
    app.ctx.events.emit("kanban.changed", { tenantId: owner.tenantId, userId: owner.userId, courseId: board?.courseId ?? null, origin });
  };

  /**
   * The board named by courseGuid + lessonGuid, as the caller may open it: a class they belong to
   * (404 otherwise, another edition's included) and a lesson of it that they may see (students:
   * not hidden). Neither names the board of all their tasks.
   */
  const boardFor = async (caller: AccessClaims, ref: { courseGuid?: string | undefined; lessonGuid?: string | undefined }): Promise<BoardScope> => {
    if (ref.courseGuid === undefined || ref.lessonGuid === undefined) return null;
    const access = await loadCourseAccess(db(), caller, ref.courseGuid);
    const lesson = await loadCourseLesson(db(), access.course, ref.lessonGuid, access.isStudent ? "student" : "teacher");
    return { courseId: access.course.id, lessonId: lesson.id };
  };

  const boardView = async (owner: Owner, board: BoardScope) => presentBoard(await loadBoard(db(), owner, board, ownBoard), board, false, now());

  const cardView = async (owner: Owner, cardOrId: string | CardRow) => {
    const card = typeof cardOrId === "string" ? await loadOwnCard(db(), owner, cardOrId) : cardOrId;
    const board = boardOfCard(card);
    return presentCardDetail(card, await loadBoard(db(), owner, board, ownBoard), board, now());
  };

  app.get(
    "/front/kanban",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's board: of one lesson of a class (courseGuid + lessonGuid) or of all their tasks; four columns, cards in order",
        security,
        querystring: KanbanBoardQuerySchema,
        response: { 200: KanbanBoardResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      return success(await boardView(ownerOf(caller), await boardFor(caller, request.query)));
    },
  );

  app.post(
    "/front/kanban/cards",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Add a personal card at the end of a column of the caller's board",
        security,
        body: KanbanCardCreateSchema,
        response: { 201: KanbanCardResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const board = await boardFor(caller, request.body);
      const id = await createCard(db(), ownerOf(caller), board, request.body.column, request.body.text);
      changed(request, ownerOf(caller), board);
      return reply.status(201).send(success(await cardView(ownerOf(caller), id)));
    },
  );

  app.put(
    "/front/kanban/cards/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change the text of one of the caller's personal cards",
        security,
        params: GuidParamsSchema,
        body: KanbanCardUpdateSchema,
        response: { 200: KanbanCardResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const owner = ownerOf(authOf(request));
      await updateCardText(db(), owner, request.params.guid, request.body.text);
      const card = await loadOwnCard(db(), owner, request.params.guid);
      changed(request, owner, boardOfCard(card));
      return success(await cardView(owner, card));
    },
  );

  app.delete(
    "/front/kanban/cards/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete one of the caller's personal cards (the client asks for confirmation first)",
        security,
        params: GuidParamsSchema,
        response: { ...noContent, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(authOf(request));
      changed(request, owner, await deleteCard(db(), owner, request.params.guid));
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/front/kanban/move",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Move one of the caller's cards (a task or a personal card) to a place in a column of a board; answers that board",
        security,
        body: KanbanMoveSchema,
        response: { 200: KanbanBoardResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { kind, guid, column, index } = request.body;
      const board = await boardFor(caller, request.body);
      await moveCard(db(), ownerOf(caller), board, { kind, id: guid, column, index });
      changed(request, ownerOf(caller), board);
      return success(await boardView(ownerOf(caller), board));
    },
  );

  app.get(
    "/front/courses/:guid/lessons/:lessonGuid/kanban",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The teacher's board of a lesson: per task, how many students have it in each column and who; and the teacher's own cards",
        security,
        params: KanbanLessonParamsSchema,
        response: { 200: KanbanTeacherBoardResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      if (!canSeeStudentBoards(access)) throw forbidden();
      const lesson = await loadCourseLesson(db(), access.course, request.params.lessonGuid, "teacher");
      const board = { courseId: access.course.id, lessonId: lesson.id };
      const overview = await loadLessonOverview(db(), access.course, lesson.id);
      return success(presentTeacherBoard(access.course, lesson, overview, await boardView(ownerOf(caller), board), now()));
    },
  );

  app.get(
    "/front/courses/:guid/lessons/:lessonGuid/kanban/students/:studentGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A student's board of a lesson as the student sees their tasks, read-only (their personal cards stay theirs)",
        security,
        params: KanbanStudentParamsSchema,
        response: { 200: KanbanStudentBoardResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      if (!canSeeStudentBoards(access)) throw forbidden();
      const lesson = await loadCourseLesson(db(), access.course, request.params.lessonGuid, "teacher");
      const [student] = await listCourseStudents(db(), access.course, request.params.studentGuid);
      if (!student) throw notFound("Student");
      const board = { courseId: access.course.id, lessonId: lesson.id };
      const rows = await loadBoard(db(), { userId: student.id, tenantId: access.course.tenantId }, board, { tasks: true, cards: false });
      return success(presentStudentBoard(student, presentBoard(rows, board, true, now())));
    },
  );
};
