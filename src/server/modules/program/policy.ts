import type { ProgramView } from "../../../contracts/course-program";
import type { CourseAccess } from "../courses/access";

/**
 * Students always get the student view (hidden units and lessons left out). Everyone else on the
 * class (teachers, co-teachers, observing school admins) gets the teacher view unless they ask to
 * see the class as a student.
 */
export function programViewFor(access: Pick<CourseAccess, "isStudent">, requested: ProgramView | undefined): ProgramView {
  if (access.isStudent) return "student";
  return requested ?? "teacher";
}

/**
 * The class's order: items it has a state row for, by that position, then the ones the publisher
 * added since (no state row), in the publisher's order. Without state rows it is the publisher's.
 */
export function seenOrder<T extends { id: string }>(items: ReadonlyArray<{ node: T; position: number | null; order: number }>): T[] {
  return [...items]
    .sort((a, b) => {
      const stated = Number(a.position === null) - Number(b.position === null);
      if (stated !== 0) return stated;
      const key = (a.position ?? a.order) - (b.position ?? b.order);
      if (key !== 0) return key;
      return a.order - b.order || (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0);
    })
    .map((i) => i.node);
}

/** `order` lists each of `current` exactly once and nothing else. */
export function isPermutation(order: readonly string[], current: readonly string[]): boolean {
  if (order.length !== current.length) return false;
  const wanted = new Set(current);
  const seen = new Set<string>();
  for (const id of order) {
    if (!wanted.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
