import {
  KANBAN_COLUMN_LABEL_KEYS,
  KANBAN_COLUMNS,
  KANBAN_LIMITS,
  type KanbanBoard,
  type KanbanBoardRef,
  type KanbanCard,
  type KanbanCardKind,
  type KanbanColumn,
} from "../../../contracts/kanban-base";

/*
 * The board's small rules (ADR 0032), pure: card ids for dnd-kit, where a card is, and a move
 * applied to a board the way the server applies it (the optimistic update; the server's answer
 * replaces it).
 */

/** The URL's chosen student on the teacher's board (?student=<guid>): a reload or a shared link keeps it open. */
export const STUDENT_PARAM = "student";

/** One move as PUT front/kanban/move takes it. */
export type KanbanMoveBody = {
  kind: KanbanCardKind;
  guid: string;
  column: KanbanColumn;
  index: number;
  courseGuid?: string;
  lessonGuid?: string;
};

/** dnd-kit ids: a card is "<kind>:<guid>", a column "column:<column>". */
export const cardId = (card: Pick<KanbanCard, "kind" | "guid">): string => `${card.kind}:${card.guid}`;
export const columnId = (column: KanbanColumn): string => `column:${column}`;
export const columnOfId = (id: string): KanbanColumn | undefined => {
  const name = id.startsWith("column:") ? id.slice("column:".length) : "";
  return (KANBAN_COLUMNS as readonly string[]).includes(name) ? (name as KanbanColumn) : undefined;
};

export const columnLabelKey = (column: KanbanColumn): string => KANBAN_COLUMN_LABEL_KEYS[column];

/** The name a card is read by (announcements, buttons): a task's title or a personal card's text. */
export const cardName = (card: KanbanCard): string => (card.kind === "job" ? card.title : card.text);

/** The board's ref as the move and card bodies name it (both or neither). */
export function refFields(ref: KanbanBoardRef): { courseGuid?: string; lessonGuid?: string } {
  return ref.courseGuid !== null && ref.lessonGuid !== null ? { courseGuid: ref.courseGuid, lessonGuid: ref.lessonGuid } : {};
}

/** The card ids of each column, top to bottom. */
export type ColumnIds = Record<KanbanColumn, string[]>;
export function idsOf(board: KanbanBoard): ColumnIds {
  const out = { what_to_do: [], to_do: [], doing: [], done: [] } as ColumnIds;
  for (const col of board.columns) out[col.column] = col.cards.map(cardId);
  return out;
}

/** Where a card is: its column and its place there. */
export function locate(ids: ColumnIds, id: string): { column: KanbanColumn; index: number } | undefined {
  for (const column of KANBAN_COLUMNS) {
    const index = ids[column].indexOf(id);
    if (index >= 0) return { column, index };
  }
  return undefined;
}

/**
 * The board after one move, as the server does it: the card leaves its column and goes before the
 * `index`-th card of `column` counted without it, or to the end when the index is past it.
 */
export function applyMove(board: KanbanBoard, move: Pick<KanbanMoveBody, "kind" | "guid" | "column" | "index">): KanbanBoard {
  let moved: KanbanCard | undefined;
  const without = board.columns.map((col) => ({
    ...col,
    cards: col.cards.filter((card) => {
      const same = card.kind === move.kind && card.guid === move.guid;
      if (same) moved = card;
      return !same;
    }),
  }));
  if (!moved) return board;
  const card = moved;
  return {
    ...board,
    columns: without.map((col) => {
      if (col.column !== move.column) return col;
      const at = Math.min(Math.max(0, move.index), col.cards.length);
      return { ...col, cards: [...col.cards.slice(0, at), card, ...col.cards.slice(at)] };
    }),
  };
}

/** A personal card added, changed or removed on a cached board. */
export function withCard(board: KanbanBoard, card: { guid: string; text: string; column: KanbanColumn; index: number }): KanbanBoard {
  const existing = board.columns.some((col) => col.cards.some((c) => c.kind === "card" && c.guid === card.guid));
  if (existing) {
    return {
      ...board,
      columns: board.columns.map((col) => ({
        ...col,
        cards: col.cards.map((c) => (c.kind === "card" && c.guid === card.guid ? { ...c, text: card.text } : c)),
      })),
    };
  }
  return applyMove(
    { ...board, columns: board.columns.map((col) => (col.column === card.column ? { ...col, cards: [...col.cards, { kind: "card", guid: card.guid, text: card.text }] } : col)) },
    { kind: "card", guid: card.guid, column: card.column, index: card.index },
  );
}

export function withoutCard(board: KanbanBoard, guid: string): KanbanBoard {
  return { ...board, columns: board.columns.map((col) => ({ ...col, cards: col.cards.filter((c) => !(c.kind === "card" && c.guid === guid)) })) };
}

/** The personal card form's check (the server's: trimmed, 1..500 characters). */
export function cardTextProblem(text: string): "required" | "tooLong" | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0) return "required";
  if (trimmed.length > KANBAN_LIMITS.cardTextMaxChars) return "tooLong";
  return undefined;
}
