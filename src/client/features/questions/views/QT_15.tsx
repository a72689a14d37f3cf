import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, mergeClasses } from "@fluentui/react-components";
import { ArrowDown16Regular, ArrowUp16Regular, ReOrderDotsVertical20Regular } from "@fluentui/react-icons";
import { useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { StudentItem } from "../../../../contracts/student-questions";
import { isInteractive, itemName } from "./dnd-board";
import { useSortableAnnouncements } from "../../../ui/sortableAnnouncements";
import { useDndStyles } from "./dnd-styles";
import { ItemContent, partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Order list (QT_15): the items, shuffled, to be put in order. Dragged (pointer, or the handle with
 * Space, arrows, Space), or moved with each item's "Subir" / "Bajar" buttons (the keyboard way);
 * every move is announced ("Vejez, posición 3 de 4"). Answer: { order: [every item id] }, sent on
 * every change; until the first one the order is the one data.items gives.
 */

type Props = QuestionViewProps<"QT_15">;

export default function OrderListView(props: Props) {
  return isInteractive(props.mode) ? <Answering {...props} /> : <ReadOnly {...props} />;
}

/** The answer's order when it is a whole permutation of the items, else the items' own order. */
function currentOrder(items: readonly StudentItem[], given: readonly string[] | undefined): string[] {
  const ids = items.map((i) => i.id);
  if (given && given.length === ids.length && new Set(given).size === ids.length && given.every((id) => ids.includes(id))) return [...given];
  return ids;
}

function Answering({ question, answer, onAnswer, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { items } = question.data;
  const order = currentOrder(items, answer?.order);
  const total = order.length;
  const [message, setMessage] = useState("");
  const byId = new Map(items.map((i) => [i.id, i]));
  const nameOf = (id: UniqueIdentifier) => itemName(byId.get(String(id)) ?? {});

  const move = (from: number, to: number) => {
    const id = order[from];
    if (id === undefined || to < 0 || to >= total || from === to) return;
    onAnswer?.({ order: arrayMove(order, from, to) });
    return id;
  };
  const step = (index: number, delta: -1 | 1) => {
    const id = move(index, index + delta);
    if (id === undefined) return;
    const next = t("dnd.order.position", { item: nameOf(id), position: index + delta + 1, total });
    // The same words twice would not be read again: a trailing space makes it a change.
    setMessage((previous) => (previous === next ? `${next}\u00a0` : next));
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useSortableAnnouncements({
    t,
    keys: { pickedUp: "dnd.order.pickedUp", movedTo: "dnd.order.movedTo", notOver: "dnd.order.notOver", dropped: "dnd.order.dropped", cancelled: "dnd.order.cancelled" },
    nameOf,
    positionOf: (id) => order.indexOf(String(id)) + 1,
    total,
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };

  return (
    <div className={styles.root} role="group" aria-label={label}>
      <p className={styles.hint}>{t("dnd.order.hint")}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.order.instructions") } }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          {/* role="list": Safari drops the list role of a list without bullets. */}
          <ol className={styles.rows} role="list" aria-label={t("dnd.order.list", { label })}>
            {order.map((id, index) => (
              <SortableRow
                key={id}
                id={id}
                item={byId.get(id) ?? { id }}
                index={index}
                total={total}
                onUp={() => step(index, -1)}
                onDown={() => step(index, 1)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className={styles.srOnly} role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </div>
  );
}

type RowProps = { id: string; item: StudentItem; index: number; total: number; onUp: () => void; onDown: () => void };

function SortableRow({ id, item, index, total, onUp, onDown }: RowProps) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("dnd.order.roleDescription") },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: "relative", zIndex: isDragging ? 1 : undefined };
  // dnd-kit gives the handle role="button"; it is a <button> already.
  const { role: _role, ...handle } = attributes;
  const name = itemName(item);
  return (
    <li ref={setNodeRef} style={style} className={mergeClasses(styles.row, isDragging && styles.dragging)}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...handle}
        {...listeners}
        aria-label={t("dnd.order.drag", { item: name })}
        className={styles.chip}
      >
        <ReOrderDotsVertical20Regular aria-hidden />
      </button>
      <span className={styles.position} aria-hidden>
        {index + 1}.
      </span>
      <span className={styles.grow}>
        <ItemContent item={item} />
      </span>
      {/* disabledFocusable: at the ends the button stays focused (aria-disabled) instead of dropping focus. */}
      <Button size="small" icon={<ArrowUp16Regular />} disabledFocusable={index === 0} aria-label={t("dnd.order.moveUpItem", { item: name })} onClick={onUp}>
        {t("dnd.order.moveUp")}
      </Button>
      <Button
        size="small"
        icon={<ArrowDown16Regular />}
        disabledFocusable={index === total - 1}
        aria-label={t("dnd.order.moveDownItem", { item: name })}
        onClick={onDown}
      >
        {t("dnd.order.moveDown")}
      </Button>
    </li>
  );
}

function ReadOnly({ question, mode, answer, solution, parts, label }: Props) {
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const styles = useDndStyles();
  const { items } = question.data;
  const review = mode === "review";
  const byId = new Map<string, StudentItem>([...items, ...(solution?.items ?? [])].map((i) => [i.id, i]));
  const list = (ids: readonly string[], name: string, marked: boolean) => (
    <ol className={styles.rows} role="list" aria-label={name}>
      {ids.map((id, index) => (
        <li key={id} className={styles.row}>
          <span className={styles.position}>{index + 1}.</span>
          <span className={styles.grow}>
            <ItemContent item={byId.get(id) ?? { id }} />
          </span>
          {marked && <ReviewMark correct={partResult(parts, id)} />}
        </li>
      ))}
    </ol>
  );
  const rightIds = solution?.items.map((i) => i.id);

  if (!review) {
    // Projection: the right order when revealed, else whatever answer it was given, else the shuffled items.
    return (
      <div className={mergeClasses(styles.root, styles.large)} role="group" aria-label={label}>
        {rightIds && <p className={styles.caption}>{t("review.correctAnswer")}</p>}
        {list(rightIds ?? currentOrder(items, answer?.order), t("dnd.order.list", { label }), false)}
      </div>
    );
  }
  return (
    <div className={styles.root} role="group" aria-label={label}>
      <p className={styles.caption}>{yourAnswer}</p>
      {answer ? list(currentOrder(items, answer.order), `${label}: ${yourAnswer}`, true) : <p>{t("review.noAnswer")}</p>}
      {rightIds && (
        <>
          <p className={styles.caption}>{t("review.correctAnswer")}</p>
          {list(rightIds, `${label}: ${t("review.correctAnswer")}`, false)}
        </>
      )}
    </div>
  );
}
