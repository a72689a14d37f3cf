import { Field, Input, Radio, RadioGroup } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { EditableList, IssueLine, listOf, replacedAt, textOf, useAuthorStyles, useIssueText, withoutAt } from "../author-editor-parts";
import { issuesExactly } from "../author-issues";
import { issuesAt, newLocalId, type EditorIssue, type EditorProps } from "./types";

type Choice = { id: string; text?: string };
type Statement = { id: string; text?: string; choices?: Choice[]; correctChoiceId?: string };

const newStatement = (): Statement => {
  const choices = [
    { id: newLocalId(), text: "" },
    { id: newLocalId(), text: "" },
  ];
  return { id: newLocalId(), text: "", choices, correctChoiceId: choices[0]?.id ?? "" };
};

/* Matrix inline: statements, each with its own choices and the right one. */
export default function MatrixInlineEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const statements = listOf<Statement>(draft, "statements");
  return (
    <div className={styles.stack}>
      <EditableList<Statement>
        legend={t("authoring.edit.statements")}
        items={statements}
        keyOf={(s, i) => s.id || String(i)}
        itemName={(i) => t("authoring.edit.statement", { n: i + 1 })}
        min={1}
        max={30}
        onChange={(next) => onChange({ ...draft, statements: next })}
        create={newStatement}
        addLabel={t("authoring.edit.addStatement")}
        issues={issuesExactly(issues, "statements")}
        renderItem={(statement, index) => (
          <StatementFields
            statement={statement}
            n={index + 1}
            issues={issuesAt(issues, "statements", index).map((i) => ({ ...i, path: i.path.slice(2) }))}
            onChange={(next) => onChange({ ...draft, statements: replacedAt(statements, index, next) })}
          />
        )}
      />
    </div>
  );
}

function StatementFields({ statement, n, issues, onChange }: { statement: Statement; n: number; issues: readonly EditorIssue[]; onChange: (s: Statement) => void }) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const choices = statement.choices ?? [];
  const textMessage = issueText(issuesAt(issues, "text"));
  const correctMessage = issueText(issuesAt(issues, "correctChoiceId"));
  const removeChoice = (index: number) => {
    const next = withoutAt(choices, index);
    const wasCorrect = choices[index]?.id === statement.correctChoiceId;
    onChange({ ...statement, choices: next, correctChoiceId: wasCorrect ? (next[0]?.id ?? "") : statement.correctChoiceId });
  };
  return (
    <div className={styles.stack}>
      <Field label={t("authoring.edit.statementText", { n })} validationMessage={textMessage} validationState={textMessage ? "error" : "none"}>
        <Input value={textOf(statement.text)} maxLength={1000} onChange={(_, data) => onChange({ ...statement, text: data.value })} />
      </Field>
      <EditableList<Choice>
        legend={t("authoring.edit.statementChoices", { n })}
        items={choices}
        keyOf={(c, i) => c.id || String(i)}
        itemName={(i) => t("authoring.edit.statementChoice", { n, m: i + 1 })}
        min={2}
        max={10}
        onChange={(next) => onChange({ ...statement, choices: next })}
        onRemove={removeChoice}
        create={() => ({ id: newLocalId(), text: "" })}
        addLabel={t("authoring.edit.addStatementChoice", { n })}
        issues={issuesExactly(issues, "choices")}
        renderItem={(choice, index) => {
          const message = issueText(issuesAt(issues, "choices", index));
          return (
            <Field
              label={t("authoring.edit.statementChoiceText", { n, m: index + 1 })}
              validationMessage={message}
              validationState={message ? "error" : "none"}
            >
              <Input
                value={textOf(choice.text)}
                maxLength={1000}
                onChange={(_, data) => onChange({ ...statement, choices: replacedAt(choices, index, { ...choice, text: data.value }) })}
              />
            </Field>
          );
        }}
      />
      <Field label={t("authoring.edit.statementCorrect", { n })} validationMessage={correctMessage} validationState={correctMessage ? "error" : "none"}>
        <RadioGroup value={statement.correctChoiceId ?? ""} onChange={(_, data) => onChange({ ...statement, correctChoiceId: data.value })}>
          {choices.map((choice, index) => (
            <Radio
              key={choice.id || index}
              value={choice.id}
              label={choice.text ? t("authoring.edit.choiceNamed", { n: index + 1, text: choice.text }) : t("authoring.edit.choice", { n: index + 1 })}
            />
          ))}
        </RadioGroup>
      </Field>
      <IssueLine issues={issuesAt(issues, "id")} />
    </div>
  );
}
