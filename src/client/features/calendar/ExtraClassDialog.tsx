import { Button, Field, Input, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CALENDAR_LIMITS, type CalendarView } from "../../../contracts/calendar-base";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { SelectField } from "../../ui/Select";
import { useNotify } from "../../ui/toast";
import { useCreateExtraClassMutation } from "./calendarApi";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

type Problems = Partial<Record<"calendar" | "title" | "date" | "start" | "end" | "form", string>>;

/** A class session outside the timetable: class, title, day, start and end (the reader's local times). */
export function ExtraClassDialog({
  calendars,
  initialCalendar,
  initialDate,
  onClose,
}: {
  calendars: readonly CalendarView[];
  initialCalendar?: string;
  initialDate?: string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(["calendar", "common", "errors"]);
  const notify = useNotify();
  const formId = useId();
  const [create, { isLoading }] = useCreateExtraClassMutation();
  const [calendar, setCalendar] = useState(initialCalendar ?? (calendars.length === 1 ? (calendars[0]?.guid ?? "") : ""));
  const [title, setTitle] = useState("");
  const [date, setDate] = useState(initialDate ?? "");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [problems, setProblems] = useState<Problems>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found: Problems = {};
    if (!calendar) found.calendar = t("common:form.required");
    if (title.trim().length > CALENDAR_LIMITS.extraClassTitleMaxChars) found.title = t("common:form.max_chars", { count: CALENDAR_LIMITS.extraClassTitleMaxChars });
    if (!date) found.date = t("common:form.invalid_date");
    if (!start) found.start = t("common:form.invalid_time");
    if (!end) found.end = t("common:form.invalid_time");
    const startsAt = new Date(`${date}T${start}`);
    const endsAt = new Date(`${date}T${end}`);
    if (!found.date && !found.start && !found.end) {
      if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) found.start = t("common:form.invalid_time");
      else if (endsAt <= startsAt) found.end = t("common:form.end_before_start_time");
      else if (endsAt.getTime() - startsAt.getTime() > CALENDAR_LIMITS.extraClassMaxHours * 3_600_000) found.end = t("errors:EXTRA_CLASS_TOO_LONG", { maxHours: CALENDAR_LIMITS.extraClassMaxHours });
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create({ calendarGuid: calendar, title: title.trim(), startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }).unwrap();
      notify({ intent: "success", title: t("extra.created") });
      onClose();
    } catch (failure) {
      setProblems({ form: errorMessage(t, failure) });
    }
  };

  const error = (key: keyof Problems) => ({ validationMessage: problems[key], validationState: problems[key] ? ("error" as const) : ("none" as const) });
  return (
    <ModalDialog
      open
      onClose={onClose}
      size="s"
      title={t("extra.title")}
      actions={
        <>
          <Button onClick={onClose}>{t("form.cancel")}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={isLoading} icon={isLoading ? <Spinner size="tiny" /> : undefined}>
            {t("extra.create")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className={styles.form} onSubmit={(e) => void submit(e)}>
        {calendars.length > 1 || !initialCalendar ? (
          <SelectField
            label={t("extra.class")}
            required
            value={calendar}
            placeholder={t("extra.chooseClass")}
            options={calendars.map((c) => ({ value: c.guid, label: c.name }))}
            onChange={setCalendar}
            error={problems.calendar}
          />
        ) : null}
        <Field label={t("extra.name")} hint={t("extra.nameHint")} {...error("title")}>
          <Input value={title} maxLength={CALENDAR_LIMITS.extraClassTitleMaxChars} onChange={(_, d) => setTitle(d.value)} />
        </Field>
        <Field label={t("extra.date")} required {...error("date")}>
          <Input type="date" value={date} onChange={(_, d) => setDate(d.value)} />
        </Field>
        <div className={styles.row}>
          <Field label={t("extra.start")} required {...error("start")}>
            <Input type="time" value={start} onChange={(_, d) => setStart(d.value)} />
          </Field>
          <Field label={t("extra.end")} required {...error("end")}>
            <Input type="time" value={end} onChange={(_, d) => setEnd(d.value)} />
          </Field>
        </div>
        {problems.form ? (
          <p role="alert" className={styles.problem}>
            {problems.form}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
