import type {
  KanbanBoard,
  KanbanBoardRef,
  KanbanCardDetail,
  KanbanColumn,
  KanbanStudentBoard,
  KanbanTeacherBoard,
} from "../../../contracts/kanban-base";
import { KANBAN_TAB_HEADER } from "../../../contracts/kanban-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import { applyMove, refFields, withCard, withoutCard, type KanbanMoveBody } from "./kanbanRules";

/*
 * The kanban's data (ADR 0032, spec §7): the caller's board of a lesson or of all their tasks, the
 * teacher's overview of a lesson, a student's board read-only, and the writes. A move is
 * optimistic: the cached board changes at once, the server's answer (the board) replaces it, and a
 * refusal puts it back. Card writes update the cached boards from their answer: no refetch.
 */

export type LessonRef = { courseGuid: string; lessonGuid: string };
export type StudentBoardArgs = LessonRef & { studentGuid: string };
export type CardCreateArgs = KanbanBoardRef & { text: string; column: KanbanColumn };
export type CardUpdateArgs = KanbanBoardRef & { guid: string; text: string };
export type CardDeleteArgs = KanbanBoardRef & { guid: string };
export type MoveArgs = KanbanBoardRef & Omit<KanbanMoveBody, "courseGuid" | "lessonGuid">;

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Kanban"] });

/**
 * This tab, as its board changes name it (KANBAN_TAB_HEADER): the server's push comes back with it,
 * and useKanbanLive does not reload what this tab has just shown.
 */
export const KANBAN_TAB_ID = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const tabHeaders = { [KANBAN_TAB_HEADER]: KANBAN_TAB_ID };

/** Both or neither: the same object the page asks with, so the cache entry is the same. */
export const boardRef = (courseGuid: string | null, lessonGuid: string | null): KanbanBoardRef =>
  courseGuid !== null && lessonGuid !== null ? { courseGuid, lessonGuid } : { courseGuid: null, lessonGuid: null };

export const kanbanApi = api.injectEndpoints({
  endpoints: (build) => ({
    getKanbanBoard: build.query<KanbanBoard, KanbanBoardRef>({
      query: (ref) => ({ url: "/front/kanban", params: refFields(ref) }),
      transformResponse: unwrap<KanbanBoard>,
      providesTags: ["Kanban"],
    }),

    getTeacherKanban: build.query<KanbanTeacherBoard, LessonRef>({
      query: ({ courseGuid, lessonGuid }) => `/front/courses/${courseGuid}/lessons/${lessonGuid}/kanban`,
      transformResponse: unwrap<KanbanTeacherBoard>,
      providesTags: ["Kanban"],
    }),

    getStudentKanban: build.query<KanbanStudentBoard, StudentBoardArgs>({
      query: ({ courseGuid, lessonGuid, studentGuid }) => `/front/courses/${courseGuid}/lessons/${lessonGuid}/kanban/students/${studentGuid}`,
      transformResponse: unwrap<KanbanStudentBoard>,
      providesTags: ["Kanban"],
    }),

    moveKanbanCard: build.mutation<KanbanBoard, MoveArgs>({
      query: ({ courseGuid, lessonGuid, ...move }) => ({
        url: "/front/kanban/move",
        method: "PUT",
        headers: tabHeaders,
        body: { ...move, ...refFields({ courseGuid, lessonGuid }) },
      }),
      transformResponse: unwrap<KanbanBoard>,
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const ref = boardRef(args.courseGuid, args.lessonGuid);
        const patches = updateBoards(dispatch, ref, (board) => applyMove(board, args));
        try {
          const { data } = await queryFulfilled;
          updateBoards(dispatch, ref, () => data);
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),

    createKanbanCard: build.mutation<KanbanCardDetail, CardCreateArgs>({
      query: ({ courseGuid, lessonGuid, text, column }) => ({
        url: "/front/kanban/cards",
        method: "POST",
        headers: tabHeaders,
        body: { text, column, ...refFields({ courseGuid, lessonGuid }) },
      }),
      transformResponse: unwrap<KanbanCardDetail>,
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          updateBoards(dispatch, boardRef(args.courseGuid, args.lessonGuid), (board) => withCard(board, data));
        } catch {
          // The form shows the error.
        }
      },
    }),

    updateKanbanCard: build.mutation<KanbanCardDetail, CardUpdateArgs>({
      query: ({ guid, text }) => ({ url: `/front/kanban/cards/${guid}`, method: "PUT", body: { text }, headers: tabHeaders }),
      transformResponse: unwrap<KanbanCardDetail>,
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          updateBoards(dispatch, boardRef(args.courseGuid, args.lessonGuid), (board) => withCard(board, data));
        } catch {
          // The form keeps the text and shows the error.
        }
      },
    }),

    deleteKanbanCard: build.mutation<null, CardDeleteArgs>({
      query: ({ guid }) => ({ url: `/front/kanban/cards/${guid}`, method: "DELETE", headers: tabHeaders }),
      transformResponse: () => null,
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          updateBoards(dispatch, boardRef(args.courseGuid, args.lessonGuid), (board) => withoutCard(board, args.guid));
        } catch {
          // The confirmation shows the error.
        }
      },
    }),
  }),
});

type Dispatch = (action: unknown) => unknown;
type Patch = { undo: () => void };

/**
 * Changes the cached copies of one board: the caller's board (GET front/kanban) and, on a lesson,
 * the teacher's overview that holds it. A copy that is not cached is left alone.
 */
function updateBoards(dispatch: Dispatch, ref: KanbanBoardRef, change: (board: KanbanBoard) => KanbanBoard): Patch[] {
  const patches: Patch[] = [
    dispatch(kanbanApi.util.updateQueryData("getKanbanBoard", ref, (draft) => change(draft as KanbanBoard))) as Patch,
  ];
  if (ref.courseGuid !== null && ref.lessonGuid !== null) {
    const lesson: LessonRef = { courseGuid: ref.courseGuid, lessonGuid: ref.lessonGuid };
    patches.push(
      dispatch(
        kanbanApi.util.updateQueryData("getTeacherKanban", lesson, (draft) => {
          draft.board = change(draft.board as KanbanBoard);
        }),
      ) as Patch,
    );
  }
  return patches;
}

export const {
  useGetKanbanBoardQuery,
  useGetTeacherKanbanQuery,
  useGetStudentKanbanQuery,
  useMoveKanbanCardMutation,
  useCreateKanbanCardMutation,
  useUpdateKanbanCardMutation,
  useDeleteKanbanCardMutation,
} = kanbanApi;
