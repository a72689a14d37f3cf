import type { LessonItem } from "../../../contracts/lessons";

/** One screen of a projection: a lesson's title (unit projections) or one published item. */
export type Slide =
  | { kind: "lesson"; key: string; lessonGuid: string; title: string; itemCount: number }
  | { kind: "item"; key: string; lessonGuid: string; title: string; item: LessonItem };

export type UnitLesson = { guid: string; title: string; items: LessonItem[] };

export const itemSlides = (lessonGuid: string, items: LessonItem[]): Slide[] =>
  items.map((item) => ({ kind: "item", key: item.guid, lessonGuid, title: item.title, item }));

/** A unit projection: each lesson's title slide followed by its published items, in program order. */
export const unitSlides = (lessons: UnitLesson[]): Slide[] =>
  lessons.flatMap((lesson) => [
    { kind: "lesson", key: `lesson:${lesson.guid}`, lessonGuid: lesson.guid, title: lesson.title, itemCount: lesson.items.length } satisfies Slide,
    ...itemSlides(lesson.guid, lesson.items),
  ]);

/** 0..count-1 (0 when there is nothing to show). */
export const clampSlide = (position: number, count: number): number => Math.min(Math.max(0, position), Math.max(0, count - 1));

export type SlideAction = "next" | "previous" | "first" | "last" | "exit";

/**
 * What a key does on the projection screen: ArrowRight/PageDown/Space next, ArrowLeft/PageUp
 * previous, Home/End, Escape exits. Keys typed into a field, or meant for a media player, are left
 * alone; Space on a button is that button's own click.
 */
export function slideKeyAction(event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "target">): SlideAction | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("input, textarea, select, video, audio, [contenteditable=''], [contenteditable='true'], [role='slider']")) return undefined;
  switch (event.key) {
    case "ArrowRight":
    case "PageDown":
      return "next";
    case " ":
      return target?.closest("button, a, [role='button']") ? undefined : "next";
    case "ArrowLeft":
    case "PageUp":
      return "previous";
    case "Home":
      return "first";
    case "End":
      return "last";
    case "Escape":
      return "exit";
    default:
      return undefined;
  }
}
