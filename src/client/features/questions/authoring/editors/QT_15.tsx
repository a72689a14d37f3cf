import { useTranslation } from "react-i18next";
import { ContentListEditor } from "./edit-content";
import { recs, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/* Order list (QT_15): the items in their right order, moved with up and down buttons; students get them shuffled. */
export default function OrderListEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={styles.root}>
      <ContentListEditor
        legend={t("editors.order.legend")}
        listKey="items"
        items={recs(draft.items)}
        onChange={(items) => onChange({ ...draft, items })}
        issues={issues}
        itemLabel={(n) => t("editors.order.item", { n })}
        addLabel={t("editors.content.add")}
        note={t("editors.order.note")}
        reorder
      />
    </div>
  );
}
