import { mergeClasses } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { KcEvidence } from "../../../contracts/analytics-base";
import { useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const KNOWN_SOURCES = new Set(["assessment", "practice", "activity", "record"]);

/** Answers that moved an estimate: when, which question, right or wrong, P(L) before and after, recall just before. */
export function EvidenceTable({ items, caption }: { items: readonly KcEvidence[]; caption: string }) {
  const styles = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {(["answeredAt", "question", "source", "result", "known", "recall"] as const).map((c) => (
              <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                {t(`evidence.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={`${e.source}-${e.questionId}-${e.answeredAt}`}>
              <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                {f.dateTime(e.answeredAt)}
              </th>
              <td className={mergeClasses(styles.cell, styles.rowHead)}>
                <code>{e.questionId}</code>
              </td>
              <td className={mergeClasses(styles.cell, styles.rowHead)}>{KNOWN_SOURCES.has(e.source) ? t(`evidence.sources.${e.source}`) : e.source}</td>
              <td className={mergeClasses(styles.cell, styles.rowHead)}>
                {t(e.correct ? "evidence.right" : "evidence.wrong", { marks: f.percent(e.fraction) })}
              </td>
              <td className={styles.cell}>{t("evidence.change", { before: f.probability(e.knownBefore), after: f.probability(e.knownAfter) })}</td>
              <td className={styles.cell}>{f.probability(e.recallBefore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
