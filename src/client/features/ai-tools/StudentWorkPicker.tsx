import { Field, Radio, RadioGroup, Spinner, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { StudentWorkItem } from "../../../contracts/teacher-tools-base";
import { SelectField } from "../../ui/Select";
import { useGetCourseMembersQuery } from "../course/courseApi";
import { useGetCoursesQuery } from "../home/homeApi";
import { useGetToolStudentWorkQuery } from "./aiToolsApi";
import type { ToolFormValues } from "./formModel";
import { ToolsLoadError, useToolFormat, useToolStyles } from "./parts";

type Picked = Pick<ToolFormValues, "courseGuid" | "studentGuid" | "work">;

export type StudentWorkPickerProps = Picked & {
  onChange: (patch: Partial<Picked>) => void;
  /** Beside each control: a required field left empty, or the server's word on it. */
  errors: { courseGuid?: string | undefined; studentGuid?: string | undefined; work?: string | undefined };
};

/** The radio's value: the kind and the guid (an attempt's and a job's guids never meet, the kind keeps them apart anyway). */
const keyOf = (item: Pick<StudentWorkItem, "kind" | "guid">) => `${item.kind}:${item.guid}`;

/** The student feedback's subject: one of the teacher's classes, one of its students, then one of their hand-ins. */
export function StudentWorkPicker({ courseGuid, studentGuid, work, onChange, errors }: StudentWorkPickerProps) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const courses = useGetCoursesQuery();
  const members = useGetCourseMembersQuery(courseGuid, { skip: courseGuid === "" });
  const workList = useGetToolStudentWorkQuery({ courseGuid, studentGuid }, { skip: courseGuid === "" || studentGuid === "" });

  const classes = (courses.data?.items ?? []).filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");
  // currentData: this class's members only, never the previous class's while this one loads.
  const students = courseGuid !== "" && !members.isError
    ? (members.currentData?.items ?? [])
        .filter((m) => m.role === "student")
        .map((m) => ({ value: m.guid, label: `${m.firstName} ${m.lastName}`.trim() }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : [];

  const workBody = (() => {
    if (courseGuid === "" || studentGuid === "") return <Text className={styles.muted}>{t("feedbackForm.chooseStudentFirst")}</Text>;
    if (workList.isError) return <ToolsLoadError context={t("feedbackForm.workFailed")} error={workList.error} onRetry={() => void workList.refetch()} />;
    const items = workList.currentData?.items;
    if (!items) return <Spinner size="tiny" label={t("loading")} />;
    if (items.length === 0) {
      return (
        <>
          <Text>{t("feedbackForm.noWork")}</Text>
          {errors.work ? (
            <Text role="alert" className={styles.error}>
              {errors.work}
            </Text>
          ) : null}
        </>
      );
    }
    return (
      <Field label={t("feedbackForm.work")} required validationState={errors.work ? "error" : "none"} validationMessage={errors.work}>
        <RadioGroup
          value={work ? keyOf(work) : ""}
          onChange={(_, d) => {
            const item = items.find((i) => keyOf(i) === d.value);
            onChange({ work: item ? { kind: item.kind, guid: item.guid } : null });
          }}
        >
          {items.map((item) => (
            <Radio
              key={keyOf(item)}
              value={keyOf(item)}
              label={
                <span className={styles.section}>
                  <Text weight="semibold">
                    {item.title} <span className={styles.muted}>({t(`feedbackForm.kinds.${item.kind}`)})</span>
                  </Text>
                  <Text size={200} className={styles.muted}>
                    {[
                      item.lessonTitle,
                      item.submittedAt ? t("feedbackForm.submittedOn", { date: f.dateTime(item.submittedAt) }) : t("feedbackForm.notSubmitted"),
                      item.score !== null && item.maxScore !== null ? t("feedbackForm.score", { score: f.decimal(item.score), max: f.decimal(item.maxScore) }) : t("feedbackForm.noScore"),
                      t(`feedbackForm.status.${item.status}`),
                    ].join(" · ")}
                  </Text>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </Field>
    );
  })();

  return (
    <fieldset className={styles.section}>
      <legend>{t("feedbackForm.legend")}</legend>
      <div className={styles.row}>
        <SelectField
          label={t("lesson.class")}
          required
          placeholder={t("setup.choose")}
          value={courseGuid}
          options={classes.map((c) => ({ value: c.guid, label: c.name }))}
          error={errors.courseGuid}
          onChange={(v) => onChange({ courseGuid: v, studentGuid: "", work: null })}
        />
        <SelectField
          label={t("feedbackForm.student")}
          required
          placeholder={t("setup.choose")}
          value={studentGuid}
          options={students}
          disabled={courseGuid === "" || students.length === 0}
          error={errors.studentGuid}
          onChange={(v) => onChange({ studentGuid: v, work: null })}
        />
      </div>
      {members.isError ? <ToolsLoadError context={t("feedbackForm.studentsFailed")} error={members.error} onRetry={() => void members.refetch()} /> : null}
      {courseGuid !== "" && members.currentData && students.length === 0 ? <Text>{t("feedbackForm.noStudents")}</Text> : null}
      {workBody}
    </fieldset>
  );
}
