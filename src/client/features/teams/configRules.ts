import type { CourseCard } from "../../../contracts/courses";
import type { TabConfig } from "../../platform";

/** The screens a class tab can open on. */
export const TAB_SCREENS = ["home", "program", "tasks"] as const;
export type TabScreen = (typeof TAB_SCREENS)[number];

/** Only classes the caller teaches can become a class tab. */
export const teachableCourses = (courses: readonly CourseCard[]): CourseCard[] =>
  courses.filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");

/** What the configurable tab saves for a class and a screen. */
export function classTabConfig(course: Pick<CourseCard, "guid" | "name">, screen: TabScreen, origin: string): TabConfig {
  const url = `${origin}/course/${encodeURIComponent(course.guid)}?tab=${screen}`;
  return { contentUrl: url, websiteUrl: url, entityId: `class-${course.guid}`, suggestedDisplayName: course.name };
}
