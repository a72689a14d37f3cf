import type { CourseKind } from "../../../contracts/course-settings";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { useGetOrganizationQuery } from "./classesApi";

/** Teachers and co-teachers may create classes (spec §7); the school's LMS flags say which kinds. */
export const isTeacherRole = (role: string | undefined): boolean => role === "teacher" || role === "coteacher";

/** The kinds the school lets this teacher create, from GET /api/organization (none for others). */
export function allowedKinds(flags: { canCreateCourse: boolean; canCreateGroup: boolean } | undefined): CourseKind[] {
  if (!flags) return [];
  return [...(flags.canCreateCourse ? (["class"] as const) : []), ...(flags.canCreateGroup ? (["group"] as const) : [])];
}

export function useCourseCreation(): { kinds: CourseKind[]; loading: boolean } {
  const user = useAppSelector(selectCurrentUser);
  const teacher = isTeacherRole(user?.role);
  const { data, isLoading } = useGetOrganizationQuery(undefined, { skip: !teacher });
  return { kinds: teacher ? allowedKinds(data?.lms) : [], loading: teacher && isLoading };
}
