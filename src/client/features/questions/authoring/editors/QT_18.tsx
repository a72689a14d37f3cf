import { Field, Input, Textarea } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { textOf, useAuthorStyles, useIssueText, withField } from "../author-editor-parts";
import { issuesAt, type EditorProps } from "./types";

/* Long text: an optional word limit and an optional model answer for the teacher who grades (never shown to students). */
export default function LongTextEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const maxWordsMessage = issueText(issuesAt(issues, "maxWords"));
  const modelMessage = issueText(issuesAt(issues, "modelAnswer"));
  const maxWords = typeof draft.maxWords === "number" && Number.isFinite(draft.maxWords) ? String(draft.maxWords) : "";
  return (
    <div className={styles.stack}>
      <Field
        label={t("authoring.edit.maxWords")}
        hint={t("authoring.edit.maxWordsHint")}
        validationMessage={maxWordsMessage}
        validationState={maxWordsMessage ? "error" : "none"}
      >
        <Input
          type="number"
          min={1}
          max={10000}
          step={1}
          value={maxWords}
          onChange={(_, data) => onChange(withField(draft, "maxWords", data.value === "" ? undefined : Number(data.value)))}
        />
      </Field>
      <Field
        label={t("authoring.edit.modelAnswer")}
        hint={t("authoring.edit.modelAnswerHint")}
        validationMessage={modelMessage}
        validationState={modelMessage ? "error" : "none"}
      >
        <Textarea
          value={textOf(draft.modelAnswer)}
          rows={5}
          resize="vertical"
          onChange={(_, data) => onChange(withField(draft, "modelAnswer", data.value === "" ? undefined : data.value))}
        />
      </Field>
    </div>
  );
}
