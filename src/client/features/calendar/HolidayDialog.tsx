import { Button, Checkbox, Field, Input, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CALENDAR_LIMITS, daysInRange, type CalendarView } from "../../../contracts/calendar-base";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useCreateHolidayMutation, useUpdateHolidayMutation } from "./calendarApi";

/** The holiday being edited (from its event: name and days). */
export type HolidayEdit = { guid: string; name: string; startDate: string; endDate: string };

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  dates: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  classes: { display: "flex", flexDirection: "column", border: "none", margin: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

type Problems = Partial<Record<"name" | "startDate" | "endDate" | "classes" | "form", string>>;

/**
 * Add a holiday (name, first and last day, which of the teacher's classes, or the whole school for
 * school admins) or edit one (name and days).
 */
export function HolidayDialog({
  calendars,
  canSetSchoolHolidays,
  edit,
  initialDate,
  onClose,
}: {
  calendars: readonly CalendarView[];
  canSetSchoolHolidays: boolean;
  edit?: HolidayEdit;
  initialDate?: string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(["calendar", "common", "errors"]);
  const notify = useNotify();
  const formId = useId();
  const [create, created] = useCreateHolidayMutation();
  const [update, updated] = useUpdateHolidayMutation();
  const busy = created.isLoading || updated.isLoading;
  const [name, setName] = useState(edit?.name ?? "");
  const [startDate, setStartDate] = useState(edit?.startDate ?? initialDate ?? "");
  const [endDate, setEndDate] = useState(edit?.endDate ?? initialDate ?? "");
  const [chosen, setChosen] = useState<string[]>(calendars.length === 1 ? calendars.map((c) => c.guid) : []);
  const [schoolWide, setSchoolWide] = useState(false);
  const [problems, setProblems] = useState<Problems>({});

  const check = (): Problems => {
    const found: Problems = {};
    const trimmed = name.trim();
    if (!trimmed) found.name = t("common:form.required");
    else if (trimmed.length > CALENDAR_LIMITS.holidayNameMaxChars) found.name = t("common:form.max_chars", { count: CALENDAR_LIMITS.holidayNameMaxChars });
    if (!startDate) found.startDate = t("common:form.invalid_date");
    if (!endDate) found.endDate = t("common:form.invalid_date");
    else if (startDate && endDate < startDate) found.endDate = t("holiday.endBeforeStart");
    else if (startDate && daysInRange(startDate, endDate) > CALENDAR_LIMITS.maxHolidayDays) found.endDate = t("holiday.tooLong", { count: CALENDAR_LIMITS.maxHolidayDays });
    if (!edit && !schoolWide && chosen.length === 0) found.classes = t("holiday.chooseClass");
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (edit) await update({ guid: edit.guid, name: name.trim(), startDate, endDate }).unwrap();
      else await create({ name: name.trim(), startDate, endDate, ...(schoolWide ? { schoolWide: true } : { calendarGuids: chosen }) }).unwrap();
      notify({ intent: "success", title: t(edit ? "holiday.saved" : "holiday.created", { name: name.trim() }) });
      onClose();
    } catch (failure) {
      setProblems({ form: errorMessage(t, failure) });
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      size="s"
      title={t(edit ? "holiday.editTitle" : "holiday.addTitle")}
      actions={
        <>
          <Button onClick={onClose}>{t("form.cancel")}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {t(edit ? "form.save" : "holiday.create")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className={styles.form} onSubmit={(e) => void submit(e)}>
        <Field label={t("holiday.name")} required validationMessage={problems.name} validationState={problems.name ? "error" : "none"}>
          <Input value={name} maxLength={CALENDAR_LIMITS.holidayNameMaxChars} onChange={(_, d) => setName(d.value)} autoFocus />
        </Field>
        <div className={styles.dates}>
          <Field label={t("holiday.startDate")} required validationMessage={problems.startDate} validationState={problems.startDate ? "error" : "none"}>
            <Input type="date" value={startDate} onChange={(_, d) => setStartDate(d.value)} />
          </Field>
          <Field label={t("holiday.endDate")} required validationMessage={problems.endDate} validationState={problems.endDate ? "error" : "none"}>
            <Input type="date" value={endDate} onChange={(_, d) => setEndDate(d.value)} />
          </Field>
        </div>
        {edit ? null : (
          <fieldset className={styles.classes} aria-describedby={problems.classes ? `${formId}-classes` : undefined}>
            <legend className={styles.legend}>{t("holiday.classes")}</legend>
            {canSetSchoolHolidays ? <Checkbox checked={schoolWide} onChange={(_, d) => setSchoolWide(d.checked === true)} label={t("holiday.schoolWide")} /> : null}
            {calendars.map((c) => (
              <Checkbox
                key={c.guid}
                disabled={schoolWide}
                checked={schoolWide || chosen.includes(c.guid)}
                onChange={(_, d) => setChosen((list) => (d.checked === true ? [...list, c.guid] : list.filter((g) => g !== c.guid)))}
                label={c.name}
              />
            ))}
            {problems.classes ? (
              <span id={`${formId}-classes`} className={styles.problem}>
                {problems.classes}
              </span>
            ) : null}
          </fieldset>
        )}
        {problems.form ? (
          <p role="alert" className={styles.problem}>
            {problems.form}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
