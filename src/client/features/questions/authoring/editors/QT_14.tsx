import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ContentListEditor, namedItem } from "./edit-content";
import { messageUnder, recs, str, UsageBadge, useEditorStyles, type Rec } from "./edit-shared";
import { newLocalId, type EditorProps } from "./types";

/*
 * Match list (QT_14): the items on the left, each paired with one match on the right (one to one);
 * matches no item is paired with are distractors.
 */
export default function MatchListEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const items = recs(draft.items);
  const matches = recs(draft.matches);
  const itemName = (n: number) => t("editors.match.item", { n });
  const matchName = (n: number) => t("editors.match.match", { n });
  const pairedWith = (id: string) => items.flatMap((it, i) => (str(it.matchId) === id ? [itemName(i + 1)] : []));
  const setMatches = (next: Rec[], removedId?: string) =>
    onChange({
      ...draft,
      matches: next,
      items: removedId ? items.map((it) => (str(it.matchId) === removedId ? { ...it, matchId: "" } : it)) : items,
    });
  /** A new item with a new match of its own. */
  const addPair = () => {
    const matchId = newLocalId();
    onChange({ ...draft, items: [...items, { id: newLocalId(), text: "", matchId }], matches: [...matches, { id: matchId, text: "" }] });
  };
  const setMatch = (index: number, matchId: string) => onChange({ ...draft, items: items.map((it, i) => (i === index ? { ...it, matchId } : it)) });
  return (
    <div className={styles.root}>
      <ContentListEditor
        legend={t("editors.match.items")}
        listKey="items"
        items={items}
        onChange={(next) => onChange({ ...draft, items: next })}
        onAdd={addPair}
        issues={issues}
        itemLabel={itemName}
        addLabel={t("editors.match.addPair")}
        note={t("editors.match.itemsNote")}
        extra={(item, i, name) => (
          <SelectField
            label={t("editors.match.itemMatch", { name })}
            required
            placeholder={t("editors.match.choose")}
            options={matches.map((m, j) => ({ value: str(m.id), label: namedItem(matchName(j + 1), m) }))}
            value={str(item.matchId)}
            onChange={(value) => setMatch(i, value)}
            error={messageUnder(t, issues, "items", i, "matchId")}
          />
        )}
      />
      <ContentListEditor
        legend={t("editors.match.matches")}
        listKey="matches"
        items={matches}
        onChange={setMatches}
        issues={issues}
        itemLabel={matchName}
        addLabel={t("editors.match.addDistractor")}
        note={t("editors.match.matchesNote")}
        extra={(item) => (
          <div>
            <UsageBadge uses={pairedWith(str(item.id))} />
          </div>
        )}
      />
    </div>
  );
}
