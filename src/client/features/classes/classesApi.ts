import type { CourseCard } from "../../../contracts/courses";
import type { AvailablePublication, CourseDetail, CourseForm, JoinCourse } from "../../../contracts/course-settings";
import type { Country } from "../../../contracts/constants";
import type { Organization } from "../../../contracts/organization";
import type { Discipline, EducationLevel } from "../../../contracts/reference";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

export type JoinCourseResult = { course: CourseCard; alreadyMember: boolean };

/** The new-class flow's data: school flags, reference lists, publications, create / edit / join. */
export const classesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrganization: build.query<Organization, void>({
      query: () => "/organization",
      transformResponse: unwrap<Organization>,
      providesTags: ["Organization"],
    }),
    getEducationLevels: build.query<EducationLevel[], Country | undefined>({
      query: (country) => ({ url: "/education-levels", params: country ? { country } : undefined }),
      transformResponse: unwrap<EducationLevel[]>,
      // Reference lists change with a new curriculum, not during a visit.
      keepUnusedDataFor: 60 * 60,
    }),
    getDisciplines: build.query<Discipline[], void>({
      query: () => "/disciplines",
      transformResponse: unwrap<Discipline[]>,
      keepUnusedDataFor: 60 * 60,
    }),
    getAvailablePublications: build.query<{ items: AvailablePublication[] }, void>({
      query: () => "/front/publications/available",
      transformResponse: unwrap<{ items: AvailablePublication[] }>,
      providesTags: ["AvailablePublications"],
    }),
    createCourse: build.mutation<CourseDetail, CourseForm>({
      query: (body) => ({ url: "/front/courses", method: "POST", body }),
      transformResponse: unwrap<CourseDetail>,
      invalidatesTags: ["Courses"],
    }),
    updateCourse: build.mutation<CourseDetail, { guid: string; body: CourseForm }>({
      query: ({ guid, body }) => ({ url: `/front/courses/${guid}`, method: "PUT", body }),
      transformResponse: unwrap<CourseDetail>,
      invalidatesTags: ["Course", "Courses", "Program", "Resources", "Gradebook", "Members"],
    }),
    joinCourse: build.mutation<JoinCourseResult, JoinCourse>({
      query: (body) => ({ url: "/front/courses/join", method: "POST", body }),
      transformResponse: unwrap<JoinCourseResult>,
      invalidatesTags: ["Courses"],
    }),
  }),
});

export const {
  useGetOrganizationQuery,
  useGetEducationLevelsQuery,
  useGetDisciplinesQuery,
  useGetAvailablePublicationsQuery,
  useCreateCourseMutation,
  useUpdateCourseMutation,
  useJoinCourseMutation,
} = classesApi;
