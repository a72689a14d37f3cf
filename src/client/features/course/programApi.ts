import type {
  CourseProgram,
  CourseResources,
  Gradebook,
  GradebookScope,
  ProgramOrder,
  ResourceGroupDetail,
} from "../../../contracts/course-program";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import { hideItem, reorderItems, type ProgramItemScope } from "./program/programRules";

/*
 * A class's program, gradebook and resources (spec §2 /course/{guid}/program, grades, resources).
 * Hide/show and reorder are optimistic: the cached teacher view changes at once, the server's answer
 * (the whole new program) replaces it, and a failure puts the cache back as it was. The caller
 * shows the error toast (it has the translations).
 */

export type ProgramArgs = { guid: string; studentView: boolean };
export type GradebookArgs = { guid: string; scope: GradebookScope; programGuid?: string };
export type VisibilityArgs = { guid: string; scope: ProgramItemScope; itemGuid: string; hidden: boolean };
export type OrderArgs = { guid: string } & ProgramOrder;
export type ResetArgs = { guid: string; publicationGuid?: string };

/** The student view has its own cache entry and tag: teachers' changes invalidate it. */
const programTag = (guid: string, studentView: boolean) => ({ type: "Program" as const, id: studentView ? `${guid}:student` : guid });
/** What a program change makes stale besides the teacher view it rewrites. */
const staleAfterChange = (guid: string) => [
  programTag(guid, true),
  { type: "Resources" as const, id: guid },
  { type: "Gradebook" as const, id: guid },
];

export const programApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProgram: build.query<CourseProgram, ProgramArgs>({
      query: ({ guid, studentView }) => ({
        url: `/front/courses/${guid}/program`,
        params: studentView ? { view: "student" } : undefined,
      }),
      transformResponse: unwrap<CourseProgram>,
      providesTags: (_r, _e, { guid, studentView }) => [programTag(guid, studentView)],
    }),

    /** PATCH .../program/units/:unitGuid or .../lessons/:lessonGuid { hidden }. */
    setProgramVisibility: build.mutation<CourseProgram, VisibilityArgs>({
      query: ({ guid, scope, itemGuid, hidden }) => ({
        url: `/front/courses/${guid}/program/${scope}/${itemGuid}`,
        method: "PATCH",
        body: { hidden },
      }),
      transformResponse: unwrap<CourseProgram>,
      invalidatesTags: (_r, error, { guid }) => (error ? [] : staleAfterChange(guid)),
      async onQueryStarted({ guid, scope, itemGuid, hidden }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          programApi.util.updateQueryData("getProgram", { guid, studentView: false }, (draft) => hideItem(draft, scope, itemGuid, hidden)),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(programApi.util.updateQueryData("getProgram", { guid, studentView: false }, () => data));
        } catch {
          patch.undo();
        }
      },
    }),

    /** PUT .../program/order: the complete new order of one publication's units or one unit's lessons. */
    reorderProgram: build.mutation<CourseProgram, OrderArgs>({
      query: ({ guid, ...body }) => ({ url: `/front/courses/${guid}/program/order`, method: "PUT", body }),
      transformResponse: unwrap<CourseProgram>,
      invalidatesTags: (_r, error, { guid }) => (error ? [] : staleAfterChange(guid)),
      async onQueryStarted({ guid, scope, parentGuid, order }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          programApi.util.updateQueryData("getProgram", { guid, studentView: false }, (draft) =>
            reorderItems(draft, scope, parentGuid, order),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(programApi.util.updateQueryData("getProgram", { guid, studentView: false }, () => data));
        } catch {
          patch.undo();
        }
      },
    }),

    /** DELETE .../program/personalisation: back to the publisher's order and visibility. */
    resetProgram: build.mutation<CourseProgram, ResetArgs>({
      query: ({ guid, publicationGuid }) => ({
        url: `/front/courses/${guid}/program/personalisation`,
        method: "DELETE",
        params: publicationGuid ? { publicationGuid } : undefined,
      }),
      transformResponse: unwrap<CourseProgram>,
      invalidatesTags: (_r, error, { guid }) => (error ? [] : staleAfterChange(guid)),
      async onQueryStarted({ guid }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(programApi.util.updateQueryData("getProgram", { guid, studentView: false }, () => data));
        } catch {
          // The dialog reports the failure.
        }
      },
    }),

    getGradebook: build.query<Gradebook, GradebookArgs>({
      query: ({ guid, scope, programGuid }) => ({
        url: `/front/courses/${guid}/gradebook`,
        params: programGuid && scope === "program" ? { scope, programGuid } : { scope },
      }),
      transformResponse: unwrap<Gradebook>,
      providesTags: (_r, _e, { guid }) => [{ type: "Gradebook", id: guid }],
    }),

    getResources: build.query<CourseResources, string>({
      query: (guid) => `/front/courses/${guid}/resources`,
      transformResponse: unwrap<CourseResources>,
      providesTags: (_r, _e, guid) => [{ type: "Resources", id: guid }],
    }),

    getResourceGroup: build.query<ResourceGroupDetail, { guid: string; sectionGuid: string; groupGuid: string }>({
      query: ({ guid, sectionGuid, groupGuid }) => `/front/courses/${guid}/resources/${sectionGuid}/${groupGuid}`,
      transformResponse: unwrap<ResourceGroupDetail>,
      providesTags: (_r, _e, { guid }) => [{ type: "Resources", id: guid }],
    }),
  }),
});

export const {
  useGetProgramQuery,
  useSetProgramVisibilityMutation,
  useReorderProgramMutation,
  useResetProgramMutation,
  useGetGradebookQuery,
  useGetResourcesQuery,
  useGetResourceGroupQuery,
} = programApi;
