import { Button, Field, Input, makeStyles, Switch, Text, tokens } from "@fluentui/react-components";
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from "@fluentui/react-icons";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { issuesText } from "./author-issues";
import { issuesAt, type EditorIssue } from "./editors/types";

/*
 * Pieces the question-data editors share: editable lists (add, remove, move up and down with
 * buttons, each change announced and focus kept in a sensible place), accepted answers, the
 * matching switches, and small helpers to read and change a draft that may be incomplete.
 */

export const useAuthorStyles = makeStyles({
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  fieldset: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  itemHead: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  controls: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
  row: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "flex-end", flexWrap: "wrap" },
  grow: { flexGrow: 1, minWidth: "12rem" },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: 0,
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
    border: 0,
  },
});

// ---- Draft helpers --------------------------------------------------------------------------------

export type Draft = Record<string, unknown>;

/** A list field of the draft (empty when missing or not a list). */
export const listOf = <T,>(draft: Draft, key: string): T[] => (Array.isArray(draft[key]) ? (draft[key] as T[]) : []);
export const textOf = (value: unknown): string => (typeof value === "string" ? value : "");
export const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};
export const replacedAt = <T,>(items: readonly T[], index: number, value: T): T[] => items.map((item, i) => (i === index ? value : item));
export const withoutAt = <T,>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);
/** The object with `key` set, or removed when `value` is undefined (optional fields are left out, not empty). */
export function withField<T extends object>(object: T, key: string, value: unknown): T {
  const next = { ...object } as Record<string, unknown>;
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as T;
}

// ---- Announcements --------------------------------------------------------------------------------

/** A polite live region and the function that speaks in it (the same message twice is spoken twice). */
export function useAnnouncer(): { announce: (message: string) => void; region: ReactNode } {
  const styles = useAuthorStyles();
  const [message, setMessage] = useState("");
  const announce = useCallback((next: string) => setMessage((current) => (current === next ? `${next}\u00a0` : next)), []);
  const region = (
    <div className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
  return { announce, region };
}

/** Issues under a path, as text (for a Field's validationMessage). */
export function useIssueText() {
  const { t } = useTranslation("questions");
  return (issues: readonly EditorIssue[]) => issuesText(t, issues);
}

/** A line of issue text under a group, for issues about the group as a whole. */
export function IssueLine({ issues }: { issues: readonly EditorIssue[] }) {
  const styles = useAuthorStyles();
  const text = useIssueText()(issues);
  return text ? <Text className={styles.error}>{text}</Text> : null;
}

// ---- Editable lists --------------------------------------------------------------------------------

export type EditableListProps<T> = {
  legend: string;
  hint?: string;
  items: readonly T[];
  /** Each item's stable React key. */
  keyOf: (item: T, index: number) => string;
  /** "Opción 2": the item's group name and the object of its buttons. */
  itemName: (index: number) => string;
  min: number;
  max: number;
  onChange: (items: T[]) => void;
  /** Without it the list has no add button (items come from elsewhere, e.g. gaps from the text). */
  create?: () => T;
  addLabel?: string;
  /** Issues about the list itself (too few items, no correct choice...). */
  issues?: readonly EditorIssue[];
  /** False: no up/down buttons (the order does not matter or comes from elsewhere). */
  movable?: boolean;
  /** Replaces the plain removal (e.g. a gap also leaves the text). */
  onRemove?: (index: number) => void;
  /** Where focus goes after a removal when the list has no add button. */
  afterRemoveFocus?: () => void;
  renderItem: (item: T, index: number) => ReactNode;
};

/**
 * A list the author edits: each item a labelled group with Subir / Bajar / Quitar, then an add
 * button. Moves and removals are announced; after a removal focus goes to the add button.
 */
export function EditableList<T>(props: EditableListProps<T>) {
  const { legend, hint, items, keyOf, itemName, min, max, onChange, create, addLabel, issues = [], movable = true, onRemove, afterRemoveFocus, renderItem } = props;
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const { announce, region } = useAnnouncer();
  const addRef = useRef<HTMLButtonElement>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    onChange(moved(items, from, to));
    announce(t("authoring.edit.movedTo", { item: itemName(from), position: to + 1, total: items.length }));
  };
  const remove = (index: number) => {
    if (onRemove) onRemove(index);
    else onChange(withoutAt(items, index));
    announce(t("authoring.edit.removed", { item: itemName(index) }));
    if (addRef.current) addRef.current.focus();
    else afterRemoveFocus?.();
  };
  const add = () => {
    if (!create) return;
    onChange([...items, create()]);
    announce(t("authoring.edit.added", { item: itemName(items.length) }));
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {hint ? <Text className={styles.hint}>{hint}</Text> : null}
      <IssueLine issues={issues} />
      <ol className={styles.list}>
        {items.map((item, index) => (
          <li key={keyOf(item, index)}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{itemName(index)}</legend>
              <div className={styles.itemHead}>
                <div className={styles.controls}>
                  {movable ? (
                    <>
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<ArrowUpRegular />}
                        aria-label={t("authoring.edit.moveUpLabel", { item: itemName(index) })}
                        disabledFocusable={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        {t("authoring.edit.moveUp")}
                      </Button>
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<ArrowDownRegular />}
                        aria-label={t("authoring.edit.moveDownLabel", { item: itemName(index) })}
                        disabledFocusable={index === items.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        {t("authoring.edit.moveDown")}
                      </Button>
                    </>
                  ) : null}
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t("authoring.edit.removeLabel", { item: itemName(index) })}
                    disabledFocusable={items.length <= min}
                    onClick={() => remove(index)}
                  >
                    {t("authoring.edit.remove")}
                  </Button>
                </div>
              </div>
              {renderItem(item, index)}
            </fieldset>
          </li>
        ))}
      </ol>
      {create ? (
        <div>
          <Button ref={addRef} icon={<AddRegular />} disabledFocusable={items.length >= max} onClick={add}>
            {addLabel}
          </Button>
        </div>
      ) : null}
      {region}
    </fieldset>
  );
}

// ---- Accepted answers and matching ----------------------------------------------------------------

/** A list of accepted answers (short text, cloze gaps): one input each, add and remove. */
export function AcceptedAnswers({
  legend,
  answers,
  onChange,
  issues,
  max = 20,
}: {
  legend: string;
  answers: readonly string[];
  onChange: (answers: string[]) => void;
  /** Issues under the answers list (path relative to the list). */
  issues: readonly EditorIssue[];
  max?: number;
}) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const { announce, region } = useAnnouncer();
  const addRef = useRef<HTMLButtonElement>(null);
  const listIssues = issues.filter((i) => i.path.length === 0);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <Text className={styles.hint}>{t("authoring.edit.answersHint")}</Text>
      <IssueLine issues={listIssues} />
      <ol className={styles.list}>
        {answers.map((answer, index) => {
          const label = t("authoring.edit.answer", { n: index + 1 });
          const message = issueText(issuesAt(issues, index));
          return (
            <li key={index} className={styles.row}>
              <Field className={styles.grow} label={label} validationMessage={message} validationState={message ? "error" : "none"}>
                <Input value={answer} maxLength={200} onChange={(_, data) => onChange(replacedAt(answers, index, data.value))} />
              </Field>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t("authoring.edit.removeLabel", { item: label })}
                disabledFocusable={answers.length <= 1}
                onClick={() => {
                  onChange(withoutAt(answers, index));
                  announce(t("authoring.edit.removed", { item: label }));
                  addRef.current?.focus();
                }}
              />
            </li>
          );
        })}
      </ol>
      <div>
        <Button ref={addRef} icon={<AddRegular />} disabledFocusable={answers.length >= max} onClick={() => onChange([...answers, ""])}>
          {t("authoring.edit.addAnswer")}
        </Button>
      </div>
      {region}
    </fieldset>
  );
}

/** Whether typed answers must match capitals and accents (cloze text, short text). */
export function MatchingSwitches({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={styles.row}>
      <Switch
        label={t("authoring.edit.caseSensitive")}
        checked={draft.caseSensitive === true}
        onChange={(_, data) => onChange({ ...draft, caseSensitive: data.checked })}
      />
      <Switch
        label={t("authoring.edit.accentSensitive")}
        checked={draft.accentSensitive !== false}
        onChange={(_, data) => onChange({ ...draft, accentSensitive: data.checked })}
      />
    </div>
  );
}
