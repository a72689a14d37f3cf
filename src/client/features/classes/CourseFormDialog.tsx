import { Button, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { FORM_RULES } from "../../../contracts/course-settings-base";
import type { CourseDetail, CourseForm, FormRule } from "../../../contracts/course-settings";
import { errorKeyOf } from "../../app/apiResult";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useEdition } from "../../app/publicData";
import { AppearanceSection } from "./AppearanceSection";
import { BasicsSection } from "./BasicsSection";
import {
  useCreateCourseMutation,
  useGetAvailablePublicationsQuery,
  useGetDisciplinesQuery,
  useGetEducationLevelsQuery,
  useUpdateCourseMutation,
} from "./classesApi";
import {
  blankCourseForm,
  courseFormOf,
  limitFor,
  schoolYearOptions,
  serverFieldErrors,
  shownPaths,
  validateCourseForm,
  type FieldErrors,
} from "./courseFormModel";
import { useFormStyles, type SectionProps } from "./formParts";
import { PeriodsSection } from "./PeriodsSection";
import { PublicationsSection } from "./PublicationsSection";
import { ScheduleSection } from "./ScheduleSection";
import { TeachingSection } from "./TeachingSection";
import { useCourseCreation } from "./useCourseCreation";

export type CourseFormDialogProps = {
  open: boolean;
  onClose: () => void;
  mode: "create" | "edit";
  /** The class being edited (edit mode). */
  course?: CourseDetail;
  onSaved?: (course: CourseDetail) => void;
};

/** The new-class flow (spec §2) and the class settings editor: every setting, one form. */
export function CourseFormDialog(props: CourseFormDialogProps) {
  // Mounted only while open, so every opening starts from the class (or a blank form).
  return props.open ? <OpenCourseFormDialog {...props} /> : null;
}

const SELECTOR_INVALID = '[aria-invalid="true"]';
const CONTROLS = "input, select, textarea, button";

function OpenCourseFormDialog({ onClose, mode, course, onSaved }: CourseFormDialogProps) {
  const styles = useFormStyles();
  const { t } = useTranslation(["classes", "common", "errors"]);
  const notify = useNotify();
  const navigate = useNavigate();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const editing = mode === "edit" && course !== undefined;

  const { data: edition } = useEdition();
  const { kinds } = useCourseCreation();
  const { data: levels = [] } = useGetEducationLevelsQuery(edition?.country, { skip: !edition });
  const { data: disciplines = [] } = useGetDisciplinesQuery();
  const { data: available } = useGetAvailablePublicationsQuery();
  const [create] = useCreateCourseMutation();
  const [updateCourse] = useUpdateCourseMutation();

  const [values, setValues] = useState<CourseForm>(() =>
    editing ? courseFormOf(course) : blankCourseForm({ kind: kinds[0] ?? "class", gamified: edition?.gamified ?? false, now: new Date() }),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [badInput, setBadInput] = useState<ReadonlyMap<string, FormRule>>(new Map());
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const schoolYears = useMemo(() => schoolYearOptions(new Date(), editing ? course.schoolYear : undefined), [editing, course]);

  // After a failed submit, move focus to the first field with a problem (or to the summary).
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>(SELECTOR_INVALID);
    const target = invalid?.matches(CONTROLS) ? invalid : invalid?.querySelector<HTMLElement>(CONTROLS);
    (target ?? problemRef.current)?.focus();
  }, [focusRequest]);

  const update: SectionProps["update"] = (change) => setValues(change);
  const error = (path: string) => {
    const rule = errors[path];
    return rule ? t(`common:form.${rule}`, { count: limitFor(path) }) : undefined;
  };
  const onRawInput: SectionProps["onRawInput"] = (path, input, kind) => {
    const bad = input.validity?.badInput === true;
    setBadInput((m) => {
      if (bad === m.has(path)) return m;
      const next = new Map(m);
      if (bad) next.set(path, kind === "time" ? FORM_RULES.invalidTime : FORM_RULES.invalidDate);
      else next.delete(path);
      return next;
    });
  };
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const shown = shownPaths(values);
    const elsewhere = Object.entries(found).find(([path]) => !shown.has(path));
    setProblem(elsewhere ? t(`common:form.${elsewhere[1]}`, { count: limitFor(elsewhere[0]) }) : undefined);
    setFocusRequest((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // A school allowing one kind only: the hidden choice is that kind.
    const kind = editing || kinds.includes(values.kind) ? values.kind : (kinds[0] ?? values.kind);
    const { data, errors: found } = validateCourseForm({ ...values, kind }, badInput);
    if (!data) return showErrors(found);
    setErrors({});
    setProblem(undefined);
    setSaving(true);
    try {
      const saved = editing ? await updateCourse({ guid: course.guid, body: data }).unwrap() : await create(data).unwrap();
      notify({ intent: "success", title: t(editing ? "form.saved" : "form.created") });
      onSaved?.(saved);
      onClose();
      if (!editing) navigate(`/course/${saved.guid}`);
    } catch (failure) {
      setSaving(false);
      const onFields = errorKeyOf(failure) === "VALIDATION_ERROR" ? serverFieldErrors(failure) : {};
      if (Object.keys(onFields).length > 0) return showErrors(onFields);
      setErrors({});
      setProblem(errorMessage(t, failure));
      setFocusRequest((n) => n + 1);
    }
  };

  const section: SectionProps = { values, update, error, onRawInput };
  const title = editing ? t("form.editTitle") : t(values.kind === "group" && kinds.length === 1 ? "form.createGroupTitle" : "form.createTitle");
  return (
    <ModalDialog
      open
      onClose={onClose}
      size="xl"
      title={title}
      actions={
        <>
          <Button onClick={onClose}>{t("form.cancel")}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
            {t(editing ? "form.save" : "form.create")}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <div ref={problemRef} tabIndex={-1} role="alert">
          {problem ? (
            <MessageBar intent="error">
              <MessageBarBody>{problem}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        <BasicsSection {...section} kinds={editing ? [] : kinds} levels={levels} disciplines={disciplines} schoolYears={schoolYears} />
        <ScheduleSection {...section} />
        <TeachingSection {...section} gamifiedEdition={edition?.gamified ?? course?.editionGamified ?? false} />
        <AppearanceSection {...section} />
        <PublicationsSection {...section} available={available?.items} kept={course?.publications ?? []} />
        <PeriodsSection {...section} />
      </form>
    </ModalDialog>
  );
}
