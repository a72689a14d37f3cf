import { Switch, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ClozeEditor } from "./edit-cloze";
import { bool, itemOptions, messageUnder, pointedList, recs, str, TextListEditor, UsageBadge, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Cloze drag-drop (QT_8): the text with its gaps, the tokens students drag, each gap's right token,
 * and whether a token may fill several gaps. Tokens no gap uses are distractors.
 */
export default function ClozeDragDropEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const tokens = recs(draft.tokens);
  const gaps = recs(draft.gaps);
  const tokenName = (n: number) => t("editors.tokens.token", { n });
  const gapName = (n: number) => t("editors.cloze.gap", { n });
  const { usedBy, set: setTokens } = pointedList(draft, onChange, "tokens", { key: "gaps", field: "tokenId", name: gapName });
  const setGapToken = (index: number, tokenId: string) => onChange({ ...draft, gaps: gaps.map((g, i) => (i === index ? { ...g, tokenId } : g)) });

  return (
    <div className={styles.root}>
      <ClozeEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        newGap={(id) => ({ id, tokenId: "" })}
        gapsNote={t("editors.tokens.gapsNote")}
        renderGap={(gap, i, name) => (
          <SelectField
            label={t("editors.tokens.rightToken", { name })}
            required
            placeholder={t("editors.tokens.choose")}
            options={itemOptions(tokens, tokenName)}
            value={str(gap.tokenId)}
            onChange={(value) => setGapToken(i, value)}
            error={messageUnder(t, issues, "gaps", i, "tokenId")}
          />
        )}
      />
      <TextListEditor
        legend={t("editors.tokens.legend")}
        listKey="tokens"
        items={tokens}
        onChange={setTokens}
        issues={issues}
        itemLabel={tokenName}
        addLabel={t("editors.tokens.add")}
        removeLabel={(n) => t("editors.common.removeNamed", { item: tokenName(n) })}
        note={t("editors.tokens.distractorNote", { places: t("editors.tokens.gaps") })}
        describe={(item) => <UsageBadge uses={usedBy(str(item.id))} />}
      />
      <div className={styles.list}>
        <Switch checked={bool(draft.reuseTokens, false)} onChange={(_, d) => onChange({ ...draft, reuseTokens: d.checked })} label={t("editors.tokens.reuse")} />
        <Text size={200} className={styles.note}>
          {t("editors.tokens.reuseNote")}
        </Text>
      </div>
    </div>
  );
}
