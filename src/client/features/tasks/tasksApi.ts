import type { JobComment, JobDetail, TaskCreate, TaskDetail, TaskListPage, TaskPage, TaskUpdate } from "../../../contracts/tasks";
import { TASKS_PAGE_SIZE, type JobAction, type TaskAmounts, type TaskTab } from "../../../contracts/tasks-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/*
 * Tasks and hand-ins (issue 14; spec §7 "Tasks and records"). The tags: "Tasks" (every list page),
 * "TaskCounts" (the badges), "Job" (one job's detail) and "LessonTasks" (which items of a lesson are
 * assigned). A change to a job refreshes the lists, the counts and that job; assigning refreshes the
 * lesson's assignments and the lists.
 */

export type TasksArg = { tab: TaskTab; offset: number; pageSize: number };
export type LessonTasksArg = { courseGuid: string; lessonGuid: string };
export type GradeBody = { score: number; feedback?: string };
export type JobUpdateArg = { guid: string; body: { action: JobAction } | GradeBody };

/** The lesson's assignments come in one page: a lesson holds far fewer items than this. */
export const LESSON_TASKS_PAGE_SIZE = 100;

/** The first page of a tab, exactly as TasksPage and the route's data starter ask it. */
export const firstPageOf = (tab: TaskTab): TasksArg => ({ tab, offset: 0, pageSize: TASKS_PAGE_SIZE });

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Tasks", "TaskCounts", "Job", "LessonTasks"] });

const LISTS = [
  { type: "Tasks", id: "LIST" },
  { type: "TaskCounts", id: "ALL" },
] as const;

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET front/tasks: one page of the caller's tab. */
    getTasks: build.query<TaskListPage, TasksArg>({
      query: ({ tab, offset, pageSize }) => ({ url: "/front/tasks", params: { tab, offset, pageSize } }),
      transformResponse: unwrap<TaskListPage>,
      providesTags: [{ type: "Tasks", id: "LIST" }],
    }),
    /** GET front/amount-tasks: the count of every tab. */
    getTaskCounts: build.query<TaskAmounts, void>({
      query: () => "/front/amount-tasks",
      transformResponse: unwrap<TaskAmounts>,
      providesTags: [{ type: "TaskCounts", id: "ALL" }],
    }),
    getJob: build.query<JobDetail, string>({
      query: (guid) => `/front/jobs/${guid}`,
      transformResponse: unwrap<JobDetail>,
      providesTags: (_r, _e, guid) => [{ type: "Job", id: guid }],
    }),
    /** PUT front/jobs/{guid}: turn in, undo, or grade. */
    updateJob: build.mutation<JobDetail, JobUpdateArg>({
      query: ({ guid, body }) => ({ url: `/front/jobs/${guid}`, method: "PUT", body }),
      transformResponse: unwrap<JobDetail>,
      invalidatesTags: (_r, error, { guid }) => (error ? [] : [...LISTS, { type: "Job", id: guid }]),
    }),
    addJobComment: build.mutation<JobComment, { guid: string; body: string }>({
      query: ({ guid, body }) => ({ url: `/front/jobs/${guid}/comments`, method: "POST", body: { body } }),
      transformResponse: unwrap<JobComment>,
      invalidatesTags: (_r, error, { guid }) => (error ? [] : [{ type: "Job", id: guid }]),
    }),
    deleteJobFile: build.mutation<void, { guid: string; fileGuid: string }>({
      query: ({ guid, fileGuid }) => ({ url: `/front/jobs/${guid}/files/${fileGuid}`, method: "DELETE" }),
      invalidatesTags: (_r, error, { guid }) => (error ? [] : [{ type: "Job", id: guid }]),
    }),
    /** GET front/courses/{guid}/lessons/{lessonGuid}/tasks (teachers): which items of the lesson are assigned. */
    getLessonTasks: build.query<TaskPage, LessonTasksArg>({
      query: ({ courseGuid, lessonGuid }) => ({
        url: `/front/courses/${courseGuid}/lessons/${lessonGuid}/tasks`,
        params: { offset: 0, pageSize: LESSON_TASKS_PAGE_SIZE },
      }),
      transformResponse: unwrap<TaskPage>,
      providesTags: (_r, _e, { lessonGuid }) => [{ type: "LessonTasks", id: lessonGuid }],
    }),
    assignTask: build.mutation<TaskDetail, { courseGuid: string; lessonGuid: string; body: TaskCreate }>({
      query: ({ courseGuid, body }) => ({ url: `/front/courses/${courseGuid}/tasks`, method: "POST", body }),
      transformResponse: unwrap<TaskDetail>,
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [...LISTS, { type: "LessonTasks", id: lessonGuid }]),
    }),
    updateTask: build.mutation<TaskDetail, { courseGuid: string; lessonGuid: string; taskGuid: string; body: TaskUpdate }>({
      query: ({ courseGuid, taskGuid, body }) => ({ url: `/front/courses/${courseGuid}/tasks/${taskGuid}`, method: "PUT", body }),
      transformResponse: unwrap<TaskDetail>,
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [...LISTS, { type: "LessonTasks", id: lessonGuid }]),
    }),
    unassignTask: build.mutation<void, { courseGuid: string; lessonGuid: string; taskGuid: string }>({
      query: ({ courseGuid, taskGuid }) => ({ url: `/front/courses/${courseGuid}/tasks/${taskGuid}`, method: "DELETE" }),
      invalidatesTags: (_r, error, { lessonGuid }) => (error ? [] : [...LISTS, { type: "LessonTasks", id: lessonGuid }]),
    }),
  }),
});

export const {
  useGetTasksQuery,
  useGetTaskCountsQuery,
  useGetJobQuery,
  useUpdateJobMutation,
  useAddJobCommentMutation,
  useDeleteJobFileMutation,
  useGetLessonTasksQuery,
  useAssignTaskMutation,
  useUpdateTaskMutation,
  useUnassignTaskMutation,
} = tasksApi;

/** After a hand-in upload (XMLHttpRequest, outside RTK Query): the job and its lists are stale. */
export const jobChanged = (guid: string) => tasksApi.util.invalidateTags([...LISTS, { type: "Job", id: guid }]);
/** A notification about some job arrived: every list and count may have changed. */
export const taskListsChanged = () => tasksApi.util.invalidateTags([...LISTS, "Job"]);
