import { Button, Field, Input, Text } from "@fluentui/react-components";
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ImageField } from "./ImageField";
import {
  ErrorText, ListCard, imageMessage, fieldState, messageAt, messageUnder, readImage, Section, str, useAnnouncer, useEditorStyles, withOptional, type Rec,
} from "./edit-shared";
import { newLocalId, type EditorIssue } from "./types";

/*
 * Items shown as text, an image or both (classify, match list, order list, linking lines): the
 * fields of one item, and a list of them with add, remove and, where order matters, up and down.
 */

/** "Elemento 2 (perro)": an item's name with its text, for selects and checkboxes. */
export const namedItem = (name: string, item: Rec) => (str(item.text).trim() ? `${name} (${str(item.text).trim()})` : name);

export type ContentFieldsProps = {
  name: string;
  item: Rec;
  onChange: (item: Rec) => void;
  issues: readonly EditorIssue[];
  /** The item's path in question_data, e.g. ["items", 2]. */
  path: PropertyKey[];
};

/** An item's text (left out when empty) and optional image. */
export function ContentFields({ name, item, onChange, issues, path }: ContentFieldsProps) {
  const { t } = useTranslation("questions");
  return (
    <>
      <Field label={t("editors.content.text", { name })} hint={t("editors.content.textHint")} {...fieldState(messageUnder(t, issues, ...path, "text"))}>
        <Input value={str(item.text)} onChange={(_, d) => onChange(withOptional(item, "text", d.value === "" ? undefined : d.value))} />
      </Field>
      <ImageField label={t("editors.content.image", { name })} value={readImage(item.image)} onChange={(image) => onChange(withOptional(item, "image", image))} />
      <ErrorText message={imageMessage(t, issues, ...path, "image")} />
      <ErrorText message={messageUnder(t, issues, ...path, "id")} />
    </>
  );
}

export type ContentListProps = {
  legend: string;
  listKey: string;
  items: Rec[];
  /** The new list; after a removal, also the removed item's id. */
  onChange: (items: Rec[], removedId?: string) => void;
  issues: readonly EditorIssue[];
  itemLabel: (n: number) => string;
  addLabel: string;
  note?: string | undefined;
  /** Up and down buttons (the order is the answer). */
  reorder?: boolean;
  /** Fields or words after an item's content (its category, its match, "Distractor"). */
  extra?: ((item: Rec, index: number, name: string) => ReactNode) | undefined;
  /** Replaces what "add" does (e.g. add a pair). */
  onAdd?: (() => void) | undefined;
};

export function ContentListEditor({ legend, listKey, items, onChange, issues, itemLabel, addLabel, note, reorder = false, extra, onAdd }: ContentListProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const setItem = (index: number, item: Rec) => onChange(items.map((it, i) => (i === index ? item : it)));
  const remove = (index: number) => {
    onChange(
      items.filter((_, i) => i !== index),
      str(items[index]?.id),
    );
    announce(t("editors.common.removed", { item: itemLabel(index + 1) }));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const a = items[index];
    const b = items[to];
    if (!a || !b) return;
    onChange(items.map((it, i) => (i === index ? b : i === to ? a : it)));
    announce(t("editors.content.moved", { item: namedItem(itemLabel(index + 1), a), position: to + 1, count: items.length }));
  };
  const add = () => {
    if (onAdd) onAdd();
    else onChange([...items, { id: newLocalId(), text: "" }]);
    announce(t("editors.common.added", { item: itemLabel(items.length + 1) }));
  };
  return (
    <Section legend={legend} error={messageAt(t, issues, listKey)}>
      {note && (
        <Text size={200} className={styles.note}>
          {note}
        </Text>
      )}
      <ol className={styles.list}>
        {items.map((item, i) => {
          const name = itemLabel(i + 1);
          return (
            <ListCard key={str(item.id) || i} label={name}>
              <div className={styles.row}>
                <Text weight="semibold" className={styles.grow}>
                  {name}
                </Text>
                {reorder && (
                  <>
                    <Button
                      icon={<ArrowUpRegular />}
                      aria-label={t("editors.content.up", { item: name })}
                      title={t("editors.content.up", { item: name })}
                      disabledFocusable={i === 0}
                      onClick={() => move(i, -1)}
                    />
                    <Button
                      icon={<ArrowDownRegular />}
                      aria-label={t("editors.content.down", { item: name })}
                      title={t("editors.content.down", { item: name })}
                      disabledFocusable={i === items.length - 1}
                      onClick={() => move(i, 1)}
                    />
                  </>
                )}
                <Button icon={<DeleteRegular />} aria-label={t("editors.common.removeNamed", { item: name })} onClick={() => remove(i)}>
                  {t("editors.common.remove")}
                </Button>
              </div>
              <ContentFields name={name} item={item} onChange={(next) => setItem(i, next)} issues={issues} path={[listKey, i]} />
              {extra?.(item, i, name)}
            </ListCard>
          );
        })}
      </ol>
      <div className={styles.actions}>
        <Button icon={<AddRegular />} onClick={add}>
          {addLabel}
        </Button>
      </div>
      {live}
    </Section>
  );
}
