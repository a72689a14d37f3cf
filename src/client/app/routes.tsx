import { Suspense, type ReactNode } from "react";
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from "react-router-dom";
import { ShellLayout } from "../features/shell/ShellLayout";
import { Splash } from "../ui/Splash";
import { AUTHOR_ROLES } from "../../contracts/constants";
import { ANALYTICS_ROLES } from "../../contracts/analytics-base";
import { GuestOnly, HOME_PATH, RequireAuth, RequireRole } from "./guards";
import { lazyPage } from "./lazyPage";
import { useNavigationStart } from "./navigation";
import { RouteErrorBoundary } from "./RouteErrorBoundary";

/*
 * The route table (spec §2), in one place. Every page is its own lazy chunk named "route-<name>":
 * tests/perf/bundle.ts measures each route's initial JS from those names, and the login route must
 * not pull in what other screens need.
 */

// Authentication screens (features/auth, built alongside this shell).
const LoginPage = lazyPage("route-login", () =>
  import(/* webpackChunkName: "route-login" */ "../features/auth/pages/LoginPage").then((m) => m.LoginPage),
);
const TokenLoginPage = lazyPage("route-token-login", () =>
  import(/* webpackChunkName: "route-token-login" */ "../features/auth/pages/TokenLoginPage").then((m) => m.TokenLoginPage),
);
const SignupPage = lazyPage("route-signup", () =>
  import(/* webpackChunkName: "route-signup" */ "../features/auth/pages/SignupPage").then((m) => m.SignupPage),
);
const RecoverPasswordPage = lazyPage("route-recover-password", () =>
  import(/* webpackChunkName: "route-recover-password" */ "../features/auth/pages/RecoverPasswordPage").then((m) => m.RecoverPasswordPage),
);
const ResetPasswordPage = lazyPage("route-reset-password", () =>
  import(/* webpackChunkName: "route-reset-password" */ "../features/auth/pages/ResetPasswordPage").then((m) => m.ResetPasswordPage),
);
const LogoutPage = lazyPage("route-logout", () =>
  import(/* webpackChunkName: "route-logout" */ "../features/auth/pages/LogoutPage").then((m) => m.LogoutPage),
);

// Teams tab screens and SSO callbacks (features/teams).
const ConfigPage = lazyPage("route-teams-config", () =>
  import(/* webpackChunkName: "route-teams-config" */ "../features/teams/ConfigPage").then((m) => m.ConfigPage),
);
const TabAuthStartPage = lazyPage("route-tab-auth", () =>
  import(/* webpackChunkName: "route-tab-auth" */ "../features/teams/TabAuthPages").then((m) => m.TabAuthStartPage),
);
const TabAuthEndPage = lazyPage("route-tab-auth", () =>
  import(/* webpackChunkName: "route-tab-auth" */ "../features/teams/TabAuthPages").then((m) => m.TabAuthEndPage),
);
const DeepLinkPage = lazyPage("route-deeplink", () =>
  import(/* webpackChunkName: "route-deeplink" */ "../features/teams/DeepLinkPages").then((m) => m.DeepLinkPage),
);
const DeepLinkTokenPage = lazyPage("route-deeplink", () =>
  import(/* webpackChunkName: "route-deeplink" */ "../features/teams/DeepLinkPages").then((m) => m.DeepLinkTokenPage),
);
const SamlCallbackPage = lazyPage("route-saml", () =>
  import(/* webpackChunkName: "route-saml" */ "../features/teams/SamlPages").then((m) => m.SamlCallbackPage),
);
const SamlErrorPage = lazyPage("route-saml", () =>
  import(/* webpackChunkName: "route-saml" */ "../features/teams/SamlPages").then((m) => m.SamlErrorPage),
);

// Signed-in screens.
const HomePage = lazyPage("route-home", () =>
  import(/* webpackChunkName: "route-home" */ "../features/home/HomePage").then((m) => m.HomePage),
);
const ProfilePage = lazyPage("route-profile", () =>
  import(/* webpackChunkName: "route-profile" */ "../features/profile/ProfilePage").then((m) => m.ProfilePage),
);

const LicencePage = lazyPage("route-license", () =>
  import(/* webpackChunkName: "route-license" */ "../features/licence/LicencePage").then((m) => m.LicencePage),
);
const PublicationPreviewPage = lazyPage("route-publication", () =>
  import(/* webpackChunkName: "route-publication" */ "../features/publication/PublicationPreviewPage").then((m) => m.PublicationPreviewPage),
);
const CalendarPage = lazyPage("route-calendar", () =>
  import(/* webpackChunkName: "route-calendar" */ "../features/calendar/CalendarPage").then((m) => m.CalendarPage),
);
const TasksPage = lazyPage("route-tasks", () =>
  import(/* webpackChunkName: "route-tasks" */ "../features/tasks/TasksPage").then((m) => m.TasksPage),
);
// Student practice (ADR 0035): the practice page, the player and the summary share one chunk.
const PracticePage = lazyPage("route-practice", () =>
  import(/* webpackChunkName: "route-practice" */ "../features/practice/PracticePage").then((m) => m.PracticePage),
);
const PracticeActivityPage = lazyPage("route-practice", () =>
  import(/* webpackChunkName: "route-practice" */ "../features/practice/PracticeActivityPage").then((m) => m.PracticeActivityPage),
);
const PracticeSummaryPage = lazyPage("route-practice", () =>
  import(/* webpackChunkName: "route-practice" */ "../features/practice/PracticeSummaryPage").then((m) => m.PracticeSummaryPage),
);
// Teacher analytics (ADR 0036): the list and a class's page share one chunk; Chart.js loads in its own from the page.
const AnalyticsListPage = lazyPage("route-analytics", () =>
  import(/* webpackChunkName: "route-analytics" */ "../features/analytics/AnalyticsListPage").then((m) => m.AnalyticsListPage),
);
const ClassAnalyticsPage = lazyPage("route-analytics", () =>
  import(/* webpackChunkName: "route-analytics" */ "../features/analytics/ClassAnalyticsPage").then((m) => m.ClassAnalyticsPage),
);
// Teacher AI tools (issue 16, ADR 0039): the catalogue, a tool's form, an instance and the history share one chunk.
const AiToolsPage = lazyPage("route-ai-tools", () =>
  import(/* webpackChunkName: "route-ai-tools" */ "../features/ai-tools/ToolsPage").then((m) => m.ToolsPage),
);
const AiToolSetupPage = lazyPage("route-ai-tools", () =>
  import(/* webpackChunkName: "route-ai-tools" */ "../features/ai-tools/ToolSetupPage").then((m) => m.ToolSetupPage),
);
const AiToolInstancePage = lazyPage("route-ai-tools", () =>
  import(/* webpackChunkName: "route-ai-tools" */ "../features/ai-tools/InstancePage").then((m) => m.InstancePage),
);
const AiToolHistoryPage = lazyPage("route-ai-tools", () =>
  import(/* webpackChunkName: "route-ai-tools" */ "../features/ai-tools/HistoryPage").then((m) => m.HistoryPage),
);
// Gamification (issue 18): a gamified student's level, medals, ranking, achievements and shop.
const GamificationPage = lazyPage("route-gamification", () =>
  import(/* webpackChunkName: "route-gamification" */ "../features/gamification/GamificationPage").then((m) => m.GamificationPage),
);
// The kanban boards (ADR 0032): a lesson's and the board of all one's tasks, dnd-kit with them.
const LessonKanbanPage = lazyPage("route-kanban", () =>
  import(/* webpackChunkName: "route-kanban" */ "../features/kanban/KanbanPage").then((m) => m.LessonKanbanPage),
);
const TasksKanbanPage = lazyPage("route-kanban", () =>
  import(/* webpackChunkName: "route-kanban" */ "../features/kanban/KanbanPage").then((m) => m.TasksKanbanPage),
);

// Class pages (features/course): one layout (header in the class's teaching-model theme, tabs) and its tabs.
const CourseLayout = lazyPage("route-course", () =>
  import(/* webpackChunkName: "route-course" */ "../features/course/CourseLayout").then((m) => m.CourseLayout),
);
// The class home (stream, members, publications) in its own chunk: the class's other tabs and its
// lessons, which share the layout, do not download it (ADR 0031).
const CourseHomePage = lazyPage("route-course-home", () =>
  import(/* webpackChunkName: "route-course-home" */ "../features/course/pages/CourseHomePage").then((m) => m.CourseHomePage),
);
const ProgramPage = lazyPage("route-course-program", () =>
  import(/* webpackChunkName: "route-course-program" */ "../features/course/pages/ProgramPage").then((m) => m.ProgramPage),
);
const GradesPage = lazyPage("route-course-grades", () =>
  import(/* webpackChunkName: "route-course-grades" */ "../features/course/pages/GradesPage").then((m) => m.GradesPage),
);
const ResourcesPage = lazyPage("route-course-resources", () =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => m.ResourcesPage),
);
const ResourceGroupPage = lazyPage("route-course-resources", () =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => m.ResourceGroupPage),
);
const ClassroomResourcesPage = lazyPage("route-course-resources", () =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => m.ClassroomResourcesPage),
);

// Assessments (features/questions): taking, authoring, results, the editorial test pages and error reports.
const AssessmentPage = lazyPage("route-assessment", () =>
  import(/* webpackChunkName: "route-assessment" */ "../features/questions/pages/AssessmentPage").then((m) => m.AssessmentPage),
);
const QuestionEditorPage = lazyPage("route-question-editor", () =>
  import(/* webpackChunkName: "route-question-editor" */ "../features/questions/authoring/QuestionEditorPage").then((m) => m.QuestionEditorPage),
);
const ClassResultsPage = lazyPage("route-assessment-results", () =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => m.ClassResultsPage),
);
const AttemptResultPage = lazyPage("route-assessment-results", () =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => m.AttemptResultPage),
);
const IndividualResultsPage = lazyPage("route-assessment-results", () =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => m.IndividualResultsPage),
);
const LemonTestPage = lazyPage("route-lemon-test", () =>
  import(/* webpackChunkName: "route-lemon-test" */ "../features/questions/pages/LemonTestPage").then((m) => m.LemonTestPage),
);
const AnswerTestPage = lazyPage("route-answer-test", () =>
  import(/* webpackChunkName: "route-answer-test" */ "../features/questions/pages/AnswerTestPage").then((m) => m.AnswerTestPage),
);
const ErrorReportsPage = lazyPage("route-error-reports", () =>
  import(/* webpackChunkName: "route-error-reports" */ "../features/questions/pages/ErrorReportsPage").then((m) => m.ErrorReportsPage),
);

// Lessons (features/lesson), content viewers and results (features/viewers), projection (features/projection).
const LessonPage = lazyPage("route-lesson", () =>
  import(/* webpackChunkName: "route-lesson" */ "../features/lesson/pages/LessonPage").then((m) => m.LessonPage),
);
const ViewerPage = lazyPage("route-viewer", () =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/ViewerPage").then((m) => m.ViewerPage),
);
const FullViewerPage = lazyPage("route-viewer", () =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/ViewerPage").then((m) => m.FullViewerPage),
);
const SingleActivityPage = lazyPage("route-viewer", () =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/SingleActivityPage").then((m) => m.SingleActivityPage),
);
const SingleActivityRecordPage = lazyPage("route-viewer", () =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/SingleActivityPage").then((m) => m.SingleActivityRecordPage),
);
const ScormResultsPage = lazyPage("route-results", () =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => m.ScormResultsPage),
);
const ScormIndividualPage = lazyPage("route-results", () =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => m.ScormIndividualPage),
);
const XapiResultsPage = lazyPage("route-results", () =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => m.XapiResultsPage),
);
const XapiIndividualPage = lazyPage("route-results", () =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => m.XapiIndividualPage),
);
const ProjectionPage = lazyPage("route-projection", () =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => m.ProjectionPage),
);
const UnitProjectionPage = lazyPage("route-projection", () =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => m.UnitProjectionPage),
);
const ContentProjectionPage = lazyPage("route-projection", () =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => m.ContentProjectionPage),
);
const RemotePage = lazyPage("route-remote", () =>
  import(/* webpackChunkName: "route-remote" */ "../features/projection/pages/RemotePage").then((m) => m.RemotePage),
);
const ToolsPage = lazyPage("route-tools", () =>
  import(/* webpackChunkName: "route-tools" */ "../features/projection/pages/ToolsPage").then((m) => m.ToolsPage),
);

// Public screens: readable with or without a session.
const StatusPage = lazyPage("route-status", () =>
  import(/* webpackChunkName: "route-status" */ "../features/platform/StatusPage").then((m) => m.StatusPage),
);
const LegalPage = lazyPage("route-legal", () =>
  import(/* webpackChunkName: "route-legal" */ "../features/platform/LegalPage").then((m) => m.LegalPage),
);
const ErrorPage = lazyPage("route-error", () =>
  import(/* webpackChunkName: "route-error" */ "../features/platform/ErrorPage").then((m) => m.ErrorPage),
);
const NotFoundPage = lazyPage("route-not-found", () =>
  import(/* webpackChunkName: "route-not-found" */ "../features/platform/NotFoundPage").then((m) => m.NotFoundPage),
);

/**
 * A full-screen page (no shell): the splash while its chunk loads, and the error with Retry, not a
 * blank window, when the chunk or the page fails (the shell's pages get the same from ShellLayout).
 */
function FullScreenRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Splash />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Writing questions is for the roles that author; students get the not-found page (the server refuses them too). */
const questionEditor = (
  <RequireRole roles={AUTHOR_ROLES} fallback={<NotFoundPage />}>
    <QuestionEditorPage />
  </RequireRole>
);

/** Analytics and the AI tools are the teachers' alone (spec §6): anyone else gets the product's error page (the server refuses them too). */
const teachersOnly = (page: ReactNode) => (
  <RequireRole roles={ANALYTICS_ROLES} fallback={<ErrorPage />}>
    {page}
  </RequireRole>
);

export const routes: RouteObject[] = [
  { path: "/", element: <Navigate to={HOME_PATH} replace /> },
  {
    // Sign-in screens: the minimal header (logo + language) even with a session.
    element: <ShellLayout minimal />,
    children: [
      {
        path: "/auth/login",
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: "/auth/login/:token", element: <TokenLoginPage /> },
      { path: "/auth/login/:token/deeplink", element: <DeepLinkTokenPage /> },
      { path: "/deeplink", element: <DeepLinkPage /> },
      { path: "/oidc/callback/:token", element: <TokenLoginPage /> },
      // "error" is a literal segment, so it wins over :token.
      { path: "/saml/callback/error", element: <SamlErrorPage /> },
      { path: "/saml/callback/:token", element: <SamlCallbackPage /> },
      // Teams: the consent popup and the configurable tab's setup page.
      { path: "/tab-auth-start", element: <TabAuthStartPage /> },
      { path: "/tab-auth-end", element: <TabAuthEndPage /> },
      {
        path: "/config",
        element: (
          <RequireAuth>
            <ConfigPage />
          </RequireAuth>
        ),
      },
      {
        path: "/auth/signup",
        element: (
          <GuestOnly>
            <SignupPage />
          </GuestOnly>
        ),
      },
      { path: "/recover-password", element: <RecoverPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/logout", element: <LogoutPage /> },
    ],
  },
  {
    element: (
      <RequireAuth>
        <ShellLayout />
      </RequireAuth>
    ),
    children: [
      { path: "/home", element: <HomePage /> },
      { path: "/profile", element: <ProfilePage /> },
      { path: "/license", element: <LicencePage /> },
      { path: "/publication/:guid", element: <PublicationPreviewPage /> },
      { path: "/calendar", element: <CalendarPage /> },
      { path: "/calendar/:course", element: <CalendarPage /> },
      { path: "/tasks", element: <TasksPage /> },
      { path: "/tasks/kanban", element: <TasksKanbanPage /> },
      { path: "/chatbot-practice", element: <PracticePage /> },
      { path: "/activities/sessions/:sessionId/activities/:activityInstanceId", element: <PracticeActivityPage /> },
      { path: "/activities/sessions/:sessionId/summary", element: <PracticeSummaryPage /> },
      { path: "/gamification", element: <GamificationPage /> },
      { path: "/analytics", element: teachersOnly(<AnalyticsListPage />) },
      { path: "/analytics/:classId", element: teachersOnly(<ClassAnalyticsPage />) },
      { path: "/ai/tools", element: teachersOnly(<AiToolsPage />) },
      { path: "/ai/tools/history", element: teachersOnly(<AiToolHistoryPage />) },
      { path: "/ai/tools/instance/:toolInstanceId", element: teachersOnly(<AiToolInstancePage />) },
      { path: "/ai/tools/setup/:tool", element: teachersOnly(<AiToolSetupPage />) },
      {
        path: "/course/:guid",
        element: <CourseLayout />,
        children: [
          { index: true, element: <CourseHomePage /> },
          { path: "program", element: <ProgramPage /> },
          { path: "grades", element: <GradesPage /> },
          { path: "resources", element: <ResourcesPage /> },
          { path: "resources/:sectionGuid/:groupGuid", element: <ResourceGroupPage /> },
          { path: "classroom-resources", element: <ClassroomResourcesPage /> },
          // The lesson page handles its own sub-paths: session/, new-content, add/, edit/, content/, resource/.
          ...["lesson/:lessonGuid", "unit/:unitGuid/lesson/:lessonGuid"].flatMap((lesson) => [
            { path: `${lesson}/assessment/:assessmentGuid`, element: <AssessmentPage /> },
            { path: `${lesson}/assessment/:assessmentGuid/question/:contentGuid`, element: questionEditor },
            { path: `${lesson}/assessment/:assessmentGuid/new-question/:lemonadeType`, element: questionEditor },
            { path: `${lesson}/results-assessment/:assessmentGuid`, element: <ClassResultsPage /> },
            // The lesson's kanban (spec: the lesson path followed by kanban/{lessonGuid}): its own chunk, not the lesson page's.
            { path: `${lesson}/kanban/:boardLessonGuid`, element: <LessonKanbanPage /> },
          ]),
          { path: "lesson/:lessonGuid/*", element: <LessonPage /> },
          { path: "unit/:unitGuid/lesson/:lessonGuid/*", element: <LessonPage /> },
          { path: "results-scorm/:itemGuid", element: <ScormResultsPage /> },
          { path: "results-xapi/:itemGuid", element: <XapiResultsPage /> },
        ],
      },
      { path: "/results-assesment/:guid", element: <AttemptResultPage /> },
      { path: "/results-assesment-individual/course/:courseGuid/:assessmentGuid/user/:userGuid", element: <IndividualResultsPage /> },
      { path: "/lemon-test", element: <LemonTestPage /> },
      { path: "/answer-test", element: <AnswerTestPage /> },
      { path: "/editorial/error-reports", element: <ErrorReportsPage /> },
      { path: "/results-scorm-individual/:itemGuid/user/:userGuid", element: <ScormIndividualPage /> },
      { path: "/results-xapi-individual/:itemGuid/user/:userGuid", element: <XapiIndividualPage /> },
      { path: "/viewer/:guid", element: <ViewerPage /> },
      { path: "/viewer-v1/:guid", element: <ViewerPage /> },
      { path: "/viewer/:guid/group-resources-view--visor", element: <ViewerPage /> },
    ],
  },
  {
    // Full-screen signed-in screens, without the shell: projection, classroom tools, full viewers, single activities.
    element: (
      <RequireAuth>
        <FullScreenRoute>
          <Outlet />
        </FullScreenRoute>
      </RequireAuth>
    ),
    children: [
      { path: "/course/:guid/lesson/:lessonGuid/projection", element: <ProjectionPage /> },
      { path: "/course/:guid/unit/:unitGuid/lesson/:lessonGuid/projection", element: <ProjectionPage /> },
      { path: "/course/:guid/projection/:unitGuid", element: <UnitProjectionPage /> },
      { path: "/course/:guid/projection/:unitGuid/power", element: <UnitProjectionPage presenter /> },
      { path: "/projection/:kind/:contentGuid", element: <ContentProjectionPage /> },
      { path: "/tools/:courseProjectGuid", element: <ToolsPage /> },
      { path: "/viewerfull/:guid", element: <FullViewerPage /> },
      { path: "/viewerfull-v1/:guid", element: <FullViewerPage /> },
      { path: "/viewer-nutrient-standalone/:guid", element: <FullViewerPage /> },
      { path: "/single-activity/:courseGuid/:lessonItemGuid/:contentGuid", element: <SingleActivityPage /> },
      { path: "/single-activity/:courseGuid/record/:contentGuid/:referenceGuid", element: <SingleActivityRecordPage /> },
    ],
  },
  // The phone remote: the short token is the credential, no session needed.
  {
    path: "/remote/:shortToken",
    element: (
      <FullScreenRoute>
        <RemotePage />
      </FullScreenRoute>
    ),
  },
  {
    // Full header with a session, minimal header without one.
    element: <ShellLayout />,
    children: [
      { path: "/status", element: <StatusPage /> },
      { path: "/credits", element: <LegalPage scope="credits" /> },
      { path: "/terms", element: <LegalPage scope="terms" /> },
      { path: "/privacy", element: <LegalPage scope="privacy" /> },
      { path: "/error", element: <ErrorPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  useNavigationStart();
  return useRoutes(routes);
}
