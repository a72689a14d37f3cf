import { makeStyles, mergeClasses, shorthands, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { Gradebook } from "../../../../contracts/course-program";
import { numberFormat, type NumberFormatter } from "../../../i18n/format";

const useStyles = makeStyles({
  scroller: { overflowX: "auto", maxWidth: "100%" },
  table: { borderCollapse: "collapse", minWidth: "100%", fontSize: tokens.fontSizeBase300 },
  caption: {
    captionSide: "top",
    textAlign: "start",
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    paddingBottom: tokens.spacingVerticalS,
  },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    ...shorthands.borderBottom(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
    textAlign: "center",
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
  },
  head: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  name: { textAlign: "start", fontWeight: tokens.fontWeightRegular, position: "sticky", left: 0, backgroundColor: tokens.colorNeutralBackground1 },
  average: { fontWeight: tokens.fontWeightSemibold },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
});

/** A score, or "—" that reads "Not graded yet". */
function Score({ value, format }: { value: number | null; format: NumberFormatter }) {
  const styles = useStyles();
  const { t } = useTranslation("program");
  if (value !== null) return <>{format.format(value)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className={styles.visuallyHidden}>{t("grades.notGraded")}</span>
    </>
  );
}

/** The gradebook as a real table: a row per student, a column per graded item, then the average. */
export function GradebookTable({ gradebook, caption }: { gradebook: Gradebook; caption: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("program");
  const format = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={mergeClasses(styles.cell, styles.name, styles.head)}>
              {t("grades.student")}
            </th>
            {gradebook.columns.map((c) => (
              <th key={c.guid} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                {c.title}
              </th>
            ))}
            <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
              {t("grades.average")}
            </th>
          </tr>
        </thead>
        <tbody>
          {gradebook.rows.map((row) => (
            <tr key={row.student.guid}>
              <th scope="row" className={mergeClasses(styles.cell, styles.name)}>
                {t("grades.studentName", { firstName: row.student.firstName, lastName: row.student.lastName })}
              </th>
              {gradebook.columns.map((c, i) => (
                <td key={c.guid} className={styles.cell}>
                  <Score value={row.scores[i] ?? null} format={format} />
                </td>
              ))}
              <td className={mergeClasses(styles.cell, styles.average)}>
                <Score value={row.average} format={format} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
