import { Button, Field, Input, makeStyles, Select, Switch, Text, Textarea, tokens } from "@fluentui/react-components";
import { SaveRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SHOW_ANSWERS } from "../../../../contracts/assessments-base";
import type { AssessmentDetail, AssessmentUpdate, ShowAnswers } from "../../../../contracts/assessments";
import { errorMessage } from "../../../ui/errors";
import { fromLocalInput, toLocalInput } from "../../lesson/lessonRules";
import { useUpdateAssessmentMutation } from "../assessmentsApi";
import { ruleText, validationDetails } from "./author-issues";
import { dateTimeFormat } from "../../../i18n/format";

/*
 * An assessment's title, description and settings (attempts, when answers show, shuffled
 * questions, due date), saved with PUT. Read-only readers get the same facts as text.
 */

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "48rem" },
  row: { display: "flex", gap: tokens.spacingHorizontalL, alignItems: "flex-end", flexWrap: "wrap" },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center", flexWrap: "wrap" },
  facts: { display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  definition: { margin: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type FormState = { title: string; description: string; unlimited: boolean; attempts: string; showAnswers: ShowAnswers; shuffle: boolean; dueAt: string };
type Errors = Partial<Record<"title" | "description" | "attempts" | "dueAt", string>>;

const stateOf = (detail: AssessmentDetail): FormState => ({
  title: detail.title,
  description: detail.description,
  unlimited: detail.settings.maxAttempts === null,
  attempts: String(detail.settings.maxAttempts ?? 1),
  showAnswers: detail.settings.showAnswers,
  shuffle: detail.settings.shuffleQuestions,
  dueAt: toLocalInput(detail.settings.dueAt),
});

/** The update body of a valid form, or the field errors (rule keys). */
export function assessmentUpdateOf(form: FormState): { ok: true; body: AssessmentUpdate } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = form.title.trim();
  if (!title) errors.title = "required";
  else if (title.length > 200) errors.title = "max_chars";
  if (form.description.trim().length > 2000) errors.description = "max_chars";
  const attempts = Number(form.attempts);
  if (!form.unlimited && (!Number.isInteger(attempts) || attempts < 1 || attempts > 20)) errors.attempts = "attempts_range";
  const dueAt = form.dueAt ? fromLocalInput(form.dueAt) : null;
  if (dueAt === undefined) errors.dueAt = "invalid_format";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title,
      description: form.description.trim(),
      settings: { maxAttempts: form.unlimited ? null : attempts, showAnswers: form.showAnswers, shuffleQuestions: form.shuffle, dueAt: dueAt ?? null },
    },
  };
}

export function AssessmentSettingsForm({ detail }: { detail: AssessmentDetail }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const [form, setForm] = useState<FormState>(() => stateOf(detail));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ text: string; error: boolean }>({ text: "", error: false });
  const [update, { isLoading }] = useUpdateAssessmentMutation();
  const change = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setStatus({ text: "", error: false });
  };
  const message = (key: string | undefined) =>
    key === undefined ? undefined : key === "attempts_range" ? t("authoring.settings.attemptsRange") : ruleText(t, key);
  const field = (name: keyof Errors) => ({ validationMessage: message(errors[name]), validationState: errors[name] ? ("error" as const) : ("none" as const) });

  const save = async () => {
    const checked = assessmentUpdateOf(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ text: t("authoring.settings.fixErrors"), error: true });
      return;
    }
    setErrors({});
    try {
      await update({ guid: detail.guid, body: checked.body }).unwrap();
      setStatus({ text: t("authoring.settings.saved"), error: false });
    } catch (error) {
      const details = validationDetails(error);
      const next: Errors = {};
      for (const d of details) {
        const name = d.field.split(".")[0];
        const key = name === "settings" ? ({ maxAttempts: "attempts", dueAt: "dueAt" } as Record<string, keyof Errors>)[d.field.split(".")[1] ?? ""] : name;
        if (key === "title" || key === "description" || key === "attempts" || key === "dueAt") next[key] = d.message;
      }
      setErrors(next);
      setStatus({ text: errorMessage(t, error), error: true });
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t("authoring.settings.heading")}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label={t("authoring.settings.title")} required {...field("title")}>
        <Input value={form.title} maxLength={200} onChange={(_, data) => change({ title: data.value })} />
      </Field>
      <Field label={t("authoring.settings.description")} {...field("description")}>
        <Textarea value={form.description} maxLength={2000} resize="vertical" onChange={(_, data) => change({ description: data.value })} />
      </Field>
      <div className={styles.row}>
        <Switch label={t("authoring.settings.unlimited")} checked={form.unlimited} onChange={(_, data) => change({ unlimited: data.checked })} />
        {!form.unlimited ? (
          <Field label={t("authoring.settings.maxAttempts")} hint={t("authoring.settings.attemptsRange")} {...field("attempts")}>
            <Input type="number" min={1} max={20} step={1} value={form.attempts} onChange={(_, data) => change({ attempts: data.value })} />
          </Field>
        ) : null}
      </div>
      <Field label={t("authoring.settings.showAnswers")}>
        <Select value={form.showAnswers} onChange={(_, data) => change({ showAnswers: data.value as ShowAnswers })}>
          {SHOW_ANSWERS.map((value) => (
            <option key={value} value={value}>
              {t(`authoring.settings.showAnswersOptions.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Switch label={t("authoring.settings.shuffle")} checked={form.shuffle} onChange={(_, data) => change({ shuffle: data.checked })} />
      <Field label={t("authoring.settings.dueAt")} hint={t("authoring.settings.dueAtHint")} {...field("dueAt")}>
        <Input type="datetime-local" value={form.dueAt} onChange={(_, data) => change({ dueAt: data.value })} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<SaveRegular />} disabled={isLoading}>
          {isLoading ? t("authoring.settings.saving") : t("authoring.settings.save")}
        </Button>
        <Text role="status" className={status.error ? styles.error : undefined}>
          {status.text}
        </Text>
      </div>
    </form>
  );
}

/** The settings as facts, for readers who may not change them. */
export function AssessmentSettingsFacts({ detail }: { detail: AssessmentDetail }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const { maxAttempts, showAnswers, shuffleQuestions, dueAt } = detail.settings;
  const facts: [string, string][] = [
    [t("authoring.settings.maxAttempts"), maxAttempts === null ? t("authoring.settings.unlimitedValue") : String(maxAttempts)],
    [t("authoring.settings.showAnswers"), t(`authoring.settings.showAnswersOptions.${showAnswers}`)],
    [t("authoring.settings.shuffle"), shuffleQuestions ? t("authoring.settings.yes") : t("authoring.settings.no")],
    [
      t("authoring.settings.dueAt"),
      dueAt ? dateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(dueAt)) : t("authoring.settings.noDueAt"),
    ],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.definition}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
