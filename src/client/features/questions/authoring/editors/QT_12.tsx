import { Switch, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ImageZonesEditor, setItemField } from "./edit-labels";
import { bool, itemOptions, messageUnder, pointedList, recs, str, TextListEditor, UsageBadge, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Label image with drag and drop (QT_12): the image, a zone per label, the tokens students drag,
 * each label's right token, and whether a token may go to several labels. Tokens no label uses are
 * distractors.
 */
export default function LabelImageDragDropEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const tokens = recs(draft.tokens);
  const labelName = (n: number) => t("editors.labels.label", { n });
  const tokenName = (n: number) => t("editors.tokens.token", { n });
  const { usedBy, set: setTokens } = pointedList(draft, onChange, "tokens", { key: "labels", field: "tokenId", name: labelName });
  return (
    <div className={styles.root}>
      <TextListEditor
        legend={t("editors.tokens.legend")}
        listKey="tokens"
        items={tokens}
        onChange={setTokens}
        issues={issues}
        itemLabel={tokenName}
        addLabel={t("editors.tokens.add")}
        removeLabel={(n) => t("editors.common.removeNamed", { item: tokenName(n) })}
        note={t("editors.tokens.distractorNote", { places: t("editors.tokens.labels") })}
        describe={(item) => <UsageBadge uses={usedBy(str(item.id))} />}
      />
      <ImageZonesEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        listKey="labels"
        itemLabel={labelName}
        zonesLegend={t("editors.labels.zones")}
        newItem={() => ({ tokenId: "" })}
        itemsLegend={t("editors.tokens.perLabel")}
        renderItem={(item, i, name) => (
          <SelectField
            label={t("editors.tokens.rightToken", { name })}
            required
            placeholder={t("editors.tokens.choose")}
            options={itemOptions(tokens, tokenName)}
            value={str(item.tokenId)}
            onChange={(value) => onChange(setItemField(draft, "labels", i, "tokenId", value))}
            error={messageUnder(t, issues, "labels", i, "tokenId")}
          />
        )}
      />
      <div className={styles.list}>
        <Switch checked={bool(draft.reuseTokens, false)} onChange={(_, d) => onChange({ ...draft, reuseTokens: d.checked })} label={t("editors.tokens.reuseLabels")} />
        <Text size={200} className={styles.note}>
          {t("editors.tokens.reuseNoteLabels")}
        </Text>
      </div>
    </div>
  );
}
