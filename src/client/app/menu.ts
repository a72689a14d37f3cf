import { generatePath, matchPath } from "react-router-dom";

/**
 * The menu configuration: the app's places as a tree. Breadcrumbs follow this tree, not the
 * URL's segments, so /profile reads "Home > Profile". Later issues add their entries here
 * (course, lesson, library, ...). `labelKey` is a key of the common namespace.
 */
export type MenuEntry = { id: string; path: string; labelKey: string; children?: readonly MenuEntry[] };

export const MENU: readonly MenuEntry[] = [
  {
    id: "home",
    path: "/home",
    labelKey: "menu.home",
    children: [
      { id: "profile", path: "/profile", labelKey: "menu.profile" },
      { id: "license", path: "/license", labelKey: "menu.license" },
      {
        id: "calendar",
        path: "/calendar",
        labelKey: "menu.calendar",
        children: [{ id: "calendar-class", path: "/calendar/:course", labelKey: "menu.classCalendar" }],
      },
      { id: "tasks", path: "/tasks", labelKey: "menu.tasks", children: [{ id: "tasks-kanban", path: "/tasks/kanban", labelKey: "menu.tasksKanban" }] },
      {
        id: "practice",
        path: "/chatbot-practice",
        labelKey: "menu.practice",
        children: [
          { id: "practice-activity", path: "/activities/sessions/:sessionId/activities/:activityInstanceId", labelKey: "menu.practiceActivity" },
          { id: "practice-summary", path: "/activities/sessions/:sessionId/summary", labelKey: "menu.practiceSummary" },
        ],
      },
      // Only gamified students reach it (the avatar menu and the header's chip link to it).
      { id: "gamification", path: "/gamification", labelKey: "menu.gamification" },
      {
        id: "analytics",
        path: "/analytics",
        labelKey: "menu.analytics",
        children: [{ id: "analytics-class", path: "/analytics/:classId", labelKey: "menu.classAnalytics" }],
      },
      {
        id: "ai-tools",
        path: "/ai/tools",
        labelKey: "menu.aiTools",
        children: [
          { id: "ai-tools-history", path: "/ai/tools/history", labelKey: "menu.aiToolsHistory" },
          { id: "ai-tools-instance", path: "/ai/tools/instance/:toolInstanceId", labelKey: "menu.aiToolsInstance" },
          { id: "ai-tools-setup", path: "/ai/tools/setup/:tool", labelKey: "menu.aiToolsSetup" },
        ],
      },
      { id: "publication", path: "/publication/:guid", labelKey: "menu.publication" },
      {
        id: "course",
        path: "/course/:guid",
        labelKey: "menu.course",
        children: [
          { id: "course-program", path: "/course/:guid/program", labelKey: "menu.program" },
          { id: "course-grades", path: "/course/:guid/grades", labelKey: "menu.grades" },
          {
            id: "course-resources",
            path: "/course/:guid/resources",
            labelKey: "menu.resources",
            children: [
              { id: "course-resource-group", path: "/course/:guid/resources/:sectionGuid/:groupGuid", labelKey: "menu.resourceGroup" },
            ],
          },
          { id: "course-classroom-resources", path: "/course/:guid/classroom-resources", labelKey: "menu.classroomResources" },
        ],
      },
      { id: "status", path: "/status", labelKey: "menu.status" },
      { id: "credits", path: "/credits", labelKey: "menu.credits" },
      { id: "terms", path: "/terms", labelKey: "menu.terms" },
      { id: "privacy", path: "/privacy", labelKey: "menu.privacy" },
      { id: "error", path: "/error", labelKey: "menu.error" },
    ],
  },
];

export type Crumb = { id: string; labelKey: string; href: string };

type Found = { chain: MenuEntry[]; exact: boolean; depth: number; params: Record<string, string | undefined> };

function search(entries: readonly MenuEntry[], pathname: string, parents: MenuEntry[], best: Found | undefined): Found | undefined {
  let result = best;
  for (const entry of entries) {
    const chain = [...parents, entry];
    const exact = matchPath({ path: entry.path, end: true }, pathname);
    const prefix = exact ?? matchPath({ path: entry.path, end: false }, pathname);
    if (prefix) {
      const candidate: Found = { chain, exact: Boolean(exact), depth: chain.length, params: prefix.params };
      // An exact match beats a prefix one; between equals, the deeper entry is more specific.
      if (!result || (candidate.exact && !result.exact) || (candidate.exact === result.exact && candidate.depth > result.depth)) {
        result = candidate;
      }
    }
    if (entry.children) result = search(entry.children, pathname, chain, result);
  }
  return result;
}

/** The chain of menu entries leading to the current path (empty when no entry matches). */
export function breadcrumbFor(pathname: string, menu: readonly MenuEntry[] = MENU): Crumb[] {
  const found = search(menu, pathname, [], undefined);
  if (!found) return [];
  return found.chain.map((entry) => ({
    id: entry.id,
    labelKey: entry.labelKey,
    // Ancestors with parameters (/course/:guid) link with the values of the current path.
    href: generatePath(entry.path, found.params as Record<string, string>),
  }));
}
