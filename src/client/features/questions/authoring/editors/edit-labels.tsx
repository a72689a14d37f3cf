import { Text } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ImageField } from "./ImageField";
import { ZoneEditor } from "./ZoneEditor";
import { ErrorText, imageMessage, ListCard, messageAt, messageUnder, readImage, recs, Section, str, useEditorStyles, withOptional, type Rec } from "./edit-shared";
import { readZone, type ZoneEntry } from "./edit-zones";
import type { EditorIssue } from "./types";

/*
 * The image of a label or click-to-find question and the zones on it (labels, targets), then what
 * each zone expects (its answers, option or token), numbered like the markers on the image.
 */

export type ImageZonesProps = {
  draft: Rec;
  onChange: (draft: Rec) => void;
  issues: readonly EditorIssue[];
  /** Where the zones are in question_data: "labels" or "targets". */
  listKey: string;
  /** "Etiqueta 2" */
  itemLabel: (n: number) => string;
  zonesLegend: string;
  /** The type's other fields of a new zone, e.g. { answers: [""] }. */
  newItem: () => Rec;
  /** What each zone expects; omitted when zones are all there is (targets). */
  renderItem?: ((item: Rec, index: number, name: string) => ReactNode) | undefined;
  itemsLegend?: string | undefined;
};

export function ImageZonesEditor({ draft, onChange, issues, listKey, itemLabel, zonesLegend, newItem, renderItem, itemsLegend }: ImageZonesProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const items = recs(draft[listKey]);
  const image = readImage(draft.image);
  const zones: ZoneEntry[] = items.map((item) => ({ id: str(item.id), zone: readZone(item.zone) }));

  const setZones = (next: ZoneEntry[]) => {
    const byId = new Map(items.map((item) => [str(item.id), item]));
    onChange({
      ...draft,
      [listKey]: next.map((entry) => {
        const known = byId.get(entry.id);
        return known ? { ...known, zone: entry.zone } : { id: entry.id, zone: entry.zone, ...newItem() };
      }),
    });
  };

  return (
    <>
      <ImageField label={t("editors.labels.image")} value={image} onChange={(next) => onChange(withOptional(draft, "image", next))} />
      <ErrorText message={imageMessage(t, issues, "image")} />
      <ZoneEditor
        image={image}
        zones={zones}
        onChange={setZones}
        label={zonesLegend}
        itemLabel={itemLabel}
        error={messageAt(t, issues, listKey)}
        errors={items.map((_, i) => {
          const messages = [messageUnder(t, issues, listKey, i, "zone"), messageUnder(t, issues, listKey, i, "id")].filter(Boolean);
          return messages.length ? messages.join(" ") : undefined;
        })}
      />
      {renderItem && itemsLegend && (
        <Section legend={itemsLegend}>
          {items.length === 0 && <Text className={styles.note}>{t("editors.labels.noZones")}</Text>}
          <ol className={styles.list}>
            {items.map((item, i) => (
              <ListCard key={str(item.id) || i} label={itemLabel(i + 1)}>
                <Text weight="semibold">{itemLabel(i + 1)}</Text>
                {renderItem(item, i, itemLabel(i + 1))}
              </ListCard>
            ))}
          </ol>
        </Section>
      )}
    </>
  );
}

/** The list with one item's field set (for the per-zone fields). */
export const setItemField = (draft: Rec, listKey: string, index: number, field: string, value: unknown): Rec => ({
  ...draft,
  [listKey]: recs(draft[listKey]).map((item, i) => (i === index ? { ...item, [field]: value } : item)),
});
