import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema, type Language } from "../../../contracts/common";
import { FORM_RULES } from "../../../contracts/course-settings-base";
import {
  AddToAssessmentResponseSchema,
  AddToAssessmentSchema,
  ClassroomEnergizerRequestSchema,
  LessonContentParamsSchema,
  LessonPlanRequestSchema,
  QuestionGeneratorRequestSchema,
  RealWorldConnectionRequestSchema,
  LessonContentResponseSchema,
  TextLevelAdapterRequestSchema,
  TextTranslatorRequestSchema,
  ToolCatalogueResponseSchema,
  ToolHistoryQuerySchema,
  ToolHistoryResponseSchema,
  ToolInstanceResponseSchema,
  VocabularyCreatorRequestSchema,
  type GeneratedQuestion,
  type TeacherTool,
  type ToolRequestBase,
  type ToolResult,
} from "../../../contracts/teacher-tools";
import { requireRole } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, validation } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { addQuestion, loadAuthorAssessment } from "../assessments/authoring-service";
import { checkQuestionWrite } from "../assessments/questions-service";
import { loadCourseAccess } from "../courses/access";
import { errors, noContent } from "../courses/route-docs";
import { loadCourseLesson } from "../lessons/service";
import { classKcMap } from "../learning/kcs-service";
import { toolCatalogue, TOOL_ROLES } from "./catalogue";
import { editionCorpus } from "./corpus";
import { runClassroomEnergizer, runRealWorldConnection } from "./engagement";
import { runQuestionGenerator, type LessonKc } from "./question-generator";
import { lessonItemTexts, loadLessonContent } from "./lesson-content";
import { moderateResult } from "./moderate";
import { runLessonPlan } from "./lesson-plan";
import { deleteInstance, listHistory, loadInstance, saveInstance, type NewInstance } from "./service";
import { runTextLevelAdapter } from "./text-level-adapter";
import { prepareToolCall, type ToolCall } from "./tool-call";
import { runTextTranslator } from "./translator";
import { runVocabularyCreator } from "./vocabulary";

const tags = ["teacher-tools"];
const security = [{ bearer: [] }];

/**
 * The teacher AI tools (issue 16, ADR 0039; spec §7 teacher-tools calls): the catalogue with each
 * tool's availability under the provider in use, one POST per tool (its run saved as an instance),
 * the history, an instance, and a lesson's text for the forms. Teachers and co-teachers only:
 * students, admins and editorial staff get 403 on every route.
 */
export const teacherToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const teacher = (request: FastifyRequest) => requireRole(request, TOOL_ROLES);

  /**
   * Each tool's runs per user per hour (after sign-in, so the key is the user, not the address):
   * the same count in memory and in Redis, where instances share it.
   */
  const toolRunLimit = (tool: TeacherTool) => ({
    rateLimit: {
      max: app.ctx.config.ai.toolsPerUserPerHour,
      timeWindow: "1 hour",
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => `teacher-tools:${tool}:${request.auth?.userId ?? request.ip}`,
    },
  });

  /** Cancels the model's work when the teacher's connection goes away before the answer. */
  const signalOf = (reply: FastifyReply): AbortSignal => {
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort(new Error("client went away"));
    });
    return controller.signal;
  };

  /** The lesson a request names: a class the caller teaches and a lesson of it (both guids, or neither). */
  const lessonOf = async (caller: AccessClaims, body: ToolRequestBase): Promise<NewInstance["lesson"]> => {
    if (body.courseGuid === undefined && body.lessonGuid === undefined) return null;
    if (body.courseGuid === undefined || body.lessonGuid === undefined) {
      throw validation([{ field: body.courseGuid === undefined ? "courseGuid" : "lessonGuid", message: FORM_RULES.required }]);
    }
    const access = await loadCourseAccess(db(), caller, body.courseGuid);
    if (!access.canEdit) throw forbidden();
    const lesson = await loadCourseLesson(db(), access.course, body.lessonGuid, "teacher");
    return { courseId: access.course.id, lessonId: lesson.id, title: lesson.title };
  };

  /** Runs a tool and keeps what it made; answers with the saved instance. */
  const runAndSave = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tool: TeacherTool,
    body: NewInstance["request"],
    run: (call: ToolCall, lesson: NewInstance["lesson"]) => Promise<ToolResult>,
    opts: { minWords?: number } = {},
  ) => {
    const caller = teacher(request);
    const lesson = await lessonOf(caller, body);
    const call = await prepareToolCall(db(), caller, tool, body, signalOf(reply), opts);
    const result = await run(call, lesson);
    // What a model wrote is checked before it is kept or shown (ADR 0039).
    moderateResult(result);
    const { ai } = app.ctx;
    const id = await saveInstance(db(), caller, { tool, request: body, lesson, provider: ai.name, model: ai.model, result }, app.ctx.clock.now());
    return success(await loadInstance(db(), caller, id));
  };

  app.get(
    "/teacher-tools",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The teacher tools and whether each can run with the AI provider in use (cards: tool, category, available, mode, reason)",
        security,
        response: { 200: ToolCatalogueResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      teacher(request);
      return success(toolCatalogue(app.ctx.ai));
    },
  );

  app.post(
    "/teacher-tools/text-level-adapter",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("text-level-adapter"),
      schema: {
        tags,
        summary: "Text level adapter: measures the text's readability against the class's band; with a language model, rewrites it for the band and measures the rewrite",
        security,
        body: TextLevelAdapterRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 422, 429, 502, 504) },
      },
    },
    (request, reply) => runAndSave(request, reply, "text-level-adapter", request.body, (call) => runTextLevelAdapter(call, app.ctx.ai)),
  );

  app.post(
    "/teacher-tools/vocabulary-creator",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("vocabulary-creator"),
      schema: {
        tags,
        summary: "Vocabulary creator: the text's words the edition's pupils have met least, each with its sentence; definitions with a language model",
        security,
        body: VocabularyCreatorRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 422, 429, 502, 504) },
      },
    },
    (request, reply) =>
      runAndSave(
        request,
        reply,
        "vocabulary-creator",
        request.body,
        async (call) => runVocabularyCreator(call, request.body.numberOfWordsToExtract, await editionCorpus(db(), call.context.tenantId), app.ctx.ai),
        { minWords: 1 },
      ),
  );

  app.post(
    "/teacher-tools/text-translator",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("text-translator"),
      schema: {
        tags,
        summary: "Text translator into one of the eleven destination languages (needs a language model: 409 AI_UNAVAILABLE without one)",
        security,
        body: TextTranslatorRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 504) },
      },
    },
    (request, reply) =>
      runAndSave(request, reply, "text-translator", request.body, (call) => runTextTranslator(call, request.body.destinationLanguage, app.ctx.ai), { minWords: 1 }),
  );

  /** The KCs a lesson teaches, named in the text's language (the question generator tags its items with them). */
  const lessonKcs = async (caller: AccessClaims, lesson: NewInstance["lesson"], language: Language): Promise<LessonKc[]> => {
    if (!lesson) return [];
    const map = await classKcMap(db(), { id: lesson.courseId, tenantId: caller.tenantId });
    return map.filter((kc) => kc.lessonIds.includes(lesson.lessonId)).map((kc) => ({ code: kc.code, name: kc.names[language] ?? kc.names.es ?? kc.code }));
  };

  app.post(
    "/teacher-tools/question-generator",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("question-generator"),
      schema: {
        tags,
        summary: "Question generator: items in the platform's question types (cloze, choice, true/false), valid against their schemas and tagged with the lesson's KCs; locally from the text's key sentences and terms",
        security,
        body: QuestionGeneratorRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 422, 429, 502, 504) },
      },
    },
    (request, reply) =>
      runAndSave(request, reply, "question-generator", request.body, async (call, lesson) => {
        const caller = teacher(request);
        const [corpus, kcs] = await Promise.all([editionCorpus(db(), caller.tenantId), lessonKcs(caller, lesson, call.language)]);
        return runQuestionGenerator(call, request.body.numberOfQuestions, request.body.questionTypes, corpus, kcs, app.ctx.ai);
      }),
  );

  app.post(
    "/teacher-tools/lesson-plan-generator",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("lesson-plan-generator"),
      schema: {
        tags,
        summary: "Lesson plan generator: the lesson's items timed (reading speed for the year, media length, questions) and packed into sessions with opening, practice and closure; a model adds notes per phase",
        security,
        body: LessonPlanRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 422, 429, 502, 504) },
      },
    },
    (request, reply) =>
      runAndSave(
        request,
        reply,
        "lesson-plan-generator",
        request.body,
        async (call, lesson) => {
          const caller = teacher(request);
          const access = await loadCourseAccess(db(), caller, request.body.courseGuid);
          const [{ items }, kcs] = await Promise.all([lessonItemTexts(db(), app.ctx.storage, access, request.body.lessonGuid, caller.userId), lessonKcs(caller, lesson, call.language)]);
          return runLessonPlan(call, { items, kcs, sessionMinutes: request.body.sessionMinutes, objectives: request.body.learningObjectives }, { db: db(), storage: app.ctx.storage, ai: app.ctx.ai });
        },
        { minWords: 1 },
      ),
  );

  app.post(
    "/teacher-tools/real-world-connection",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("real-world-connection"),
      schema: {
        tags,
        summary: "Real-world connection: three ways the lesson's ideas show up in pupils' lives, each with a question and an activity (needs a language model)",
        security,
        body: RealWorldConnectionRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 504) },
      },
    },
    (request, reply) => runAndSave(request, reply, "real-world-connection", request.body, (call) => runRealWorldConnection(call, app.ctx.ai), { minWords: 1 }),
  );

  app.post(
    "/teacher-tools/classroom-energizer",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("classroom-energizer"),
      schema: {
        tags,
        summary: "Classroom energizer: three short activities on the lesson's ideas, with grouping, materials and steps (needs a language model)",
        security,
        body: ClassroomEnergizerRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 504) },
      },
    },
    (request, reply) => runAndSave(request, reply, "classroom-energizer", request.body, (call) => runClassroomEnergizer(call, app.ctx.ai), { minWords: 1 }),
  );

  app.get(
    "/teacher-tools/history",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's tool instances, newest first (limit 20 and offset 0 by default)",
        security,
        querystring: ToolHistoryQuerySchema,
        response: { 200: ToolHistoryResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = teacher(request);
      return success(await listHistory(db(), caller, request.query.limit, request.query.offset));
    },
  );

  app.get(
    "/teacher-tools/instances/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the caller's tool instances, with its request, result and lesson",
        security,
        params: GuidParamsSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => success(await loadInstance(db(), teacher(request), request.params.guid)),
  );

  app.delete(
    "/teacher-tools/instances/:guid",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Deletes one of the caller's tool instances", security, params: GuidParamsSchema, response: { ...noContent, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteInstance(db(), teacher(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/teacher-tools/instances/:guid/add-to-assessment",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Adds chosen items of a question generator's instance to the end of an assessment the caller may edit, all or none",
        security,
        params: GuidParamsSchema,
        body: AddToAssessmentSchema,
        response: { 200: AddToAssessmentResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = teacher(request);
      const instance = await loadInstance(db(), caller, request.params.guid);
      const result = instance.result;
      if (result.tool !== "question-generator") throw validation([{ field: "guid", message: FORM_RULES.invalidChoice }]);
      const picked = [...new Set(request.body.questions)];
      const missing = picked.findIndex((i) => result.questions[i] === undefined);
      if (missing >= 0) throw validation([{ field: `questions.${missing}`, message: FORM_RULES.invalidChoice }]);
      const record = await loadAuthorAssessment(db(), caller, request.body.assessmentGuid, true);
      const questionGuids = await db().transaction(async (tx) => {
        const ids: string[] = [];
        for (const i of picked) {
          const q = result.questions[i] as GeneratedQuestion;
          const input = checkQuestionWrite({ type: q.type, question_data: JSON.stringify(q.questionData), prompt: q.prompt, points: 1, kcs: q.kcs, media: [], feedback: {} });
          ids.push((await addQuestion(tx, caller, record, input)).content.id);
        }
        return ids;
      });
      return success({ assessmentGuid: record.content.id, questionGuids });
    },
  );

  app.get(
    "/teacher-tools/courses/:courseGuid/lessons/:lessonGuid/content",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A lesson of a class the caller teaches, as text for a tool's form (its items' texts in order, cut at the word limit)",
        security,
        params: LessonContentParamsSchema,
        response: { 200: LessonContentResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = teacher(request);
      const access = await loadCourseAccess(db(), caller, request.params.courseGuid);
      if (!access.canEdit) throw forbidden();
      return success(await loadLessonContent(db(), app.ctx.storage, access, request.params.lessonGuid, caller.userId));
    },
  );
};
