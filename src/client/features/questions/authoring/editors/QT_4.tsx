import { Field, Input } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { EditableList, IssueLine, listOf, replacedAt, textOf, useAuthorStyles, useIssueText, withField } from "../author-editor-parts";
import { issuesExactly } from "../author-issues";
import { issuesAt, newLocalId, type EditorProps } from "./types";

type Word = { id: string; answer?: string; clue?: string };

/* Block letters: each word the student writes letter by letter (one box per letter), with an optional clue. */
export default function BlockLetterEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const words = listOf<Word>(draft, "words");
  const setWords = (next: Word[]) => onChange({ ...draft, words: next });
  return (
    <div className={styles.stack}>
      <EditableList<Word>
        legend={t("authoring.edit.words")}
        items={words}
        keyOf={(w, i) => w.id || String(i)}
        itemName={(i) => t("authoring.edit.word", { n: i + 1 })}
        min={1}
        max={10}
        onChange={setWords}
        create={() => ({ id: newLocalId(), answer: "" })}
        addLabel={t("authoring.edit.addWord")}
        issues={issuesExactly(issues, "words")}
        renderItem={(word, index) => {
          const answerMessage = issueText(issuesAt(issues, "words", index, "answer"));
          const clueMessage = issueText(issuesAt(issues, "words", index, "clue"));
          return (
            <div className={styles.row}>
              <Field
                className={styles.grow}
                label={t("authoring.edit.wordAnswer", { n: index + 1 })}
                hint={t("authoring.edit.wordAnswerHint")}
                validationMessage={answerMessage}
                validationState={answerMessage ? "error" : "none"}
              >
                <Input
                  value={textOf(word.answer)}
                  maxLength={30}
                  onChange={(_, data) => setWords(replacedAt(words, index, { ...word, answer: data.value }))}
                />
              </Field>
              <Field
                className={styles.grow}
                label={t("authoring.edit.wordClue", { n: index + 1 })}
                validationMessage={clueMessage}
                validationState={clueMessage ? "error" : "none"}
              >
                <Input
                  value={textOf(word.clue)}
                  maxLength={1000}
                  onChange={(_, data) => setWords(replacedAt(words, index, withField(word, "clue", data.value === "" ? undefined : data.value)))}
                />
              </Field>
              <IssueLine issues={issuesAt(issues, "words", index, "id")} />
            </div>
          );
        }}
      />
    </div>
  );
}
