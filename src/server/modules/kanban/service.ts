import { and, asc, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { KANBAN_LIMITS, type KanbanCardKind, type KanbanColumn } from "../../../contracts/kanban";
import type { Db } from "../../db/client";
import { contents, courseMembers, courses, jobs, kanbanCards, lessonItems, lessons, taskAssignments, users } from "../../db/schema";
import { notFound } from "../../platform/errors";
import { boardFull, compareCards, placeInColumn, renumbered, type Placed } from "./policy";

/*
 * The kanban's queries (ADR 0032). A user's cards are their live jobs (not removed, of an
 * assignment not removed) and their personal cards (kanban_cards). Each column has one order per
 * user over all of them (`jobs.kanban_position`, `kanban_cards.position`), kept 0..n-1 by every
 * write here, serialised per user by a transaction-scoped advisory lock. Jobs are the tasks
 * module's rows: this module reads them and writes only their two kanban columns.
 */

/** The owner of a board, from the caller's token (or the student a teacher looks at). */
export type Owner = { userId: string; tenantId: string };
/** A lesson's board in one class, or null for the board of all one's tasks. */
export type BoardScope = { courseId: string; lessonId: string } | null;

export type TaskRow = Placed & {
  kind: "job";
  column: string;
  status: string;
  late: boolean;
  dueAt: Date | null;
  itemId: string;
  title: string;
  contentType: string;
  course: { id: string; name: string };
  lesson: { id: string; title: string };
};
export type CardRow = Placed & { kind: "card"; column: string; text: string; courseId: string | null; lessonId: string | null };
export type BoardRows = { tasks: TaskRow[]; cards: CardRow[] };

/** Namespace of the kanban's advisory locks (the second key is the user's). */
const KANBAN_LOCK = 32;

/** Serialises one user's board writes (two tabs moving at once), on PGlite and PostgreSQL alike. */
async function lockOwner(tx: Db, owner: Owner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${KANBAN_LOCK}::int, hashtext(${owner.userId}))`);
}

/** A job that counts as a task: not removed, from an assignment not removed. */
const liveJobOf = (owner: Owner) =>
  and(eq(jobs.tenantId, owner.tenantId), eq(jobs.studentId, owner.userId), isNull(jobs.removedAt), isNull(taskAssignments.removedAt));

/** Listed on boards: the student is still a student of the class and the class is not archived. */
const listedJob = sql<boolean>`(${courses.id} is not null and ${courseMembers.userId} is not null)`;

const cardsOfBoard = (owner: Owner, board: BoardScope): SQL | undefined =>
  and(
    eq(kanbanCards.tenantId, owner.tenantId),
    eq(kanbanCards.userId, owner.userId),
    board ? eq(kanbanCards.courseId, board.courseId) : isNull(kanbanCards.courseId),
    board ? eq(kanbanCards.lessonId, board.lessonId) : isNull(kanbanCards.lessonId),
  );

/** The tasks of a board with what their cards show. */
async function boardTasks(db: Db, owner: Owner, board: BoardScope): Promise<TaskRow[]> {
  const rows = await db
    .select({
      id: jobs.id,
      column: jobs.kanbanColumn,
      position: jobs.kanbanPosition,
      createdAt: jobs.createdAt,
      status: jobs.status,
      late: jobs.late,
      dueAt: taskAssignments.dueAt,
      itemId: lessonItems.id,
      title: sql<string>`coalesce(${lessonItems.title}, ${contents.title})`,
      contentType: contents.type,
      courseId: courses.id,
      courseName: courses.name,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
    })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
    .innerJoin(courses, and(eq(courses.id, jobs.courseId), eq(courses.tenantId, owner.tenantId), eq(courses.archived, false)))
    .innerJoin(
      courseMembers,
      and(eq(courseMembers.courseId, jobs.courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")),
    )
    .where(and(liveJobOf(owner), board ? and(eq(jobs.courseId, board.courseId), eq(lessonItems.lessonId, board.lessonId)) : undefined));
  return rows.map((r) => ({
    kind: "job",
    id: r.id,
    column: r.column,
    position: r.position,
    createdAt: r.createdAt,
    status: r.status,
    late: r.late,
    dueAt: r.dueAt,
    itemId: r.itemId,
    title: r.title,
    contentType: r.contentType,
    course: { id: r.courseId, name: r.courseName },
    lesson: { id: r.lessonId, title: r.lessonTitle },
  }));
}

/** What a personal card row is read with, on a board or alone. */
const cardColumns = {
  id: kanbanCards.id,
  column: kanbanCards.column,
  position: kanbanCards.position,
  createdAt: kanbanCards.createdAt,
  text: kanbanCards.text,
  courseId: kanbanCards.courseId,
  lessonId: kanbanCards.lessonId,
};

async function boardCards(db: Db, owner: Owner, board: BoardScope): Promise<CardRow[]> {
  const rows = await db
    .select(cardColumns)
    .from(kanbanCards)
    .where(cardsOfBoard(owner, board));
  return rows.map((r) => ({ kind: "card", ...r }));
}

/** What a board holds: the owner's tasks there (unless `withTasks` is false) and their personal cards there (unless `withCards` is false). */
export async function loadBoard(db: Db, owner: Owner, board: BoardScope, parts: { tasks: boolean; cards: boolean }): Promise<BoardRows> {
  const [tasks, cards] = await Promise.all([
    parts.tasks ? boardTasks(db, owner, board) : Promise.resolve([]),
    parts.cards ? boardCards(db, owner, board) : Promise.resolve([]),
  ]);
  return { tasks, cards };
}

/* ---------- The order of a column ---------- */

/** One entry of a user's order in a column, and whether the board being worked on shows it. */
type Entry = Placed & { column: string; onBoard: boolean };

/** Every live job and personal card of the owner in `column`, in order, each marked as on `board` or not. */
async function columnOrder(tx: Db, owner: Owner, column: KanbanColumn, board: BoardScope): Promise<Entry[]> {
  const [jobRows, cardRows] = await Promise.all([
    tx
      .select({
        id: jobs.id,
        position: jobs.kanbanPosition,
        createdAt: jobs.createdAt,
        courseId: jobs.courseId,
        lessonId: lessonItems.lessonId,
        listed: listedJob,
      })
      .from(jobs)
      .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
      .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
      .leftJoin(courses, and(eq(courses.id, jobs.courseId), eq(courses.archived, false)))
      .leftJoin(
        courseMembers,
        and(eq(courseMembers.courseId, jobs.courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")),
      )
      .where(and(liveJobOf(owner), eq(jobs.kanbanColumn, column))),
    tx
      .select({
        id: kanbanCards.id,
        position: kanbanCards.position,
        createdAt: kanbanCards.createdAt,
        courseId: kanbanCards.courseId,
        lessonId: kanbanCards.lessonId,
      })
      .from(kanbanCards)
      .where(and(eq(kanbanCards.tenantId, owner.tenantId), eq(kanbanCards.userId, owner.userId), eq(kanbanCards.column, column))),
  ]);
  const onLesson = (courseId: string | null, lessonId: string | null) =>
    board ? courseId === board.courseId && lessonId === board.lessonId : courseId === null && lessonId === null;
  const entries: Entry[] = [
    ...jobRows.map((r) => ({
      kind: "job" as const,
      id: r.id,
      position: r.position,
      createdAt: r.createdAt,
      column,
      onBoard: Boolean(r.listed) && (board === null || onLesson(r.courseId, r.lessonId)),
    })),
    ...cardRows.map((r) => ({ kind: "card" as const, id: r.id, position: r.position, createdAt: r.createdAt, column, onBoard: onLesson(r.courseId, r.lessonId) })),
  ];
  return entries.sort(compareCards);
}

/** Writes `ordered` as `column` with positions 0..n-1: one statement per table, only for the rows that change. */
async function writeColumn(tx: Db, column: KanbanColumn, ordered: readonly Entry[]): Promise<void> {
  const changes = renumbered(ordered, column);
  const values = (kind: KanbanCardKind) => {
    const rows = changes.filter((c) => c.kind === kind).map((c) => sql`(${c.id}::uuid, ${c.next}::int)`);
    return rows.length === 0 ? null : sql.join(rows, sql`, `);
  };
  const jobValues = values("job");
  const cardValues = values("card");
  if (jobValues) {
    await tx.execute(sql`
      update ${jobs} set kanban_column = ${column}, kanban_position = v.pos
      from (values ${jobValues}) as v(id, pos) where ${jobs}.id = v.id`);
  }
  if (cardValues) {
    await tx.execute(sql`
      update ${kanbanCards} set "column" = ${column}, position = v.pos, updated_at = now()
      from (values ${cardValues}) as v(id, pos) where ${kanbanCards}.id = v.id`);
  }
}

/** Where a card the owner may move is now: 404 unless it is theirs and on `board`. */
async function loadMovable(tx: Db, owner: Owner, kind: KanbanCardKind, id: string, board: BoardScope): Promise<{ column: string }> {
  if (kind === "card") {
    const [card] = await tx.select({ column: kanbanCards.column }).from(kanbanCards).where(and(eq(kanbanCards.id, id), cardsOfBoard(owner, board))).limit(1);
    if (!card) throw notFound("Card");
    return card;
  }
  const [job] = await tx
    .select({ column: jobs.kanbanColumn, listed: listedJob })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .leftJoin(courses, and(eq(courses.id, jobs.courseId), eq(courses.archived, false)))
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, jobs.courseId), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")))
    .where(and(eq(jobs.id, id), liveJobOf(owner), board ? and(eq(jobs.courseId, board.courseId), eq(lessonItems.lessonId, board.lessonId)) : undefined))
    .limit(1);
  if (!job || !job.listed) throw notFound("Task");
  return job;
}

export type MoveRequest = { kind: KanbanCardKind; id: string; column: KanbanColumn; index: number };

/**
 * Moves one of the owner's cards to `index` of `column` as `board` shows it, and renumbers the
 * columns it left and entered, in one transaction under the owner's lock: two moves at once run
 * one after the other, each on the order the other left.
 */
export async function moveCard(db: Db, owner: Owner, board: BoardScope, move: MoveRequest): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await loadMovable(tx, owner, move.kind, move.id, board);
    const target = await columnOrder(tx, owner, move.column, board);
    const moved = target.find((e) => e.kind === move.kind && e.id === move.id);
    const others = target.filter((e) => e !== moved);
    const entry: Entry = moved ?? { kind: move.kind, id: move.id, position: -1, createdAt: new Date(0), column: current.column, onBoard: true };
    await writeColumn(tx, move.column, placeInColumn(others, entry, move.index, (e) => e.onBoard));
    if (current.column !== move.column) {
      const source = current.column as KanbanColumn;
      const left = (await columnOrder(tx, owner, source, board)).filter((e) => !(e.kind === move.kind && e.id === move.id));
      await writeColumn(tx, source, left);
    }
  });
}

/**
 * Positions 0..n-1 again in the column a job is in, for its student: a task that arrives (at 0,
 * beside the card already there) or leaves (a gap). Renumbering keeps the order, so doing it again
 * changes nothing: safe for a listener that may hear an event twice.
 */
export async function tidyColumnOfJob(db: Db, tenantId: string, jobId: string): Promise<void> {
  const [job] = await db
    .select({ studentId: jobs.studentId, column: jobs.kanbanColumn })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, tenantId)))
    .limit(1);
  if (!job) return;
  const owner = { userId: job.studentId, tenantId };
  await db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const column = job.column as KanbanColumn;
    await writeColumn(tx, column, await columnOrder(tx, owner, column, null));
  });
}

/* ---------- Personal cards ---------- */

/**
 * A personal card at the end of `column` of `board` (the end of the owner's whole order in that
 * column, so the end of every board that shows it). 409 KANBAN_BOARD_FULL past the limit.
 */
export async function createCard(db: Db, owner: Owner, board: BoardScope, column: KanbanColumn, text: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const [held] = await tx.select({ n: count() }).from(kanbanCards).where(cardsOfBoard(owner, board));
    if ((held?.n ?? 0) >= KANBAN_LIMITS.cardsPerBoard) throw boardFull(KANBAN_LIMITS.cardsPerBoard);
    const order = await columnOrder(tx, owner, column, board);
    await writeColumn(tx, column, order);
    const [created] = await tx
      .insert(kanbanCards)
      .values({ tenantId: owner.tenantId, userId: owner.userId, courseId: board?.courseId ?? null, lessonId: board?.lessonId ?? null, text, column, position: order.length })
      .returning({ id: kanbanCards.id });
    if (!created) throw new Error("kanban card insert returned nothing");
    return created.id;
  });
}

/** One of the owner's personal cards (404 for anyone else's, another edition's included). */
export async function loadOwnCard(db: Db, owner: Owner, id: string): Promise<CardRow> {
  const [row] = await db
    .select(cardColumns)
    .from(kanbanCards)
    .where(and(eq(kanbanCards.id, id), eq(kanbanCards.tenantId, owner.tenantId), eq(kanbanCards.userId, owner.userId)))
    .limit(1);
  if (!row) throw notFound("Card");
  return { kind: "card", ...row };
}

export const boardOfCard = (card: Pick<CardRow, "courseId" | "lessonId">): BoardScope =>
  card.courseId !== null && card.lessonId !== null ? { courseId: card.courseId, lessonId: card.lessonId } : null;

export async function updateCardText(db: Db, owner: Owner, id: string, text: string): Promise<void> {
  const updated = await db
    .update(kanbanCards)
    .set({ text, updatedAt: new Date() })
    .where(and(eq(kanbanCards.id, id), eq(kanbanCards.tenantId, owner.tenantId), eq(kanbanCards.userId, owner.userId)))
    .returning({ id: kanbanCards.id });
  if (updated.length === 0) throw notFound("Card");
}

/** Deletes one of the owner's personal cards and closes the gap it leaves in its column. */
/** Deletes one of the owner's personal cards; answers the board it was on. */
export async function deleteCard(db: Db, owner: Owner, id: string): Promise<BoardScope> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const [deleted] = await tx
      .delete(kanbanCards)
      .where(and(eq(kanbanCards.id, id), eq(kanbanCards.tenantId, owner.tenantId), eq(kanbanCards.userId, owner.userId)))
      .returning({ column: kanbanCards.column, courseId: kanbanCards.courseId, lessonId: kanbanCards.lessonId });
    if (!deleted) throw notFound("Card");
    const column = deleted.column as KanbanColumn;
    const board = boardOfCard(deleted);
    await writeColumn(tx, column, await columnOrder(tx, owner, column, board));
    return board;
  });
}

/* ---------- The teacher's board ---------- */

export type LessonTaskRow = { assignmentId: string; itemId: string; title: string; contentType: string; dueAt: Date | null };
export type PlacementRow = {
  assignmentId: string;
  jobId: string;
  column: string;
  status: string;
  late: boolean;
  student: { id: string; firstName: string; lastName: string };
};

/** The lesson's tasks in the class (assignments not removed), in the lesson's order, and where each current student has put each. */
export async function loadLessonOverview(
  db: Db,
  course: { id: string; tenantId: string },
  lessonId: string,
): Promise<{ tasks: LessonTaskRow[]; placements: PlacementRow[] }> {
  const tasks = await db
    .select({
      assignmentId: taskAssignments.id,
      itemId: lessonItems.id,
      title: sql<string>`coalesce(${lessonItems.title}, ${contents.title})`,
      contentType: contents.type,
      dueAt: taskAssignments.dueAt,
    })
    .from(taskAssignments)
    .innerJoin(lessonItems, and(eq(lessonItems.id, taskAssignments.lessonItemId), eq(lessonItems.courseId, course.id), eq(lessonItems.lessonId, lessonId)))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(taskAssignments.courseId, course.id), eq(taskAssignments.tenantId, course.tenantId), isNull(taskAssignments.removedAt)))
    .orderBy(asc(lessonItems.position), asc(lessonItems.id));
  if (tasks.length === 0) return { tasks, placements: [] };
  const placements = await db
    .select({
      assignmentId: jobs.assignmentId,
      jobId: jobs.id,
      column: jobs.kanbanColumn,
      status: jobs.status,
      late: jobs.late,
      student: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(jobs)
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, jobs.studentId), eq(courseMembers.role, "student")))
    .innerJoin(users, and(eq(users.id, jobs.studentId), eq(users.tenantId, course.tenantId)))
    .where(
      and(
        inArray(
          jobs.assignmentId,
          tasks.map((t) => t.assignmentId),
        ),
        eq(jobs.courseId, course.id),
        isNull(jobs.removedAt),
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return { tasks, placements };
}
