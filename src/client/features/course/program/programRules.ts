import type { CourseProgram, ProgramPublication } from "../../../../contracts/course-program";

/*
 * The client's side of the personalised program (spec §4): the same change the server makes,
 * applied to the cached program so the page answers at once. Each works on an immer draft.
 */

/** The URL segment and order scope: "units" or "lessons". */
export type ProgramItemScope = "units" | "lessons";

function findPublicationOfUnit(program: CourseProgram, unitGuid: string): ProgramPublication | undefined {
  return program.publications.find((p) => p.units.some((u) => u.guid === unitGuid));
}

function findPublicationOfLesson(program: CourseProgram, lessonGuid: string): ProgramPublication | undefined {
  return program.publications.find((p) => p.units.some((u) => u.lessons.some((l) => l.guid === lessonGuid)));
}

/** Hides or shows one unit or lesson; its publication becomes personalised. */
export function hideItem(program: CourseProgram, scope: ProgramItemScope, guid: string, hidden: boolean): void {
  const publication = scope === "units" ? findPublicationOfUnit(program, guid) : findPublicationOfLesson(program, guid);
  if (!publication) return;
  for (const unit of publication.units) {
    if (scope === "units" && unit.guid === guid) unit.hidden = hidden;
    if (scope === "lessons") {
      for (const lesson of unit.lessons) if (lesson.guid === guid) lesson.hidden = hidden;
    }
  }
  publication.personalised = true;
  program.personalised = true;
}

/** Puts `items` in the order of `order` (guids) and numbers them from 1; unknown guids are ignored. */
function applyOrder<T extends { guid: string; order: number }>(items: T[], order: readonly string[]): T[] {
  const position = new Map(order.map((guid, i) => [guid, i]));
  const sorted = [...items].sort((a, b) => (position.get(a.guid) ?? Infinity) - (position.get(b.guid) ?? Infinity));
  sorted.forEach((item, i) => {
    item.order = i + 1;
  });
  return sorted;
}

/** Reorders one publication's units or one unit's lessons; the publication becomes personalised. */
export function reorderItems(program: CourseProgram, scope: ProgramItemScope, parentGuid: string, order: readonly string[]): void {
  if (scope === "units") {
    const publication = program.publications.find((p) => p.guid === parentGuid);
    if (!publication) return;
    publication.units = applyOrder(publication.units, order);
    publication.personalised = true;
  } else {
    const publication = findPublicationOfUnit(program, parentGuid);
    const unit = publication?.units.find((u) => u.guid === parentGuid);
    if (!publication || !unit) return;
    unit.lessons = applyOrder(unit.lessons, order);
    publication.personalised = true;
  }
  program.personalised = true;
}

/** The guids with the one at `from` moved to `to` (both indexes within the list). */
export function moveGuid(guids: readonly string[], from: number, to: number): string[] {
  const next = [...guids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** Where a lesson opens (the lesson page arrives with the lessons issue). */
export const lessonPath = (courseGuid: string, unitGuid: string, lessonGuid: string): string =>
  `/course/${courseGuid}/unit/${unitGuid}/lesson/${lessonGuid}`;
