import type { ContentTypeCode } from "./lessons-base";
import type { JobState } from "./tasks-base";

/*
 * The kanban (spec §3 "Kanban task: text and a column", §9 "3 working columns plus what_to_do"),
 * without zod (ADR 0028): the board screens read these; kanban.ts holds the schemas and re-exports
 * them. ADR 0032 says what each board shows.
 */

/** The columns, in the order every board shows them. */
export const KANBAN_COLUMNS = ["what_to_do", "to_do", "doing", "done"] as const;
export type KanbanColumn = (typeof KANBAN_COLUMNS)[number];

/** Where a new task lands: the student sorts it from there into the three working columns. */
export const KANBAN_START_COLUMN: KanbanColumn = "what_to_do";
export const KANBAN_WORKING_COLUMNS: readonly KanbanColumn[] = ["to_do", "doing", "done"];

/**
 * Column labels (spec: "what to do, to do, in progress, done"), translated in the `kanban`
 * namespace: `kanban:columns.whatToDo` and so on.
 */
export const KANBAN_COLUMN_LABEL_KEYS: Record<KanbanColumn, string> = {
  what_to_do: "columns.whatToDo",
  to_do: "columns.toDo",
  doing: "columns.doing",
  done: "columns.done",
};

export const isKanbanColumn = (value: unknown): value is KanbanColumn =>
  typeof value === "string" && (KANBAN_COLUMNS as readonly string[]).includes(value);

/** A task (one of the student's jobs) or a personal card (text the user wrote). */
export const KANBAN_CARD_KINDS = ["job", "card"] as const;
export type KanbanCardKind = (typeof KANBAN_CARD_KINDS)[number];

/** A task card's state: the job's (spec §4: Not started, Pending, Graded), written once in tasks-base. */
export type KanbanJobState = JobState;

export const KANBAN_LIMITS = {
  /** A personal card is a short note, not a document. */
  cardTextMaxChars: 500,
  /** Personal cards on one board (a lesson's, or the board of all one's tasks). */
  cardsPerBoard: 200,
  /** The largest place a move may ask for; a place past a column's end means its end. */
  maxIndex: 10_000,
} as const;

/** Which board: one class's lesson, or (both null) the board of all one's tasks. */
export type KanbanBoardRef = { courseGuid: string | null; lessonGuid: string | null };

/** A task on a board: one job of the student, as its lesson item shows it. */
export type KanbanTaskCard = {
  kind: "job";
  /** The job's guid (front/jobs/{guid}). */
  guid: string;
  itemGuid: string;
  title: string;
  contentType: ContentTypeCode;
  course: { guid: string; name: string };
  lesson: { guid: string; title: string };
  dueAt: string | null;
  state: KanbanJobState;
  /** Turned in after the due date. */
  late: boolean;
  /** Not turned in and the due date has passed. */
  overdue: boolean;
};

export type KanbanPersonalCard = { kind: "card"; guid: string; text: string };
export type KanbanCard = KanbanTaskCard | KanbanPersonalCard;

export type KanbanBoardColumn = { column: KanbanColumn; cards: KanbanCard[] };

/** A board: the four columns in order, each with its cards top to bottom. */
export type KanbanBoard = KanbanBoardRef & {
  columns: KanbanBoardColumn[];
  /** A teacher viewing a student's board: nothing on it may be moved, added or removed. */
  readOnly: boolean;
};

/** A personal card as the card endpoints answer it: where it is and on which board. */
export type KanbanCardDetail = KanbanPersonalCard & KanbanBoardRef & { column: KanbanColumn; index: number };

/** One student on the teacher's board: where they have put one task and how it stands. */
export type KanbanStudentPlacement = {
  guid: string;
  name: string;
  jobGuid: string;
  state: KanbanJobState;
  late: boolean;
  overdue: boolean;
};

/** One task of the lesson on the teacher's board: how many of its students have it in each column, and who. */
export type KanbanTaskOverview = {
  itemGuid: string;
  title: string;
  contentType: ContentTypeCode;
  dueAt: string | null;
  total: number;
  columns: Array<{ column: KanbanColumn; count: number; students: KanbanStudentPlacement[] }>;
};

/** GET front/courses/{guid}/lessons/{lessonGuid}/kanban: the teacher's board of a lesson. */
export type KanbanTeacherBoard = {
  course: { guid: string; name: string };
  lesson: { guid: string; title: string };
  tasks: KanbanTaskOverview[];
  /** The teacher's own personal cards on this lesson's board (the same card endpoints move them). */
  board: KanbanBoard;
};

/** GET …/kanban/students/{studentGuid}: a student's board of the lesson as the teacher sees it. */
export type KanbanStudentBoard = { student: { guid: string; name: string }; board: KanbanBoard };

/** Socket.io events of the boards (server -> client), on the default namespace. */
export const KANBAN_SOCKET_EVENTS = {
  /** A student's board changed (a card moved, added, edited or deleted): their other tabs and the class's teachers reload it. */
  changed: "kanban:changed",
} as const;

/** Sent with a board change by the tab that made it (header), and back in the push: that tab already shows it. */
export const KANBAN_TAB_HEADER = "x-kanban-tab";

export type KanbanChangedPush = {
  studentGuid: string;
  /** The class of the lesson board changed; null for the student's own whole-tasks board. */
  courseGuid: string | null;
  /** The tab that made the change, when it said so. */
  origin: string | null;
};
