import type { RouteMatch } from "../../contracts/route-assets";
import type { SessionUser } from "../../contracts/auth";
import { classesApi } from "../features/classes/classesApi";
import { courseApi } from "../features/course/courseApi";
import { STUDENT_VIEW, VIEW_PARAM } from "../features/course/courseContext";
import { programApi } from "../features/course/programApi";
import { homeApi } from "../features/home/homeApi";
import { lessonApi } from "../features/lesson/lessonApi";
import { publicationApi } from "../features/publication/publicationApi";
import { assessmentsApi } from "../features/questions/assessmentsApi";
import { boardRef, kanbanApi } from "../features/kanban/kanbanApi";
import { CALENDAR_LIMITS } from "../../contracts/calendar-base";
import { calendarApi } from "../features/calendar/calendarApi";
import { dateOf, eventsArgOf, isoDateOf, readHidden, shownCalendars, viewOf } from "../features/calendar/calendarRange";
import { localStore } from "../platform/storage";
import { firstPageOf, tasksApi } from "../features/tasks/tasksApi";
import { tabOf } from "../features/tasks/taskTabs";
import { loadUnreadCountsOnce } from "../features/notifications/notificationsCalls";
import { analyticsApi } from "../features/analytics/analyticsApi";
import { practiceApi } from "../features/practice/practiceApi";
import { ANALYTICS_ROLES } from "../../contracts/analytics-base";
import { aiToolsApi, historyOffsetOf } from "../features/ai-tools/aiToolsApi";
import { gamificationApi } from "../features/gamification/gamificationApi";
import { baseApi } from "./api";
import type { AppDispatch } from "./store";

/**
 * The data each signed-in screen shows first, started at navigation alongside its code
 * (app/navigation.ts, ADR 0026). Each starter asks exactly what the screen's components will ask
 * (same endpoint, same argument), so they find it in RTK Query's cache, loading or loaded, instead
 * of asking after their chunk arrives. Everything a screen needs is started at once: nothing here
 * waits for another answer. A lazy chunk of its own ("route-data"): the login never loads it.
 */
type Start = (args: { params: Readonly<Record<string, string>>; search: URLSearchParams; user: SessionUser; dispatch: AppDispatch }) => void;

type Started = PromiseLike<{ isError: boolean }> & { queryCacheKey: string };
type Subscriptions = { getSubscriptionCount?: (queryCacheKey: string) => number };

/**
 * Asks a query ahead of the page that will read it (no subscription of its own: the page's comes
 * when it mounts). A failed head start that no page reads yet is forgotten, so the page asks again
 * and shows its own loading then its error, instead of an error that turns into a spinner when it
 * retries on mount (RTK Query retries an error for each new reader).
 */
function ask(dispatch: AppDispatch, action: unknown): void {
  const started = (dispatch as (a: unknown) => unknown)(action) as Started;
  void started.then((result) => {
    if (!result.isError) return;
    const subscriptions = dispatch(baseApi.internalActions.internal_getRTKQSubscriptions()) as unknown as Subscriptions;
    if (subscriptions.getSubscriptionCount?.(started.queryCacheKey) === 0) {
      dispatch(baseApi.internalActions.removeQueryResult({ queryCacheKey: started.queryCacheKey as never }));
    }
  });
}
const NO_SUBSCRIPTION = { subscribe: false } as const;

/** What the class layout loads for every class page: the class itself. */
const startClass: Start = ({ params, dispatch }) => ask(dispatch, courseApi.endpoints.getCourse.initiate(params.guid ?? "", NO_SUBSCRIPTION));

/** Teachers who view a class as a student ask the server for the student view (courseContext.ts). */
const askedStudentView = (search: URLSearchParams, user: SessionUser) => user.role !== "student" && search.get(VIEW_PARAM) === STUDENT_VIEW;

const lesson: Start = (args) => {
  startClass(args);
  const { params, search, user, dispatch } = args;
  const lessonArgs = { lessonGuid: params.lessonGuid ?? "", courseGuid: params.guid ?? "", studentView: askedStudentView(search, user) };
  ask(dispatch, lessonApi.endpoints.getLesson.initiate(lessonArgs, NO_SUBSCRIPTION));
  ask(dispatch, lessonApi.endpoints.getLessonItems.initiate(lessonArgs, NO_SUBSCRIPTION));
  // Editors see which items are tasks (LessonItemTask.tsx); a student, or a teacher in student view, does not.
  if (user.role !== "student" && !lessonArgs.studentView) {
    ask(dispatch, tasksApi.endpoints.getLessonTasks.initiate({ courseGuid: lessonArgs.courseGuid, lessonGuid: lessonArgs.lessonGuid }, NO_SUBSCRIPTION));
  }
};

const assessment: Start = (args) => {
  startClass(args);
  const { params, user, dispatch } = args;
  if (user.role === "student") {
    ask(dispatch, assessmentsApi.endpoints.myAttempts.initiate({ assessmentGuid: params.assessmentGuid ?? "", courseGuid: params.guid ?? "" }, NO_SUBSCRIPTION));
  }
};

/**
 * A lesson's kanban: the lesson (its title, the same query as the lesson page) and the board the
 * reader gets: a student's (or a teacher's in student view) own, or the teacher's overview and the
 * student it shows (?student=).
 */
const lessonKanban: Start = (args) => {
  startClass(args);
  const { params, search, user, dispatch } = args;
  const courseGuid = params.guid ?? "";
  const lessonGuid = params.lessonGuid ?? "";
  const studentView = askedStudentView(search, user);
  ask(dispatch, lessonApi.endpoints.getLesson.initiate({ lessonGuid, courseGuid, studentView }, NO_SUBSCRIPTION));
  if (user.role === "student" || studentView) {
    ask(dispatch, kanbanApi.endpoints.getKanbanBoard.initiate(boardRef(courseGuid, lessonGuid), NO_SUBSCRIPTION));
    return;
  }
  ask(dispatch, kanbanApi.endpoints.getTeacherKanban.initiate({ courseGuid, lessonGuid }, NO_SUBSCRIPTION));
  // The teacher's board code with its data, not after the page's chunk has rendered (same chunk name as KanbanPage's import).
  void import(/* webpackChunkName: "kanban-teacher" */ "../features/kanban/TeacherKanban").catch(() => undefined);
  const studentGuid = search.get("student");
  if (studentGuid) ask(dispatch, kanbanApi.endpoints.getStudentKanban.initiate({ courseGuid, lessonGuid, studentGuid }, NO_SUBSCRIPTION));
};

const LESSONS = ["/lesson/:lessonGuid", "/unit/:unitGuid/lesson/:lessonGuid"];

export const ROUTE_DATA: Readonly<Record<string, Start>> = {
  "/home": ({ user, dispatch, search }) => {
    // The classrooms tab is the default one (students have no other).
    if (search.get("tab") === null || search.get("tab") === "classrooms") ask(dispatch, homeApi.endpoints.getCourses.initiate(undefined, NO_SUBSCRIPTION));
    if (user.role !== "student") ask(dispatch, classesApi.endpoints.getOrganization.initiate(undefined, NO_SUBSCRIPTION));
    // The "next events" card at the end of the classrooms tab (NextEventsSlot.tsx).
    if (search.get("tab") === null || search.get("tab") === "classrooms") ask(dispatch, calendarApi.endpoints.getNextEvents.initiate(CALENDAR_LIMITS.nextEvents, NO_SUBSCRIPTION));
    // A student's practice cards below the classes (HomePage's lazy RecommendationCards): their data and code with the page's.
    if (user.role === "student") {
      ask(dispatch, practiceApi.endpoints.getRecommendations.initiate(null, NO_SUBSCRIPTION));
      void import(/* webpackChunkName: "practice-cards" */ "../features/practice/RecommendationCards").catch(() => undefined);
    }
  },
  // The tab the URL names (else the role's first), its first page, the counts, and the job a deep link opens.
  "/tasks": ({ search, user, dispatch }) => {
    ask(dispatch, tasksApi.endpoints.getTasks.initiate(firstPageOf(tabOf(user.role, search.get("tab"))), NO_SUBSCRIPTION));
    ask(dispatch, tasksApi.endpoints.getTaskCounts.initiate(undefined, NO_SUBSCRIPTION));
    const job = search.get("job");
    if (job) ask(dispatch, tasksApi.endpoints.getJob.initiate(job, NO_SUBSCRIPTION));
  },
  // The calendars and the visible range's events (?view=&date=), as CalendarPage asks them.
  "/calendar": ({ search, user, dispatch }) => {
    const view = viewOf(search);
    const date = dateOf(search, isoDateOf(new Date()));
    ask(dispatch, calendarApi.endpoints.getCalendars.initiate(undefined, NO_SUBSCRIPTION));
    // Which classes are shown comes from the list (minus the ones this reader switched off): asked as
    // soon as it answers (the same call again joins the one in flight).
    void dispatch(calendarApi.endpoints.getCalendars.initiate(undefined, NO_SUBSCRIPTION)).then((result) => {
      const arg = result.data ? eventsArgOf(shownCalendars(result.data.items, undefined, readHidden(localStore, user.guid)), view, date) : undefined;
      if (arg) ask(dispatch, calendarApi.endpoints.getCalendarEvents.initiate(arg, NO_SUBSCRIPTION));
    });
  },
  // One class: its events need only the URL, so both start at once.
  "/calendar/:course": ({ params, search, dispatch }) => {
    ask(dispatch, calendarApi.endpoints.getCalendars.initiate(undefined, NO_SUBSCRIPTION));
    const arg = eventsArgOf([params.course ?? ""], viewOf(search), dateOf(search, isoDateOf(new Date())));
    if (arg) ask(dispatch, calendarApi.endpoints.getCalendarEvents.initiate(arg, NO_SUBSCRIPTION));
  },
  // Student practice: the cards and recent sessions, the session being played, its summary.
  "/chatbot-practice": ({ dispatch }) => {
    ask(dispatch, practiceApi.endpoints.getRecommendations.initiate(null, NO_SUBSCRIPTION));
    ask(dispatch, practiceApi.endpoints.getPracticeSessions.initiate(undefined, NO_SUBSCRIPTION));
  },
  "/activities/sessions/:sessionId/activities/:activityInstanceId": ({ params, dispatch }) =>
    ask(dispatch, practiceApi.endpoints.getPracticeSession.initiate(params.sessionId ?? "", NO_SUBSCRIPTION)),
  "/activities/sessions/:sessionId/summary": ({ params, dispatch }) =>
    ask(dispatch, practiceApi.endpoints.getPracticeSummary.initiate(params.sessionId ?? "", NO_SUBSCRIPTION)),
  // Gamification (a student's; the page turns anyone else away, and the server too): the profile, the
  // first page of achievements, the shop, the classes and the first class's ranking (asked once the list answers).
  "/gamification": ({ user, dispatch }) => {
    if (user.role !== "student") return;
    ask(dispatch, gamificationApi.endpoints.getGamificationProfile.initiate(undefined, NO_SUBSCRIPTION));
    ask(dispatch, gamificationApi.endpoints.getLedger.initiate(undefined, NO_SUBSCRIPTION));
    ask(dispatch, gamificationApi.endpoints.getShop.initiate(undefined, NO_SUBSCRIPTION));
    void dispatch(homeApi.endpoints.getCourses.initiate(undefined, NO_SUBSCRIPTION)).then((result) => {
      const first = result.data?.items[0]?.guid;
      if (first) ask(dispatch, gamificationApi.endpoints.getRanking.initiate(first, NO_SUBSCRIPTION));
    });
  },
  // Teacher analytics: the list, or one class's (the pages' own queries); nothing for readers the page turns away.
  "/analytics": ({ user, dispatch }) => {
    if (ANALYTICS_ROLES.includes(user.role)) ask(dispatch, analyticsApi.endpoints.getAnalyticsClasses.initiate(undefined, NO_SUBSCRIPTION));
  },
  "/analytics/:classId": ({ params, user, dispatch }) => {
    if (ANALYTICS_ROLES.includes(user.role)) ask(dispatch, analyticsApi.endpoints.getClassAnalytics.initiate(params.classId ?? "", NO_SUBSCRIPTION));
  },
  // Teacher AI tools (issue 16): the cards, a tool's form (the cards say whether it runs; the classes
  // for "load from a lesson"; the panel's lesson when the URL names one), the history's page, an instance.
  "/ai/tools": ({ user, dispatch }) => {
    if (ANALYTICS_ROLES.includes(user.role)) ask(dispatch, aiToolsApi.endpoints.getToolCatalogue.initiate(undefined, NO_SUBSCRIPTION));
  },
  "/ai/tools/setup/:tool": ({ params, user, search, dispatch }) => {
    if (!ANALYTICS_ROLES.includes(user.role)) return;
    ask(dispatch, aiToolsApi.endpoints.getToolCatalogue.initiate(undefined, NO_SUBSCRIPTION));
    ask(dispatch, homeApi.endpoints.getCourses.initiate(undefined, NO_SUBSCRIPTION));
    const courseGuid = search.get("courseGuid");
    const lessonGuid = search.get("lessonGuid");
    // The student feedback opened from a lesson starts on its class: its students with the page.
    if (params.tool === "student-feedback" && courseGuid) ask(dispatch, courseApi.endpoints.getCourseMembers.initiate(courseGuid, NO_SUBSCRIPTION));
    if (courseGuid && lessonGuid) {
      ask(dispatch, programApi.endpoints.getProgram.initiate({ guid: courseGuid, studentView: false }, NO_SUBSCRIPTION));
      ask(dispatch, aiToolsApi.endpoints.getToolLessonContent.initiate({ courseGuid, lessonGuid }, NO_SUBSCRIPTION));
    }
  },
  "/ai/tools/history": ({ user, search, dispatch }) => {
    if (ANALYTICS_ROLES.includes(user.role)) ask(dispatch, aiToolsApi.endpoints.getToolHistory.initiate(historyOffsetOf(search), NO_SUBSCRIPTION));
  },
  "/ai/tools/instance/:toolInstanceId": ({ params, user, dispatch }) => {
    if (ANALYTICS_ROLES.includes(user.role)) ask(dispatch, aiToolsApi.endpoints.getToolInstance.initiate(params.toolInstanceId ?? "", NO_SUBSCRIPTION));
  },
  // The board of all the reader's tasks (KanbanPage's TasksKanbanPage).
  "/tasks/kanban": ({ dispatch }) => ask(dispatch, kanbanApi.endpoints.getKanbanBoard.initiate(boardRef(null, null), NO_SUBSCRIPTION)),
  "/publication/:guid": ({ params, dispatch }) =>
    ask(dispatch, publicationApi.endpoints.getPublicationPreview.initiate(params.guid ?? "", NO_SUBSCRIPTION)),
  "/course/:guid": (args) => {
    startClass(args);
    // `?tab=program` (a Teams class tab) sends the page on to that tab: the stream is not shown.
    const tab = args.search.get("tab");
    if (tab !== null && tab !== "stream") return;
    const guid = args.params.guid ?? "";
    ask(args.dispatch, courseApi.endpoints.getStream.initiate(guid, NO_SUBSCRIPTION));
    ask(args.dispatch, courseApi.endpoints.getCourseMembers.initiate(guid, NO_SUBSCRIPTION));
    // A student's practice cards and lessons to revisit for this class, last in the side column (CourseHomePage): their data and code with the page's.
    if (args.user.role === "student") {
      ask(args.dispatch, practiceApi.endpoints.getRecommendations.initiate(guid, NO_SUBSCRIPTION));
      ask(args.dispatch, practiceApi.endpoints.getUnitRecommendations.initiate({ courseGuid: guid }, NO_SUBSCRIPTION));
      void import(/* webpackChunkName: "practice-cards" */ "../features/practice/RecommendationCards").catch(() => undefined);
      void import(/* webpackChunkName: "practice-cards" */ "../features/practice/UnitRecommendationsCard").catch(() => undefined);
    }
  },
  "/course/:guid/program": (args) => {
    startClass(args);
    const { params, search, user, dispatch } = args;
    ask(dispatch, programApi.endpoints.getProgram.initiate({ guid: params.guid ?? "", studentView: askedStudentView(search, user) }, NO_SUBSCRIPTION));
  },
  ...Object.fromEntries(
    LESSONS.flatMap((l) => [
      [`/course/:guid${l}/*`, lesson],
      [`/course/:guid${l}/assessment/:assessmentGuid`, assessment],
      [`/course/:guid${l}/kanban/:boardLessonGuid`, lessonKanban],
    ]),
  ),
};

/** Starts the data of the screen `match` opens, for `user`; screens without an entry load theirs as before. */
export function startRouteData(match: RouteMatch, search: URLSearchParams, user: SessionUser, dispatch: AppDispatch): void {
  const path = match.route.path;
  // Every page inside the class layout needs the class (full-screen class pages such as projection do not use that layout).
  const start = ROUTE_DATA[path] ?? (match.route.chunks.includes("route-course") ? startClass : undefined);
  start?.({ params: match.params, search, user, dispatch });
  // The header's bell shows both unread counters on every signed-in screen: asked with the screen's data.
  void dispatch(loadUnreadCountsOnce());
}
