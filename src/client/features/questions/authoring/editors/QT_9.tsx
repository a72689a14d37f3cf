import { useTranslation } from "react-i18next";
import { AnswersEditor } from "./edit-answers";
import { ClozeEditor } from "./edit-cloze";
import { recs, strs, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Cloze math (QT_9): the text (which may hold math between \( \)) with its gaps, and per gap up to
 * five accepted answers in LaTeX or plain notation, each previewed as a formula. The server
 * compares a student's answer with them by mathematical equivalence.
 */
export default function ClozeMathEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const gaps = recs(draft.gaps);
  const setAnswers = (index: number, answers: string[]) => onChange({ ...draft, gaps: gaps.map((g, i) => (i === index ? { ...g, answers } : g)) });
  return (
    <div className={styles.root}>
      <ClozeEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        newGap={(id) => ({ id, answers: [""] })}
        gapsNote={t("editors.answers.mathNote")}
        renderGap={(gap, i, name) => (
          <AnswersEditor
            name={name}
            answers={strs(gap.answers)}
            onChange={(answers) => setAnswers(i, answers)}
            issues={issues}
            path={["gaps", i, "answers"]}
            max={5}
            math
          />
        )}
      />
    </div>
  );
}
