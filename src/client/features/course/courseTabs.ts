/** The class page's tabs (spec §2): each is its own route under /course/:guid. */
export const COURSE_TABS = [
  { id: "stream", path: "", labelKey: "tabs.stream" },
  { id: "program", path: "/program", labelKey: "common:menu.program" },
  { id: "grades", path: "/grades", labelKey: "common:menu.grades" },
  { id: "resources", path: "/resources", labelKey: "common:menu.resources" },
  { id: "classroom-resources", path: "/classroom-resources", labelKey: "common:menu.classroomResources" },
] as const;

export type CourseTabId = (typeof COURSE_TABS)[number]["id"];

/**
 * `/course/<guid>?tab=<name>` opens that tab: Teams class tabs save such URLs
 * (features/teams/configRules.ts). "home" is the stream's name there.
 */
export const TAB_PARAM = "tab";
const TAB_ALIASES = { home: "stream" } as const satisfies Record<string, CourseTabId>;

/** What `?tab=` may say: a tab's id or an alias. */
export type CourseTabName = CourseTabId | keyof typeof TAB_ALIASES;

const isTabId = (value: string): value is CourseTabId => COURSE_TABS.some((t) => t.id === value);
const isAlias = (value: string): value is keyof typeof TAB_ALIASES => Object.hasOwn(TAB_ALIASES, value);

/** The tab a `?tab=` value names; undefined for anything unknown (the class then opens on its stream). */
export function courseTabOf(value: string | null | undefined): CourseTabId | undefined {
  const name = value?.trim().toLowerCase() ?? "";
  if (isTabId(name)) return name;
  if (isAlias(name)) return TAB_ALIASES[name];
  return undefined;
}

/** The route of a class's tab. */
export function courseTabPath(guid: string, tab: CourseTabId): string {
  const path = COURSE_TABS.find((t) => t.id === tab)?.path ?? "";
  return `/course/${encodeURIComponent(guid)}${path}`;
}
