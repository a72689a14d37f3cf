import { FORM_RULES } from "../../../contracts/course-settings";
import type { PublicationStatus } from "../../../contracts/lessons";
import { AppError, validation } from "../../platform/errors";
import type { CourseAccess } from "../courses/access";

import { isPermutation } from "../program/policy";

export { programViewFor as lessonViewFor } from "../program/policy";

/** Who may add, edit, reorder, publish and delete a class's lesson items and classroom resources. */
export const canAuthorIn = (access: Pick<CourseAccess, "canEdit">): boolean => access.canEdit;

/** Students (and the student view) see only published items; the editor sees drafts and scheduled ones too. */
export const itemVisibleInView = (status: string, view: "teacher" | "student"): boolean => view === "teacher" || status === "published";

export const lessonNotInCourse = () => new AppError(404, "LESSON_NOT_IN_COURSE", "The lesson is not part of this class");
export const publishAtInPast = () => new AppError(400, "PUBLISH_AT_IN_PAST", "The publication date must be in the future");

/** The publication columns of an item. */
export type PublicationState = { status: PublicationStatus; publishAt: Date | null; publishedAt: Date | null };

/**
 * The publication state an item moves to (spec §4: Draft, Scheduled with a date, Published).
 * Scheduling needs a date in the future; moving to draft or published clears it. An item keeps
 * its first publication time while it stays published; leaving "published" forgets it.
 *
 * `requested.publishAt` undefined means "not given": a scheduled item keeps its date.
 */
export function nextPublication(
  current: PublicationState | null,
  requested: { status?: PublicationStatus | undefined; publishAt?: string | null | undefined },
  now: Date,
): PublicationState {
  const status = requested.status ?? current?.status ?? "published";
  if (status === "scheduled") {
    const given = requested.publishAt;
    if (given === null) throw validation([{ field: "publishAt", message: FORM_RULES.required }]);
    const publishAt = given === undefined ? (current?.publishAt ?? null) : new Date(given);
    if (publishAt === null) throw validation([{ field: "publishAt", message: FORM_RULES.required }]);
    // A date the item already had may have passed; only a new date is checked.
    if (given !== undefined && publishAt.getTime() <= now.getTime()) throw publishAtInPast();
    return { status, publishAt, publishedAt: null };
  }
  if (requested.publishAt !== undefined && requested.publishAt !== null) {
    throw validation([{ field: "publishAt", message: FORM_RULES.invalidChoice, reason: "publishAt is only for scheduled items" }]);
  }
  if (status === "draft") return { status, publishAt: null, publishedAt: null };
  const keep = current?.status === "published" ? current.publishedAt : null;
  return { status, publishAt: null, publishedAt: keep ?? now };
}

/** Where a new entry goes among `count` existing ones (1-based; at the end when absent or too far). */
export const insertionPosition = (count: number, requested: number | undefined): number =>
  requested === undefined ? count + 1 : Math.min(Math.max(requested, 1), count + 1);

/**
 * The new order of `current` with the listed ones removed, validated against `order`: it must list
 * exactly the items (either all of the current ones, or the ones left after deleting).
 */
export function batchOrder(current: readonly string[], removed: ReadonlySet<string>, order: readonly string[] | undefined): string[] | "invalid" {
  const remaining = current.filter((id) => !removed.has(id));
  if (order === undefined) return remaining;
  if (!isPermutation(order, current) && !isPermutation(order, remaining)) return "invalid";
  return order.filter((id) => !removed.has(id));
}
