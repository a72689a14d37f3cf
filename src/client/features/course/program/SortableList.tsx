import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from "react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSortableAnnouncements } from "../../../ui/sortableAnnouncements";
import { moveGuid } from "./programRules";

/** What a row's drag handle spreads onto its button (dnd-kit's attributes, listeners and ref). */
export type DragHandleProps = {
  /** dnd-kit's activator: the element keyboard dragging starts from and returns focus to. */
  activator: (element: HTMLElement | null) => void;
  attributes: ButtonHTMLAttributes<HTMLButtonElement>;
  dragging: boolean;
};

export type SortableListProps<T extends { guid: string; title: string }> = {
  items: readonly T[];
  /** The list's accessible name ("Units of Matemáticas 1"). */
  label: string;
  className?: string;
  itemClassName?: string;
  /** Off: a plain ordered list (students, view as student). */
  sortable: boolean;
  onReorder: (order: string[]) => void;
  renderItem: (item: T, index: number, handle: DragHandleProps | undefined) => ReactNode;
};

/**
 * An ordered list whose rows can be dragged by a handle, with the mouse, touch or the keyboard
 * (space to pick up, arrows to move, space to drop, escape to cancel), each step announced in the
 * reader's language. One DndContext per list: units move within their publication, lessons within
 * their unit.
 */
export function SortableList<T extends { guid: string; title: string }>(props: SortableListProps<T>) {
  const { items, label, className, itemClassName, sortable, renderItem } = props;
  if (!sortable) {
    return (
      <ol className={className} aria-label={label}>
        {items.map((item, i) => (
          <li key={item.guid} className={itemClassName}>
            {renderItem(item, i, undefined)}
          </li>
        ))}
      </ol>
    );
  }
  return <DraggableList {...props} />;
}

function DraggableList<T extends { guid: string; title: string }>({
  items,
  label,
  className,
  itemClassName,
  onReorder,
  renderItem,
}: SortableListProps<T>) {
  const { t } = useTranslation("program");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const guids = useMemo(() => items.map((i) => i.guid), [items]);

  const announcements = useSortableAnnouncements({
    t,
    keys: { pickedUp: "dnd.pickedUp", movedTo: "dnd.movedTo", notOver: "dnd.notOverList", dropped: "dnd.dropped", cancelled: "dnd.cancelled" },
    nameOf: (id) => items.find((i) => i.guid === id)?.title ?? "",
    positionOf: (id) => guids.indexOf(String(id)) + 1,
    total: items.length,
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = guids.indexOf(String(active.id));
    const to = guids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(moveGuid(guids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.instructions") } }}
    >
      <SortableContext items={guids} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {items.map((item, i) => (
            <SortableRow key={item.guid} id={item.guid} className={itemClassName}>
              {(handle) => renderItem(item, i, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, className, children }: { id: string; className?: string; children: (handle: DragHandleProps) => ReactNode }) {
  const { t } = useTranslation("program");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("dnd.roleDescription") },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: "relative",
    zIndex: isDragging ? 1 : undefined,
  };
  // dnd-kit gives the handle role="button"; it is a <button> already.
  const { role: _role, ...handleAttributes } = attributes;
  return (
    <li ref={setNodeRef} style={style} className={className}>
      {children({ activator: setActivatorNodeRef, attributes: { ...handleAttributes, ...listeners }, dragging: isDragging })}
    </li>
  );
}
