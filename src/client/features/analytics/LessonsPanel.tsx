import { mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { LESSON_STATUS_RULES } from "../../../contracts/analytics-base";
import { EmptyState } from "../../ui/States";
import { BarChart } from "./BarChart";
import type { Model } from "./model";
import { StatusBadge, useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const TABLE_ID = "analytics-lessons-table";

/** The lessons the class follows, each with its status and the figures behind it, and their mean P(L) as a chart. */
export function LessonsPanel({ model }: { model: Model }) {
  const styles = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const { lessons, summary } = model.data;
  if (lessons.length === 0) return <EmptyState title={t("lessons.empty")} />;
  const rules = LESSON_STATUS_RULES;
  return (
    <>
      <BarChart
        title={t("lessons.chart")}
        tableId={TABLE_ID}
        labels={lessons.map((l) => l.title)}
        datasets={[{ label: t("lessons.columns.meanKnown"), data: lessons.map((l) => l.meanKnown ?? 0), color: tokens.colorBrandBackground }]}
        horizontal={false}
        stacked={false}
        max={1}
        format="percent"
        height={280}
      />
      <div className={styles.scroller} role="region" aria-labelledby={`${TABLE_ID}-caption`} tabIndex={0}>
        <table id={TABLE_ID} className={styles.table}>
          <caption id={`${TABLE_ID}-caption`} className={styles.caption}>
            {t("lessons.caption")}
          </caption>
          <thead>
            <tr>
              {(["lesson", "status", "practised", "struggling", "reviewNeeded", "meanKnown", "alerts"] as const).map((c) => (
                <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t(`lessons.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lessons.map((l) => (
              <tr key={l.guid}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                  {l.title}
                  <span className={styles.muted}>{l.unitTitle}</span>
                </th>
                <td className={mergeClasses(styles.cell, styles.rowHead)}>
                  <StatusBadge status={l.status} />
                </td>
                <td className={styles.cell}>{t("lessons.ofStudents", { count: summary.students, done: f.integer(l.practised) })}</td>
                <td className={styles.cell}>{f.integer(l.struggling)}</td>
                <td className={styles.cell}>{f.integer(l.reviewNeeded)}</td>
                <td className={styles.cell}>{l.meanKnown === null ? t("noData") : f.probability(l.meanKnown)}</td>
                <td className={styles.cell}>{f.integer(l.alerts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.muted}>
        {t("lessons.rule", {
          alertShare: f.percent(rules.alert.strugglingShare),
          alertMean: f.probability(rules.alert.meanKnownBelow),
          riskShare: f.percent(rules.atRisk.strugglingShare),
          riskMean: f.probability(rules.atRisk.meanKnownBelow),
          reviewShare: f.percent(rules.atRisk.reviewShare),
        })}
      </p>
    </>
  );
}
