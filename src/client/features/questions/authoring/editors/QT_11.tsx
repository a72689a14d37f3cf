import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ImageZonesEditor, setItemField } from "./edit-labels";
import { itemOptions, messageUnder, pointedList, recs, str, TextListEditor, UsageBadge, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Label image with dropdowns (QT_11): the image, a zone per label, the one list of options every
 * label's dropdown offers, and each label's right option.
 */
export default function LabelImageDropdownEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const options = recs(draft.options);
  const labelName = (n: number) => t("editors.labels.label", { n });
  const optionName = (n: number) => t("editors.options.option", { n });
  const { usedBy, set: setOptions } = pointedList(draft, onChange, "options", { key: "labels", field: "optionId", name: labelName });
  return (
    <div className={styles.root}>
      <TextListEditor
        legend={t("editors.options.legend")}
        listKey="options"
        items={options}
        onChange={setOptions}
        issues={issues}
        itemLabel={optionName}
        addLabel={t("editors.options.add")}
        removeLabel={(n) => t("editors.common.removeNamed", { item: optionName(n) })}
        note={t("editors.options.note")}
        describe={(item) => <UsageBadge uses={usedBy(str(item.id))} />}
      />
      <ImageZonesEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        listKey="labels"
        itemLabel={labelName}
        zonesLegend={t("editors.labels.zones")}
        newItem={() => ({ optionId: "" })}
        itemsLegend={t("editors.options.perLabel")}
        renderItem={(item, i, name) => (
          <SelectField
            label={t("editors.options.rightOption", { name })}
            required
            placeholder={t("editors.options.choose")}
            options={itemOptions(options, optionName)}
            value={str(item.optionId)}
            onChange={(value) => onChange(setItemField(draft, "labels", i, "optionId", value))}
            error={messageUnder(t, issues, "labels", i, "optionId")}
          />
        )}
      />
    </div>
  );
}
