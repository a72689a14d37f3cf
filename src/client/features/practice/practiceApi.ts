import type { ClassKc } from "../../../contracts/learning-base";
import type {
  GenerateActivities,
  PracticeActivity,
  PracticeAnswer,
  PracticeAssignment,
  PracticeAssignmentCreate,
  PracticeSession,
  PracticeSessionItem,
  PracticeSummary,
  Recommendation,
  UnitRecommendation,
} from "../../../contracts/practice";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import { formatIso, numberFormat } from "../../i18n/format";

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Practice", "PracticeSets"] });
const enc = encodeURIComponent;

/** Student practice and the teacher's practice sets (src/server/modules/practice, ADR 0035). */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A class's cards (courseGuid) or the home page's, across the student's classes (null). */
    getRecommendations: build.query<{ items: Recommendation[] }, string | null>({
      query: (courseGuid) => `/front/practice/recommendations${courseGuid ? `?courseGuid=${enc(courseGuid)}` : ""}`,
      transformResponse: unwrap<{ items: Recommendation[] }>,
      providesTags: ["Practice"],
    }),
    getPracticeSessions: build.query<{ items: PracticeSessionItem[] }, void>({
      query: () => "/front/practice/sessions",
      transformResponse: unwrap<{ items: PracticeSessionItem[] }>,
      providesTags: ["Practice"],
    }),
    getPracticeSession: build.query<PracticeSession, string>({
      query: (guid) => `/front/practice/sessions/${enc(guid)}`,
      transformResponse: unwrap<PracticeSession>,
    }),
    generatePractice: build.mutation<{ sessionId: string; activities: Array<{ exerciseId: string; activityInstanceId: string }> }, GenerateActivities>({
      query: (body) => ({ url: "/front/practice/activities-generation", method: "POST", body }),
      transformResponse: unwrap<{ sessionId: string; activities: Array<{ exerciseId: string; activityInstanceId: string }> }>,
      invalidatesTags: ["Practice"],
    }),
    /** One try; the session in the cache takes the activity as the server returns it. */
    answerActivity: build.mutation<PracticeActivity, PracticeAnswer & { sessionGuid: string; activityGuid: string }>({
      query: ({ sessionGuid, activityGuid, ...body }) => ({ url: `/front/practice/sessions/${enc(sessionGuid)}/activities/${enc(activityGuid)}`, method: "PUT", body }),
      transformResponse: unwrap<PracticeActivity>,
      async onQueryStarted({ sessionGuid }, { dispatch, queryFulfilled }) {
        // A refused try changes nothing (the player shows why).
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          practiceApi.util.updateQueryData("getPracticeSession", sessionGuid, (draft) => {
            draft.activities = draft.activities.map((a) => (a.activityInstanceId === data.activityInstanceId ? data : a));
            if (draft.state === "not_started") draft.state = "in_progress";
          }),
        );
      },
    }),
    completePractice: build.mutation<PracticeSummary, string>({
      query: (guid) => ({ url: `/front/practice/sessions/${enc(guid)}/complete`, method: "POST" }),
      transformResponse: unwrap<PracticeSummary>,
      invalidatesTags: ["Practice"],
    }),
    getPracticeSummary: build.query<PracticeSummary, string>({
      query: (guid) => `/front/practice/sessions/${enc(guid)}/summary`,
      transformResponse: unwrap<PracticeSummary>,
    }),
    /** The units and lessons to revisit: the caller's own (students) or one student's (teachers). */
    getUnitRecommendations: build.query<{ items: UnitRecommendation[] }, { courseGuid: string; studentGuid?: string }>({
      query: ({ courseGuid, studentGuid }) => `/front/courses/${enc(courseGuid)}/unit-recommendations${studentGuid ? `?studentGuid=${enc(studentGuid)}` : ""}`,
      transformResponse: unwrap<{ items: UnitRecommendation[] }>,
      providesTags: ["Practice"],
    }),
    getClassKcs: build.query<{ items: ClassKc[] }, string>({
      query: (courseGuid) => `/front/courses/${enc(courseGuid)}/kcs`,
      transformResponse: unwrap<{ items: ClassKc[] }>,
    }),
    getPracticeSets: build.query<{ items: PracticeAssignment[] }, string>({
      query: (courseGuid) => `/front/courses/${enc(courseGuid)}/practice-assignments`,
      transformResponse: unwrap<{ items: PracticeAssignment[] }>,
      providesTags: ["PracticeSets"],
    }),
    createPracticeSet: build.mutation<PracticeAssignment, PracticeAssignmentCreate & { courseGuid: string }>({
      query: ({ courseGuid, ...body }) => ({ url: `/front/courses/${enc(courseGuid)}/practice-assignments`, method: "POST", body }),
      transformResponse: unwrap<PracticeAssignment>,
      invalidatesTags: ["PracticeSets"],
    }),
    deletePracticeSet: build.mutation<null, { courseGuid: string; assignmentGuid: string }>({
      query: ({ courseGuid, assignmentGuid }) => ({ url: `/front/courses/${enc(courseGuid)}/practice-assignments/${enc(assignmentGuid)}`, method: "DELETE" }),
      invalidatesTags: ["PracticeSets"],
    }),
  }),
});

export const {
  useGetRecommendationsQuery,
  useGetPracticeSessionsQuery,
  useGetPracticeSessionQuery,
  useGeneratePracticeMutation,
  useAnswerActivityMutation,
  useCompletePracticeMutation,
  useGetPracticeSummaryQuery,
  useGetUnitRecommendationsQuery,
  useGetClassKcsQuery,
  useGetPracticeSetsQuery,
  useCreatePracticeSetMutation,
  useDeletePracticeSetMutation,
} = practiceApi;

/** A KC's name in the reader's language (the map names it in the five), else Spanish, else its code. */
export const kcName = (kc: { code: string; names: Record<string, string> }, language: string): string =>
  kc.names[language.slice(0, 2)] ?? kc.names.es ?? kc.code;

export const activityPath = (sessionGuid: string, activityGuid: string) => `/activities/sessions/${sessionGuid}/activities/${activityGuid}`;
export const summaryPath = (sessionGuid: string) => `/activities/sessions/${sessionGuid}/summary`;

/** "72 %" in the reader's language and region. */
export const percentText = (x: number, language: string): string => numberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(x);
/** "27 nov 2026" in the reader's language and region. */
export const dayText = (iso: string, language: string): string => formatIso(iso, language, { dateStyle: "medium" });
