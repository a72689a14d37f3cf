import { Checkbox, Field, Input, Radio, RadioGroup, Switch } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { Image } from "../../../../contracts/questions";
import { EditableList, IssueLine, listOf, replacedAt, textOf, useAuthorStyles, useIssueText, withField } from "./author-editor-parts";
import { issuesExactly } from "./author-issues";
import { ImageField } from "./editors/ImageField";
import { issuesAt, newLocalId, type EditorProps } from "./editors/types";

/*
 * The choices of single choice (QT_1: one right answer, picked with radio buttons) and multiple
 * choice (QT_2: any number, ticked with checkboxes). Each choice has a text, an image or both.
 */

type Choice = { id: string; text?: string; image?: Image; correct?: boolean };

const CORRECT_RULES = new Set(["exactly_one_correct", "at_least_one_correct"]);

export function ChoicesEditor({ draft, onChange, issues, multiple }: EditorProps & { multiple: boolean }) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const choices = listOf<Choice>(draft, "choices");
  const setChoices = (next: Choice[]) => onChange({ ...draft, choices: next });
  const listIssues = issuesExactly(issues, "choices");
  const correctIssues = listIssues.filter((i) => CORRECT_RULES.has(i.message));
  const name = (index: number) => t("authoring.edit.choice", { n: index + 1 });
  const correctId = choices.find((c) => c.correct === true)?.id ?? "";
  const correctMessage = issueText(correctIssues);

  return (
    <div className={styles.stack}>
      <EditableList<Choice>
        legend={t("authoring.edit.choices")}
        items={choices}
        keyOf={(c, i) => c.id || String(i)}
        itemName={name}
        min={2}
        max={20}
        onChange={setChoices}
        create={() => ({ id: newLocalId(), text: "", correct: false })}
        addLabel={t("authoring.edit.addChoice")}
        issues={listIssues.filter((i) => !CORRECT_RULES.has(i.message) || multiple)}
        renderItem={(choice, index) => {
          const textMessage = issueText(issuesAt(issues, "choices", index, "text"));
          return (
            <>
              <Field
                label={t("authoring.edit.choiceText", { n: index + 1 })}
                hint={t("authoring.edit.textOrImageHint")}
                validationMessage={textMessage}
                validationState={textMessage ? "error" : "none"}
              >
                <Input
                  value={textOf(choice.text)}
                  maxLength={1000}
                  onChange={(_, data) => setChoices(replacedAt(choices, index, withField(choice, "text", data.value === "" ? undefined : data.value)))}
                />
              </Field>
              <ImageField
                label={t("authoring.edit.choiceImage", { n: index + 1 })}
                value={choice.image}
                onChange={(image) => setChoices(replacedAt(choices, index, withField(choice, "image", image)))}
              />
              <IssueLine issues={[...issuesAt(issues, "choices", index, "image"), ...issuesAt(issues, "choices", index, "id")]} />
              {multiple ? (
                <Checkbox
                  label={t("authoring.edit.choiceCorrect", { n: index + 1 })}
                  checked={choice.correct === true}
                  onChange={(_, data) => setChoices(replacedAt(choices, index, { ...choice, correct: data.checked === true }))}
                />
              ) : null}
            </>
          );
        }}
      />
      {!multiple ? (
        <Field label={t("authoring.edit.correctChoice")} validationMessage={correctMessage} validationState={correctMessage ? "error" : "none"}>
          <RadioGroup value={correctId} onChange={(_, data) => setChoices(choices.map((c) => ({ ...c, correct: c.id === data.value })))}>
            {choices.map((choice, index) => (
              <Radio
                key={choice.id || index}
                value={choice.id}
                label={choice.text ? t("authoring.edit.choiceNamed", { n: index + 1, text: choice.text }) : name(index)}
              />
            ))}
          </RadioGroup>
        </Field>
      ) : null}
      <Switch
        label={t("authoring.edit.shuffle")}
        checked={draft.shuffle !== false}
        onChange={(_, data) => onChange({ ...draft, shuffle: data.checked })}
      />
    </div>
  );
}
