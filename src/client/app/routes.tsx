import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from "react-router-dom";
import { ShellLayout } from "../features/shell/ShellLayout";
import { Splash } from "../ui/Splash";
import { AUTHOR_ROLES } from "../../contracts/constants";
import { GuestOnly, HOME_PATH, RequireAuth, RequireRole } from "./guards";
import { RouteErrorBoundary } from "./RouteErrorBoundary";

/*
 * The route table (spec §2), in one place. Every page is its own lazy chunk named "route-<name>":
 * tests/perf/bundle.ts measures each route's initial JS from those names, and the login route must
 * not pull in what other screens need.
 */

// Authentication screens (features/auth, built alongside this shell).
const LoginPage = lazy(() =>
  import(/* webpackChunkName: "route-login" */ "../features/auth/pages/LoginPage").then((m) => ({ default: m.LoginPage })),
);
const TokenLoginPage = lazy(() =>
  import(/* webpackChunkName: "route-token-login" */ "../features/auth/pages/TokenLoginPage").then((m) => ({
    default: m.TokenLoginPage,
  })),
);
const SignupPage = lazy(() =>
  import(/* webpackChunkName: "route-signup" */ "../features/auth/pages/SignupPage").then((m) => ({ default: m.SignupPage })),
);
const RecoverPasswordPage = lazy(() =>
  import(/* webpackChunkName: "route-recover-password" */ "../features/auth/pages/RecoverPasswordPage").then((m) => ({
    default: m.RecoverPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import(/* webpackChunkName: "route-reset-password" */ "../features/auth/pages/ResetPasswordPage").then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const LogoutPage = lazy(() =>
  import(/* webpackChunkName: "route-logout" */ "../features/auth/pages/LogoutPage").then((m) => ({ default: m.LogoutPage })),
);

// Teams tab screens and SSO callbacks (features/teams).
const ConfigPage = lazy(() =>
  import(/* webpackChunkName: "route-teams-config" */ "../features/teams/ConfigPage").then((m) => ({ default: m.ConfigPage })),
);
const TabAuthStartPage = lazy(() =>
  import(/* webpackChunkName: "route-tab-auth" */ "../features/teams/TabAuthPages").then((m) => ({ default: m.TabAuthStartPage })),
);
const TabAuthEndPage = lazy(() =>
  import(/* webpackChunkName: "route-tab-auth" */ "../features/teams/TabAuthPages").then((m) => ({ default: m.TabAuthEndPage })),
);
const DeepLinkPage = lazy(() =>
  import(/* webpackChunkName: "route-deeplink" */ "../features/teams/DeepLinkPages").then((m) => ({ default: m.DeepLinkPage })),
);
const DeepLinkTokenPage = lazy(() =>
  import(/* webpackChunkName: "route-deeplink" */ "../features/teams/DeepLinkPages").then((m) => ({ default: m.DeepLinkTokenPage })),
);
const SamlCallbackPage = lazy(() =>
  import(/* webpackChunkName: "route-saml" */ "../features/teams/SamlPages").then((m) => ({ default: m.SamlCallbackPage })),
);
const SamlErrorPage = lazy(() =>
  import(/* webpackChunkName: "route-saml" */ "../features/teams/SamlPages").then((m) => ({ default: m.SamlErrorPage })),
);

// Signed-in screens.
const HomePage = lazy(() =>
  import(/* webpackChunkName: "route-home" */ "../features/home/HomePage").then((m) => ({ default: m.HomePage })),
);
const ProfilePage = lazy(() =>
  import(/* webpackChunkName: "route-profile" */ "../features/profile/ProfilePage").then((m) => ({ default: m.ProfilePage })),
);

const LicencePage = lazy(() =>
  import(/* webpackChunkName: "route-license" */ "../features/licence/LicencePage").then((m) => ({ default: m.LicencePage })),
);
const PublicationPreviewPage = lazy(() =>
  import(/* webpackChunkName: "route-publication" */ "../features/publication/PublicationPreviewPage").then((m) => ({
    default: m.PublicationPreviewPage,
  })),
);

// Class pages (features/course): one layout (header in the class's teaching-model theme, tabs) and its tabs.
const CourseLayout = lazy(() =>
  import(/* webpackChunkName: "route-course" */ "../features/course/CourseLayout").then((m) => ({ default: m.CourseLayout })),
);
const CourseHomePage = lazy(() =>
  import(/* webpackChunkName: "route-course" */ "../features/course/pages/CourseHomePage").then((m) => ({ default: m.CourseHomePage })),
);
const ProgramPage = lazy(() =>
  import(/* webpackChunkName: "route-course-program" */ "../features/course/pages/ProgramPage").then((m) => ({ default: m.ProgramPage })),
);
const GradesPage = lazy(() =>
  import(/* webpackChunkName: "route-course-grades" */ "../features/course/pages/GradesPage").then((m) => ({ default: m.GradesPage })),
);
const ResourcesPage = lazy(() =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => ({
    default: m.ResourcesPage,
  })),
);
const ResourceGroupPage = lazy(() =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => ({
    default: m.ResourceGroupPage,
  })),
);
const ClassroomResourcesPage = lazy(() =>
  import(/* webpackChunkName: "route-course-resources" */ "../features/course/pages/ResourcesPages").then((m) => ({
    default: m.ClassroomResourcesPage,
  })),
);

// Assessments (features/questions): taking, authoring, results, the editorial test pages and error reports.
const AssessmentPage = lazy(() =>
  import(/* webpackChunkName: "route-assessment" */ "../features/questions/pages/AssessmentPage").then((m) => ({ default: m.AssessmentPage })),
);
const QuestionEditorPage = lazy(() =>
  import(/* webpackChunkName: "route-question-editor" */ "../features/questions/authoring/QuestionEditorPage").then((m) => ({
    default: m.QuestionEditorPage,
  })),
);
const ClassResultsPage = lazy(() =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => ({
    default: m.ClassResultsPage,
  })),
);
const AttemptResultPage = lazy(() =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => ({
    default: m.AttemptResultPage,
  })),
);
const IndividualResultsPage = lazy(() =>
  import(/* webpackChunkName: "route-assessment-results" */ "../features/questions/pages/AssessmentResultsPages").then((m) => ({
    default: m.IndividualResultsPage,
  })),
);
const LemonTestPage = lazy(() =>
  import(/* webpackChunkName: "route-lemon-test" */ "../features/questions/pages/LemonTestPage").then((m) => ({ default: m.LemonTestPage })),
);
const AnswerTestPage = lazy(() =>
  import(/* webpackChunkName: "route-answer-test" */ "../features/questions/pages/AnswerTestPage").then((m) => ({ default: m.AnswerTestPage })),
);
const ErrorReportsPage = lazy(() =>
  import(/* webpackChunkName: "route-error-reports" */ "../features/questions/pages/ErrorReportsPage").then((m) => ({
    default: m.ErrorReportsPage,
  })),
);

// Lessons (features/lesson), content viewers and results (features/viewers), projection (features/projection).
const LessonPage = lazy(() =>
  import(/* webpackChunkName: "route-lesson" */ "../features/lesson/pages/LessonPage").then((m) => ({ default: m.LessonPage })),
);
const ViewerPage = lazy(() =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/ViewerPage").then((m) => ({ default: m.ViewerPage })),
);
const FullViewerPage = lazy(() =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/ViewerPage").then((m) => ({ default: m.FullViewerPage })),
);
const SingleActivityPage = lazy(() =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/SingleActivityPage").then((m) => ({
    default: m.SingleActivityPage,
  })),
);
const SingleActivityRecordPage = lazy(() =>
  import(/* webpackChunkName: "route-viewer" */ "../features/viewers/pages/SingleActivityPage").then((m) => ({
    default: m.SingleActivityRecordPage,
  })),
);
const ScormResultsPage = lazy(() =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => ({ default: m.ScormResultsPage })),
);
const ScormIndividualPage = lazy(() =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => ({ default: m.ScormIndividualPage })),
);
const XapiResultsPage = lazy(() =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => ({ default: m.XapiResultsPage })),
);
const XapiIndividualPage = lazy(() =>
  import(/* webpackChunkName: "route-results" */ "../features/viewers/pages/ResultsPages").then((m) => ({ default: m.XapiIndividualPage })),
);
const ProjectionPage = lazy(() =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => ({ default: m.ProjectionPage })),
);
const UnitProjectionPage = lazy(() =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => ({
    default: m.UnitProjectionPage,
  })),
);
const ContentProjectionPage = lazy(() =>
  import(/* webpackChunkName: "route-projection" */ "../features/projection/pages/ProjectionPage").then((m) => ({
    default: m.ContentProjectionPage,
  })),
);
const RemotePage = lazy(() =>
  import(/* webpackChunkName: "route-remote" */ "../features/projection/pages/RemotePage").then((m) => ({ default: m.RemotePage })),
);
const ToolsPage = lazy(() =>
  import(/* webpackChunkName: "route-tools" */ "../features/projection/pages/ToolsPage").then((m) => ({ default: m.ToolsPage })),
);

// Public screens: readable with or without a session.
const StatusPage = lazy(() =>
  import(/* webpackChunkName: "route-status" */ "../features/platform/StatusPage").then((m) => ({ default: m.StatusPage })),
);
const LegalPage = lazy(() =>
  import(/* webpackChunkName: "route-legal" */ "../features/platform/LegalPage").then((m) => ({ default: m.LegalPage })),
);
const ErrorPage = lazy(() =>
  import(/* webpackChunkName: "route-error" */ "../features/platform/ErrorPage").then((m) => ({ default: m.ErrorPage })),
);
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "route-not-found" */ "../features/platform/NotFoundPage").then((m) => ({
    default: m.NotFoundPage,
  })),
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
  return useRoutes(routes);
}
