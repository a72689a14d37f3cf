import type { Role } from "../../../contracts/common";
import type { CourseViewerRole } from "../../../contracts/courses";
import { canEditAs } from "../courses/access";

/*
 * Who may change a calendar. A class's teachers and co-teachers add its extra classes and its
 * holidays; a school admin sets holidays for their whole school (they oversee its classes but do
 * not teach them, so a class's own holidays stay with its teachers). Students only read.
 */

export const canEditClassCalendar = (role: CourseViewerRole): boolean => canEditAs(role);

/** Whole-school holidays: the school's own admins. */
export const canSetSchoolHolidays = (role: Role, callerSchoolId: string | null): callerSchoolId is string =>
  role === "school_admin" && callerSchoolId !== null;

export type HolidayOwner = { courseId: string | null; schoolId: string | null };
export type HolidayReader = {
  role: Role;
  schoolId: string | null;
  /** The caller's role on each class they may see. */
  classRoles: ReadonlyMap<string, CourseViewerRole>;
  /** Schools of those classes (their whole-school holidays apply to them). */
  classSchools: ReadonlySet<string>;
};

/** A class holiday of a class the caller sees, or a holiday of their school or of one of their classes' schools. */
export function canSeeHoliday(h: HolidayOwner, reader: HolidayReader): boolean {
  if (h.courseId) return reader.classRoles.has(h.courseId);
  return h.schoolId !== null && (h.schoolId === reader.schoolId || reader.classSchools.has(h.schoolId));
}

export function canEditHoliday(h: HolidayOwner, reader: HolidayReader): boolean {
  if (h.courseId) {
    const role = reader.classRoles.get(h.courseId);
    return role !== undefined && canEditClassCalendar(role);
  }
  return canSetSchoolHolidays(reader.role, reader.schoolId) && h.schoolId === reader.schoolId;
}
