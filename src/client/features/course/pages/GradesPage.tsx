import { makeStyles, Tab, TabList, tokens } from "@fluentui/react-components";
import { PeopleRegular, TaskListLtrRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import type { Gradebook, GradebookScope } from "../../../../contracts/course-program";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { SelectField } from "../../../ui/Select";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useCourseContext } from "../courseContext";
import { GradebookTable } from "../program/GradebookTable";
import { useGetGradebookQuery } from "../programApi";

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  panel: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  select: { maxWidth: "420px" },
});

const SCOPE_PARAM = "scope";
const PROGRAM_PARAM = "program";

/**
 * The class's gradebook (spec §7 front/courses/{courseGuid}/gradebook, §9 scopes): Workbook (the
 * toolbox's tasks and assessments) and Program (one of the class's publications, per unit). The
 * scope and program live in the URL so reloads keep them. Students get only their own row.
 */
export function GradesPage() {
  const styles = useStyles();
  const { t } = useTranslation("program");
  const { course } = useCourseContext();
  const [params, setParams] = useSearchParams();
  const scope: GradebookScope = params.get(SCOPE_PARAM) === "program" ? "program" : "workbook";
  const chosenProgram = scope === "program" ? (params.get(PROGRAM_PARAM) ?? undefined) : undefined;
  const { data, currentData, isError, refetch } = useGetGradebookQuery({ guid: course.guid, scope, programGuid: chosenProgram });

  // Other params (the layout's ?view=student) stay as they are.
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const programs = (currentData ?? data)?.programs ?? course.publications.map((p) => ({ guid: p.guid, title: p.title }));
  const programGuid = chosenProgram ?? currentData?.programGuid ?? programs[0]?.guid ?? "";
  const programTitle = programs.find((p) => p.guid === programGuid)?.title ?? "";

  return (
    <>
      <TabList
        className={styles.tabs}
        selectedValue={scope}
        aria-label={t("grades.scopesLabel")}
        onTabSelect={(_, d) => update({ [SCOPE_PARAM]: d.value === "program" ? "program" : undefined, [PROGRAM_PARAM]: undefined })}
      >
        <Tab id="grades-tab-workbook" value="workbook" aria-controls="grades-panel">
          {t("grades.scopes.workbook")}
        </Tab>
        <Tab id="grades-tab-program" value="program" aria-controls="grades-panel">
          {t("grades.scopes.program")}
        </Tab>
      </TabList>
      <div role="tabpanel" id="grades-panel" aria-labelledby={`grades-tab-${scope}`} className={styles.panel}>
        {scope === "program" && programs.length > 0 ? (
          <div className={styles.select}>
            <SelectField
              label={t("grades.programLabel")}
              options={programs.map((p) => ({ value: p.guid, label: p.title }))}
              value={programGuid}
              onChange={(value) => update({ [PROGRAM_PARAM]: value })}
            />
          </div>
        ) : null}
        {isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : !currentData ? (
          <div role="status">
            <BusyIndicator label={t("grades.loading")} />
          </div>
        ) : (
          <GradebookBody
            gradebook={currentData}
            editor={course.canEdit}
            caption={scope === "program" ? t("grades.caption.program", { title: programTitle }) : t("grades.caption.workbook")}
          />
        )}
      </div>
    </>
  );
}

function GradebookBody({ gradebook, editor, caption }: { gradebook: Gradebook; editor: boolean; caption: string }) {
  const { t } = useTranslation("program");
  if (gradebook.scope === "program" && gradebook.programs.length === 0) {
    return <EmptyState icon={<TaskListLtrRegular />} title={t("grades.empty.noPrograms.title")} body={t("grades.empty.noPrograms.body")} />;
  }
  if (gradebook.columns.length === 0) {
    return (
      <EmptyState
        icon={<TaskListLtrRegular />}
        title={t("grades.empty.noColumns.title")}
        body={t(gradebook.scope === "program" ? "grades.empty.noColumns.programBody" : "grades.empty.noColumns.workbookBody")}
      />
    );
  }
  if (gradebook.rows.length === 0) {
    return (
      <EmptyState
        icon={<PeopleRegular />}
        title={t("grades.empty.noStudents.title")}
        body={editor ? t("grades.empty.noStudents.editorBody") : undefined}
      />
    );
  }
  return <GradebookTable gradebook={gradebook} caption={caption} />;
}
