import { Spinner } from "@fluentui/react-components";
import { ArrowLeftRegular, BoardRegular, TaskListLtrRegular } from "@fluentui/react-icons";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams, useSearchParams } from "react-router-dom";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorKeyOf } from "../../app/apiResult";
import { EmptyState, ErrorState } from "../../ui/States";
import { STUDENT_VIEW, useCourseContext, VIEW_PARAM } from "../course/courseContext";
import { LinkButton } from "../lesson/components/LinkButton";
import { useGetLessonQuery } from "../lesson/lessonApi";
import { lessonBasePath } from "../lesson/lessonRules";
import { AddCardForm } from "./AddCardForm";
import { boardRef, useGetKanbanBoardQuery, useGetTeacherKanbanQuery } from "./kanbanApi";
import { KanbanBoard } from "./KanbanBoard";
import { STUDENT_PARAM } from "./kanbanRules";
import { useKanbanStyles } from "./kanbanStyles";
import { useKanbanLive } from "./useKanbanLive";

/** The teacher's board of a lesson: its own chunk, never loaded for a student. */
// routeData starts the same chunk with the board's data at navigation.
const TeacherKanban = lazy(() => import(/* webpackChunkName: "kanban-teacher" */ "./TeacherKanban").then((m) => ({ default: m.TeacherKanban })));

/** Errors that mean "not a board you can open here" (missing or hidden lesson, another class's, malformed link). */
const UNAVAILABLE = new Set(["NOT_FOUND", "FORBIDDEN", "VALIDATION_ERROR", "LESSON_NOT_IN_COURSE"]);

/** Where the board of all one's tasks lives (linked from the tasks page and the lesson boards). */
export const ALL_TASKS_BOARD_PATH = "/tasks/kanban";

/**
 * The lesson path followed by kanban/{lessonGuid} (spec §2, ADR 0032): a student's board of the
 * lesson's tasks and their notes; for the class's editors, where the class is on each task, a
 * student's board read-only, and their own notes. A second lesson guid that is not the path's
 * own goes to the lesson's board.
 */
export function LessonKanbanPage() {
  const { course, studentView, editing } = useCourseContext();
  const { unitGuid, lessonGuid = "", boardLessonGuid } = useParams();
  const basePath = lessonBasePath(course.guid, lessonGuid, unitGuid);
  const askStudentView = studentView && course.canEdit;
  const search = askStudentView ? `?${VIEW_PARAM}=${STUDENT_VIEW}` : "";
  useKanbanLive();
  if (boardLessonGuid !== undefined && boardLessonGuid !== lessonGuid) return <Navigate to={`${basePath}/kanban/${lessonGuid}${search}`} replace />;
  return <LessonBoard courseGuid={course.guid} lessonGuid={lessonGuid} basePath={basePath} search={search} askStudentView={askStudentView} editing={editing} />;
}

type LessonBoardProps = { courseGuid: string; lessonGuid: string; basePath: string; search: string; askStudentView: boolean; editing: boolean };

function LessonBoard({ courseGuid, lessonGuid, basePath, search, askStudentView, editing }: LessonBoardProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const lesson = useGetLessonQuery({ lessonGuid, courseGuid, studentView: askStudentView });
  const title = lesson.data?.title;

  const header = (
    <header className={styles.header}>
      <h2 className={styles.title}>{title ? t("lessonHeading", { title }) : t("title")}</h2>
      <nav className={styles.nav} aria-label={t("title")}>
        <LinkButton to={`${basePath}${search}`} appearance="subtle" icon={<ArrowLeftRegular />}>
          {t("backToLesson")}
        </LinkButton>
        {editing ? null : (
          <LinkButton to={ALL_TASKS_BOARD_PATH} appearance="subtle" icon={<TaskListLtrRegular />}>
            {t("openAll")}
          </LinkButton>
        )}
      </nav>
    </header>
  );

  return (
    <div className={styles.page}>
      {header}
      {editing ? <TeacherLessonBoard courseGuid={courseGuid} lessonGuid={lessonGuid} /> : <StudentLessonBoard courseGuid={courseGuid} lessonGuid={lessonGuid} />}
    </div>
  );
}

function Unavailable() {
  const { t } = useTranslation("kanban");
  const { guid = "" } = useParams();
  return (
    <EmptyState
      icon={<BoardRegular />}
      title={t("unavailable.title")}
      body={t("unavailable.body")}
      action={<LinkButton to={`/course/${guid}/program`}>{t("unavailable.back")}</LinkButton>}
    />
  );
}

function StudentLessonBoard({ courseGuid, lessonGuid }: { courseGuid: string; lessonGuid: string }) {
  const { t } = useTranslation("kanban");
  const ref = boardRef(courseGuid, lessonGuid);
  const { data, error, isLoading, refetch } = useGetKanbanBoardQuery(ref);
  if (isLoading) return <Spinner label={t("loading")} />;
  if (!data) return error && UNAVAILABLE.has(errorKeyOf(error)) ? <Unavailable /> : <ErrorState onRetry={() => void refetch()} />;
  return (
    <>
      <AddCardForm board={ref} />
      <KanbanBoard board={data} label={t("board.label")} headingLevel={3} />
    </>
  );
}

function TeacherLessonBoard({ courseGuid, lessonGuid }: { courseGuid: string; lessonGuid: string }) {
  const { t } = useTranslation("kanban");
  const [params, setParams] = useSearchParams();
  const { data, error, isLoading, refetch } = useGetTeacherKanbanQuery({ courseGuid, lessonGuid });
  if (isLoading) return <Spinner label={t("loading")} />;
  if (!data) return error && UNAVAILABLE.has(errorKeyOf(error)) ? <Unavailable /> : <ErrorState onRetry={() => void refetch()} />;
  const studentGuid = params.get(STUDENT_PARAM) ?? undefined;
  const chooseStudent = (guid: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (guid) next.set(STUDENT_PARAM, guid);
        else next.delete(STUDENT_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Suspense fallback={<Spinner label={t("loading")} />}>
      <TeacherKanban data={data} studentGuid={studentGuid} onChooseStudent={chooseStudent} />
    </Suspense>
  );
}

/** /tasks/kanban: the board of all the reader's tasks, in every class, and their notes on no lesson. */
export function TasksKanbanPage() {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const ref = boardRef(null, null);
  const { data, isLoading, refetch } = useGetKanbanBoardQuery(ref);
  useKanbanLive();
  return (
    <div className={styles.page}>
      <AppPageHeader title={t("allHeading")} subtitle={t("allHint")} />
      {isLoading ? (
        <Spinner label={t("loading")} />
      ) : !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <>
          <AddCardForm board={ref} headingLevel={2} />
          <KanbanBoard board={data} label={t("board.label")} headingLevel={2} showWhere />
        </>
      )}
    </div>
  );
}
