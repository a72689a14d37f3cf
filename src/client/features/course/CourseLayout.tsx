import { Button, FluentProvider, makeStyles, MessageBar, MessageBarActions, MessageBarBody, tokens } from "@fluentui/react-components";
import { ClassRegular, HomeRegular } from "@fluentui/react-icons";
import { Suspense, useDeferredValue, useEffect, useMemo, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useMatch, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { errorKeyOf } from "../../app/apiResult";
import { HOME_PATH } from "../../app/guards";
import { useHost } from "../../app/hostContext";
import type { HostTheme } from "../../platform";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../ui/States";
import { CourseHeader } from "./components/CourseHeader";
import { CourseTabs } from "./components/CourseTabs";
import { CourseToolbar } from "./components/CourseToolbar";
import { STUDENT_VIEW, VIEW_PARAM, type CourseOutletContext } from "./courseContext";
import { useGetCourseQuery } from "./courseApi";
import { teachingModelAccent, teachingModelTheme } from "./themes";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusXLarge,
    "@media (max-width: 480px)": { padding: tokens.spacingHorizontalXS, gap: tokens.spacingVerticalS },
  },
  content: { paddingTop: tokens.spacingVerticalS },
  loading: { padding: tokens.spacingVerticalXXXL },
});

/** The assessment player (not its editor or results): on a phone the class band steps back for the question. */
function useOnAssessmentPlayer(): boolean {
  const inLesson = useMatch("/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid");
  const inUnit = useMatch("/course/:guid/unit/:unitGuid/lesson/:lessonGuid/assessment/:assessmentGuid");
  return inLesson !== null || inUnit !== null;
}

/** Errors that mean "not a class you can see" (another school's, archived, left, malformed link). */
const UNAVAILABLE = new Set(["NOT_FOUND", "FORBIDDEN", "VALIDATION_ERROR", "CONTENT_DELETED"]);

/** The host's light, dark or contrast theme, followed live (the class look only adds colour on light). */
function useHostThemeName(): HostTheme {
  const host = useHost();
  const [theme, setTheme] = useState<HostTheme>(host.context.theme);
  useEffect(() => host.onThemeChange(setTheme), [host]);
  return theme;
}

function CourseUnavailable() {
  const { t } = useTranslation(["course", "common"]);
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<ClassRegular />}
      title={t("unavailable.title")}
      body={t("unavailable.body")}
      action={
        <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate(HOME_PATH)}>
          {t("common:actions.goHome")}
        </Button>
      }
    />
  );
}

/**
 * /course/:guid and its tabs (spec §2): loads the class once, paints it in its teaching model's
 * look (themes.ts), and hands it to the tab pages through the outlet context.
 */
export function CourseLayout() {
  const styles = useStyles();
  const { t } = useTranslation("course");
  const { guid = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const hostTheme = useHostThemeName();
  const { data, error, isLoading, refetch } = useGetCourseQuery(guid);
  // The class arrives in a synchronous store update; its whole page (header, tabs, the tab's own
  // page) then renders in a background pass that yields to the browser every few milliseconds,
  // instead of one long task. The loading state stays on screen until that pass is done.
  const course = useDeferredValue(data);
  const model = course?.settings.teachingModel ?? "vanilla";
  const theme = useMemo(() => teachingModelTheme(model, hostTheme), [model, hostTheme]);
  const onPlayer = useOnAssessmentPlayer();

  if (isLoading || (data && !course)) {
    return (
      <div className={styles.loading} role="status">
        <BusyIndicator label={t("loading")} />
      </div>
    );
  }
  if (!course) {
    if (error && UNAVAILABLE.has(errorKeyOf(error))) return <CourseUnavailable />;
    return <ErrorState onRetry={() => void refetch()} />;
  }

  const askedStudentView = course.canEdit && params.get(VIEW_PARAM) === STUDENT_VIEW;
  const studentView = course.myRole === "student" || askedStudentView;
  const editing = course.canEdit && !studentView;
  const context: CourseOutletContext = { course, studentView, editing };
  const setStudentView = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set(VIEW_PARAM, STUDENT_VIEW);
        else next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  const accent = teachingModelAccent(model, hostTheme);

  return (
    <FluentProvider
      theme={theme}
      className={styles.root}
      data-teaching-model={model}
      style={accent ? ({ "--course-accent": accent } as CSSProperties) : undefined}
    >
      <CourseHeader course={course} compact={onPlayer} />
      <CourseToolbar course={course} studentView={askedStudentView} editing={editing} onStudentViewChange={setStudentView} />
      {askedStudentView ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t("studentView.banner")}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setStudentView(false)}>{t("studentView.back")}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <CourseTabs guid={course.guid} keepStudentView={askedStudentView} />
      <div className={styles.content}>
        <Suspense
          fallback={
            <div role="status">
              <BusyIndicator label={t("loading")} />
            </div>
          }
        >
          <Outlet context={context} />
        </Suspense>
      </div>
    </FluentProvider>
  );
}
