import type { CourseDetail, CourseMember, CourseMembers } from "../../../contracts/course-settings";
import type { StreamComment, StreamPage, StreamPost } from "../../../contracts/course-program";
import type { Success } from "../../../contracts/common";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** Posts per stream page ("Load more" fetches the next one). */
export const STREAM_PAGE_SIZE = 10;

/** POST /front/courses/:guid/key answers with the new key (contracts: ClassKeySchema). */
export type ClassKey = { classKey: string; classKeyExpiresAt: string | null };

type CourseArg = { guid: string };
type PostArg = CourseArg & { postGuid: string };

/**
 * The class pages' data (spec §2 /course/{guid}, §6 stream permissions): the class, its key,
 * its members and its stream. Stream writes patch the cached pages in place instead of refetching
 * them all, so a new post appears at once and "Load more" keeps its place.
 */
export const courseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCourse: build.query<CourseDetail, string>({
      query: (guid) => `/front/courses/${guid}`,
      transformResponse: unwrap<CourseDetail>,
      providesTags: (_result, _error, guid) => [{ type: "Course", id: guid }],
    }),
    regenerateClassKey: build.mutation<ClassKey, string>({
      query: (guid) => ({ url: `/front/courses/${guid}/key`, method: "POST" }),
      transformResponse: unwrap<ClassKey>,
      async onQueryStarted(guid, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          courseApi.util.updateQueryData("getCourse", guid, (draft) => {
            draft.classKey = data.classKey;
            draft.classKeyExpiresAt = data.classKeyExpiresAt;
          }),
        );
      },
    }),
    archiveCourse: build.mutation<void, string>({
      query: (guid) => ({ url: `/front/courses/${guid}`, method: "DELETE" }),
      invalidatesTags: ["Courses"],
    }),

    getCourseMembers: build.query<CourseMembers, string>({
      query: (guid) => `/front/courses/${guid}/members`,
      transformResponse: unwrap<CourseMembers>,
      providesTags: (_result, _error, guid) => [{ type: "Members", id: guid }],
    }),
    addCoteacher: build.mutation<CourseMember, CourseArg & { email: string }>({
      query: ({ guid, email }) => ({ url: `/front/courses/${guid}/coteachers`, method: "POST", body: { email } }),
      transformResponse: unwrap<CourseMember>,
      // The class's teacher count changes too.
      invalidatesTags: (_result, error, { guid }) => (error ? [] : [{ type: "Members", id: guid }, { type: "Course", id: guid }]),
    }),
    removeMember: build.mutation<void, CourseArg & { userGuid: string }>({
      query: ({ guid, userGuid }) => ({ url: `/front/courses/${guid}/members/${userGuid}`, method: "DELETE" }),
      invalidatesTags: (_result, error, { guid }) => (error ? [] : [{ type: "Members", id: guid }, { type: "Course", id: guid }, "Courses"]),
    }),

    getStream: build.infiniteQuery<StreamPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/front/courses/${queryArg}/stream`,
        params: { offset: pageParam, pageSize: STREAM_PAGE_SIZE },
      }),
      transformResponse: (body: Success<StreamPage>) => body.data,
      providesTags: (_result, _error, guid) => [{ type: "Stream", id: guid }],
    }),
    createStreamPost: build.mutation<StreamPost, CourseArg & { body: string }>({
      query: ({ guid, body }) => ({ url: `/front/courses/${guid}/stream`, method: "POST", body: { body } }),
      transformResponse: unwrap<StreamPost>,
      async onQueryStarted({ guid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          courseApi.util.updateQueryData("getStream", guid, (draft) => {
            const first = draft.pages[0];
            if (!first) return;
            first.items.unshift(data);
            draft.pages.forEach((page) => (page.total += 1));
          }),
        );
      },
    }),
    createStreamComment: build.mutation<StreamComment, PostArg & { body: string }>({
      query: ({ guid, postGuid, body }) => ({ url: `/front/courses/${guid}/stream/${postGuid}/comments`, method: "POST", body: { body } }),
      transformResponse: unwrap<StreamComment>,
      async onQueryStarted({ guid, postGuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          courseApi.util.updateQueryData("getStream", guid, (draft) => {
            draft.pages.forEach((page) => page.items.filter((p) => p.guid === postGuid).forEach((p) => p.comments.push(data)));
          }),
        );
      },
    }),
    deleteStreamPost: build.mutation<void, PostArg>({
      query: ({ guid, postGuid }) => ({ url: `/front/courses/${guid}/stream/${postGuid}`, method: "DELETE" }),
      async onQueryStarted({ guid, postGuid }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true).catch(() => false);
        if (!done) return;
        dispatch(
          courseApi.util.updateQueryData("getStream", guid, (draft) => {
            draft.pages.forEach((page) => {
              page.items = page.items.filter((p) => p.guid !== postGuid);
              page.total = Math.max(0, page.total - 1);
            });
          }),
        );
      },
    }),
    deleteStreamComment: build.mutation<void, PostArg & { commentGuid: string }>({
      query: ({ guid, postGuid, commentGuid }) => ({
        url: `/front/courses/${guid}/stream/${postGuid}/comments/${commentGuid}`,
        method: "DELETE",
      }),
      async onQueryStarted({ guid, postGuid, commentGuid }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true).catch(() => false);
        if (!done) return;
        dispatch(
          courseApi.util.updateQueryData("getStream", guid, (draft) => {
            draft.pages.forEach((page) =>
              page.items.filter((p) => p.guid === postGuid).forEach((p) => (p.comments = p.comments.filter((c) => c.guid !== commentGuid))),
            );
          }),
        );
      },
    }),
  }),
});

export const {
  useGetCourseQuery,
  useRegenerateClassKeyMutation,
  useArchiveCourseMutation,
  useGetCourseMembersQuery,
  useAddCoteacherMutation,
  useRemoveMemberMutation,
  useGetStreamInfiniteQuery,
  useCreateStreamPostMutation,
  useCreateStreamCommentMutation,
  useDeleteStreamPostMutation,
  useDeleteStreamCommentMutation,
} = courseApi;
