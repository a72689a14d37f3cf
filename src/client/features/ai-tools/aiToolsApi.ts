import {
  TOOL_HISTORY_PAGE,
  type ClassroomEnergizerRequest,
  type LessonContentForTools,
  type LessonPlanRequest,
  type QuestionGeneratorRequest,
  type RealWorldConnectionRequest,
  type RubricGeneratorRequest,
  type StudentFeedbackRequest,
  type StudentWork,
  type TextLevelAdapterRequest,
  type TextTranslatorRequest,
  type ToolCatalogue,
  type ToolHistoryPage,
  type ToolInstance,
  type VocabularyCreatorRequest,
} from "../../../contracts/teacher-tools-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** The tools that have a form and a route on the server (catalogue.ts lists the same). */
export type RunToolArg =
  | { tool: "text-level-adapter"; body: TextLevelAdapterRequest }
  | { tool: "vocabulary-creator"; body: VocabularyCreatorRequest }
  | { tool: "text-translator"; body: TextTranslatorRequest }
  | { tool: "real-world-connection"; body: RealWorldConnectionRequest }
  | { tool: "classroom-energizer"; body: ClassroomEnergizerRequest }
  | { tool: "question-generator"; body: QuestionGeneratorRequest }
  | { tool: "lesson-plan-generator"; body: LessonPlanRequest }
  | { tool: "rubric-generator"; body: RubricGeneratorRequest }
  | { tool: "student-feedback"; body: StudentFeedbackRequest };

/** POST /api/teacher-tools/instances/{guid}/add-to-assessment: the chosen questions (positions in the result), all or none. */
export type AddToAssessmentArg = { instanceId: string; assessmentGuid: string; questions: number[] };
export type AddToAssessmentResult = { assessmentGuid: string; questionGuids: string[] };

export type LessonRef = { courseGuid: string; lessonGuid: string };
/** A student of one of the teacher's classes (the student feedback's work list). */
export type StudentRef = { courseGuid: string; studentGuid: string };

/** The history page's offset from ?offset= (a multiple of the page size, from 0). */
export function historyOffsetOf(search: URLSearchParams): number {
  const n = Number(search.get("offset") ?? 0);
  return Number.isInteger(n) && n > 0 ? n - (n % TOOL_HISTORY_PAGE) : 0;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ["ToolHistory", "ToolInstance"] });

/** The teacher AI tools (src/server/modules/teacher-tools, ADR 0039). */
export const aiToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getToolCatalogue: build.query<ToolCatalogue, void>({
      query: () => "/teacher-tools",
      transformResponse: unwrap<ToolCatalogue>,
      // The provider changes with the server's configuration, not during a visit.
      keepUnusedDataFor: 10 * 60,
    }),
    runTool: build.mutation<ToolInstance, RunToolArg>({
      query: ({ tool, body }) => ({ url: `/teacher-tools/${tool}`, method: "POST", body }),
      transformResponse: unwrap<ToolInstance>,
      invalidatesTags: ["ToolHistory"],
    }),
    getToolHistory: build.query<ToolHistoryPage, number>({
      query: (offset) => ({ url: "/teacher-tools/history", params: { limit: TOOL_HISTORY_PAGE, offset } }),
      transformResponse: unwrap<ToolHistoryPage>,
      providesTags: ["ToolHistory"],
    }),
    getToolInstance: build.query<ToolInstance, string>({
      query: (guid) => `/teacher-tools/instances/${encodeURIComponent(guid)}`,
      transformResponse: unwrap<ToolInstance>,
      providesTags: (_r, _e, guid) => [{ type: "ToolInstance", id: guid }],
    }),
    deleteToolInstance: build.mutation<null, string>({
      query: (guid) => ({ url: `/teacher-tools/instances/${encodeURIComponent(guid)}`, method: "DELETE" }),
      // Only the history: the deleted instance's page is left, not asked again.
      invalidatesTags: ["ToolHistory"],
    }),
    addToAssessment: build.mutation<AddToAssessmentResult, AddToAssessmentArg>({
      query: ({ instanceId, assessmentGuid, questions }) => ({
        url: `/teacher-tools/instances/${encodeURIComponent(instanceId)}/add-to-assessment`,
        method: "POST",
        body: { assessmentGuid, questions },
      }),
      transformResponse: unwrap<AddToAssessmentResult>,
      // The assessment's editor shows the new questions when opened.
      invalidatesTags: (_r, error, { assessmentGuid }) => (error ? [] : [{ type: "Assessments" as const, id: assessmentGuid }]),
    }),
    getToolLessonContent: build.query<LessonContentForTools, LessonRef>({
      query: ({ courseGuid, lessonGuid }) => `/teacher-tools/courses/${encodeURIComponent(courseGuid)}/lessons/${encodeURIComponent(lessonGuid)}/content`,
      transformResponse: unwrap<LessonContentForTools>,
    }),
    getToolStudentWork: build.query<StudentWork, StudentRef>({
      query: ({ courseGuid, studentGuid }) => `/teacher-tools/courses/${encodeURIComponent(courseGuid)}/students/${encodeURIComponent(studentGuid)}/work`,
      transformResponse: unwrap<StudentWork>,
      // A hand-in or a grade can arrive while the teacher is on the form.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetToolCatalogueQuery,
  useRunToolMutation,
  useGetToolHistoryQuery,
  useGetToolInstanceQuery,
  useLazyGetToolInstanceQuery,
  useDeleteToolInstanceMutation,
  useAddToAssessmentMutation,
  useLazyGetToolLessonContentQuery,
  useGetToolStudentWorkQuery,
} = aiToolsApi;
