import {
  KANBAN_COLUMNS,
  KanbanColumnSchema,
  type KanbanBoard,
  type KanbanCard,
  type KanbanCardDetail,
  type KanbanColumn,
  type KanbanStudentBoard,
  type KanbanTaskOverview,
  type KanbanTeacherBoard,
} from "../../../contracts/kanban";
import type { ContentTypeCode } from "../../../contracts/lessons-base";
import { compareCards, isOverdue, jobStateOf } from "./policy";
import type { BoardRows, BoardScope, CardRow, LessonTaskRow, PlacementRow, TaskRow } from "./service";

/** A column the database holds as text; anything unknown is shown where new tasks start. */
const columnOf = (value: string): KanbanColumn => KanbanColumnSchema.catch("what_to_do").parse(value);
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

function presentTask(row: TaskRow, now: Date): KanbanCard {
  const state = jobStateOf(row.status);
  return {
    kind: "job",
    guid: row.id,
    itemGuid: row.itemId,
    title: row.title,
    // Contents are typed on write (ContentTypeSchema); the column is text.
    contentType: row.contentType as ContentTypeCode,
    course: { guid: row.course.id, name: row.course.name },
    lesson: { guid: row.lesson.id, title: row.lesson.title },
    dueAt: row.dueAt ? row.dueAt.toISOString() : null,
    state,
    late: row.late,
    overdue: isOverdue(state, row.dueAt, now),
  };
}

const presentPersonal = (row: CardRow): KanbanCard => ({ kind: "card", guid: row.id, text: row.text });

/** The four columns in order, each card where the owner's order puts it. */
export function presentBoard(rows: BoardRows, board: BoardScope, readOnly: boolean, now: Date): KanbanBoard {
  const all = [...rows.tasks, ...rows.cards].sort(compareCards);
  return {
    courseGuid: board?.courseId ?? null,
    lessonGuid: board?.lessonId ?? null,
    readOnly,
    columns: KANBAN_COLUMNS.map((column) => ({
      column,
      cards: all.filter((r) => columnOf(r.column) === column).map((r) => (r.kind === "job" ? presentTask(r, now) : presentPersonal(r))),
    })),
  };
}

/** A personal card with its board and its place there (`rows` is that board). */
export function presentCardDetail(card: CardRow, rows: BoardRows, board: BoardScope, now: Date): KanbanCardDetail {
  const column = columnOf(card.column);
  const cards = presentBoard(rows, board, false, now).columns.find((c) => c.column === column)?.cards ?? [];
  return {
    kind: "card",
    guid: card.id,
    text: card.text,
    courseGuid: card.courseId,
    lessonGuid: card.lessonId,
    column,
    index: cards.findIndex((c) => c.kind === "card" && c.guid === card.id),
  };
}

function presentOverview(task: LessonTaskRow, placements: PlacementRow[], now: Date): KanbanTaskOverview {
  const mine = placements.filter((p) => p.assignmentId === task.assignmentId);
  return {
    itemGuid: task.itemId,
    title: task.title,
    contentType: task.contentType as ContentTypeCode,
    dueAt: task.dueAt ? task.dueAt.toISOString() : null,
    total: mine.length,
    columns: KANBAN_COLUMNS.map((column) => {
      const students = mine
        .filter((p) => columnOf(p.column) === column)
        .map((p) => {
          const state = jobStateOf(p.status);
          return { guid: p.student.id, name: fullName(p.student), jobGuid: p.jobId, state, late: p.late, overdue: isOverdue(state, task.dueAt, now) };
        });
      return { column, count: students.length, students };
    }),
  };
}

export function presentTeacherBoard(
  course: { id: string; name: string },
  lesson: { id: string; title: string },
  overview: { tasks: LessonTaskRow[]; placements: PlacementRow[] },
  own: KanbanBoard,
  now: Date,
): KanbanTeacherBoard {
  return {
    course: { guid: course.id, name: course.name },
    lesson: { guid: lesson.id, title: lesson.title },
    tasks: overview.tasks.map((t) => presentOverview(t, overview.placements, now)),
    board: own,
  };
}

export const presentStudentBoard = (student: { id: string; firstName: string; lastName: string }, board: KanbanBoard): KanbanStudentBoard => ({
  student: { guid: student.id, name: fullName(student) },
  board,
});
