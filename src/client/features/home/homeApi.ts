import type { CoursesList, PublicationsList } from "../../../contracts/courses";
import type { PageQuery } from "../../../contracts/common";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** The home screen's data: the caller's classes and the publications (programs) they can use. */
export const homeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CoursesList, Partial<PageQuery> | void>({
      query: (page) => ({ url: "/front/courses", params: { offset: 0, pageSize: 100, ...(page ?? {}) } }),
      transformResponse: unwrap<CoursesList>,
      providesTags: ["Courses"],
    }),
    getPublications: build.query<PublicationsList, Partial<PageQuery> | void>({
      query: (page) => ({ url: "/front/publications", params: { offset: 0, pageSize: 100, ...(page ?? {}) } }),
      transformResponse: unwrap<PublicationsList>,
      providesTags: ["Publications"],
    }),
  }),
});

export const { useGetCoursesQuery, useGetPublicationsQuery } = homeApi;
