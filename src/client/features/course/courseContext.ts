import { useOutletContext } from "react-router-dom";
import type { CourseDetail } from "../../../contracts/course-settings";

/**
 * What CourseLayout hands to every class tab through its <Outlet context>: the loaded class and
 * whether a teacher is looking at it as a student ("view as student", kept in the URL as
 * ?view=student so reloads and tab changes keep it).
 */
export type CourseOutletContext = {
  course: CourseDetail;
  /** True for students, and for teachers who switched on "view as student". */
  studentView: boolean;
  /** Teachers and co-teachers who are not in student view: show editing controls. */
  editing: boolean;
};

export const VIEW_PARAM = "view";
export const STUDENT_VIEW = "student";

export const useCourseContext = (): CourseOutletContext => useOutletContext<CourseOutletContext>();
