import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { mergeClasses } from "@fluentui/react-components";
import { useMemo, useRef, useState, type ElementType, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionViewMode } from "./types";
import { useDndStyles } from "./dnd-styles";

/*
 * The drag-and-drop board the token views share (cloze drag and drop, classify, match list): one
 * DndContext with pointer and keyboard sensors, every step announced in the reader's language,
 * draggable chips and drop zones. Dragging is one way only: every view also offers a select per
 * gap or item, which is the keyboard and screen-reader way.
 */

/** Answer and preview modes take answers; projection and review are read-only. */
export const isInteractive = (mode: QuestionViewMode): boolean => mode === "answer" || mode === "preview";

/** How an item is named in labels and announcements: its text, else its image's description. */
export const itemName = (item: { text?: string | undefined; image?: { alt: string } | undefined }): string => item.text ?? item.image?.alt ?? "";

/** A group's accessible name: the question's label, then the part ("Pregunta 3: Fichas"). */
export const groupName = (label: string, part: string): string => `${label}: ${part}`;

/** The map without one key. */
export const withoutKey = (map: Readonly<Record<string, string>>, key: string): Record<string, string> =>
  Object.fromEntries(Object.entries(map).filter(([k]) => k !== key));

/** The map without any key whose value is `value`. */
export const withoutValue = (map: Readonly<Record<string, string>>, value: string): Record<string, string> =>
  Object.fromEntries(Object.entries(map).filter(([, v]) => v !== value));

/** Own entries only: an id is never looked up on Object.prototype. */
export const valueOf = (map: Readonly<Record<string, string>> | undefined, key: string): string | undefined =>
  map && Object.hasOwn(map, key) ? map[key] : undefined;

/** The pointer's zone while dragging with a mouse or finger; the dragged chip's overlap when dragging with the keyboard. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

export type DropBoardProps = {
  /** What a draggable or zone id is called in announcements ("peces", "Hueco 2"). */
  nameOf: (id: string) => string;
  /** A chip was dropped on a zone. */
  onDrop: (dragId: string, zoneId: string) => void;
  children: ReactNode;
};

export function DropBoard({ nameOf, onDrop, children }: DropBoardProps) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const [active, setActive] = useState<string | null>(null);
  // dnd-kit reports "over" again for the zone already announced: say each zone once.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) => nameOf(String(id));
    return {
      onDragStart: ({ active: a }) => {
        lastOver.current = null;
        return t("dnd.pickedUp", { item: name(a.id) });
      },
      onDragOver: ({ active: a, over }) => {
        if ((over?.id ?? null) === lastOver.current) return undefined;
        lastOver.current = over?.id ?? null;
        return over ? t("dnd.over", { item: name(a.id), target: name(over.id) }) : t("dnd.notOver", { item: name(a.id) });
      },
      onDragEnd: ({ active: a, over }) =>
        over ? t("dnd.dropped", { item: name(a.id), target: name(over.id) }) : t("dnd.droppedNowhere", { item: name(a.id) }),
      onDragCancel: ({ active: a }) => t("dnd.cancelled", { item: name(a.id) }),
    };
  }, [nameOf, t]);

  const end = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    if (over) onDrop(String(a.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={({ active: a }) => setActive(String(a.id))}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.instructions") } }}
    >
      {children}
      <DragOverlay>{active ? <span className={mergeClasses(styles.chip, styles.overlay)}>{nameOf(active)}</span> : null}</DragOverlay>
    </DndContext>
  );
}

/** A token, item or match that can be picked up (pointer, or Space/Enter then arrows with the keyboard). */
export function DraggableChip({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, attributes: { roleDescription: t("dnd.roleDescription") } });
  // dnd-kit gives it role="button"; it is a <button> already.
  const { role: _role, ...rest } = attributes;
  return (
    <button type="button" ref={setNodeRef} {...rest} {...listeners} className={mergeClasses(styles.chip, isDragging && styles.dragging, className)}>
      {children}
    </button>
  );
}

type DropZoneProps = { id: string; as?: ElementType; className?: string; children: ReactNode } & HTMLAttributes<HTMLElement>;

/** Where chips can be dropped; highlighted while a chip is over it. */
export function DropZone({ id, as: Tag = "div", className, children, ...rest }: DropZoneProps) {
  const styles = useDndStyles();
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Tag ref={setNodeRef} className={mergeClasses(className, isOver && styles.over)} {...rest}>
      {children}
    </Tag>
  );
}

/** A read-only chip (projection and review). */
export function StaticChip({ children, className }: { children: ReactNode; className?: string }) {
  const styles = useDndStyles();
  return <span className={mergeClasses(styles.chip, styles.chipStatic, className)}>{children}</span>;
}

/** "Respuesta correcta: …" beside a wrong or missing placement in review mode. */
export function RightAnswer({ children }: { children: ReactNode }) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  return (
    <span>
      {t("review.correctAnswer")}: <span className={styles.right}>{children}</span>
    </span>
  );
}
