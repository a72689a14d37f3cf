import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { mergeClasses } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { KANBAN_COLUMNS, type KanbanBoard as Board, type KanbanCard, type KanbanColumn } from "../../../contracts/kanban-base";
import { useNotify } from "../../ui/toast";
import { useDeleteKanbanCardMutation, useMoveKanbanCardMutation, useUpdateKanbanCardMutation } from "./kanbanApi";
import { KanbanCardView, type CardActions, type CardHandle } from "./KanbanCardView";
import { cardId, cardName, columnId, columnLabelKey, columnOfId, idsOf, locate, type ColumnIds } from "./kanbanRules";
import { useKanbanStyles } from "./kanbanStyles";

/** The deletion's confirmation: its own chunk, loaded the first time a card is deleted. */
const ConfirmDialog = lazy(() =>
  import(/* webpackChunkName: "confirm-dialog" */ "../course/components/ConfirmDialog").then((m) => ({ default: m.ConfirmDialog })),
);

export type KanbanBoardProps = {
  board: Board;
  /** The board's accessible name. */
  label: string;
  /** The columns' heading level (under the page's or the section's heading). */
  headingLevel: 2 | 3 | 4;
  /** Show each task's class and lesson (the board of all tasks). */
  showWhere?: boolean;
};

/**
 * The four columns of a board (ADR 0032). On the caller's own board cards move by dragging their
 * handle (mouse, touch, or the keyboard: space to pick up, arrows, space to drop, each step
 * announced) and through each card's menu (move to a column, up, down); a move shows at once and
 * goes back with a message if the server refuses it. A read-only board (a teacher viewing a
 * student's) has neither.
 */
export function KanbanBoard(props: KanbanBoardProps) {
  if (props.board.readOnly) return <StaticBoard {...props} />;
  return <MovableBoard {...props} />;
}

function StaticBoard({ board, label, headingLevel, showWhere = false }: KanbanBoardProps) {
  const styles = useKanbanStyles();
  return (
    <div className={styles.board} role="group" aria-label={label}>
      {board.columns.map((col) => (
        <ColumnFrame key={col.column} column={col.column} count={col.cards.length} headingLevel={headingLevel}>
          {col.cards.map((card) => (
            <li key={cardId(card)}>
              <KanbanCardView card={card} showWhere={showWhere} />
            </li>
          ))}
        </ColumnFrame>
      ))}
    </div>
  );
}

type FrameProps = {
  column: KanbanColumn;
  count: number;
  headingLevel: 2 | 3 | 4;
  children: ReactNode;
  listRef?: (element: HTMLElement | null) => void;
};

/** A column: its heading with the count, and its list of cards (or "No cards"). */
function ColumnFrame({ column, count, headingLevel, children, listRef }: FrameProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const name = t(columnLabelKey(column));
  return (
    <section className={styles.column} aria-labelledby={headingId} data-kanban-column={column}>
      <Heading id={headingId} className={styles.columnHeading}>
        <span>{name}</span>
        <span className={styles.count}>{t("board.count", { count })}</span>
      </Heading>
      <ol ref={listRef} className={styles.list} aria-label={name}>
        {children}
      </ol>
      {count === 0 ? <p className={styles.empty}>{t("board.empty")}</p> : null}
    </section>
  );
}

function MovableBoard({ board, label, headingLevel, showWhere = false }: KanbanBoardProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const notify = useNotify();
  const [move] = useMoveKanbanCardMutation();
  const [updateCard] = useUpdateKanbanCardMutation();
  const [deleteCard, deleting] = useDeleteKanbanCardMutation();
  const [dragIds, setDragIds] = useState<ColumnIds | null>(null);
  const [confirming, setConfirming] = useState<{ guid: string; text: string } | null>(null);
  // Mounted from the first deletion on, so later ones open (and close, returning focus) as a dialog does.
  const [askedOnce, setAskedOnce] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState("");
  const focusAfter = useRef<string | null>(null);
  const ref = { courseGuid: board.courseGuid, lessonGuid: board.lessonGuid };

  const boardIds = useMemo(() => idsOf(board), [board]);
  const ids = dragIds ?? boardIds;
  // What the drag handlers and announcements read: the columns as last rendered.
  const idsNow = useRef(ids);
  useLayoutEffect(() => {
    idsNow.current = ids;
  });
  const cards = useMemo(() => new Map(board.columns.flatMap((col) => col.cards.map((card) => [cardId(card), card] as const))), [board]);
  const origin = useRef<{ column: KanbanColumn; index: number } | null>(null);

  // After a move from the menu the card is somewhere else: its menu button gets the focus back.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    focusAfter.current = null;
    document.querySelector<HTMLElement>(`[data-card="${id}"] [data-card-actions]`)?.focus();
  }, [board]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const placeText = (key: "dnd.pickedUp" | "dnd.movedTo" | "dnd.dropped", card: KanbanCard, column: KanbanColumn, index: number, total: number) =>
    t(key, { item: cardName(card), column: t(columnLabelKey(column)), position: index + 1, total });

  const send = (card: KanbanCard, column: KanbanColumn, index: number) => {
    move({ ...ref, kind: card.kind, guid: card.guid, column, index })
      .unwrap()
      .catch(() => notify({ intent: "error", title: t("move.failed") }));
  };

  /** Where the dragged card would land with `over` under it: its column, place and the column's size then. */
  const landing = (activeId: string, overId: UniqueIdentifier) => {
    const current = idsNow.current;
    const id = String(overId);
    const asColumn = columnOfId(id);
    const column = asColumn ?? locate(current, id)?.column;
    if (!column) return undefined;
    const list = current[column];
    const has = list.includes(activeId);
    const total = has ? list.length : list.length + 1;
    const index = asColumn ? (has ? list.indexOf(activeId) : list.length) : list.indexOf(id);
    return { column, index, total };
  };

  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      const card = cards.get(String(active.id));
      const at = locate(idsNow.current, String(active.id));
      return card && at ? placeText("dnd.pickedUp", card, at.column, at.index, idsNow.current[at.column].length) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const card = cards.get(String(active.id));
      if (!card) return undefined;
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      const at = over ? landing(String(active.id), over.id) : undefined;
      return at ? placeText("dnd.movedTo", card, at.column, at.index, at.total) : t("dnd.notOver", { item: cardName(card) });
    },
    onDragEnd: ({ active, over }) => {
      const card = cards.get(String(active.id));
      if (!card) return undefined;
      const at = over ? landing(String(active.id), over.id) : undefined;
      return at ? placeText("dnd.dropped", card, at.column, at.index, at.total) : t("dnd.cancelled", { item: cardName(card) });
    },
    onDragCancel: ({ active }) => {
      const card = cards.get(String(active.id));
      return card ? t("dnd.cancelled", { item: cardName(card) }) : undefined;
    },
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const start = idsOf(board);
    origin.current = locate(start, String(active.id)) ?? null;
    setDragIds(start);
  };

  // Across columns the card follows the pointer (or the arrows) into the column it is over.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const activeId = String(active.id);
    setDragIds((prev) => {
      if (!prev) return prev;
      const from = locate(prev, activeId);
      const overId = String(over.id);
      const to = columnOfId(overId) ?? locate(prev, overId)?.column;
      if (!from || !to || to === from.column) return prev;
      const target = prev[to];
      const at = columnOfId(overId) ? target.length : Math.max(0, target.indexOf(overId));
      return { ...prev, [from.column]: prev[from.column].filter((id) => id !== activeId), [to]: [...target.slice(0, at), activeId, ...target.slice(at)] };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = idsNow.current;
    setDragIds(null);
    const activeId = String(active.id);
    const card = cards.get(activeId);
    const from = locate(current, activeId);
    if (!over || !card || !from) return;
    let list = current[from.column];
    const overAt = columnOfId(String(over.id)) ? undefined : locate(current, String(over.id));
    if (overAt && overAt.column === from.column && overAt.index !== from.index) list = arrayMove(list, from.index, overAt.index);
    const index = list.indexOf(activeId);
    if (origin.current && origin.current.column === from.column && origin.current.index === index) return;
    send(card, from.column, index);
  };

  const actionsFor = (card: KanbanCard, column: KanbanColumn, index: number, count: number): CardActions => ({
    column,
    index,
    count,
    onMove: (to, at) => {
      focusAfter.current = cardId(card);
      setStatus(placeText("dnd.dropped", card, to, at, count));
      send(card, to, at);
    },
    onMoveToColumn: (to) => {
      const size = boardIds[to].length;
      focusAfter.current = cardId(card);
      setStatus(placeText("dnd.dropped", card, to, size, size + 1));
      send(card, to, size);
    },
    onSaveText: async (text) => {
      try {
        await updateCard({ ...ref, guid: card.guid, text }).unwrap();
        return true;
      } catch {
        notify({ intent: "error", title: t("edit.failed") });
        return false;
      }
    },
    onDelete: () => {
      setDeleteError(undefined);
      setAskedOnce(true);
      setConfirming({ guid: card.guid, text: cardName(card) });
    },
  });

  const confirmDelete = () => {
    if (!confirming) return;
    deleteCard({ ...ref, guid: confirming.guid })
      .unwrap()
      .then(() => setConfirming(null))
      .catch(() => setDeleteError(t("delete.failed")));
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragIds(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.instructions") } }}
      >
        <div className={styles.board} role="group" aria-label={label}>
          {KANBAN_COLUMNS.map((column) => (
            <DroppableColumn key={column} column={column} ids={ids[column]} headingLevel={headingLevel}>
              {ids[column].map((id, index) => {
                const card = cards.get(id);
                return card ? (
                  <SortableCard key={id} id={id}>
                    {(handle) => (
                      <KanbanCardView card={card} showWhere={showWhere} handle={handle} actions={actionsFor(card, column, index, ids[column].length)} />
                    )}
                  </SortableCard>
                ) : null;
              })}
            </DroppableColumn>
          ))}
        </div>
      </DndContext>
      <div className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
      {askedOnce ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming !== null}
            title={t("delete.title")}
            body={t("delete.body", { text: confirming?.text ?? "" })}
            confirmLabel={t("delete.confirm")}
            onConfirm={confirmDelete}
            onCancel={() => setConfirming(null)}
            busy={deleting.isLoading}
            error={deleteError}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DroppableColumn({ column, ids, headingLevel, children }: { column: KanbanColumn; ids: string[]; headingLevel: 2 | 3 | 4; children: ReactNode }) {
  const { setNodeRef } = useDroppable({ id: columnId(column) });
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <ColumnFrame column={column} count={ids.length} headingLevel={headingLevel} listRef={setNodeRef}>
        {children}
      </ColumnFrame>
    </SortableContext>
  );
}

function SortableCard({ id, children }: { id: string; children: (handle: CardHandle) => ReactNode }) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("dnd.roleDescription") },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: "relative", zIndex: isDragging ? 1 : undefined };
  // dnd-kit gives the handle role="button"; it is a <button> already.
  const { role: _role, ...handleAttributes } = attributes;
  return (
    <li ref={setNodeRef} style={style} className={mergeClasses(isDragging && styles.dragging)}>
      {children({ activator: setActivatorNodeRef, attributes: { ...handleAttributes, ...listeners } })}
    </li>
  );
}
