import { Button, Field, Text, Textarea } from "@fluentui/react-components";
import { TextAddRegular } from "@fluentui/react-icons";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AcceptedAnswers, EditableList, IssueLine, listOf, MatchingSwitches, textOf, useAnnouncer, useAuthorStyles, useIssueText } from "../author-editor-parts";
import { issuesExactly } from "../author-issues";
import { gapOrder, insertGapMarker, removeGapMarkers } from "../author-cloze";
import { issuesAt, type EditorProps } from "./types";

type Gap = { id: string; answers?: string[] };

/*
 * Cloze text: the text with a [[gapId]] marker per gap ("Insertar hueco" puts one at the cursor,
 * taking the selected words as its first accepted answer), each gap's accepted answers, and whether
 * capitals and accents must match. Gaps are listed in the order they appear in the text.
 */
export default function ClozeTextEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const { announce, region } = useAnnouncer();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const insertRef = useRef<HTMLButtonElement>(null);
  const caret = useRef<number | null>(null);
  const text = textOf(draft.text);
  const gaps = listOf<Gap>(draft, "gaps");
  const ordered = gapOrder(text, gaps);
  const textMessage = issueText(issuesAt(issues, "text"));

  useLayoutEffect(() => {
    if (caret.current === null || !textRef.current) return;
    textRef.current.focus();
    textRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const insert = () => {
    const el = textRef.current;
    const inserted = insertGapMarker(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, gaps.map((g) => g.id));
    caret.current = inserted.caret;
    const next = [...gaps, { id: inserted.id, answers: [inserted.selected] }];
    onChange({ ...draft, text: inserted.text, gaps: next });
    announce(t("authoring.edit.gapInserted", { n: gapOrder(inserted.text, next).findIndex((o) => o.gap.id === inserted.id) + 1 }));
  };

  return (
    <div className={styles.stack}>
      <Field
        label={t("authoring.edit.clozeText")}
        hint={t("authoring.edit.clozeTextHint")}
        validationMessage={textMessage}
        validationState={textMessage ? "error" : "none"}
      >
        <Textarea ref={textRef} value={text} rows={6} resize="vertical" onChange={(_, data) => onChange({ ...draft, text: data.value })} />
      </Field>
      <div>
        <Button ref={insertRef} icon={<TextAddRegular />} onClick={insert} disabledFocusable={gaps.length >= 50}>
          {t("authoring.edit.insertGap")}
        </Button>
      </div>
      {region}
      {ordered.length === 0 ? <Text className={styles.hint}>{t("authoring.edit.noGaps")}</Text> : null}
      <EditableList<{ gap: Gap; index: number }>
        legend={t("authoring.edit.gaps")}
        items={ordered}
        keyOf={(o) => o.gap.id}
        itemName={(i) => t("authoring.edit.gap", { n: i + 1 })}
        min={0}
        max={50}
        movable={false}
        onChange={(next) => onChange({ ...draft, gaps: next.map((o) => o.gap) })}
        onRemove={(i) => {
          const gone = ordered[i]?.gap.id;
          if (gone === undefined) return;
          onChange({ ...draft, text: removeGapMarkers(text, gone), gaps: gaps.filter((g) => g.id !== gone) });
        }}
        afterRemoveFocus={() => insertRef.current?.focus()}
        issues={issuesExactly(issues, "gaps")}
        renderItem={({ gap, index }, position) => (
          <>
            <Text className={styles.hint}>{t("authoring.edit.gapMarker", { marker: `[[${gap.id}]]` })}</Text>
            <IssueLine issues={issuesAt(issues, "gaps", index, "id")} />
            <AcceptedAnswers
              legend={t("authoring.edit.gapAnswers", { n: position + 1 })}
              answers={gap.answers ?? []}
              onChange={(answers) => onChange({ ...draft, gaps: gaps.map((g) => (g.id === gap.id ? { ...g, answers } : g)) })}
              issues={issuesAt(issues, "gaps", index, "answers").map((i) => ({ ...i, path: i.path.slice(4) }))}
            />
          </>
        )}
      />
      <MatchingSwitches draft={draft} onChange={onChange} />
    </div>
  );
}
