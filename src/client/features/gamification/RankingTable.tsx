import { makeStyles, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Ranking } from "../../../contracts/gamification";

type Row = Ranking["rows"][number];

const useStyles = makeStyles({
  table: { width: "100%", borderCollapse: "collapse", fontSize: tokens.fontSizeBase300 },
  cell: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, textAlign: "start", borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  number: { textAlign: "end", fontVariantNumeric: "tabular-nums" },
  me: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  gap: { height: tokens.spacingVerticalS },
  caption: { textAlign: "start", fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalS },
});

export type RankingTableProps = {
  caption: string;
  ranking: Ranking;
  /** An extra last column (the teacher's "Award medal"), with its header. */
  action?: { header: string; render: (row: Row) => ReactNode };
};

/** A class's ranking as a real table: rank, name, points, level; the reader's row highlighted, theirs below when not among the rows. */
export function RankingTable({ caption, ranking, action }: RankingTableProps) {
  const { t } = useTranslation("gamification");
  const styles = useStyles();
  const line = (row: Row) => (
    <tr key={`${row.rank}-${row.studentGuid ?? row.name}`} className={row.me ? styles.me : undefined} aria-current={row.me ? "true" : undefined}>
      <td className={`${styles.cell} ${styles.number}`}>{row.rank}</td>
      <th scope="row" className={styles.cell}>
        {row.name}
        {row.me ? ` ${t("ranking.me")}` : ""}
      </th>
      <td className={`${styles.cell} ${styles.number}`}>{row.points}</td>
      <td className={`${styles.cell} ${styles.number}`}>{row.level}</td>
      {action ? <td className={styles.cell}>{action.render(row)}</td> : null}
    </tr>
  );
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${styles.cell} ${styles.number}`}>
            {t("ranking.rank")}
          </th>
          <th scope="col" className={styles.cell}>
            {t("ranking.name")}
          </th>
          <th scope="col" className={`${styles.cell} ${styles.number}`}>
            {t("ranking.points")}
          </th>
          <th scope="col" className={`${styles.cell} ${styles.number}`}>
            {t("ranking.level")}
          </th>
          {action ? (
            <th scope="col" className={styles.cell}>
              {action.header}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{ranking.rows.map(line)}</tbody>
      {ranking.mine && !ranking.rows.some((r) => r.me) ? (
        <tbody aria-label={t("ranking.mine")}>{line(ranking.mine)}</tbody>
      ) : null}
    </table>
  );
}
