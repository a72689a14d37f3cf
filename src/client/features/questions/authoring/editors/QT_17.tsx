import { Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { AcceptedAnswers, listOf, MatchingSwitches, useAuthorStyles } from "../author-editor-parts";
import { issuesAt, type EditorProps } from "./types";

/* Short text: the answers accepted as right, and whether capitals and accents must match. */
export default function ShortTextEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={styles.stack}>
      <Text className={styles.hint}>{t("authoring.edit.shortTextHint")}</Text>
      <AcceptedAnswers
        legend={t("authoring.edit.acceptedAnswers")}
        answers={listOf<string>(draft, "answers")}
        onChange={(answers) => onChange({ ...draft, answers })}
        issues={issuesAt(issues, "answers").map((i) => ({ ...i, path: i.path.slice(1) }))}
      />
      <MatchingSwitches draft={draft} onChange={onChange} />
    </div>
  );
}
