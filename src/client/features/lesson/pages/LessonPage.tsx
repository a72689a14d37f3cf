import { Spinner } from "@fluentui/react-components";
import { AddRegular, DocumentDismissRegular, DocumentRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useParams } from "react-router-dom";
import type { LessonDetail, LessonItem } from "../../../../contracts/lessons";
import { errorKeyOf } from "../../../app/api";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useNotify } from "../../../ui/toast";
import { STUDENT_VIEW, VIEW_PARAM, useCourseContext } from "../../course/courseContext";
import { AddItemForm } from "../components/AddItemForm";
import { ItemSettingsPanel } from "../components/ItemSettingsPanel";
import { LessonHeader } from "../components/LessonHeader";
import { LessonItemList } from "../components/LessonItemList";
import { ContentRoute, EditRoute, ResourceRoute, SessionRoute, type LessonViewProps } from "../components/LessonSubViews";
import { useLessonStyles } from "../components/lessonStyles";
import { LinkButton } from "../components/LinkButton";
import { NewContentPicker } from "../components/NewContentPicker";
import { useGetLessonItemsQuery, useGetLessonQuery, useReorderLessonItemsMutation } from "../lessonApi";
import { lessonBasePath } from "../lessonRules";

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

  const items = list.data ?? [];
  const view: LessonViewProps = { courseGuid: course.guid, items, basePath, search };
  return (
    <div className={styles.page}>
      <LessonHeader lesson={lesson} basePath={basePath} search={search} editing={editing} />
      <Routes>
        <Route
          index
          element={
            list.isLoading ? (
              <Spinner label={t("loading")} />
            ) : list.isError ? (
              <ErrorState onRetry={() => void list.refetch()} />
            ) : (
              <LessonOverview lesson={lesson} items={items} editing={editing} studentView={studentView} basePath={basePath} search={search} />
            )
          }
        />
        <Route path="content/:contentGuid" element={<ContentRoute {...view} />} />
        <Route path="resource/:itemGuid" element={<ResourceRoute {...view} />} />
        <Route path="session/:sessionId" element={<SessionRoute {...view} />} />
        {editing ? (
          <>
            <Route path="new-content" element={<NewContentPicker basePath={basePath} search={search} />} />
            <Route
              path="add/:itemType"
              element={<AddItemRoute courseGuid={course.guid} lessonGuid={lesson.guid} basePath={basePath} search={search} />}
            />
            <Route path="edit/:itemGuid" element={<EditRoute {...view} />} />
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
      {editing ? <ItemSettingsPanel item={selected} onClose={() => setSelectedGuid(undefined)} /> : null}
    </div>
  );
}
