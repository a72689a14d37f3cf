import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, Textarea, tokens } from "@fluentui/react-components";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Task } from "../../../contracts/tasks";
import { TASK_LIMITS, type TaskAudience } from "../../../contracts/tasks-base";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useGetCourseMembersQuery } from "../course/courseApi";
import { useAssignTaskMutation, useUnassignTaskMutation, useUpdateTaskMutation } from "./tasksApi";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  students: {
    display: "flex",
    flexDirection: "column",
    maxHeight: "240px",
    overflowY: "auto",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
    margin: 0,
  },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
});

export type AssignTaskDialogProps = {
  courseGuid: string;
  lessonGuid: string;
  item: { guid: string; title: string };
  /** The item's current assignment (not unassigned), when it has one. */
  task: Task | undefined;
  onClose: () => void;
};

const pad = (n: number) => String(n).padStart(2, "0");
/** The local calendar day and time of an instant, as the date and time inputs hold them. */
function localParts(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: "", time: "" };
  const d = new Date(iso);
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}
/** The instant a local day and time name (the end of the day when no time is given); null without a day. */
export function dueAtOf(date: string, time: string): string | null {
  if (!date) return null;
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = (time || "23:59").split(":").map(Number);
  const local = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 23, mm ?? 59, 0, 0);
  return Number.isNaN(local.getTime()) ? null : local.toISOString();
}

/**
 * A teacher assigns a lesson item (spec "Tasks"): to the whole class or to chosen students, with an
 * optional due date and instructions. An item already assigned opens its assignment to change it or
 * unassign it. Its own chunk: the lesson screen loads it only when a teacher presses Assign.
 */
export function AssignTaskDialog({ courseGuid, lessonGuid, item, task, onClose }: AssignTaskDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation(["tasks", "errors"]);
  const notify = useNotify();
  const formId = useId();
  const { data: members, isLoading } = useGetCourseMembersQuery(courseGuid);
  const students = (members?.items ?? []).filter((m) => m.role === "student");
  const initial = localParts(task?.dueAt ?? null);
  const [audience, setAudience] = useState<TaskAudience>(task?.audience ?? "class");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(task?.studentGuids ?? []));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [instructions, setInstructions] = useState(task?.instructions ?? "");
  const [missingStudents, setMissingStudents] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [assign, assigning] = useAssignTaskMutation();
  const [update, updating] = useUpdateTaskMutation();
  const [unassign, unassigning] = useUnassignTaskMutation();
  const busy = assigning.isLoading || updating.isLoading || unassigning.isLoading;

  const toggle = (guid: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(guid);
    else next.delete(guid);
    setChosen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const studentGuids = students.map((s) => s.guid).filter((g) => chosen.has(g));
    if (audience === "students" && studentGuids.length === 0) {
      setMissingStudents(true);
      return;
    }
    setMissingStudents(false);
    setFailure(undefined);
    const fields = {
      audience,
      ...(audience === "students" ? { studentGuids } : {}),
      // An untouched due date is sent as it was (the inputs drop its seconds): only a moved one reassigns.
      dueAt: task && date === initial.date && time === initial.time ? task.dueAt : dueAtOf(date, time),
      instructions: instructions.trim(),
    };
    try {
      if (task) await update({ courseGuid, lessonGuid, taskGuid: task.guid, body: fields }).unwrap();
      else await assign({ courseGuid, lessonGuid, body: { lessonItemGuid: item.guid, ...fields } }).unwrap();
      notify({ intent: "success", title: t(task ? "assign.updated" : "assign.assigned") });
      onClose();
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  };

  const remove = async () => {
    if (!task) return;
    setFailure(undefined);
    try {
      await unassign({ courseGuid, lessonGuid, taskGuid: task.guid }).unwrap();
      notify({ intent: "success", title: t("assign.unassigned") });
      onClose();
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      size="small"
      title={t("assign.title", { title: item.title })}
      actions={
        <>
          {task ? (
            <Button appearance="secondary" disabled={busy} onClick={() => void remove()}>
              {t("assign.unassign")}
            </Button>
          ) : null}
          <Button appearance="primary" type="submit" form={formId} disabled={busy}>
            {t(task ? "assign.update" : "assign.save")}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t("assign.audience")}>
          <RadioGroup value={audience} onChange={(_, data) => setAudience(data.value as TaskAudience)}>
            <Radio value="class" label={t("assign.wholeClass")} />
            <Radio value="students" label={t("assign.chosen")} />
          </RadioGroup>
        </Field>
        {audience === "students" ? (
          isLoading ? (
            <Spinner size="small" label={t("assign.loading")} />
          ) : students.length === 0 ? (
            <MessageBar intent="warning">
              <MessageBarBody>{t("assign.noStudents")}</MessageBarBody>
            </MessageBar>
          ) : (
            // No Field around the list: a Field gives its one control its label, and these are many.
            <div>
              <fieldset className={styles.students} aria-describedby={missingStudents ? `${formId}-students-error` : undefined} aria-invalid={missingStudents || undefined}>
                <legend className={styles.legend}>{t("assign.students")}</legend>
                {students.map((s) => (
                  <Checkbox
                    key={s.guid}
                    label={`${s.firstName} ${s.lastName}`.trim()}
                    checked={chosen.has(s.guid)}
                    onChange={(_, data) => toggle(s.guid, data.checked === true)}
                  />
                ))}
              </fieldset>
              {missingStudents ? (
                <Text id={`${formId}-students-error`} role="alert" className={styles.error}>
                  {t("assign.chooseStudents")}
                </Text>
              ) : null}
            </div>
          )
        ) : null}
        <div className={styles.row}>
          <Field label={t("assign.dueDate")}>
            <Input type="date" value={date} onChange={(_, data) => setDate(data.value)} />
          </Field>
          <Field label={t("assign.dueTime")}>
            <Input type="time" value={time} disabled={!date} onChange={(_, data) => setTime(data.value)} />
          </Field>
        </div>
        <Field label={t("assign.instructions")}>
          <Textarea value={instructions} maxLength={TASK_LIMITS.instructionsMaxChars} resize="vertical" onChange={(_, data) => setInstructions(data.value)} />
        </Field>
        {failure ? (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
      </form>
    </ModalDialog>
  );
}
