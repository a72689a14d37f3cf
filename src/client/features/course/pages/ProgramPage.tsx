import { BookOpenRegular } from "@fluentui/react-icons";
import { useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useNotify } from "../../../ui/toast";
import { useCourseContext } from "../courseContext";
import type { ProgramActions } from "../program/ProgramUnitItem";
import { useProgramStyles } from "../program/programStyles";
import { PublicationSection } from "../program/PublicationSection";
import { useGetProgramQuery, useReorderProgramMutation, useSetProgramVisibilityMutation } from "../programApi";

/**
 * The class's program (spec §2 /course/{guid}/program, §4 personalised version, hidden units and
 * lessons). Editing teachers hide, show and reorder units and lessons for this class only; students
 * and teachers viewing as a student see what students see, with no controls.
 */
export function ProgramPage() {
  const styles = useProgramStyles();
  const { t } = useTranslation("program");
  const notify = useNotify();
  const { course, studentView, editing } = useCourseContext();
  // Students always get the student view; teachers ask for it when they view as a student.
  const { data: loaded, isLoading, isError, refetch } = useGetProgramQuery({ guid: course.guid, studentView: studentView && course.canEdit });
  // Units, lessons and (for editors) their drag handles and controls render in a background pass
  // that yields to the browser, not in the store update's one long task; the loading state stays until then.
  const data = useDeferredValue(loaded);
  const [setVisibility] = useSetProgramVisibilityMutation();
  const [reorder] = useReorderProgramMutation();

  const actions = useMemo<ProgramActions | undefined>(() => {
    if (!editing || data?.view !== "teacher") return undefined;
    const failed = () => notify({ intent: "error", title: t("errors.saveFailed") });
    return {
      setHidden: (scope, itemGuid, hidden) => {
        setVisibility({ guid: course.guid, scope, itemGuid, hidden }).unwrap().catch(failed);
      },
      reorder: (scope, parentGuid, order) => {
        reorder({ guid: course.guid, scope, parentGuid, order }).unwrap().catch(failed);
      },
    };
  }, [editing, data?.view, course.guid, setVisibility, reorder, notify, t]);

  if (isLoading || (loaded && !data)) {
    return (
      <div role="status">
        <BusyIndicator label={t("loading")} />
      </div>
    );
  }
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.publications.length === 0) {
    return (
      <EmptyState
        icon={<BookOpenRegular />}
        title={t("empty.title")}
        body={course.canEdit && !studentView ? t("empty.editorBody") : t("empty.studentBody")}
      />
    );
  }
  return (
    <div className={styles.page}>
      {data.publications.map((publication) => (
        <PublicationSection
          key={publication.guid}
          courseGuid={course.guid}
          publication={publication}
          showPersonalised={!studentView}
          actions={actions}
        />
      ))}
    </div>
  );
}
