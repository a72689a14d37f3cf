import crypto from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AnswerCheckSchema, AnswerSavedResponseSchema, AnswerSaveSchema, AssessmentClosureResponseSchema, AssessmentClosureUpdateSchema,
  AssessmentCreateSchema, AssessmentDetailResponseSchema,
  AssessmentPlaceQuerySchema, AssessmentUpdateSchema, ATTEMPT_FILE_BYTES, AttemptAnswerParamsSchema, AttemptFileResponseSchema,
  AttemptResultResponseSchema, AttemptStartSchema, AttemptViewResponseSchema, ClassResultsResponseSchema, ErrorReportCreateSchema,
  ErrorReportListQuerySchema, ErrorReportPageResponseSchema, ErrorReportResponseSchema, ErrorReportUpdateSchema, GradeSchema,
  IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, IndividualResultsParamsSchema, IndividualResultsQuerySchema,
  IndividualResultsResponseSchema, MyAttemptsResponseSchema, QuestionFullResponseSchema, QuestionWriteSchema, ScoreResultResponseSchema,
} from "../../../contracts/assessments";
import { ErrorBodySchema, GuidParamsSchema, GuidSchema, successOf } from "../../../contracts/common";
import { parseQuestionData, QuestionSchema } from "../../../contracts/questions";
import { attemptFiles, questionImages } from "../../db/schema";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden, notFound, validation } from "../../platform/errors";
import { readSingleFile } from "../../platform/uploads";
import { fileTypeNotAllowed } from "../contents/cms-service";
import { canAuthor, canUseContent, READ } from "../contents/access";
import { contentMatchesExtension, extensionOf, plainMimeOf, sanitizeFileName } from "../contents/mime";
import { errors, noContent } from "../courses/route-docs";
import { scoreAnswer } from "../questions/scoring";
import {
  addQuestion, assessmentHead, maxScoreOf, createAssessment, listAssessmentQuestions, loadAuthorAssessment, loadTenantAssessment, presentAssessmentDetail,
  removeQuestion, updateAssessment,
} from "./authoring-service";
import {
  attemptGrantId, attemptQuestions, attemptSubmitted, listOwnAttempts, loadOwnAttempt, loadPlacement, presentAttemptSummary,
  presentAttemptView, saveAnswer, startAttempt, startRule, submitAttempt,
} from "./attempts-service";
import { presentClosure, setClosed } from "./closures";
import { createErrorReport, listErrorReports, setErrorReportStatus } from "./error-reports";
import { canEditQuestion, checkQuestionWrite, findTenantQuestion, presentFullQuestion, updateQuestionRow } from "./questions-service";
import { classResults, gradeAnswer, individualResults, loadViewableAttempt, presentAttemptResult } from "./results-service";

/*
 * Assessments (issue 6; calls in ADR 0015): authoring under cms/, taking, results and grading
 * under front/, error reports in both. Every call starts from the caller's edition and their place
 * in the class; scoring happens here only.
 */

const tags = ["assessments"];
const security = [{ bearer: [] }];
const tooLarge = { 413: ErrorBodySchema };
const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "svg"] as const;
export const QUESTION_IMAGE_BYTES = 10 * 1024 * 1024;

export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const ctx = { db, files: app.ctx.files, publicUrl: app.ctx.publicUrl, events: app.ctx.events };

  /** A question an author may see: one they may use (contents/access, the licence check included); 404 otherwise, like other tenants'. */
  const visibleQuestion = async (caller: ReturnType<typeof authOf>, id: string) => {
    if (!canAuthor(caller.role)) throw forbidden();
    const found = await findTenantQuestion(db, caller.tenantId, id);
    if (!found || !(await canUseContent(db, caller, found.content, READ))) throw notFound("Question");
    return found;
  };

  // ---- Questions ---------------------------------------------------------------------------------

  app.get(
    "/cms/questions/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "A question in full (authors)", security, params: GuidParamsSchema, response: { 200: QuestionFullResponseSchema, ...errors(401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const found = await visibleQuestion(caller, request.params.guid);
      return success(presentFullQuestion(found.row, found.content, caller));
    },
  );

  app.put(
    "/cms/questions/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "Change a question (its owner, or editorial staff)", security, params: GuidParamsSchema, body: QuestionWriteSchema, response: { 200: QuestionFullResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const found = await visibleQuestion(caller, request.params.guid);
      if (!canEditQuestion(found.content, caller)) throw forbidden();
      if (found.row.type !== request.body.type) throw validation([{ field: "type", message: "unknown_type" }]);
      const row = await updateQuestionRow(db, found.content.id, checkQuestionWrite(request.body));
      return success(presentFullQuestion(row, found.content, caller));
    },
  );

  app.post(
    "/cms/questions/check",
    { onRequest: app.authenticate, schema: { tags, summary: "Score an answer against a question given as JSON (answer-test); nothing is stored", security, body: AnswerCheckSchema, response: { 200: ScoreResultResponseSchema, ...errors(400, 401, 403) } } },
    async (request) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const { type, question_data, points, answer } = request.body;
      const parsed = parseQuestionData(type, question_data);
      if (!parsed.ok) throw validation(parsed.issues.map((i) => ({ field: ["question_data", ...i.path.map(String)].join("."), message: i.message })));
      const question = QuestionSchema.parse({ type, data: parsed.data, prompt: "answer-test", points });
      return success(scoreAnswer(question, answer));
    },
  );

  // ---- Assessments (authoring) -------------------------------------------------------------------

  app.post(
    "/cms/assessments",
    { onRequest: app.authenticate, schema: { tags, summary: "Create an assessment (then place it in a lesson with front/lesson-items)", security, body: AssessmentCreateSchema, response: { 200: AssessmentDetailResponseSchema, ...errors(400, 401, 403) } } },
    async (request) => {
      const caller = authOf(request);
      const record = await createAssessment(db, caller, request.body);
      return success(await presentAssessmentDetail(db, caller, record));
    },
  );

  app.get(
    "/cms/assessments/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "An assessment with its questions in full (authors)", security, params: GuidParamsSchema, response: { 200: AssessmentDetailResponseSchema, ...errors(401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      return success(await presentAssessmentDetail(db, caller, await loadAuthorAssessment(db, caller, request.params.guid, false)));
    },
  );

  app.put(
    "/cms/assessments/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "Change title, description, settings or the order of the questions", security, params: GuidParamsSchema, body: AssessmentUpdateSchema, response: { 200: AssessmentDetailResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const record = await loadAuthorAssessment(db, caller, request.params.guid, true);
      return success(await presentAssessmentDetail(db, caller, await updateAssessment(db, record, request.body)));
    },
  );

  app.post(
    "/cms/assessments/:guid/questions",
    { onRequest: app.authenticate, schema: { tags, summary: "Add a new question at the end", security, params: GuidParamsSchema, body: QuestionWriteSchema, response: { 200: QuestionFullResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const record = await loadAuthorAssessment(db, caller, request.params.guid, true);
      const created = await addQuestion(db, caller, record, checkQuestionWrite(request.body));
      return success(presentFullQuestion(created.row, created.content, caller));
    },
  );

  app.delete(
    "/cms/assessments/:guid/questions/:questionGuid",
    { onRequest: app.authenticate, schema: { tags, summary: "Take a question out (attempts that showed it keep their answers)", security, params: z.object({ guid: GuidSchema, questionGuid: GuidSchema }), response: { 204: noContent[204], ...errors(401, 403, 404) } } },
    async (request, reply) => {
      const caller = authOf(request);
      const record = await loadAuthorAssessment(db, caller, request.params.guid, true);
      await removeQuestion(db, record, request.params.questionGuid);
      return reply.status(204).send(null);
    },
  );

  // ---- Taking -------------------------------------------------------------------------------------

  /** The class's placement of the assessment; a lesson copied for it on the way is announced like a first visit. */
  const placementOf = (caller: ReturnType<typeof authOf>, assessmentId: string, courseId: string) =>
    loadPlacement(db, caller, assessmentId, courseId, (lessonId) =>
      app.ctx.events.emit("lessonItems.changed", { tenantId: caller.tenantId, courseId, lessonId }),
    );

  app.get(
    "/front/assessments/:guid/my-attempts",
    { onRequest: app.authenticate, schema: { tags, summary: "The student's attempts at the assessment in the class, and whether another may start", security, params: GuidParamsSchema, querystring: AssessmentPlaceQuerySchema, response: { 200: MyAttemptsResponseSchema, ...errors(400, 401, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const placement = await placementOf(caller, request.params.guid, request.query.courseGuid);
      const attempts = await listOwnAttempts(db, { assessmentId: placement.record.content.id, courseId: placement.access.course.id, userId: caller.userId });
      const questions = await listAssessmentQuestions(db, placement.record.content.id);
      const rule = startRule(placement.record.settings, attempts.length, new Date(), placement.closedAt);
      return success({
        assessment: assessmentHead(placement.record, questions.length, maxScoreOf(questions)),
        lessonGuid: placement.item.lessonId,
        attempts: attempts.map(presentAttemptSummary),
        canStart: placement.access.isStudent && (rule.canStart || attempts.some((a) => a.status === "in_progress")) && questions.length > 0,
        attemptsLeft: rule.attemptsLeft,
        closedAt: placement.closedAt ? placement.closedAt.toISOString() : null,
      });
    },
  );

  app.post(
    "/front/assessments/:guid/attempts",
    { onRequest: app.authenticate, schema: { tags, summary: "Resume the attempt in progress or start the next one (students); works before anyone opened the lesson", security, params: GuidParamsSchema, body: AttemptStartSchema, response: { 200: AttemptViewResponseSchema, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => {
      const caller = authOf(request);
      const placement = await placementOf(caller, request.params.guid, request.body.courseGuid);
      const attempt = await startAttempt(db, caller, placement);
      return success(await presentAttemptView(ctx, attempt, placement.record));
    },
  );

  app.get(
    "/front/assessments/:guid/closure",
    { onRequest: app.authenticate, schema: { tags, summary: "Whether the class's teacher closed the assessment in the class", security, params: GuidParamsSchema, querystring: AssessmentPlaceQuerySchema, response: { 200: AssessmentClosureResponseSchema, ...errors(400, 401, 404) } } },
    async (request) => {
      const placement = await placementOf(authOf(request), request.params.guid, request.query.courseGuid);
      return success(presentClosure(placement.closedAt, placement.access.canEdit));
    },
  );

  app.put(
    "/front/assessments/:guid/closure",
    { onRequest: app.authenticate, schema: { tags, summary: "Close the assessment in the class (no new attempts; students see the answers unless the settings say never) or reopen it (the class's teachers)", security, params: GuidParamsSchema, body: AssessmentClosureUpdateSchema, response: { 200: AssessmentClosureResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const placement = await placementOf(caller, request.params.guid, request.body.courseGuid);
      if (!placement.access.canEdit) throw forbidden();
      const closedAt = await setClosed(db, { assessmentId: placement.record.content.id, courseId: placement.access.course.id, userId: caller.userId }, request.body.closed);
      return success(presentClosure(closedAt, true));
    },
  );

  app.get(
    "/front/attempts/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "The student's attempt in progress: questions without solutions and the saved answers", security, params: GuidParamsSchema, response: { 200: AttemptViewResponseSchema, ...errors(401, 404, 409) } } },
    async (request) => {
      const caller = authOf(request);
      const attempt = await loadOwnAttempt(db, caller, request.params.guid);
      if (attempt.status !== "in_progress") throw attemptSubmitted();
      return success(await presentAttemptView(ctx, attempt, await loadTenantAssessment(db, caller.tenantId, attempt.assessmentId)));
    },
  );

  app.put(
    "/front/attempts/:guid/answers/:questionGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Autosave one answer (Idempotency-Key header; a save with an older seq than the stored one is ignored)",
        security,
        params: AttemptAnswerParamsSchema,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema }),
        body: AnswerSaveSchema,
        response: { 200: AnswerSavedResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      return success(await saveAnswer(db, caller, request.params.guid, request.params.questionGuid, key, request.body));
    },
  );

  app.post(
    "/front/attempts/:guid/submit",
    { onRequest: app.authenticate, schema: { tags, summary: "Hand the attempt in: the server scores it; submitting again returns the same result", security, params: GuidParamsSchema, response: { 200: AttemptResultResponseSchema, ...errors(401, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const attempt = await submitAttempt(ctx, caller, request.params.guid);
      return success(await presentAttemptResult(ctx, attempt, null));
    },
  );

  // ---- Results and grading -------------------------------------------------------------------------

  app.get(
    "/front/attempts/:guid/result",
    { onRequest: app.authenticate, schema: { tags, summary: "One submitted attempt (its student, or the class's teachers)", security, params: GuidParamsSchema, response: { 200: AttemptResultResponseSchema, ...errors(401, 404) } } },
    async (request) => {
      const { attempt, access } = await loadViewableAttempt(db, authOf(request), request.params.guid);
      return success(await presentAttemptResult(ctx, attempt, access));
    },
  );

  app.put(
    "/front/attempts/:guid/answers/:questionGuid/grade",
    { onRequest: app.authenticate, schema: { tags, summary: "Grade an open answer (long text, upload file, pencil) with feedback (teachers)", security, params: AttemptAnswerParamsSchema, body: GradeSchema, response: { 200: AttemptResultResponseSchema, ...errors(400, 401, 404) } } },
    async (request) => {
      const caller = authOf(request);
      const attempt = await gradeAnswer(ctx, caller, request.params.guid, request.params.questionGuid, request.body);
      const { access } = await loadViewableAttempt(db, caller, attempt.id);
      return success(await presentAttemptResult(ctx, attempt, access));
    },
  );

  app.get(
    "/front/assessments/:guid/results",
    { onRequest: app.authenticate, schema: { tags, summary: "The class's results (teachers and school admins)", security, params: GuidParamsSchema, querystring: AssessmentPlaceQuerySchema, response: { 200: ClassResultsResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const placement = await placementOf(authOf(request), request.params.guid, request.query.courseGuid);
      if (placement.access.isStudent) throw forbidden();
      return success(await classResults(db, placement));
    },
  );

  app.get(
    "/front/assessments/:guid/results/users/:userGuid",
    { onRequest: app.authenticate, schema: { tags, summary: "One student's attempts and one attempt's result (teachers)", security, params: IndividualResultsParamsSchema, querystring: IndividualResultsQuerySchema, response: { 200: IndividualResultsResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const placement = await placementOf(authOf(request), request.params.guid, request.query.courseGuid);
      if (placement.access.isStudent) throw forbidden();
      return success(await individualResults(ctx, placement, request.params.userGuid, request.query.attemptGuid));
    },
  );

  // ---- Error reports ---------------------------------------------------------------------------------

  app.post(
    "/front/error-reports",
    { onRequest: app.authenticate, schema: { tags, summary: "Report an error in an exercise", security, body: ErrorReportCreateSchema, response: { 200: ErrorReportResponseSchema, ...errors(400, 401, 404) } } },
    async (request) => success(await createErrorReport(db, authOf(request), request.body)),
  );

  app.get(
    "/cms/error-reports",
    { onRequest: app.authenticate, schema: { tags, summary: "Exercise error reports, newest first (editorial staff)", security, querystring: ErrorReportListQuerySchema, response: { 200: ErrorReportPageResponseSchema, ...errors(400, 401, 403) } } },
    async (request) => success(await listErrorReports(db, authOf(request), request.query)),
  );

  app.patch(
    "/cms/error-reports/:guid",
    { onRequest: app.authenticate, schema: { tags, summary: "Mark a report resolved or open again (editorial staff)", security, params: GuidParamsSchema, body: ErrorReportUpdateSchema, response: { 200: ErrorReportResponseSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => success(await setErrorReportStatus(db, authOf(request), request.params.guid, request.body.status)),
  );

  // ---- Uploads (multipart only in this scope) -----------------------------------------------------------

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: Math.max(ATTEMPT_FILE_BYTES, QUESTION_IMAGE_BYTES) + 1024, files: 1, fields: 2, parts: 4 } });
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(
      "/front/attempts/:guid/files",
      { onRequest: app.authenticate, schema: { tags, summary: "A file for an upload-file or pencil answer (multipart: file)", security, consumes: ["multipart/form-data"], params: GuidParamsSchema, response: { 200: AttemptFileResponseSchema, ...errors(400, 401, 404, 409), ...tooLarge } } },
      async (request) => {
        const caller = authOf(request);
        const attempt = await loadOwnAttempt(db, caller, request.params.guid);
        if (attempt.status !== "in_progress") throw attemptSubmitted();
        // What this attempt's questions accept: upload-file extensions, and PNG for drawings.
        const accepted = new Set<string>();
        for (const q of await attemptQuestions(db, attempt)) {
          if (q.question.type === "QT_19") q.question.data.accept.forEach((e) => accepted.add(e));
          if (q.question.type === "QT_20") accepted.add("png");
        }
        const file = await readSingleFile(request, ATTEMPT_FILE_BYTES, (name) => {
          if (!accepted.has(extensionOf(name))) throw fileTypeNotAllowed([...accepted]);
        });
        const ext = extensionOf(file.fileName);
        // Known formats must be what they claim; others (e.g. .py, .md) are stored as given and served as downloads.
        if (KNOWN_SIGNATURES.has(ext) && !contentMatchesExtension(ext, file.data)) throw fileTypeNotAllowed([...accepted]);
        const key = `${crypto.randomUUID()}.${ext}`;
        const name = sanitizeFileName(file.fileName, ext);
        await app.ctx.storage.put(`attempts/${attempt.id}/${key}`, file.data);
        await db.insert(attemptFiles).values({ key, attemptId: attempt.id, name, mimeType: plainMimeOf(name), sizeBytes: file.data.length });
        return success({ key, name, url: `/attempt-files/${app.ctx.files.grant(attemptGrantId(attempt.id))}/${encodeURIComponent(key)}` });
      },
    );

    typed.post(
      "/cms/question-images",
      { onRequest: app.authenticate, schema: { tags, summary: "An image for a question (multipart: file); served at a stable address", security, consumes: ["multipart/form-data"], response: { 200: successOf(z.object({ url: z.string(), name: z.string() })), ...errors(400, 401, 403), ...tooLarge } } },
      async (request) => {
        const caller = authOf(request);
        if (!canAuthor(caller.role)) throw forbidden();
        const file = await readSingleFile(request, QUESTION_IMAGE_BYTES, (name) => {
          if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))) throw fileTypeNotAllowed(IMAGE_EXTENSIONS);
        });
        const ext = extensionOf(file.fileName);
        if (!contentMatchesExtension(ext, file.data)) throw fileTypeNotAllowed(IMAGE_EXTENSIONS);
        const id = crypto.randomUUID();
        const storageKey = `question-images/${id}.${ext}`;
        await app.ctx.storage.put(storageKey, file.data);
        const name = sanitizeFileName(file.fileName, ext);
        await db.insert(questionImages).values({ id, tenantId: caller.tenantId, fileName: name, mimeType: plainMimeOf(name), storageKey, createdBy: caller.userId });
        return success({ url: `/question-images/${id}.${ext}`, name });
      },
    );
  });
};

/** Extensions whose first bytes we can check (contents/mime.ts SIGNATURES). */
const KNOWN_SIGNATURES = new Set(["pdf", "png", "jpg", "jpeg", "gif", "webp", "svg", "zip", "docx", "xlsx", "pptx", "odt", "ods", "odp", "doc", "xls", "ppt", "rtf", "mp4", "m4a", "webm", "ogg", "wav", "mp3", "txt", "csv"]);
