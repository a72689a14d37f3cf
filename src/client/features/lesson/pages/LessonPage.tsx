import { Spinner } from "@fluentui/react-components";
import { AddRegular, DocumentDismissRegular, DocumentRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useParams } from "react-router-dom";
import type { LessonDetail, LessonItem } from "../../../../contracts/lessons";
import { errorKeyOf } from "../../../app/apiResult";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useNotify } from "../../../ui/toast";
import { STUDENT_VIEW, VIEW_PARAM, useCourseContext } from "../../course/courseContext";
import { useOpenedOnce } from "../../course/components/useOpenedOnce";
import { LessonHeader } from "../components/LessonHeader";
import { LessonItemList } from "../components/LessonItemList";
import type { LessonViewProps } from "../components/LessonSubViews";
import { useLessonStyles } from "../components/lessonStyles";
import { LinkButton } from "../components/LinkButton";
import { useGetLessonItemsQuery, useGetLessonQuery, useReorderLessonItemsMutation } from "../lessonApi";
import { lessonBasePath } from "../lessonRules";

/*
 * The lesson's address opens its item list. The sub-views (an item's viewer, the add and edit forms,
 * the type picker) and the settings sidebar load when they are opened: the list does not pay for them.
 */
const subViews = () => import(/* webpackChunkName: "lesson-sub-views" */ "../components/LessonSubViews");
const ContentRoute = lazy(() => subViews().then((m) => ({ default: m.ContentRoute })));
const ResourceRoute = lazy(() => subViews().then((m) => ({ default: m.ResourceRoute })));
const SessionRoute = lazy(() => subViews().then((m) => ({ default: m.SessionRoute })));
const EditRoute = lazy(() => subViews().then((m) => ({ default: m.EditRoute })));
const NewContentPicker = lazy(() =>
  import(/* webpackChunkName: "lesson-new-content" */ "../components/NewContentPicker").then((m) => ({ default: m.NewContentPicker })),
);
const AddItemForm = lazy(() => import(/* webpackChunkName: "lesson-add-item" */ "../components/AddItemForm").then((m) => ({ default: m.AddItemForm })));
const ItemSettingsPanel = lazy(() =>
  import(/* webpackChunkName: "lesson-item-settings" */ "../components/ItemSettingsPanel").then((m) => ({ default: m.ItemSettingsPanel })),
);

/** A sub-view while its code loads: the same spinner the page shows while it loads. */
function SubView({ children }: { children: ReactNode }) {
  const { t } = useTranslation("lesson");
  return <Suspense fallback={<Spinner label={t("loading")} />}>{children}</Suspense>;
}

/** Errors that mean "not a lesson you can see here" (missing, hidden, another class's, malformed link). */
const UNAVAILABLE = new Set(["NOT_FOUND", "FORBIDDEN", "VALIDATION_ERROR", "LESSON_NOT_IN_COURSE"]);

/**
 * /course/{guid}/lesson/{lessonGuid} and the /unit/{unitGuid}/ form (spec §2, §3, §4): the lesson's
 * items in order, with their publication and the caller's progress, and its sub-paths (content,
 * resource, session, new-content, add, edit). Editing teachers add, reorder, publish and delete
 * items; students, and teachers viewing as a student, see the published items only.
 */
export function LessonPage() {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const { course, studentView, editing } = useCourseContext();
  const { unitGuid, lessonGuid = "" } = useParams();
  // Teachers who view as a student ask the server for the student view; students always get it.
  const askStudentView = studentView && course.canEdit;
  const search = askStudentView ? `?${VIEW_PARAM}=${STUDENT_VIEW}` : "";
  const args = { lessonGuid, courseGuid: course.guid, studentView: askStudentView };
  const { data: lesson, error, isLoading, refetch } = useGetLessonQuery(args);
  const list = useGetLessonItemsQuery(args);
  // The items (a row of buttons each, drag handles for editors) render in a background pass that
  // yields to the browser, not in the store update's one long task; the spinner stays until then.
  const shownItems = useDeferredValue(list.data);
  const basePath = lessonBasePath(course.guid, lessonGuid, unitGuid);

  if (isLoading) return <Spinner label={t("loading")} />;
  if (!lesson) {
    if (error && UNAVAILABLE.has(errorKeyOf(error))) {
      return (
        <EmptyState
          icon={<DocumentDismissRegular />}
          title={t("unavailable.title")}
          body={t("unavailable.body")}
          action={<LinkButton to={`/course/${course.guid}/program${search}`}>{t("unavailable.back")}</LinkButton>}
        />
      );
    }
    return <ErrorState onRetry={() => void refetch()} />;
  }

  const items = shownItems ?? [];
  const view: LessonViewProps = { courseGuid: course.guid, items, basePath, search };
  return (
    <div className={styles.page}>
      <LessonHeader lesson={lesson} basePath={basePath} search={search} editing={editing} />
      <Routes>
        <Route
          index
          element={
            list.isLoading || (list.data && !shownItems) ? (
              <Spinner label={t("loading")} />
            ) : list.isError ? (
              <ErrorState onRetry={() => void list.refetch()} />
            ) : (
              <LessonOverview lesson={lesson} items={items} editing={editing} studentView={studentView} basePath={basePath} search={search} />
            )
          }
        />
        <Route path="content/:contentGuid" element={<SubView><ContentRoute {...view} /></SubView>} />
        <Route path="resource/:itemGuid" element={<SubView><ResourceRoute {...view} /></SubView>} />
        <Route path="session/:sessionId" element={<SubView><SessionRoute {...view} /></SubView>} />
        {editing ? (
          <>
            <Route path="new-content" element={<SubView><NewContentPicker basePath={basePath} search={search} /></SubView>} />
            <Route
              path="add/:itemType"
              element={<SubView><AddItemRoute courseGuid={course.guid} lessonGuid={lesson.guid} basePath={basePath} search={search} /></SubView>}
            />
            <Route path="edit/:itemGuid" element={<SubView><EditRoute {...view} /></SubView>} />
          </>
        ) : null}
        <Route path="*" element={<Navigate to={`${basePath}${search}`} replace />} />
      </Routes>
    </div>
  );
}

function AddItemRoute(props: { courseGuid: string; lessonGuid: string; basePath: string; search: string }) {
  const { itemType = "" } = useParams();
  return <AddItemForm {...props} itemType={itemType} />;
}

type OverviewProps = {
  lesson: LessonDetail;
  items: LessonItem[];
  editing: boolean;
  studentView: boolean;
  basePath: string;
  search: string;
};

/** The item list, the Add content action and the general-settings sidebar. */
function LessonOverview({ lesson, items, editing, studentView, basePath, search }: OverviewProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const notify = useNotify();
  const [selectedGuid, setSelectedGuid] = useState<string | undefined>(undefined);
  const [reorder] = useReorderLessonItemsMutation();
  const selected = editing ? items.find((i) => i.guid === selectedGuid) : undefined;
  // The settings sidebar starts closed: its code loads when a teacher first opens an item's settings.
  const settingsOpened = useOpenedOnce(selected !== undefined);
  const courseGuid = lesson.course.guid;

  const onReorder = (order: string[]) => {
    reorder({ courseGuid, lessonGuid: lesson.guid, order })
      .unwrap()
      .catch(() => notify({ intent: "error", title: t("items.reorderFailed") }));
  };

  const addContent = editing ? (
    <LinkButton to={`${basePath}/new-content${search}`} appearance="primary" icon={<AddRegular />}>
      {t("header.addContent")}
    </LinkButton>
  ) : undefined;

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<DocumentRegular />}
        title={t("items.emptyTitle")}
        body={editing ? t("items.emptyEditorBody") : t("items.emptyStudentBody")}
        action={addContent}
      />
    );
  }
  return (
    <div className={styles.body}>
      <div className={styles.main}>
        {addContent ? <div className={styles.nav}>{addContent}</div> : null}
        <LessonItemList
          items={items}
          lessonTitle={lesson.title}
          courseGuid={courseGuid}
          basePath={basePath}
          search={search}
          editing={editing}
          studentView={studentView}
          selectedGuid={selected?.guid}
          onSelect={setSelectedGuid}
          onReorder={onReorder}
        />
      </div>
      {editing && settingsOpened ? (
        <Suspense fallback={null}>
          <ItemSettingsPanel item={selected} onClose={() => setSelectedGuid(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}
