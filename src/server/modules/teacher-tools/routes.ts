import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type * as z from "../../../contracts/zod";
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
  RubricGeneratorRequestSchema,
  StudentFeedbackRequestSchema,
  StudentWorkParamsSchema,
  StudentWorkResponseSchema,
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
import { perUserPerHour } from "../../platform/rate-limits";
import type { AccessClaims } from "../../platform/tokens";
import { addQuestion, loadAuthorAssessment } from "../assessments/authoring-service";
import { checkQuestionWrite } from "../assessments/questions-service";
import { loadCourseAccess, type CourseAccess } from "../courses/access";
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
import { runRubricGenerator } from "./rubric";
import { runStudentFeedback, studentWork } from "./student-feedback";
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
  const toolRunLimit = (tool: TeacherTool) => perUserPerHour(`teacher-tools:${tool}`, app.ctx.config.ai.toolsPerUserPerHour);

  /** Cancels the model's work when the teacher's connection goes away before the answer. */
  const signalOf = (reply: FastifyReply): AbortSignal => {
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort(new Error("client went away"));
    });
    return controller.signal;
  };

  /** The lesson a request names, with the caller's access to its class (kept for the tools that read the lesson). */
  type ToolLesson = (NonNullable<NewInstance["lesson"]> & { access: CourseAccess }) | null;

  /** The lesson a request names: a class the caller teaches and a lesson of it (both guids, or neither). */
  const lessonOf = async (caller: AccessClaims, body: ToolRequestBase): Promise<ToolLesson> => {
    if (body.courseGuid === undefined && body.lessonGuid === undefined) return null;
    if (body.courseGuid === undefined || body.lessonGuid === undefined) {
      throw validation([{ field: body.courseGuid === undefined ? "courseGuid" : "lessonGuid", message: FORM_RULES.required }]);
    }
    const access = await loadCourseAccess(db(), caller, body.courseGuid);
    if (!access.canEdit) throw forbidden();
    const lesson = await loadCourseLesson(db(), access.course, body.lessonGuid, "teacher");
    return { courseId: access.course.id, lessonId: lesson.id, title: lesson.title, access };
  };

  /**
   * `POST /teacher-tools/<tool>`: checks the body against `schema`, runs the tool, moderates what a
   * model wrote (ADR 0039), keeps the result as an instance and answers with it. `needsModel`
   * documents the 409 of a tool the local provider cannot run.
   */
  const toolRoute = <S extends z.ZodType<NewInstance["request"]>>(
    tool: TeacherTool,
    spec: { schema: S; summary: string; needsModel?: boolean; minWords?: number },
    run: (call: ToolCall, body: z.infer<S>, lesson: ToolLesson, caller: AccessClaims) => Promise<ToolResult>,
  ) =>
    app.post(
      `/teacher-tools/${tool}`,
      {
        onRequest: app.authenticate,
        config: toolRunLimit(tool),
        schema: {
          tags,
          summary: spec.summary,
          security,
          body: spec.schema,
          response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, ...(spec.needsModel ? ([409] as const) : []), 422, 429, 502, 504) },
        },
      },
      async (request, reply) => {
        const body = request.body as z.infer<S>;
        const caller = teacher(request);
        const lesson = await lessonOf(caller, body);
        const call = await prepareToolCall(db(), caller, tool, body, signalOf(reply), { minWords: spec.minWords });
        const result = await run(call, body, lesson, caller);
        const { ai } = app.ctx;
        await moderateResult(result, ai, call.context);
        const id = await saveInstance(db(), caller, { tool, request: body, lesson, provider: ai.name, model: ai.model, result }, app.ctx.clock.now());
        return success(await loadInstance(db(), caller, id));
      },
    );

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

  /** The KCs a lesson teaches, named in the text's language (the question generator tags its items with them). */
  const lessonKcs = async (caller: AccessClaims, lesson: NewInstance["lesson"], language: Language): Promise<LessonKc[]> => {
    if (!lesson) return [];
    const map = await classKcMap(db(), { id: lesson.courseId, tenantId: caller.tenantId });
    return map.filter((kc) => kc.lessonIds.includes(lesson.lessonId)).map((kc) => ({ code: kc.code, name: kc.names[language] ?? kc.names.es ?? kc.code }));
  };

  toolRoute(
    "text-level-adapter",
    {
      schema: TextLevelAdapterRequestSchema,
      summary: "Text level adapter: measures the text's readability against the class's band; with a language model, rewrites it for the band and measures the rewrite",
    },
    (call) => runTextLevelAdapter(call, app.ctx.ai),
  );

  toolRoute(
    "vocabulary-creator",
    {
      schema: VocabularyCreatorRequestSchema,
      summary: "Vocabulary creator: the text's words the edition's pupils have met least, each with its sentence; definitions with a language model",
      minWords: 1,
    },
    async (call, body, _lesson, caller) => runVocabularyCreator(call, body.numberOfWordsToExtract, await editionCorpus(db(), caller.tenantId), app.ctx.ai),
  );

  toolRoute(
    "text-translator",
    {
      schema: TextTranslatorRequestSchema,
      summary: "Text translator into one of the eleven destination languages (needs a language model: 409 AI_UNAVAILABLE without one)",
      needsModel: true,
      minWords: 1,
    },
    (call, body) => runTextTranslator(call, body.destinationLanguage, app.ctx.ai),
  );

  toolRoute(
    "question-generator",
    {
      schema: QuestionGeneratorRequestSchema,
      summary:
        "Question generator: items in the platform's question types (cloze, choice, true/false), valid against their schemas and tagged with the lesson's KCs; locally from the text's key sentences and terms",
    },
    async (call, body, lesson, caller) => {
      const [corpus, kcs] = await Promise.all([editionCorpus(db(), caller.tenantId), lessonKcs(caller, lesson, call.language)]);
      return runQuestionGenerator(call, body.numberOfQuestions, body.questionTypes, corpus, kcs, app.ctx.ai);
    },
  );

  toolRoute(
    "lesson-plan-generator",
    {
      schema: LessonPlanRequestSchema,
      summary:
        "Lesson plan generator: the lesson's items timed (reading speed for the year, media length, questions) and packed into sessions with opening, practice and closure; a model adds notes per phase",
      minWords: 1,
    },
    async (call, body, lesson, caller) => {
      // The schema requires the lesson, so lessonOf has checked the class and the lesson already.
      const access = lesson?.access ?? (await loadCourseAccess(db(), caller, body.courseGuid));
      const [{ items }, kcs] = await Promise.all([lessonItemTexts(db(), app.ctx.storage, access, body.lessonGuid, caller.userId), lessonKcs(caller, lesson, call.language)]);
      return runLessonPlan(call, { items, kcs, sessionMinutes: body.sessionMinutes, objectives: body.learningObjectives }, { db: db(), storage: app.ctx.storage, ai: app.ctx.ai });
    },
  );

  toolRoute(
    "rubric-generator",
    {
      schema: RubricGeneratorRequestSchema,
      summary:
        "Rubric generator: criteria from the teacher's objectives or the lesson's KCs, weighted by what the lesson spends on each, with the lesson's sentences and key terms; a model writes each level's descriptor",
      minWords: 1,
    },
    async (call, body, lesson, caller) =>
      runRubricGenerator(
        call,
        {
          objectives: body.learningObjectives,
          taskDescription: body.taskDescription,
          numberOfLevels: body.numberOfLevels,
          maxScore: body.maxScore,
          kcs: await lessonKcs(caller, lesson, call.language),
          lesson,
        },
        { db: db(), corpus: await editionCorpus(db(), caller.tenantId), ai: app.ctx.ai },
      ),
  );

  app.post(
    "/teacher-tools/student-feedback",
    {
      onRequest: app.authenticate,
      config: toolRunLimit("student-feedback"),
      schema: {
        tags,
        summary:
          "Student feedback on a student's submitted attempt or handed-in task, per criterion (KC) from their answers and the learner model; a model writes a paragraph to the student from those facts",
        security,
        body: StudentFeedbackRequestSchema,
        response: { 200: ToolInstanceResponseSchema, ...errors(400, 401, 403, 404, 422, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const caller = teacher(request);
      const access = await loadCourseAccess(db(), caller, body.courseGuid);
      if (!access.canEdit) throw forbidden();
      const { ai } = app.ctx;
      const signal = signalOf(reply);
      const { result, lessonId, title } = await runStudentFeedback(
        db(),
        caller,
        {
          access,
          studentId: body.studentGuid,
          attemptId: body.attemptGuid,
          jobId: body.jobGuid,
          year: body.educationYear,
          specialNeeds: [...new Set(body.specialNeeds ?? [])],
          additionalNotes: body.additionalNotes || undefined,
          signal,
        },
        ai,
      );
      await moderateResult(result, ai, { tenantId: caller.tenantId, signal });
      const lesson = await loadCourseLesson(db(), access.course, lessonId, "teacher");
      const id = await saveInstance(
        db(),
        caller,
        {
          tool: "student-feedback",
          request: { ...body, textToAdapt: result.source.title },
          lesson: { courseId: access.course.id, lessonId: lesson.id, title: lesson.title },
          title,
          provider: ai.name,
          model: ai.model,
          result,
        },
        app.ctx.clock.now(),
      );
      return success(await loadInstance(db(), caller, id));
    },
  );

  app.get(
    "/teacher-tools/courses/:courseGuid/students/:studentGuid/work",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A student's submitted attempts and handed-in tasks in a class the caller teaches, newest first (what the student feedback can be about)",
        security,
        params: StudentWorkParamsSchema,
        response: { 200: StudentWorkResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = teacher(request);
      const access = await loadCourseAccess(db(), caller, request.params.courseGuid);
      if (!access.canEdit) throw forbidden();
      return success(await studentWork(db(), access, request.params.studentGuid));
    },
  );

  toolRoute(
    "real-world-connection",
    {
      schema: RealWorldConnectionRequestSchema,
      summary: "Real-world connection: three ways the lesson's ideas show up in pupils' lives, each with a question and an activity (needs a language model)",
      needsModel: true,
      minWords: 1,
    },
    (call) => runRealWorldConnection(call, app.ctx.ai),
  );

  toolRoute(
    "classroom-energizer",
    {
      schema: ClassroomEnergizerRequestSchema,
      summary: "Classroom energizer: three short activities on the lesson's ideas, with grouping, materials and steps (needs a language model)",
      needsModel: true,
      minWords: 1,
    },
    (call) => runClassroomEnergizer(call, app.ctx.ai),
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
