import type {
  AnswerSave, AnswerSaved, AssessmentClosure, AssessmentClosureUpdate, AssessmentCreate, AssessmentDetail, AssessmentUpdate, AttemptFile,
  AttemptResult, AttemptView,
  ClassResults, ErrorReport, ErrorReportCreate, ErrorReportPage, Grade, IndividualResults, MyAttempts, QuestionFull,
  QuestionWrite, ScoreResult,
} from "../../../contracts/assessments";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contracts/assessments-base";
import type { QuestionType } from "../../../contracts/questions";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/*
 * Assessments, attempts, results, grading, authoring and error reports (issue 6; calls in ADR 0015).
 * Answers are saved by the attempt page's answer queue through `saveAnswer`, one call per change
 * with its own idempotency key, retried with the same key until the server has it.
 */
export const assessmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // ---- Taking ----
    myAttempts: build.query<MyAttempts, { assessmentGuid: string; courseGuid: string }>({
      query: ({ assessmentGuid, courseGuid }) => ({ url: `/front/assessments/${assessmentGuid}/my-attempts`, params: { courseGuid } }),
      transformResponse: unwrap<MyAttempts>,
      providesTags: (_r, _e, { assessmentGuid }) => [{ type: "Attempts", id: assessmentGuid }],
    }),
    /** Resumes the attempt in progress, or starts the next one. */
    startAttempt: build.mutation<AttemptView, { assessmentGuid: string; courseGuid: string }>({
      query: ({ assessmentGuid, courseGuid }) => ({ url: `/front/assessments/${assessmentGuid}/attempts`, method: "POST", body: { courseGuid } }),
      transformResponse: unwrap<AttemptView>,
      invalidatesTags: (_r, _e, { assessmentGuid }) => [{ type: "Attempts", id: assessmentGuid }],
    }),
    /** Whether the class's teacher closed the assessment in the class (and whether the caller may change it). */
    assessmentClosure: build.query<AssessmentClosure, { assessmentGuid: string; courseGuid: string }>({
      query: ({ assessmentGuid, courseGuid }) => ({ url: `/front/assessments/${assessmentGuid}/closure`, params: { courseGuid } }),
      transformResponse: unwrap<AssessmentClosure>,
      providesTags: (_r, _e, { assessmentGuid, courseGuid }) => [{ type: "Assessments", id: `${assessmentGuid}@${courseGuid}` }],
    }),
    /** Closes (no new attempts; students see the answers) or reopens the assessment in the class. */
    setAssessmentClosure: build.mutation<AssessmentClosure, { assessmentGuid: string; body: AssessmentClosureUpdate }>({
      query: ({ assessmentGuid, body }) => ({ url: `/front/assessments/${assessmentGuid}/closure`, method: "PUT", body }),
      transformResponse: unwrap<AssessmentClosure>,
      invalidatesTags: (_r, _e, { assessmentGuid, body }) => [{ type: "Assessments", id: `${assessmentGuid}@${body.courseGuid}` }, "Attempts", "Results"],
    }),
    attempt: build.query<AttemptView, string>({
      query: (guid) => `/front/attempts/${guid}`,
      transformResponse: unwrap<AttemptView>,
      keepUnusedDataFor: 0,
    }),
    saveAnswer: build.mutation<AnswerSaved, { attemptGuid: string; questionGuid: string; idempotencyKey: string; body: AnswerSave }>({
      query: ({ attemptGuid, questionGuid, idempotencyKey, body }) => ({
        url: `/front/attempts/${attemptGuid}/answers/${questionGuid}`,
        method: "PUT",
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      transformResponse: unwrap<AnswerSaved>,
    }),
    submitAttempt: build.mutation<AttemptResult, string>({
      query: (guid) => ({ url: `/front/attempts/${guid}/submit`, method: "POST", body: {} }),
      transformResponse: unwrap<AttemptResult>,
      invalidatesTags: ["Attempts", "Results", "Gradebook"],
    }),
    uploadAttemptFile: build.mutation<AttemptFile, { attemptGuid: string; file: File }>({
      query: ({ attemptGuid, file }) => {
        const body = new FormData();
        body.append("file", file, file.name);
        return { url: `/front/attempts/${attemptGuid}/files`, method: "POST", body };
      },
      transformResponse: unwrap<AttemptFile>,
    }),

    // ---- Results and grading ----
    attemptResult: build.query<AttemptResult, string>({
      query: (guid) => `/front/attempts/${guid}/result`,
      transformResponse: unwrap<AttemptResult>,
      providesTags: (_r, _e, guid) => [{ type: "Results", id: guid }],
    }),
    classResults: build.query<ClassResults, { assessmentGuid: string; courseGuid: string }>({
      query: ({ assessmentGuid, courseGuid }) => ({ url: `/front/assessments/${assessmentGuid}/results`, params: { courseGuid } }),
      transformResponse: unwrap<ClassResults>,
      providesTags: ["Results"],
    }),
    assessmentIndividualResults: build.query<IndividualResults, { assessmentGuid: string; courseGuid: string; userGuid: string; attemptGuid?: string | undefined }>({
      query: ({ assessmentGuid, courseGuid, userGuid, attemptGuid }) => ({
        url: `/front/assessments/${assessmentGuid}/results/users/${userGuid}`,
        params: attemptGuid ? { courseGuid, attemptGuid } : { courseGuid },
      }),
      transformResponse: unwrap<IndividualResults>,
      providesTags: ["Results"],
    }),
    gradeAnswer: build.mutation<AttemptResult, { attemptGuid: string; questionGuid: string; grade: Grade }>({
      query: ({ attemptGuid, questionGuid, grade }) => ({ url: `/front/attempts/${attemptGuid}/answers/${questionGuid}/grade`, method: "PUT", body: grade }),
      transformResponse: unwrap<AttemptResult>,
      invalidatesTags: ["Results", "Gradebook"],
    }),

    // ---- Authoring ----
    assessmentDetail: build.query<AssessmentDetail, string>({
      query: (guid) => `/cms/assessments/${guid}`,
      transformResponse: unwrap<AssessmentDetail>,
      providesTags: (_r, _e, guid) => [{ type: "Assessments", id: guid }],
    }),
    createAssessment: build.mutation<AssessmentDetail, AssessmentCreate>({
      query: (body) => ({ url: "/cms/assessments", method: "POST", body }),
      transformResponse: unwrap<AssessmentDetail>,
    }),
    updateAssessment: build.mutation<AssessmentDetail, { guid: string; body: AssessmentUpdate }>({
      query: ({ guid, body }) => ({ url: `/cms/assessments/${guid}`, method: "PUT", body }),
      transformResponse: unwrap<AssessmentDetail>,
      invalidatesTags: (_r, _e, { guid }) => [{ type: "Assessments", id: guid }],
    }),
    addQuestion: build.mutation<QuestionFull, { assessmentGuid: string; body: QuestionWrite }>({
      query: ({ assessmentGuid, body }) => ({ url: `/cms/assessments/${assessmentGuid}/questions`, method: "POST", body }),
      transformResponse: unwrap<QuestionFull>,
      invalidatesTags: (_r, _e, { assessmentGuid }) => [{ type: "Assessments", id: assessmentGuid }],
    }),
    removeQuestion: build.mutation<void, { assessmentGuid: string; questionGuid: string }>({
      query: ({ assessmentGuid, questionGuid }) => ({ url: `/cms/assessments/${assessmentGuid}/questions/${questionGuid}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { assessmentGuid }) => [{ type: "Assessments", id: assessmentGuid }],
    }),
    question: build.query<QuestionFull, string>({
      query: (guid) => `/cms/questions/${guid}`,
      transformResponse: unwrap<QuestionFull>,
      providesTags: (_r, _e, guid) => [{ type: "Questions", id: guid }],
    }),
    updateQuestion: build.mutation<QuestionFull, { guid: string; body: QuestionWrite }>({
      query: ({ guid, body }) => ({ url: `/cms/questions/${guid}`, method: "PUT", body }),
      transformResponse: unwrap<QuestionFull>,
      invalidatesTags: (_r, _e, { guid }) => [{ type: "Questions", id: guid }, "Assessments"],
    }),
    /** /answer-test: scores an answer against a question given as JSON; nothing is stored. */
    checkAnswer: build.mutation<ScoreResult, { type: QuestionType; question_data: string; points?: number; answer: unknown }>({
      query: (body) => ({ url: "/cms/questions/check", method: "POST", body }),
      transformResponse: unwrap<ScoreResult>,
    }),
    uploadQuestionImage: build.mutation<{ url: string; name: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append("file", file, file.name);
        return { url: "/cms/question-images", method: "POST", body };
      },
      transformResponse: unwrap<{ url: string; name: string }>,
    }),

    // ---- Error reports ----
    sendErrorReport: build.mutation<ErrorReport, ErrorReportCreate>({
      query: (body) => ({ url: "/front/error-reports", method: "POST", body }),
      transformResponse: unwrap<ErrorReport>,
      invalidatesTags: ["ErrorReports"],
    }),
    errorReports: build.query<ErrorReportPage, { offset: number; pageSize: number; status?: "open" | "resolved" | undefined }>({
      query: (params) => ({ url: "/cms/error-reports", params: params.status ? params : { offset: params.offset, pageSize: params.pageSize } }),
      transformResponse: unwrap<ErrorReportPage>,
      providesTags: ["ErrorReports"],
    }),
    updateErrorReport: build.mutation<ErrorReport, { guid: string; status: "open" | "resolved" }>({
      query: ({ guid, status }) => ({ url: `/cms/error-reports/${guid}`, method: "PATCH", body: { status } }),
      transformResponse: unwrap<ErrorReport>,
      invalidatesTags: ["ErrorReports"],
    }),
  }),
});

export const {
  useMyAttemptsQuery,
  useStartAttemptMutation,
  useAssessmentClosureQuery,
  useSetAssessmentClosureMutation,
  useAttemptQuery,
  useSaveAnswerMutation,
  useSubmitAttemptMutation,
  useUploadAttemptFileMutation,
  useAttemptResultQuery,
  useClassResultsQuery,
  useAssessmentIndividualResultsQuery,
  useGradeAnswerMutation,
  useAssessmentDetailQuery,
  useCreateAssessmentMutation,
  useUpdateAssessmentMutation,
  useAddQuestionMutation,
  useRemoveQuestionMutation,
  useQuestionQuery,
  useUpdateQuestionMutation,
  useCheckAnswerMutation,
  useUploadQuestionImageMutation,
  useSendErrorReportMutation,
  useErrorReportsQuery,
  useUpdateErrorReportMutation,
} = assessmentsApi;
