import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, tokens } from "@fluentui/react-components";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PracticeAssignment } from "../../../contracts/practice";
import { MAX_SESSION_KCS } from "../../../contracts/practice-base";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { ConfirmDialog } from "../course/components/ConfirmDialog";
import { Panel } from "../course/components/Panel";
import { useGetCourseMembersQuery } from "../course/courseApi";
import { dayText, kcName, useCreatePracticeSetMutation, useDeletePracticeSetMutation, useGetClassKcsQuery, useGetPracticeSetsQuery } from "./practiceApi";
import { QueryState } from "./QueryState";

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  students: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  picker: { maxHeight: "260px", overflowY: "auto", display: "flex", flexDirection: "column" },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

/** The class's practice sets ("from the teacher", issue 15): who each is for and who did it; assign and delete. */
export function PracticeSetsPanel({ courseGuid }: { courseGuid: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const notify = useNotify();
  const { data, isLoading, isError, error, refetch } = useGetPracticeSetsQuery(courseGuid);
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<PracticeAssignment | null>(null);
  const [removeError, setRemoveError] = useState<string | undefined>(undefined);
  const [remove, { isLoading: deleting }] = useDeletePracticeSetMutation();
  const date = (iso: string) => dayText(iso, i18n.language);
  const kcNames = (set: PracticeAssignment) => set.kcs.map((k) => kcName(k, i18n.language)).join(" · ");
  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(undefined);
    try {
      await remove({ courseGuid, assignmentGuid: removing.guid }).unwrap();
      setRemoving(null);
      notify({ intent: "success", title: t("sets.deleted") });
    } catch (e) {
      setRemoveError(errorMessage(t, e));
    }
  };
  return (
    <Panel
      title={<span id="practice-sets-heading">{t("sets.title")}</span>}
      actions={
        <Button size="small" onClick={() => setAssigning(true)}>
          {t("sets.assign")}
        </Button>
      }
    >
      <QueryState isLoading={isLoading} isError={isError} error={error} onRetry={() => void refetch()} failedKey="sets.loadFailed" loadingKey="sets.loading" />
      {data && data.items.length === 0 ? <Text>{t("sets.empty")}</Text> : null}
      <ul className={styles.list} aria-labelledby="practice-sets-heading">
        {data?.items.map((set) => {
          const done = set.students.filter((s) => s.state === "completed").length;
          return (
            <li key={set.guid}>
              <Text as="p" weight="semibold">
                {kcNames(set)}
              </Text>
              <Text as="p" size={200}>
                {set.wholeClass ? t("sets.forClass") : t("sets.forSome", { count: set.students.length })}
                {set.dueAt ? ` · ${t("sets.due", { date: date(set.dueAt) })}` : ""}
                {` · ${t("sets.progress", { done, count: set.students.length })}`}
              </Text>
              <ul className={styles.students} aria-label={t("sets.caption")}>
                {set.students.map((s) => (
                  <li key={s.guid}>
                    <Text size={200}>
                      {`${s.firstName} ${s.lastName}: ${t(`state.${s.state}`)}`}
                      {s.activities > 0 ? ` (${t("sessions.resultValue", { right: s.right, total: s.activities })})` : ""}
                    </Text>
                  </li>
                ))}
              </ul>
              <Button size="small" appearance="subtle" aria-label={`${t("sets.delete")}: ${kcNames(set)}`} onClick={() => setRemoving(set)}>
                {t("sets.delete")}
              </Button>
            </li>
          );
        })}
      </ul>
      {assigning ? <AssignDialog courseGuid={courseGuid} onClose={() => setAssigning(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t("sets.deleteTitle")}
        body={t("sets.deleteBody")}
        confirmLabel={t("sets.delete")}
        busy={deleting}
        {...(removeError ? { error: removeError } : {})}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(undefined);
        }}
        onConfirm={() => void confirmRemove()}
      />
    </Panel>
  );
}

function AssignDialog({ courseGuid, onClose }: { courseGuid: string; onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const notify = useNotify();
  const { data: kcs, isLoading: kcsLoading } = useGetClassKcsQuery(courseGuid);
  const { data: members, isLoading: membersLoading } = useGetCourseMembersQuery(courseGuid);
  const [create, { isLoading }] = useCreatePracticeSetMutation();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [who, setWho] = useState<"all" | "some">("all");
  const [students, setStudents] = useState<string[]>([]);
  const [dueAt, setDueAt] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase(i18n.language);
    return (kcs?.items ?? []).filter((k) => !q || kcName(k, i18n.language).toLocaleLowerCase(i18n.language).includes(q) || k.code.toLowerCase().includes(q));
  }, [kcs, query, i18n.language]);
  const classStudents = (members?.items ?? []).filter((m) => m.role === "student");
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

  const save = async () => {
    if (chosen.length === 0) return setProblem(t("sets.chooseKc"));
    if (who === "some" && students.length === 0) return setProblem(t("sets.chooseStudent"));
    setProblem(null);
    try {
      // A due day is due at its end, in the teacher's time zone.
      await create({ courseGuid, kcs: chosen, studentGuids: who === "some" ? students : [], dueAt: dueAt ? new Date(`${dueAt}T23:59:00`).toISOString() : null }).unwrap();
      notify({ intent: "success", title: t("sets.assigned") });
      onClose();
    } catch (error) {
      setProblem(errorMessage(t, error));
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t("sets.dialog")}
      size="s"
      actions={
        <>
          <Button onClick={onClose}>{t("sets.cancel")}</Button>
          <Button appearance="primary" disabled={isLoading} onClick={() => void save()}>
            {t("sets.save")}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <Field label={t("sets.search")}>
          <Input value={query} onChange={(_, d) => setQuery(d.value)} />
        </Field>
        <fieldset>
          <legend>{t("sets.kcs", { max: MAX_SESSION_KCS })}</legend>
          {kcsLoading ? <Spinner size="tiny" label={t("sets.loading")} /> : null}
          {kcs && kcs.items.length === 0 ? <Text as="p">{t("sets.noKcs")}</Text> : null}
          <div className={styles.picker}>
            {shown.map((k) => (
              <Checkbox
                key={k.code}
                label={`${kcName(k, i18n.language)} (${k.code})`}
                checked={chosen.includes(k.code)}
                disabled={!chosen.includes(k.code) && chosen.length >= MAX_SESSION_KCS}
                onChange={(_, d) => setChosen((c) => toggle(c, k.code, d.checked === true))}
              />
            ))}
          </div>
        </fieldset>
        <Field label={t("sets.who")}>
          <RadioGroup value={who} onChange={(_, d) => setWho(d.value as "all" | "some")}>
            <Radio value="all" label={t("sets.wholeClass")} />
            <Radio value="some" label={t("sets.someStudents")} />
          </RadioGroup>
        </Field>
        {who === "some" ? (
          <fieldset>
            <legend>{t("sets.students")}</legend>
            {membersLoading ? <Spinner size="tiny" label={t("sets.loading")} /> : null}
            {members && classStudents.length === 0 ? <Text as="p">{t("sets.noStudents")}</Text> : null}
            {classStudents.map((s) => (
              <Checkbox
                key={s.guid}
                label={`${s.firstName} ${s.lastName}`}
                checked={students.includes(s.guid)}
                onChange={(_, d) => setStudents((c) => toggle(c, s.guid, d.checked === true))}
              />
            ))}
          </fieldset>
        ) : null}
        <Field label={t("sets.dueAt")}>
          <Input type="date" value={dueAt} onChange={(_, d) => setDueAt(d.value)} />
        </Field>
        {problem ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ModalDialog>
  );
}
