import { Badge, Button, Field, Input, makeStyles, shorthands, Text, tokens } from "@fluentui/react-components";
import { AddRegular, DeleteRegular, ErrorCircle16Regular } from "@fluentui/react-icons";
import type { TFunction } from "i18next";
import { useCallback, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QUESTION_RULES } from "../../../../../contracts/questions-base";
import type { Image } from "../../../../../contracts/questions";
import { issuesAt, newLocalId, type EditorIssue } from "./types";

/*
 * Pieces the question-data editors share: safe readers of an incomplete draft, issue messages
 * (rule keys translated under "authoring.rules"), a titled section, a polite live region, and the
 * editor of a list of text items (tokens, options, categories).
 */

export type Rec = Record<string, unknown>;
export const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
/** The draft's list at `v` (a non-object entry reads as an empty object, so indexes keep matching issue paths). */
export const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.map((x) => (isRec(x) ? x : {})) : []);
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
export const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);
/** The image a draft holds, if any. */
export const readImage = (v: unknown): Image | undefined => (isRec(v) ? { url: str(v.url), alt: str(v.alt) } : undefined);
/** The record without `key` (optional fields are left out rather than set to undefined). */
export const without = (record: Rec, key: string): Rec => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
/** The record with `key` set, or left out when `value` is undefined. */
export const withOptional = (record: Rec, key: string, value: unknown): Rec => (value === undefined ? without(record, key) : { ...record, [key]: value });
/** A new text item. */
export const newTextItem = (): Rec => ({ id: newLocalId(), text: "" });

const RULE_KEYS = new Set<string>(Object.values(QUESTION_RULES));
/** A rule key's translation; any other message (a missing or mistyped value) reads as "missing or not valid". */
const ruleMessage = (t: TFunction, message: string) => (RULE_KEYS.has(message) ? t(`authoring.rules.${message}`) : t("editors.common.invalid"));
const translate = (t: TFunction, list: readonly EditorIssue[]): string | undefined => {
  const messages = [...new Set(list.map((i) => ruleMessage(t, i.message)))];
  return messages.length ? messages.join(" ") : undefined;
};
/** The translated issues exactly at `path`. */
export const messageAt = (t: TFunction, issues: readonly EditorIssue[], ...path: PropertyKey[]) =>
  translate(
    t,
    issues.filter((i) => i.path.length === path.length && path.every((p, n) => i.path[n] === p)),
  );
/** The translated issues at `path` or below it. */
export const messageUnder = (t: TFunction, issues: readonly EditorIssue[], ...path: PropertyKey[]) => translate(t, issuesAt(issues, ...path));

/** The issues of an image at `path`, except a missing alt text, which the ImageField itself points out. */
export const imageMessage = (t: TFunction, issues: readonly EditorIssue[], ...path: PropertyKey[]) =>
  translate(
    t,
    issuesAt(issues, ...path).filter((i) => !(i.path[path.length] === "alt" && i.message === QUESTION_RULES.required)),
  );

/** Fluent Field props for a message (red text under the control, aria-invalid on it). */
export const fieldState = (message: string | undefined) => ({
  validationMessage: message,
  validationState: message ? ("error" as const) : ("none" as const),
});

export const useEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    margin: 0,
    minWidth: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
    borderRadius: tokens.borderRadiusLarge,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
  },
  legend: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  grow: { flexGrow: 1, minWidth: "12rem" },
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: "none" },
  note: { color: tokens.colorNeutralForeground2 },
  error: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground1 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  srOnly: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: 0,
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
    ...shorthands.borderWidth(0),
  },
});

/** A red message with an icon (not colour alone). */
export function ErrorText({ message }: { message: string | undefined }) {
  const styles = useEditorStyles();
  if (!message) return null;
  return (
    <Text className={styles.error} size={200}>
      <ErrorCircle16Regular aria-hidden />
      {message}
    </Text>
  );
}

/** A titled group of fields; `error` is the list-level message (e.g. too few items). */
export function Section({ legend, error, children }: { legend: string; error?: string | undefined; children: ReactNode }) {
  const styles = useEditorStyles();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      <ErrorText message={error} />
      {children}
    </fieldset>
  );
}

/** One card of an ordered list of parts: a list item holding the named group (an <li> cannot itself be a group). */
export function ListCard({ label, children }: { label: string; children: ReactNode }) {
  const styles = useEditorStyles();
  return (
    <li>
      <div role="group" aria-label={label} className={styles.card}>
        {children}
      </div>
    </li>
  );
}

/** A polite live region and the function that says something in it. */
export function useAnnouncer(): [ReactNode, (message: string) => void] {
  const styles = useEditorStyles();
  const [message, setMessage] = useState("");
  const announce = useCallback((m: string) => setMessage(m), []);
  return [
    <div key="announcer" role="status" aria-live="polite" className={styles.srOnly}>
      {message}
    </div>,
    announce,
  ];
}

export type TextListProps = {
  /** The section's title, e.g. "Fichas". */
  legend: string;
  /** The draft's key of the list, for the issue paths. */
  listKey: string;
  items: Rec[];
  /** The new list; after a removal, also the removed item's id (so references to it can be cleared in the same change). */
  onChange: (items: Rec[], removedId?: string) => void;
  issues: readonly EditorIssue[];
  /** "Ficha 3" */
  itemLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  /** Text under the title (what the list is for). */
  note?: string | undefined;
  /** Extra words beside an item (e.g. "Distractor"). */
  describe?: ((item: Rec, index: number) => ReactNode) | undefined;
};

/** A list of { id, text } items: one labelled input each, add and remove. */
export function TextListEditor({ legend, listKey, items, onChange, issues, itemLabel, addLabel, removeLabel, note, describe }: TextListProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const setText = (index: number, text: string) => onChange(items.map((item, i) => (i === index ? { ...item, text } : item)));
  const remove = (index: number) => {
    onChange(
      items.filter((_, i) => i !== index),
      str(items[index]?.id),
    );
    announce(t("editors.common.removed", { item: itemLabel(index + 1) }));
  };
  const add = () => {
    onChange([...items, newTextItem()]);
    announce(t("editors.common.added", { item: itemLabel(items.length + 1) }));
  };
  return (
    <Section legend={legend} error={messageAt(t, issues, listKey)}>
      {note && (
        <Text size={200} className={styles.note}>
          {note}
        </Text>
      )}
      <ul className={styles.list}>
        {items.map((item, i) => (
          <li key={str(item.id) || i} className={styles.row}>
            <Field className={styles.grow} label={itemLabel(i + 1)} required {...fieldState(messageUnder(t, issues, listKey, i))}>
              <Input value={str(item.text)} onChange={(_, d) => setText(i, d.value)} />
            </Field>
            {describe?.(item, i)}
            <Button icon={<DeleteRegular />} aria-label={removeLabel(i + 1)} title={removeLabel(i + 1)} onClick={() => remove(i)} />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button icon={<AddRegular />} onClick={add}>
          {addLabel}
        </Button>
      </div>
      {live}
    </Section>
  );
}

/** The options of a Select that picks one of `items` by id ("Ficha 2: peces"). */
/**
 * A list other entries point at by id (options or tokens that labels or gaps name in `field`): who
 * uses each item, and the setter for the list, which clears the pointers to an item it removed.
 */
export function pointedList(draft: Rec, onChange: (draft: Rec) => void, listKey: string, pointers: { key: string; field: string; name: (n: number) => string }) {
  const users = recs(draft[pointers.key]);
  return {
    usedBy: (id: string) => users.flatMap((u, i) => (str(u[pointers.field]) === id ? [pointers.name(i + 1)] : [])),
    set: (items: Rec[], removedId?: string) =>
      onChange({
        ...draft,
        [listKey]: items,
        [pointers.key]: removedId ? users.map((u) => (str(u[pointers.field]) === removedId ? { ...u, [pointers.field]: "" } : u)) : users,
      }),
  };
}

export const itemOptions = (items: Rec[], itemLabel: (n: number) => string) =>
  items.map((item, i) => ({ value: str(item.id), label: str(item.text).trim() ? `${itemLabel(i + 1)}: ${str(item.text)}` : itemLabel(i + 1) }));

/** Which gaps or labels use an item ("En: Hueco 1, Hueco 3"), or "Distractor" when none does: words, not colour. */
export function UsageBadge({ uses }: { uses: readonly string[] }) {
  const { t } = useTranslation("questions");
  return uses.length ? (
    <Badge appearance="tint" color="brand" shape="rounded">
      {t("editors.common.usedBy", { list: uses.join(", ") })}
    </Badge>
  ) : (
    <Badge appearance="outline" color="warning" shape="rounded">
      {t("editors.common.distractor")}
    </Badge>
  );
}
