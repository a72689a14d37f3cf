import { mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/States";
import { BarChart } from "./BarChart";
import { kcsOfLesson, type Model } from "./model";
import { useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const TABLE_ID = "analytics-kcs-table";

/** Each KC with the class's mastery distribution (a stacked bar chart and the same counts as a table). */
export function KcsPanel({ model, lesson }: { model: Model; lesson: string | null }) {
  const styles = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const kcs = kcsOfLesson(model.data, lesson);
  if (kcs.length === 0) return <EmptyState title={t("kcs.empty")} />;
  const lessonTitles = (guids: readonly string[]) => f.list(guids.flatMap((g) => model.lesson.get(g)?.title ?? []));
  return (
    <>
      <BarChart
        title={t("kcs.chart")}
        tableId={TABLE_ID}
        labels={kcs.map((k) => k.code)}
        datasets={[
          { label: t("states.mastered"), data: kcs.map((k) => k.counts.mastered), color: tokens.colorPaletteGreenBackground3 },
          { label: t("states.in_progress"), data: kcs.map((k) => k.counts.in_progress), color: tokens.colorPaletteYellowBackground3 },
          { label: t("states.not_started"), data: kcs.map((k) => k.counts.not_started), color: tokens.colorNeutralBackground5 },
        ]}
        horizontal
        stacked
        max={Math.max(1, model.data.summary.students)}
        format="integer"
        height={Math.max(160, 80 + 26 * kcs.length)}
      />
      <div className={styles.scroller} role="region" aria-labelledby={`${TABLE_ID}-caption`} tabIndex={0}>
        <table id={TABLE_ID} className={styles.table}>
          <caption id={`${TABLE_ID}-caption`} className={styles.caption}>
            {t("kcs.caption")}
          </caption>
          <thead>
            <tr>
              {(["kc", "lessons", "mastered", "in_progress", "not_started", "meanKnown", "reviewNeeded", "alerts"] as const).map((c) => (
                <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t(`kcs.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kcs.map((k) => (
              <tr key={k.code}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                  {f.kcName(k.names, k.code)}
                  <span className={styles.muted}>{k.code}</span>
                </th>
                <td className={mergeClasses(styles.cell, styles.rowHead)}>{lessonTitles(k.lessonGuids) || t("kcs.noLesson")}</td>
                <td className={styles.cell}>{f.integer(k.counts.mastered)}</td>
                <td className={styles.cell}>{f.integer(k.counts.in_progress)}</td>
                <td className={styles.cell}>{f.integer(k.counts.not_started)}</td>
                <td className={styles.cell}>{k.meanKnown === null ? t("noData") : f.probability(k.meanKnown)}</td>
                <td className={styles.cell}>{f.integer(k.reviewNeeded)}</td>
                <td className={styles.cell}>{f.integer(k.alerts.low_mastery + k.alerts.repeated_failures + k.alerts.review_needed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
