import { mergeClasses, Spinner } from "@fluentui/react-components";
import { DataBarVerticalRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { AppPageHeader } from "../../app/AppPageHeader";
import { EmptyState } from "../../ui/States";
import { useGetAnalyticsClassesQuery } from "./analyticsApi";
import { AnalyticsError, StatusBadge, useAnalyticsFormat, useAnalyticsStyles } from "./parts";

/**
 * /analytics (issue 15): the teacher's Mathematics and Language classes, each with its students,
 * KCs, the share of student × KC pairs mastered, its alerts and its worst lesson status.
 */
export function AnalyticsListPage() {
  const styles = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const { data, isLoading, isError, error, refetch } = useGetAnalyticsClassesQuery();

  const body = (() => {
    if (isError) return <AnalyticsError error={error} onRetry={() => void refetch()} />;
    if (isLoading || !data) return <Spinner label={t("loading")} />;
    if (data.items.length === 0) return <EmptyState icon={<DataBarVerticalRegular />} title={t("list.empty.title")} body={t("list.empty.body")} />;
    return (
      <div className={styles.scroller} role="region" aria-labelledby="analytics-classes-caption" tabIndex={0}>
        <table className={styles.table}>
          <caption id="analytics-classes-caption" className={styles.caption}>
            {t("list.caption")}
          </caption>
          <thead>
            <tr>
              {(["class", "subject", "students", "kcs", "mastered", "alerts", "worst"] as const).map((c) => (
                <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t(`list.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr key={c.guid}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                  <Link to={`/analytics/${c.guid}`}>{c.name}</Link>
                </th>
                <td className={mergeClasses(styles.cell, styles.rowHead)}>{t(`subjects.${c.discipline}`)}</td>
                <td className={styles.cell}>{f.integer(c.students)}</td>
                <td className={styles.cell}>{f.integer(c.kcs)}</td>
                <td className={styles.cell}>{f.percent(c.masteredShare)}</td>
                <td className={styles.cell}>{f.integer(c.alerts)}</td>
                <td className={mergeClasses(styles.cell, styles.rowHead)}>
                  <StatusBadge status={c.worstStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  })();

  return (
    <>
      <AppPageHeader subtitle={t("list.subtitle")} />
      {body}
    </>
  );
}
