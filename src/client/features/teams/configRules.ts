import type { CourseCard } from "../../../contracts/courses";
import type { TabConfig } from "../../platform";
import { TAB_PARAM, type CourseTabName } from "../course/courseTabs";

/**
 * The screens a class tab can open on: values of the class page's `?tab=` (course/courseTabs.ts),
 * which opens them. "tasks" (labels already in teams.json, config.screens.tasks) comes back here
 * once the class page has a tasks tab to open; offering it before that saved a tab that opened on
 * the stream.
 */
export const TAB_SCREENS = ["home", "program"] as const satisfies readonly CourseTabName[];
export type TabScreen = (typeof TAB_SCREENS)[number];

/** Only classes the caller teaches can become a class tab. */
export const teachableCourses = (courses: readonly CourseCard[]): CourseCard[] =>
  courses.filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");

/** What the configurable tab saves for a class and a screen. */
export function classTabConfig(course: Pick<CourseCard, "guid" | "name">, screen: TabScreen, origin: string): TabConfig {
  const url = `${origin}/course/${encodeURIComponent(course.guid)}?${TAB_PARAM}=${screen}`;
  return { contentUrl: url, websiteUrl: url, entityId: `class-${course.guid}`, suggestedDisplayName: course.name };
}
