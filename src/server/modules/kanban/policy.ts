import { KanbanJobStateSchema, type KanbanCardKind, type KanbanJobState } from "../../../contracts/kanban";
import { AppError } from "../../platform/errors";
import type { CourseAccess } from "../courses/access";

/*
 * Who may do what on a board, and the order rules (ADR 0032). Every user has one order per column
 * over all their cards (their live jobs and their personal cards); each board shows a part of it,
 * so a task keeps its column and its place relative to the others on the lesson's board and on the
 * board of all tasks alike.
 */

/** The per-lesson overview of where students have their tasks, and each student's board: the class's editors. */
export const canSeeStudentBoards = (access: Pick<CourseAccess, "canEdit">): boolean => access.canEdit;

export const boardFull = (max: number) =>
  new AppError(409, "KANBAN_BOARD_FULL", `A board holds at most ${max} personal cards`, { max });

/** A job's status as the board shows it; a status the board does not know reads as not started. */
export const jobStateOf = (status: string): KanbanJobState => KanbanJobStateSchema.catch("not_started").parse(status);

/** Not turned in and past its due date. */
export const isOverdue = (state: KanbanJobState, dueAt: Date | null, now: Date): boolean =>
  state === "not_started" && dueAt !== null && dueAt.getTime() < now.getTime();

/** What the order of a column is made of. */
export type Placed = { kind: KanbanCardKind; id: string; position: number; createdAt: Date };

/**
 * The order of a column: by position; equal positions (a new task arrives at 0) newest first, then
 * by id, so every reader sees the same order and renumbering keeps it.
 */
export function compareCards(a: Placed, b: Placed): number {
  if (a.position !== b.position) return a.position - b.position;
  const age = b.createdAt.getTime() - a.createdAt.getTime();
  if (age !== 0) return age;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `column` (the user's whole order, the moved card not in it) with `moved` put where the board
 * shows it at `index`: just before the board's `index`-th card, or just after its last one when
 * `index` is past its end (a stale tab's drop at the bottom still lands at the bottom). With no
 * card of the board in the column it goes to the end.
 */
export function placeInColumn<T>(column: readonly T[], moved: T, index: number, onBoard: (item: T) => boolean): T[] {
  const shown = column.flatMap((item, at) => (onBoard(item) ? [at] : []));
  const last = shown.at(-1);
  const at = shown[index] ?? (last === undefined ? column.length : last + 1);
  return [...column.slice(0, at), moved, ...column.slice(at)];
}

/** Positions 0..n-1 for `ordered`: only the entries whose position or column changes. */
export function renumbered<T extends { position: number; column: string }>(ordered: readonly T[], column: string): Array<T & { next: number }> {
  return ordered.flatMap((item, next) => (item.position === next && item.column === column ? [] : [{ ...item, next }]));
}
