import type { Consumption, ContentDetail, LessonItem } from "../../../contracts/lessons";
import type { IndividualResults, ItemResults, ScormCommit, ScormRuntime, XapiLaunchResult } from "../../../contracts/records";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

type ContentArg = { guid: string; courseGuid?: string };
type RuntimeArg = { courseGuid: string; contentGuid: string };
export type ResultsKind = "scorm" | "xapi";

/**
 * The viewers' data (spec §2 viewer, single-activity and results routes; §7 scorm/xapi calls).
 * Endpoint names carry a `viewer` prefix so they never collide with the lesson feature's own.
 */
export const viewersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    viewerContent: build.query<ContentDetail, ContentArg>({
      query: ({ guid, courseGuid }) => ({ url: `/front/contents/${guid}`, params: courseGuid ? { courseGuid } : undefined }),
      transformResponse: unwrap<ContentDetail>,
      providesTags: (_r, _e, { guid }) => [{ type: "Contents", id: guid }],
    }),
    viewerLessonItem: build.query<LessonItem, string>({
      query: (guid) => `/front/lesson-items/${guid}`,
      transformResponse: unwrap<LessonItem>,
      providesTags: (_r, _e, guid) => [{ type: "LessonItems", id: guid }],
    }),
    viewerConsumption: build.mutation<void, Consumption>({
      query: (body) => ({ url: "/consumptions", method: "POST", body }),
      invalidatesTags: ["LessonItems"],
    }),
    scormRuntime: build.query<ScormRuntime, RuntimeArg>({
      query: ({ courseGuid, contentGuid }) => `/scorm/runtime/${courseGuid}/${contentGuid}`,
      transformResponse: unwrap<ScormRuntime>,
      // Each launch starts from what the server holds now.
      keepUnusedDataFor: 0,
    }),
    scormCommit: build.mutation<void, RuntimeArg & { commit: ScormCommit }>({
      query: ({ courseGuid, contentGuid, commit }) => ({ url: `/scorm/runtime/${courseGuid}/${contentGuid}`, method: "PUT", body: commit }),
      invalidatesTags: ["Results"],
    }),
    xapiLaunch: build.mutation<XapiLaunchResult, RuntimeArg>({
      query: (body) => ({ url: "/xapi/launch", method: "POST", body }),
      transformResponse: unwrap<XapiLaunchResult>,
    }),
    itemResults: build.query<ItemResults, { kind: ResultsKind; itemGuid: string }>({
      query: ({ kind, itemGuid }) => `/front/results/${kind}/${itemGuid}`,
      transformResponse: unwrap<ItemResults>,
      providesTags: (_r, _e, { itemGuid }) => [{ type: "Results", id: itemGuid }],
    }),
    individualResults: build.query<IndividualResults, { kind: ResultsKind; itemGuid: string; userGuid: string }>({
      query: ({ kind, itemGuid, userGuid }) => `/front/results/${kind}/${itemGuid}/users/${userGuid}`,
      transformResponse: unwrap<IndividualResults>,
      providesTags: (_r, _e, { itemGuid, userGuid }) => [{ type: "Results", id: `${itemGuid}/${userGuid}` }],
    }),
  }),
});

export const {
  useViewerContentQuery,
  useViewerLessonItemQuery,
  useViewerConsumptionMutation,
  useScormRuntimeQuery,
  useScormCommitMutation,
  useXapiLaunchMutation,
  useItemResultsQuery,
  useIndividualResultsQuery,
} = viewersApi;
