import { Button, Field, Input, Switch, Text } from "@fluentui/react-components";
import { AddRegular, DeleteRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { MathText } from "../../views/MathText";
import { MathGapField, useMathFieldSupport } from "../../views/media-MathField";
import { bool, ErrorText, fieldState, messageAt, messageUnder, useAnnouncer, useEditorStyles, type Rec } from "./edit-shared";
import type { EditorIssue } from "./types";

/*
 * Accepted answers of a gap or label (one input each, add and remove), and the matching switches
 * of typed answers. Math answers are written in the same MathLive field students answer in; where
 * MathLive cannot run, in a text box taking LaTeX or plain notation with a preview as a formula.
 */

export type AnswersEditorProps = {
  /** Whose answers: "Hueco 2", "Etiqueta 1". */
  name: string;
  answers: string[];
  onChange: (answers: string[]) => void;
  issues: readonly EditorIssue[];
  /** The path of the answers list in question_data, e.g. ["gaps", 1, "answers"]. */
  path: PropertyKey[];
  max: number;
  /** Show each answer rendered as math. */
  math?: boolean;
};

export function AnswersEditor({ name, answers, onChange, issues, path, max, math = false }: AnswersEditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const mathLive = useMathFieldSupport();
  const list = answers.length ? answers : [""];
  const answerName = (n: number) => t("editors.answers.answer", { name, n });
  const set = (index: number, value: string) => onChange(list.map((a, i) => (i === index ? value : a)));
  const remove = (index: number) => {
    onChange(list.filter((_, i) => i !== index));
    announce(t("editors.common.removed", { item: answerName(index + 1) }));
  };
  const add = () => {
    onChange([...list, ""]);
    announce(t("editors.common.added", { item: answerName(list.length + 1) }));
  };
  return (
    <div role="group" aria-label={t("editors.answers.legend", { name })} className={styles.list}>
      <ErrorText message={messageAt(t, issues, ...path)} />
      {list.map((answer, i) => (
        <div key={i} className={styles.row}>
          <Field
            className={styles.grow}
            label={answerName(i + 1)}
            required={i === 0}
            hint={math && mathLive === false ? t("editors.answers.mathHint") : undefined}
            {...fieldState(messageUnder(t, issues, ...path, i))}
          >
            {math
              ? (control) => <MathGapField label={answerName(i + 1)} value={answer} onChange={(v) => set(i, v)} hintId={control["aria-describedby"]} />
              : <Input value={answer} onChange={(_, d) => set(i, d.value)} />}
          </Field>
          {math && mathLive === false && answer.trim() !== "" && (
            <Text>
              <span className={styles.note}>{t("editors.answers.preview")} </span>
              <MathText text={`\\(${answer}\\)`} />
            </Text>
          )}
          {list.length > 1 && (
            <Button icon={<DeleteRegular />} aria-label={t("editors.common.removeNamed", { item: answerName(i + 1) })} onClick={() => remove(i)} />
          )}
        </div>
      ))}
      <div className={styles.actions}>
        <Button icon={<AddRegular />} disabled={list.length >= max} onClick={add}>
          {t("editors.answers.add", { name })}
        </Button>
      </div>
      {live}
    </div>
  );
}

/** caseSensitive (default off) and accentSensitive (default on) of typed answers. */
export function MatchingSwitches({ draft, onChange }: { draft: Rec; onChange: (draft: Rec) => void }) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={styles.list}>
      <Switch
        checked={bool(draft.caseSensitive, false)}
        onChange={(_, d) => onChange({ ...draft, caseSensitive: d.checked })}
        label={t("editors.answers.caseSensitive")}
      />
      <Switch
        checked={bool(draft.accentSensitive, true)}
        onChange={(_, d) => onChange({ ...draft, accentSensitive: d.checked })}
        label={t("editors.answers.accentSensitive")}
      />
      <Text size={200} className={styles.note}>
        {t("editors.answers.matchingNote")}
      </Text>
    </div>
  );
}
