import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { CourseProgram } from "../../../contracts/course-program";
import type { CourseDetail, CourseMembers } from "../../../contracts/course-settings";
import type { ContentDetail, LessonDetail, LessonItem } from "../../../contracts/lessons";
import type { ProjectionSession, RemoteClaimResult } from "../../../contracts/projection";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import type { UnitLesson } from "./slides";

type LessonArg = { courseGuid: string; lessonGuid: string };

/** A unit to project: its visible lessons in program order, each with its published items. */
export type ProjectionUnit = { guid: string; title: string; lessons: UnitLesson[]; /** The caller sees the teacher's program. */ teacher: boolean };

const notFound: FetchBaseQueryError = { status: 404, data: { status: "error", error: { key: "NOT_FOUND", message: "Unit not found" } } };

/**
 * The projection's data (spec §2 projection routes, /remote/{shortToken}, /tools/{courseProjectGuid}).
 * Endpoint names carry a `projection` prefix so they never collide with the lesson, viewer and
 * course features' own endpoints for the same calls.
 */
export const projectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProjectionLesson: build.query<LessonDetail, LessonArg>({
      query: ({ courseGuid, lessonGuid }) => ({ url: `/front/lessons/${lessonGuid}`, params: { courseGuid } }),
      transformResponse: unwrap<LessonDetail>,
      providesTags: (_r, _e, { lessonGuid }) => [{ type: "Lesson", id: lessonGuid }],
    }),
    /** The lesson's items; the projection shows only the published ones. */
    getProjectionItems: build.query<LessonItem[], LessonArg>({
      query: ({ courseGuid, lessonGuid }) => ({ url: `/front/lessons/${lessonGuid}/items`, params: { courseGuid } }),
      transformResponse: (body: { data: LessonItem[] }) => body.data.filter((item) => item.status === "published"),
      providesTags: (_r, _e, { lessonGuid }) => [{ type: "LessonItems", id: `lesson:${lessonGuid}` }],
    }),
    getProjectionContent: build.query<ContentDetail, { guid: string; courseGuid?: string }>({
      query: ({ guid, courseGuid }) => ({ url: `/front/contents/${guid}`, params: courseGuid ? { courseGuid } : undefined }),
      transformResponse: unwrap<ContentDetail>,
      providesTags: (_r, _e, { guid }) => [{ type: "Contents", id: guid }],
    }),
    getProjectionProgram: build.query<CourseProgram, string>({
      query: (courseGuid) => `/front/courses/${courseGuid}/program`,
      transformResponse: unwrap<CourseProgram>,
      providesTags: (_r, _e, courseGuid) => [{ type: "Program", id: courseGuid }],
    }),
    /** The program, then every visible lesson's items (in parallel): one loading state for the whole unit. */
    getProjectionUnit: build.query<ProjectionUnit, { courseGuid: string; unitGuid: string }>({
      async queryFn({ courseGuid, unitGuid }, _api, _extra, baseQuery) {
        const program = await baseQuery(`/front/courses/${courseGuid}/program`);
        if (program.error) return { error: program.error };
        const { view, publications } = (program.data as { data: CourseProgram }).data;
        const units = publications.flatMap((p) => p.units);
        const unit = units.find((u) => u.guid === unitGuid);
        if (!unit) return { error: notFound };
        const visible = unit.lessons.filter((l) => !l.hidden).sort((a, b) => a.order - b.order);
        const answers = await Promise.all(
          visible.map((l) => baseQuery({ url: `/front/lessons/${l.guid}/items`, params: { courseGuid } })),
        );
        const failed = answers.find((a) => a.error);
        if (failed?.error) return { error: failed.error };
        const lessons = visible.map((l, i) => ({
          guid: l.guid,
          title: l.title,
          items: ((answers[i]?.data as { data: LessonItem[] } | undefined)?.data ?? []).filter((item) => item.status === "published"),
        }));
        return { data: { guid: unit.guid, title: unit.title, lessons, teacher: view === "teacher" } };
      },
      providesTags: (_r, _e, { courseGuid }) => [{ type: "Program", id: courseGuid }, "LessonItems"],
    }),
    getProjectionCourse: build.query<CourseDetail, string>({
      query: (courseGuid) => `/front/courses/${courseGuid}`,
      transformResponse: unwrap<CourseDetail>,
      providesTags: (_r, _e, courseGuid) => [{ type: "Course", id: courseGuid }],
    }),
    getProjectionMembers: build.query<CourseMembers, string>({
      query: (courseGuid) => `/front/courses/${courseGuid}/members`,
      transformResponse: unwrap<CourseMembers>,
      providesTags: (_r, _e, courseGuid) => [{ type: "Members", id: courseGuid }],
    }),
    createProjectionSession: build.mutation<ProjectionSession, LessonArg>({
      query: (body) => ({ url: "/projection/sessions", method: "POST", body }),
      transformResponse: unwrap<ProjectionSession>,
    }),
    /** "Generate another URL": a new one-time token; the previous phone loses the remote. */
    regenerateProjectionToken: build.mutation<ProjectionSession, string>({
      query: (sessionId) => ({ url: `/projection/sessions/${sessionId}/token`, method: "POST" }),
      transformResponse: unwrap<ProjectionSession>,
    }),
    claimProjectionRemote: build.mutation<RemoteClaimResult, string>({
      query: (shortToken) => ({ url: `/projection/remote/${encodeURIComponent(shortToken)}/claim`, method: "POST" }),
      transformResponse: unwrap<RemoteClaimResult>,
    }),
  }),
});

export const {
  useGetProjectionLessonQuery,
  useGetProjectionItemsQuery,
  useGetProjectionContentQuery,
  useGetProjectionProgramQuery,
  useGetProjectionUnitQuery,
  useGetProjectionCourseQuery,
  useGetProjectionMembersQuery,
  useCreateProjectionSessionMutation,
  useRegenerateProjectionTokenMutation,
  useClaimProjectionRemoteMutation,
} = projectionApi;
