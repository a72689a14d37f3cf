import { Button, Field, Text, Textarea } from "@fluentui/react-components";
import { AddRegular, DeleteRegular, TextboxRegular } from "@fluentui/react-icons";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { clozeSegments } from "../../../../../contracts/questions-base";
import { LocalIdSchema } from "../../../../../contracts/questions";
import { ErrorText, fieldState, ListCard, messageAt, messageUnder, recs, Section, str, useAnnouncer, useEditorStyles, type Rec } from "./edit-shared";
import { newLocalId, type EditorIssue } from "./types";

/*
 * The text of a cloze question (drag-drop, math) with its gaps: "Insertar hueco" writes a [[id]]
 * marker where the cursor is and adds the gap, numbered in text order; each gap's fields come from
 * the type's editor; removing a gap removes its marker too.
 */

const markerIds = (text: string): string[] => clozeSegments(text).flatMap((s) => ("gapId" in s ? [s.gapId] : []));

export type ClozeEditorProps = {
  draft: Rec;
  onChange: (draft: Rec) => void;
  issues: readonly EditorIssue[];
  /** A new gap of this type, e.g. { id, tokenId: "" }. */
  newGap: (id: string) => Rec;
  /** The fields of one gap (its answer). */
  renderGap: (gap: Rec, index: number, name: string) => ReactNode;
  /** Words under the gaps' title. */
  gapsNote?: string | undefined;
};

export function ClozeEditor({ draft, onChange, issues, newGap, renderGap, gapsNote }: ClozeEditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const area = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const hintId = useId();
  const text = str(draft.text);
  const gaps = recs(draft.gaps);
  const gapName = (n: number) => t("editors.cloze.gap", { n });

  useEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !area.current) return;
    pendingCaret.current = null;
    area.current.focus();
    area.current.setSelectionRange(at, at);
  });

  const insertGap = () => {
    const id = newLocalId();
    const at = Math.min(caret.current ?? text.length, text.length);
    const marker = `[[${id}]]`;
    const known = new Set(gaps.map((g) => str(g.id)));
    // The new gap goes after the gaps whose markers come before the cursor, so numbers follow the text.
    const index = Math.min(markerIds(text.slice(0, at)).filter((m) => known.has(m)).length, gaps.length);
    const nextGaps = [...gaps.slice(0, index), newGap(id), ...gaps.slice(index)];
    onChange({ ...draft, text: text.slice(0, at) + marker + text.slice(at), gaps: nextGaps });
    caret.current = at + marker.length;
    pendingCaret.current = at + marker.length;
    announce(t("editors.cloze.inserted", { name: gapName(index + 1) }));
  };

  const removeGap = (index: number) => {
    const id = str(gaps[index]?.id);
    onChange({ ...draft, text: id ? text.split(`[[${id}]]`).join("") : text, gaps: gaps.filter((_, i) => i !== index) });
    announce(t("editors.cloze.removed", { name: gapName(index + 1) }));
  };

  const known = new Set(gaps.map((g) => str(g.id)));
  const orphans = [...new Set(markerIds(text))].filter((id) => !known.has(id) && LocalIdSchema.safeParse(id).success);
  const addOrphans = () => {
    onChange({ ...draft, gaps: [...gaps, ...orphans.map((id) => newGap(id))] });
    announce(t("editors.cloze.orphansAdded", { n: orphans.length }));
  };

  return (
    <>
      <Field label={t("editors.cloze.text")} required hint={t("editors.cloze.textHint")} {...fieldState(messageAt(t, issues, "text"))}>
        <Textarea
          ref={area}
          resize="vertical"
          rows={6}
          value={text}
          onChange={(_, d) => onChange({ ...draft, text: d.value })}
          onSelect={(e) => {
            caret.current = e.currentTarget.selectionEnd;
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button icon={<TextboxRegular />} onClick={insertGap} aria-describedby={hintId}>
          {t("editors.cloze.insertGap")}
        </Button>
        {orphans.length > 0 && (
          <Button icon={<AddRegular />} onClick={addOrphans}>
            {t("editors.cloze.addOrphans", { n: orphans.length })}
          </Button>
        )}
      </div>
      <Text id={hintId} size={200} className={styles.note}>
        {t("editors.cloze.insertHint")}
      </Text>
      <Section legend={t("editors.cloze.gaps")} error={messageAt(t, issues, "gaps")}>
        {gapsNote && (
          <Text size={200} className={styles.note}>
            {gapsNote}
          </Text>
        )}
        {gaps.length === 0 && <Text className={styles.note}>{t("editors.cloze.noGaps")}</Text>}
        <ol className={styles.list}>
          {gaps.map((gap, i) => (
            <ListCard key={str(gap.id) || i} label={gapName(i + 1)}>
              <div className={styles.row}>
                <Text weight="semibold" className={styles.grow}>
                  {gapName(i + 1)} <code>{`[[${str(gap.id)}]]`}</code>
                </Text>
                <Button icon={<DeleteRegular />} aria-label={t("editors.cloze.removeGap", { name: gapName(i + 1) })} onClick={() => removeGap(i)}>
                  {t("editors.common.remove")}
                </Button>
              </div>
              {renderGap(gap, i, gapName(i + 1))}
              {/* The gap's own problems (its marker is missing); the fields show theirs. */}
              <ErrorText message={messageUnder(t, issues, "gaps", i, "id")} />
            </ListCard>
          ))}
        </ol>
      </Section>
      {live}
    </>
  );
}
