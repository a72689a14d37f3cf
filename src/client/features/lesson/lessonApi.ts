import type { z } from "zod";
import type {
  CmsContentsQuerySchema,
  Consumption,
  ContentCreate,
  ContentDetail,
  ContentPage,
  LessonDetail,
  LessonItem,
  LessonItemCreate,
  LessonItemsBatch,
  LessonItemUpdate,
  ResourceMaterial,
  ResourceMaterialCreateSchema,
  ResourceMaterialUpdateSchema,
  UploadTarget,
} from "../../../contracts/lessons";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/*
 * The lesson page's data (spec §2 lesson routes, §3 lesson items, §4 publication, §7
 * front/lessons, front/lesson-items, cms/contents, lms/resource-materials, consumptions).
 * Reordering is optimistic: the cached list changes at once and goes back if the server refuses.
 * Item updates are not: a failed save keeps the form as the teacher typed it (spec §8 toast).
 */

export type LessonArgs = { lessonGuid: string; courseGuid: string; studentView: boolean };
export type CmsContentsArgs = Partial<z.input<typeof CmsContentsQuerySchema>>;
export type ItemUpdateArgs = { guid: string; lessonGuid: string; body: LessonItemUpdate };
export type ItemDeleteArgs = { guid: string; lessonGuid: string };
export type ResourceCreateArgs = z.input<typeof ResourceMaterialCreateSchema>;
export type ResourceUpdateArgs = { guid: string; courseGuid: string; body: z.input<typeof ResourceMaterialUpdateSchema> };

/** One tag for a lesson's list in either view: a teacher's change makes both stale. */
const listTag = (lessonGuid: string) => ({ type: "LessonItems" as const, id: `list:${lessonGuid}` });
const viewParams = (courseGuid: string, studentView: boolean) => (studentView ? { courseGuid, view: "student" } : { courseGuid });

/** The guids' order applied to the cached items (unknown guids keep their place at the end). */
export function orderItems(items: readonly LessonItem[], order: readonly string[]): LessonItem[] {
  const at = new Map(order.map((guid, i) => [guid, i]));
  return [...items]
    .sort((a, b) => (at.get(a.guid) ?? Infinity) - (at.get(b.guid) ?? Infinity))
    .map((item, i) => ({ ...item, position: i + 1 }));
}

export const lessonApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLesson: build.query<LessonDetail, LessonArgs>({
      query: ({ lessonGuid, courseGuid, studentView }) => ({ url: `/front/lessons/${lessonGuid}`, params: viewParams(courseGuid, studentView) }),
      transformResponse: unwrap<LessonDetail>,
      providesTags: (_r, _e, { lessonGuid }) => [{ type: "Lesson", id: lessonGuid }],
    }),

    getLessonItems: build.query<LessonItem[], LessonArgs>({
      query: ({ lessonGuid, courseGuid, studentView }) => ({
        url: `/front/lessons/${lessonGuid}/items`,
        params: viewParams(courseGuid, studentView),
      }),
      transformResponse: (body: { data: LessonItem[] }) => [...body.data].sort((a, b) => a.position - b.position),
      providesTags: (_r, _e, { lessonGuid }) => [listTag(lessonGuid)],
    }),

    getLessonItem: build.query<LessonItem, string>({
      query: (guid) => `/front/lesson-items/${guid}`,
      transformResponse: unwrap<LessonItem>,
      providesTags: (_r, _e, guid) => [{ type: "LessonItems", id: guid }],
    }),

    createLessonItem: build.mutation<LessonItem, LessonItemCreate>({
      query: (body) => ({ url: "/front/lesson-items", method: "POST", body }),
      transformResponse: unwrap<LessonItem>,
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [listTag(lessonGuid)]),
    }),

    updateLessonItem: build.mutation<LessonItem, ItemUpdateArgs>({
      query: ({ guid, body }) => ({ url: `/front/lesson-items/${guid}`, method: "PUT", body }),
      transformResponse: unwrap<LessonItem>,
      invalidatesTags: (_r, error, { guid, lessonGuid }) => (error ? [] : [listTag(lessonGuid), { type: "LessonItems", id: guid }]),
    }),

    deleteLessonItem: build.mutation<void, ItemDeleteArgs>({
      query: ({ guid }) => ({ url: `/front/lesson-items/${guid}`, method: "DELETE" }),
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [listTag(lessonGuid)]),
    }),

    /** POST front/lesson-items-batch with the complete new order; the teacher's cached list moves first. */
    reorderLessonItems: build.mutation<unknown, LessonItemsBatch & { order: string[] }>({
      query: (body) => ({ url: "/front/lesson-items-batch", method: "POST", body }),
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [listTag(lessonGuid)]),
      async onQueryStarted({ courseGuid, lessonGuid, order }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          lessonApi.util.updateQueryData("getLessonItems", { lessonGuid, courseGuid, studentView: false }, (draft) => orderItems(draft, order)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),

    /** GET front/contents/:guid: what the inline viewer shows. */
    getLessonContent: build.query<ContentDetail, { contentGuid: string; courseGuid: string }>({
      query: ({ contentGuid, courseGuid }) => ({ url: `/front/contents/${contentGuid}`, params: { courseGuid } }),
      transformResponse: unwrap<ContentDetail>,
      providesTags: (_r, _e, { contentGuid }) => [{ type: "Contents", id: contentGuid }],
    }),

    recordConsumption: build.mutation<unknown, Consumption>({
      query: (body) => ({ url: "/consumptions", method: "POST", body }),
      // The list shows the caller's progress.
      invalidatesTags: (_r, error) => (error ? [] : ["LessonItems"]),
    }),

    getCmsContents: build.query<ContentPage, CmsContentsArgs>({
      query: (params) => ({ url: "/cms/contents", params }),
      transformResponse: unwrap<ContentPage>,
      providesTags: ["CmsContents"],
    }),

    createContent: build.mutation<ContentDetail, ContentCreate>({
      query: (body) => ({ url: "/cms/contents", method: "POST", body }),
      transformResponse: unwrap<ContentDetail>,
      invalidatesTags: (_r, error) => (error ? [] : ["CmsContents"]),
    }),

    getUploadTarget: build.query<UploadTarget, string>({
      query: (contentGuid) => `/cms/contents/${contentGuid}/content/upload`,
      transformResponse: unwrap<UploadTarget>,
      keepUnusedDataFor: 0,
    }),

    getResourceMaterials: build.query<ResourceMaterial[], string>({
      query: (courseGuid) => ({ url: "/lms/resource-materials", params: { courseGuid } }),
      transformResponse: (body: { data: ResourceMaterial[] }) => [...body.data].sort((a, b) => a.position - b.position),
      providesTags: (_r, _e, courseGuid) => [{ type: "ResourceMaterials", id: courseGuid }],
    }),

    createResourceMaterial: build.mutation<ResourceMaterial, ResourceCreateArgs>({
      query: (body) => ({ url: "/lms/resource-materials", method: "POST", body }),
      transformResponse: unwrap<ResourceMaterial>,
      invalidatesTags: (_r, error, { courseGuid }) => (error ? [] : [{ type: "ResourceMaterials", id: courseGuid }]),
    }),

    updateResourceMaterial: build.mutation<ResourceMaterial, ResourceUpdateArgs>({
      query: ({ guid, body }) => ({ url: `/lms/resource-materials/${guid}`, method: "PATCH", body }),
      transformResponse: unwrap<ResourceMaterial>,
      invalidatesTags: (_r, error, { courseGuid }) => (error ? [] : [{ type: "ResourceMaterials", id: courseGuid }]),
    }),

    deleteResourceMaterial: build.mutation<void, { guid: string; courseGuid: string }>({
      query: ({ guid }) => ({ url: `/lms/resource-materials/${guid}`, method: "DELETE" }),
      invalidatesTags: (_r, error, { courseGuid }) => (error ? [] : [{ type: "ResourceMaterials", id: courseGuid }]),
    }),
  }),
});

export const {
  useGetLessonQuery,
  useGetLessonItemsQuery,
  useGetLessonItemQuery,
  useCreateLessonItemMutation,
  useUpdateLessonItemMutation,
  useDeleteLessonItemMutation,
  useReorderLessonItemsMutation,
  useGetLessonContentQuery,
  useRecordConsumptionMutation,
  useGetCmsContentsQuery,
  useCreateContentMutation,
  useLazyGetUploadTargetQuery,
  useGetResourceMaterialsQuery,
  useCreateResourceMaterialMutation,
  useUpdateResourceMaterialMutation,
  useDeleteResourceMaterialMutation,
} = lessonApi;
