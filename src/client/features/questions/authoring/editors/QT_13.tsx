import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ContentListEditor } from "./edit-content";
import { itemOptions, messageUnder, recs, str, TextListEditor, useEditorStyles, type Rec } from "./edit-shared";
import { newLocalId, type EditorProps } from "./types";

/* Classify (QT_13): the categories, and the items (text, image or both), each with its category. */
export default function ClassifyEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const categories = recs(draft.categories);
  const items = recs(draft.items);
  const categoryName = (n: number) => t("editors.classify.category", { n });
  const itemName = (n: number) => t("editors.content.item", { n });
  const setCategories = (next: Rec[], removedId?: string) =>
    onChange({
      ...draft,
      categories: next,
      items: removedId ? items.map((it) => (str(it.categoryId) === removedId ? { ...it, categoryId: "" } : it)) : items,
    });
  const setCategory = (index: number, categoryId: string) =>
    onChange({ ...draft, items: items.map((it, i) => (i === index ? { ...it, categoryId } : it)) });
  return (
    <div className={styles.root}>
      <TextListEditor
        legend={t("editors.classify.categories")}
        listKey="categories"
        items={categories}
        onChange={setCategories}
        issues={issues}
        itemLabel={categoryName}
        addLabel={t("editors.classify.addCategory")}
        removeLabel={(n) => t("editors.common.removeNamed", { item: categoryName(n) })}
      />
      <ContentListEditor
        legend={t("editors.classify.items")}
        listKey="items"
        items={items}
        onChange={(next) => onChange({ ...draft, items: next })}
        onAdd={() => onChange({ ...draft, items: [...items, { id: newLocalId(), text: "", categoryId: "" }] })}
        issues={issues}
        itemLabel={itemName}
        addLabel={t("editors.content.add")}
        note={t("editors.classify.note")}
        extra={(item, i, name) => (
          <SelectField
            label={t("editors.classify.itemCategory", { name })}
            required
            placeholder={t("editors.classify.choose")}
            options={itemOptions(categories, categoryName)}
            value={str(item.categoryId)}
            onChange={(value) => setCategory(i, value)}
            error={messageUnder(t, issues, "items", i, "categoryId")}
          />
        )}
      />
    </div>
  );
}
