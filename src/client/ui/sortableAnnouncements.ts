import type { Announcements, UniqueIdentifier } from "@dnd-kit/core";
import type { TFunction } from "i18next";
import { useRef } from "react";

/** The translation keys of a sortable list's five announcements (each gets `item`, and `position` and `total` where they apply). */
export type SortableAnnouncementKeys = { pickedUp: string; movedTo: string; notOver: string; dropped: string; cancelled: string };

/**
 * dnd-kit's screen-reader announcements for a sortable list, in the reader's language. The hook
 * remembers where the dragged row was last announced: dnd-kit reports "over itself" right after the
 * pick-up, which would only repeat (and, in a live region, cut off) the pick-up message.
 */
export function useSortableAnnouncements(opts: {
  t: TFunction;
  keys: SortableAnnouncementKeys;
  nameOf: (id: UniqueIdentifier) => string;
  positionOf: (id: UniqueIdentifier) => number;
  total: number;
}): Announcements {
  const { t, keys, nameOf, positionOf, total } = opts;
  const lastOver = useRef<UniqueIdentifier | null>(null);
  return {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t(keys.pickedUp, { item: nameOf(active.id), position: positionOf(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? t(keys.movedTo, { item: nameOf(active.id), position: positionOf(over.id), total }) : t(keys.notOver, { item: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over ? t(keys.dropped, { item: nameOf(active.id), position: positionOf(over.id), total }) : t(keys.cancelled, { item: nameOf(active.id) }),
    onDragCancel: ({ active }) => t(keys.cancelled, { item: nameOf(active.id) }),
  };
}
