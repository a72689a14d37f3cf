import { makeStyles, mergeClasses, Radio, tokens } from "@fluentui/react-components";
import { CircleRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import { isInteractive, NoAnswer, SolutionTag, useBasicStyles, ViewRoot, YourTag } from "./basic-parts";
import type { QuestionViewProps } from "./types";

/*
 * Matrix table (QT_5): a table of statements (rows) and options (columns). Answering: one radio
 * per cell, the radios of a row sharing a name (Tab goes from row to row, arrows move within a
 * row), each named "statement: option". Projection: the grid, the right cell of each row tagged
 * when revealed. Review: the student's cell and the right cell tagged, each row marked in a last
 * "Result" column.
 */

const useStyles = makeStyles({
  scroller: {
    overflowX: "auto",
    maxWidth: "100%",
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  table: { borderCollapse: "collapse", minWidth: "100%" },
  cell: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    textAlign: "center",
    verticalAlign: "middle",
  },
  rowHeader: { textAlign: "start", fontWeight: tokens.fontWeightRegular },
  colHeader: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  cellTags: { display: "inline-flex", flexDirection: "column", alignItems: "center", gap: tokens.spacingVerticalXXS },
  empty: { color: tokens.colorNeutralForeground3 },
});

export default function MatrixTableView({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_5">) {
  const styles = useStyles();
  const basic = useBasicStyles();
  const { t } = useTranslation("questions");
  const name = useId();
  const { rows, columns } = question.data;
  const interactive = isInteractive(mode);
  const rightColumn = (rowId: string) => solution?.rows.find((r) => r.id === rowId)?.correctColumnId;

  const cell = (row: { id: string; text: string }, column: { id: string; text: string }) => {
    const chosen = answer?.rows[row.id] === column.id;
    const right = rightColumn(row.id) === column.id;
    if (interactive) {
      return (
        <Radio
          name={`${name}-${row.id}`}
          value={column.id}
          checked={chosen}
          aria-label={`${row.text}: ${column.text}`}
          onChange={() => onAnswer?.({ rows: { ...answer?.rows, [row.id]: column.id } })}
        />
      );
    }
    if (mode === "projection") return right ? <SolutionTag /> : <CircleRegular aria-hidden className={styles.empty} />;
    return (
      <span className={styles.cellTags}>
        {chosen && <YourTag />}
        {right && <SolutionTag />}
      </span>
    );
  };

  return (
    <ViewRoot mode={mode} label={label} named={false}>
      {/* Focusable when read-only, so a keyboard can scroll a wide table. */}
      <div className={styles.scroller} tabIndex={interactive ? undefined : 0} role={interactive ? undefined : "region"} aria-label={interactive ? undefined : label}>
        <table className={styles.table}>
          <caption className={basic.visuallyHidden}>{label}</caption>
          <thead>
            <tr>
              <td className={styles.cell} />
              {columns.map((c) => (
                <th key={c.id} scope="col" className={mergeClasses(styles.cell, styles.colHeader)}>
                  <MathText text={c.text} />
                </th>
              ))}
              {mode === "review" && (
                <th scope="col" className={mergeClasses(styles.cell, styles.colHeader)}>
                  {t("basic.result")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHeader)}>
                  <MathText text={row.text} />
                </th>
                {columns.map((c) => (
                  <td key={c.id} className={mergeClasses(styles.cell, !interactive && rightColumn(row.id) === c.id && basic.solution)}>
                    {cell(row, c)}
                  </td>
                ))}
                {mode === "review" && (
                  <td className={styles.cell}>
                    <span className={basic.row}>
                      {answer?.rows[row.id] === undefined && <NoAnswer />}
                      <ReviewMark correct={partResult(parts, row.id)} />
                    </span>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ViewRoot>
  );
}
