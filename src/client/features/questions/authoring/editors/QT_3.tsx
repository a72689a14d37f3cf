import { Field, Radio, RadioGroup, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useAuthorStyles, useIssueText } from "../author-editor-parts";
import { issuesAt, type EditorProps } from "./types";

/* True or false: the statement is the prompt; the author says whether it is true. */
export default function TrueFalseEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const message = useIssueText()(issuesAt(issues, "correct"));
  return (
    <div className={styles.stack}>
      <Text className={styles.hint}>{t("authoring.edit.statementIsPrompt")}</Text>
      <Field label={t("authoring.edit.statementIs")} validationMessage={message} validationState={message ? "error" : "none"}>
        <RadioGroup
          value={draft.correct === false ? "false" : draft.correct === true ? "true" : ""}
          onChange={(_, data) => onChange({ ...draft, correct: data.value === "true" })}
        >
          <Radio value="true" label={t("authoring.edit.true")} />
          <Radio value="false" label={t("authoring.edit.false")} />
        </RadioGroup>
      </Field>
    </div>
  );
}
