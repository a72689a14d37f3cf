import type { PublicationPreview } from "../../../contracts/publication-preview";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** A publication's preview (home Programs tab -> /publication/{guid}) and adding it to one of the teacher's classes. */
export const publicationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicationPreview: build.query<PublicationPreview, string>({
      query: (guid) => ({ url: `/front/publications/${guid}/preview` }),
      transformResponse: unwrap<PublicationPreview>,
      providesTags: (_result, _error, guid) => [{ type: "Publications", id: guid }],
    }),
    addPublicationToCourse: build.mutation<void, { courseGuid: string; publicationGuid: string }>({
      query: ({ courseGuid, publicationGuid }) => ({ url: `/front/courses/${courseGuid}/publications`, method: "POST", body: { publicationGuid } }),
      // The class cards list their publications; the class page and its program show them too.
      invalidatesTags: (_result, _error, { courseGuid }) => ["Courses", { type: "Course", id: courseGuid }, { type: "Program", id: courseGuid }],
    }),
  }),
});

export const { useGetPublicationPreviewQuery, useAddPublicationToCourseMutation } = publicationApi;
