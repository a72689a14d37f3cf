import { Checkbox, makeStyles, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ContentListEditor, namedItem } from "./edit-content";
import { messageAt, messageUnder, recs, Section, str, useAnnouncer, useEditorStyles, type Rec } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Linking lines (QT_16): the left and right items, and the right links as a grid of checkboxes
 * (a row per left item, a column per right item). Many to many: an item may have several lines, or none.
 */

const useStyles = makeStyles({
  scroll: { overflowX: "auto" },
  table: { borderCollapse: "collapse" },
  cell: { padding: tokens.spacingHorizontalS, textAlign: "center", borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  head: { padding: tokens.spacingHorizontalS, textAlign: "start", fontWeight: tokens.fontWeightSemibold },
});

const linkKey = (l: Rec) => `${str(l.leftId)}:${str(l.rightId)}`;

export default function LinkingLinesEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useStyles();
  const shared = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const left = recs(draft.left);
  const right = recs(draft.right);
  const links = recs(draft.links);
  const leftName = (n: number) => t("editors.links.left", { n });
  const rightName = (n: number) => t("editors.links.right", { n });
  const linked = new Set(links.map(linkKey));
  /** Removing an item removes its lines. */
  const dropLinks = (side: "leftId" | "rightId", removedId?: string) => (removedId ? links.filter((l) => str(l[side]) !== removedId) : links);

  const toggle = (a: Rec, ai: number, b: Rec, bi: number, on: boolean) => {
    const key = `${str(a.id)}:${str(b.id)}`;
    const next = on ? [...links, { leftId: str(a.id), rightId: str(b.id) }] : links.filter((l) => linkKey(l) !== key);
    onChange({ ...draft, links: next });
    const pair = { left: namedItem(leftName(ai + 1), a), right: namedItem(rightName(bi + 1), b) };
    announce(t(on ? "editors.links.linked" : "editors.links.unlinked", pair));
  };

  const linkIssues = [messageAt(t, issues, "links"), ...links.map((_, i) => messageUnder(t, issues, "links", i))].filter(Boolean);
  return (
    <div className={shared.root}>
      <ContentListEditor
        legend={t("editors.links.leftLegend")}
        listKey="left"
        items={left}
        onChange={(next, removed) => onChange({ ...draft, left: next, links: dropLinks("leftId", removed) })}
        issues={issues}
        itemLabel={leftName}
        addLabel={t("editors.links.addLeft")}
      />
      <ContentListEditor
        legend={t("editors.links.rightLegend")}
        listKey="right"
        items={right}
        onChange={(next, removed) => onChange({ ...draft, right: next, links: dropLinks("rightId", removed) })}
        issues={issues}
        itemLabel={rightName}
        addLabel={t("editors.links.addRight")}
      />
      <Section legend={t("editors.links.legend")} error={linkIssues.length ? [...new Set(linkIssues)].join(" ") : undefined}>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={shared.note}>{t("editors.links.caption")}</caption>
            <thead>
              <tr>
                <td />
                {right.map((b, bi) => (
                  <th key={str(b.id) || bi} scope="col" className={styles.head}>
                    {namedItem(rightName(bi + 1), b)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {left.map((a, ai) => (
                <tr key={str(a.id) || ai}>
                  <th scope="row" className={styles.head}>
                    {namedItem(leftName(ai + 1), a)}
                  </th>
                  {right.map((b, bi) => {
                    const pair = { left: namedItem(leftName(ai + 1), a), right: namedItem(rightName(bi + 1), b) };
                    return (
                      <td key={str(b.id) || bi} className={styles.cell}>
                        <Checkbox
                          aria-label={t("editors.links.pair", pair)}
                          checked={linked.has(`${str(a.id)}:${str(b.id)}`)}
                          onChange={(_, d) => toggle(a, ai, b, bi, d.checked === true)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      {live}
    </div>
  );
}
