import { Button, Field, Input, makeStyles, Text, Textarea, tokens } from "@fluentui/react-components";
import { AddRegular, DismissRegular } from "@fluentui/react-icons";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MathText } from "../views/MathText";
import { IssueLine, useAnnouncer, useAuthorStyles, useIssueText } from "./author-editor-parts";
import { newMediaSlot, type QuestionForm } from "./author-question-form";
import { ImageField } from "./editors/ImageField";
import { issuesAt, type EditorIssue } from "./editors/types";

/*
 * The fields every question has: the prompt (with a live preview of its math), points, knowledge
 * components, images under the prompt and the feedback shown after answering.
 */

const useStyles = makeStyles({
  promptPreview: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minHeight: "2.5rem",
    whiteSpace: "pre-wrap",
    margin: 0,
  },
  kcList: { listStyleType: "none", margin: 0, padding: 0, display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  kc: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXXS,
    paddingLeft: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusCircular,
  },
  points: { maxWidth: "10rem" },
});

export type CommonFieldsProps = {
  form: QuestionForm;
  onChange: (patch: Partial<QuestionForm>) => void;
  issues: readonly EditorIssue[];
};

export function PromptField({ form, onChange, issues }: CommonFieldsProps) {
  const styles = useStyles();
  const author = useAuthorStyles();
  const { t } = useTranslation("questions");
  const previewId = useId();
  const message = useIssueText()(issuesAt(issues, "prompt"));
  return (
    <div className={author.stack}>
      <Field label={t("authoring.fields.prompt")} required hint={t("authoring.fields.promptHint")} validationMessage={message} validationState={message ? "error" : "none"}>
        <Textarea value={form.prompt} rows={4} resize="vertical" maxLength={5000} onChange={(_, data) => onChange({ prompt: data.value })} />
      </Field>
      <div>
        <Text id={previewId} weight="semibold" size={200}>
          {t("authoring.fields.promptPreview")}
        </Text>
        <div role="group" aria-labelledby={previewId}>
          {form.prompt ? <MathText as="p" className={styles.promptPreview} text={form.prompt} /> : <p className={styles.promptPreview}>{t("authoring.fields.promptEmpty")}</p>}
        </div>
      </div>
    </div>
  );
}

export function PointsAndKcs({ form, onChange, issues }: CommonFieldsProps) {
  const styles = useStyles();
  const author = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const { announce, region } = useAnnouncer();
  const [kc, setKc] = useState("");
  const [kcError, setKcError] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const pointsMessage = issueText(issuesAt(issues, "points"));
  const kcMessage = kcError || issueText(issuesAt(issues, "kcs"));
  const add = () => {
    const code = kc.trim();
    if (!code) return setKcError(t("authoring.rules.required"));
    if (code.length > 64) return setKcError(t("authoring.rules.max_chars"));
    if (form.kcs.includes(code)) return setKcError(t("authoring.fields.kcDuplicate"));
    if (form.kcs.length >= 20) return setKcError(t("authoring.rules.max_items"));
    onChange({ kcs: [...form.kcs, code] });
    setKc("");
    setKcError("");
    announce(t("authoring.fields.kcAdded", { kc: code }));
  };
  return (
    <div className={author.stack}>
      <Field className={styles.points} label={t("authoring.fields.points")} required validationMessage={pointsMessage} validationState={pointsMessage ? "error" : "none"}>
        <Input type="number" min={0.25} max={1000} step={0.25} value={form.points} onChange={(_, data) => onChange({ points: data.value })} />
      </Field>
      <fieldset className={author.fieldset}>
        <legend className={author.legend}>{t("authoring.fields.kcs")}</legend>
        <Text className={author.hint}>{t("authoring.fields.kcsHint")}</Text>
        {form.kcs.length > 0 ? (
          <ul className={styles.kcList} aria-label={t("authoring.fields.kcs")}>
            {form.kcs.map((code) => (
              <li key={code} className={styles.kc}>
                <span>{code}</span>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t("authoring.fields.removeKc", { kc: code })}
                  onClick={() => {
                    onChange({ kcs: form.kcs.filter((k) => k !== code) });
                    announce(t("authoring.fields.kcRemoved", { kc: code }));
                    inputRef.current?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <Text>{t("authoring.fields.noKcs")}</Text>
        )}
        <div className={author.row}>
          <Field className={author.grow} label={t("authoring.fields.kcInput")} validationMessage={kcMessage || undefined} validationState={kcMessage ? "error" : "none"}>
            <Input
              ref={inputRef}
              value={kc}
              maxLength={64}
              onChange={(_, data) => {
                setKc(data.value);
                setKcError("");
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </Field>
          <Button icon={<AddRegular />} onClick={add}>
            {t("authoring.fields.addKc")}
          </Button>
        </div>
        {region}
      </fieldset>
    </div>
  );
}

export function MediaFields({ form, onChange, issues }: CommonFieldsProps) {
  const author = useAuthorStyles();
  const { t } = useTranslation("questions");
  const addRef = useRef<HTMLButtonElement>(null);
  const { announce, region } = useAnnouncer();
  return (
    <fieldset className={author.fieldset}>
      <legend className={author.legend}>{t("authoring.fields.media")}</legend>
      <Text className={author.hint}>{t("authoring.fields.mediaHint")}</Text>
      <IssueLine issues={issues.filter((i) => i.path[0] === "media" && i.path.length === 1)} />
      <ol className={author.list}>
        {form.media.map((slot, index) => {
          const label = t("authoring.fields.mediaImage", { n: index + 1 });
          return (
            <li key={slot.key} className={author.stack}>
              <ImageField
                label={label}
                value={slot.image}
                onChange={(image) => onChange({ media: form.media.map((s) => (s.key === slot.key ? { ...s, image } : s)) })}
              />
              <IssueLine issues={issuesAt(issues, "media", index)} />
              <div>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  onClick={() => {
                    onChange({ media: form.media.filter((s) => s.key !== slot.key) });
                    announce(t("authoring.edit.removed", { item: label }));
                    addRef.current?.focus();
                  }}
                >
                  {t("authoring.fields.removeImage", { n: index + 1 })}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button ref={addRef} icon={<AddRegular />} disabledFocusable={form.media.length >= 10} onClick={() => onChange({ media: [...form.media, newMediaSlot()] })}>
          {t("authoring.fields.addImage")}
        </Button>
      </div>
      {region}
    </fieldset>
  );
}

export function FeedbackFields({ form, onChange, issues }: CommonFieldsProps) {
  const author = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const correct = issueText(issuesAt(issues, "feedback", "correct"));
  const incorrect = issueText(issuesAt(issues, "feedback", "incorrect"));
  return (
    <fieldset className={author.fieldset}>
      <legend className={author.legend}>{t("authoring.fields.feedback")}</legend>
      <Field label={t("authoring.fields.feedbackCorrect")} validationMessage={correct} validationState={correct ? "error" : "none"}>
        <Textarea value={form.feedbackCorrect} maxLength={2000} resize="vertical" onChange={(_, data) => onChange({ feedbackCorrect: data.value })} />
      </Field>
      <Field label={t("authoring.fields.feedbackIncorrect")} validationMessage={incorrect} validationState={incorrect ? "error" : "none"}>
        <Textarea value={form.feedbackIncorrect} maxLength={2000} resize="vertical" onChange={(_, data) => onChange({ feedbackIncorrect: data.value })} />
      </Field>
    </fieldset>
  );
}
