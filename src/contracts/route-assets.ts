/**
 * What each screen needs before it can show, known from its URL alone (ADR 0026): the lazy chunks
 * (named `route-*` in src/client/app/routes.tsx) and the translation namespaces its components
 * read. The server preloads them from the first HTML response (client-static.ts) and the client
 * starts them, with the screen's data, at every navigation (app/navigation.ts), so code,
 * translations and data load side by side instead of one after another.
 *
 * Kept in step with routes.tsx by tests/client/route-assets.test.ts: every route of the app is
 * here with the chunks its elements load. No zod here (the entry imports it).
 */
export type RouteAssets = {
  /** A react-router path: static segments, `:param` segments, and a trailing `*`. */
  readonly path: string;
  /** Lazy chunk names, outermost layout first. */
  readonly chunks: readonly string[];
  /** i18n namespaces beyond common and errors (those two always load). */
  readonly namespaces: readonly string[];
  /** A signed-in screen whose data starts at navigation (app/routeData.ts, in the "route-data" chunk). */
  readonly data?: boolean;
};

const auth = (path: string, chunk: string, namespaces: readonly string[] = ["auth"]): RouteAssets => ({ path, chunks: [chunk], namespaces });
const page = (path: string, chunks: readonly string[], namespaces: readonly string[]): RouteAssets => ({ path, chunks, namespaces });
const withData = (route: RouteAssets): RouteAssets => ({ ...route, data: true });

/** A class's tab pages sit inside its layout chunk (route-course), whose header names disciplines from "home". */
const inClass = (sub: string, chunk: string | undefined, namespaces: readonly string[]): RouteAssets =>
  withData(page(`/course/:guid${sub}`, chunk ? ["route-course", chunk] : ["route-course"], ["course", "home", ...namespaces]));

const LESSONS = ["/lesson/:lessonGuid", "/unit/:unitGuid/lesson/:lessonGuid"];

export const ROUTE_ASSETS: readonly RouteAssets[] = [
  // "/" only redirects (to /home, or the login without a session).
  page("/", [], []),
  // Sign-in screens.
  auth("/auth/login", "route-login"),
  auth("/auth/login/:token", "route-token-login"),
  auth("/auth/login/:token/deeplink", "route-deeplink", ["teams"]),
  auth("/deeplink", "route-deeplink", ["teams"]),
  auth("/oidc/callback/:token", "route-token-login"),
  auth("/saml/callback/error", "route-saml", ["auth", "teams"]),
  auth("/saml/callback/:token", "route-saml", ["auth", "teams"]),
  auth("/tab-auth-start", "route-tab-auth", ["teams"]),
  auth("/tab-auth-end", "route-tab-auth", ["teams"]),
  auth("/config", "route-teams-config", ["teams"]),
  auth("/auth/signup", "route-signup"),
  auth("/recover-password", "route-recover-password"),
  auth("/reset-password", "route-reset-password"),
  auth("/logout", "route-logout"),
  // Signed-in screens in the shell.
  // Students' practice cards sit under the classes (a chunk of their own; their strings come with the page).
  withData(page("/home", ["route-home"], ["home", "classes", "calendar", "practice"])),
  page("/profile", ["route-profile"], ["profile"]),
  page("/license", ["route-license"], ["licence"]),
  withData(page("/publication/:guid", ["route-publication"], ["home", "program"])),
  withData(page("/calendar", ["route-calendar"], ["calendar"])),
  withData(page("/calendar/:course", ["route-calendar"], ["calendar"])),
  withData(page("/tasks", ["route-tasks"], ["tasks"])),
  withData(page("/tasks/kanban", ["route-kanban"], ["kanban", "lesson", "course"])),
  // Student practice (ADR 0035): one chunk; the player shows questions with the assessments' views.
  withData(page("/chatbot-practice", ["route-practice"], ["practice"])),
  withData(page("/activities/sessions/:sessionId/activities/:activityInstanceId", ["route-practice"], ["practice", "questions"])),
  withData(page("/activities/sessions/:sessionId/summary", ["route-practice"], ["practice"])),
  // Gamification (issue 18): one page for gamified students; the header's chip loads its own chunk.
  withData(page("/gamification", ["route-gamification"], ["gamification"])),
  // Teacher analytics (ADR 0036): both pages in one chunk; Chart.js is a chunk of its own, loaded by the page.
  // A student's lessons to revisit (opened from the heat map) are practice's card, with its strings.
  withData(page("/analytics", ["route-analytics"], ["analytics"])),
  withData(page("/analytics/:classId", ["route-analytics"], ["analytics", "practice"])),
  // Teacher AI tools (issue 16): the four pages in one chunk.
  withData(page("/ai/tools", ["route-ai-tools"], ["aiTools"])),
  withData(page("/ai/tools/history", ["route-ai-tools"], ["aiTools"])),
  withData(page("/ai/tools/instance/:toolInstanceId", ["route-ai-tools"], ["aiTools"])),
  withData(page("/ai/tools/setup/:tool", ["route-ai-tools"], ["aiTools"])),
  // The side column ends with a student's practice cards or the teachers' practice sets.
  inClass("", "route-course-home", ["program", "practice", "gamification"]),
  inClass("/program", "route-course-program", ["program"]),
  inClass("/grades", "route-course-grades", []),
  inClass("/resources", "route-course-resources", []),
  inClass("/resources/:sectionGuid/:groupGuid", "route-course-resources", []),
  inClass("/classroom-resources", "route-course-resources", []),
  ...LESSONS.flatMap((lesson) => [
    inClass(`${lesson}/assessment/:assessmentGuid`, "route-assessment", ["questions"]),
    inClass(`${lesson}/assessment/:assessmentGuid/question/:contentGuid`, "route-question-editor", ["questions"]),
    inClass(`${lesson}/assessment/:assessmentGuid/new-question/:lemonadeType`, "route-question-editor", ["questions"]),
    inClass(`${lesson}/results-assessment/:assessmentGuid`, "route-assessment-results", ["questions"]),
    inClass(`${lesson}/kanban/:boardLessonGuid`, "route-kanban", ["kanban", "lesson"]),
    // The item list reorders with the program's sortable list (its announcements are in "program").
    inClass(`${lesson}/*`, "route-lesson", ["lesson", "program"]),
  ]),
  inClass("/results-scorm/:itemGuid", "route-results", ["viewer"]),
  inClass("/results-xapi/:itemGuid", "route-results", ["viewer"]),
  page("/results-assesment/:guid", ["route-assessment-results"], ["questions"]),
  page("/results-assesment-individual/course/:courseGuid/:assessmentGuid/user/:userGuid", ["route-assessment-results"], ["questions"]),
  page("/lemon-test", ["route-lemon-test"], ["questions"]),
  page("/answer-test", ["route-answer-test"], ["questions"]),
  page("/editorial/error-reports", ["route-error-reports"], ["questions"]),
  page("/results-scorm-individual/:itemGuid/user/:userGuid", ["route-results"], ["viewer"]),
  page("/results-xapi-individual/:itemGuid/user/:userGuid", ["route-results"], ["viewer"]),
  page("/viewer/:guid", ["route-viewer"], ["viewer"]),
  page("/viewer-v1/:guid", ["route-viewer"], ["viewer"]),
  page("/viewer/:guid/group-resources-view--visor", ["route-viewer"], ["viewer"]),
  // Full-screen signed-in screens.
  ...LESSONS.map((lesson) => page(`/course/:guid${lesson}/projection`, ["route-projection"], ["projection"])),
  page("/course/:guid/projection/:unitGuid", ["route-projection"], ["projection"]),
  page("/course/:guid/projection/:unitGuid/power", ["route-projection"], ["projection"]),
  page("/projection/:kind/:contentGuid", ["route-projection"], ["projection"]),
  page("/tools/:courseProjectGuid", ["route-tools"], ["projection"]),
  page("/viewerfull/:guid", ["route-viewer"], ["viewer"]),
  page("/viewerfull-v1/:guid", ["route-viewer"], ["viewer"]),
  page("/viewer-nutrient-standalone/:guid", ["route-viewer"], ["viewer"]),
  page("/single-activity/:courseGuid/:lessonItemGuid/:contentGuid", ["route-viewer"], ["viewer"]),
  page("/single-activity/:courseGuid/record/:contentGuid/:referenceGuid", ["route-viewer"], ["viewer"]),
  page("/remote/:shortToken", ["route-remote"], ["projection"]),
  // Public screens.
  page("/status", ["route-status"], ["platform"]),
  page("/credits", ["route-legal"], ["platform"]),
  page("/terms", ["route-legal"], ["platform"]),
  page("/privacy", ["route-legal"], ["platform"]),
  page("/error", ["route-error"], ["platform"]),
  page("*", ["route-not-found"], ["platform"]),
];

export type RouteMatch = { route: RouteAssets; params: Readonly<Record<string, string>> };

/** Segment weights in react-router's spirit: a static segment beats a parameter, which beats a splat. */
const STATIC = 10;
const PARAM = 3;
const SPLAT = 1;
/** A pattern that matched the whole path (no splat): "/" beats "*" for the root. */
const WHOLE = 2;

function matchPath(pattern: string, pathname: string): { score: number; params: Record<string, string> } | undefined {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] as string;
    if (segment === "*") {
      params["*"] = got.slice(i).join("/");
      return { score: score + SPLAT, params };
    }
    const value = got[i];
    if (value === undefined) return undefined;
    if (segment.startsWith(":")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return undefined;
      }
      params[segment.slice(1)] = decoded;
      score += PARAM;
    } else if (segment.toLowerCase() === value.toLowerCase()) {
      score += STATIC;
    } else {
      return undefined;
    }
  }
  return got.length === want.length ? { score: score + WHOLE, params } : undefined;
}

/** The screen a path opens (the catch-all not-found screen when nothing else matches). */
export function matchRouteAssets(pathname: string, routes: readonly RouteAssets[] = ROUTE_ASSETS): RouteMatch | undefined {
  let best: (RouteMatch & { score: number }) | undefined;
  for (const route of routes) {
    const m = matchPath(route.path, pathname);
    if (m && (!best || m.score > best.score)) best = { route, params: m.params, score: m.score };
  }
  return best ? { route: best.route, params: best.params } : undefined;
}
