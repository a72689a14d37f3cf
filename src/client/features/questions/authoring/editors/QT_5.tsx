import { Field, Input, Select } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { EditableList, IssueLine, listOf, replacedAt, textOf, useAuthorStyles, useIssueText, withoutAt } from "../author-editor-parts";
import { issuesExactly } from "../author-issues";
import { issuesAt, newLocalId, type EditorProps } from "./types";

type Column = { id: string; text?: string };
type Row = { id: string; text?: string; correctColumnId?: string };

/*
 * Matrix table: the columns (the answers every row chooses from) and the rows, each with its right
 * column. Removing a column moves the rows that pointed at it to the first column left.
 */
export default function MatrixTableEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useAuthorStyles();
  const { t } = useTranslation("questions");
  const issueText = useIssueText();
  const columns = listOf<Column>(draft, "columns");
  const rows = listOf<Row>(draft, "rows");
  const columnName = (i: number) => t("authoring.edit.column", { n: i + 1 });
  const removeColumn = (index: number) => {
    const next = withoutAt(columns, index);
    const gone = columns[index]?.id;
    const fallback = next[0]?.id ?? "";
    onChange({ ...draft, columns: next, rows: rows.map((r) => (r.correctColumnId === gone ? { ...r, correctColumnId: fallback } : r)) });
  };
  return (
    <div className={styles.stack}>
      <EditableList<Column>
        legend={t("authoring.edit.columns")}
        items={columns}
        keyOf={(c, i) => c.id || String(i)}
        itemName={columnName}
        min={2}
        max={10}
        onChange={(next) => onChange({ ...draft, columns: next })}
        onRemove={removeColumn}
        create={() => ({ id: newLocalId(), text: "" })}
        addLabel={t("authoring.edit.addColumn")}
        issues={issuesExactly(issues, "columns")}
        renderItem={(column, index) => {
          const message = issueText(issuesAt(issues, "columns", index));
          return (
            <Field label={t("authoring.edit.columnText", { n: index + 1 })} validationMessage={message} validationState={message ? "error" : "none"}>
              <Input
                value={textOf(column.text)}
                maxLength={1000}
                onChange={(_, data) => onChange({ ...draft, columns: replacedAt(columns, index, { ...column, text: data.value }) })}
              />
            </Field>
          );
        }}
      />
      <EditableList<Row>
        legend={t("authoring.edit.rows")}
        items={rows}
        keyOf={(r, i) => r.id || String(i)}
        itemName={(i) => t("authoring.edit.row", { n: i + 1 })}
        min={1}
        max={30}
        onChange={(next) => onChange({ ...draft, rows: next })}
        create={() => ({ id: newLocalId(), text: "", correctColumnId: columns[0]?.id ?? "" })}
        addLabel={t("authoring.edit.addRow")}
        issues={issuesExactly(issues, "rows")}
        renderItem={(row, index) => {
          const textMessage = issueText(issuesAt(issues, "rows", index, "text"));
          const correctMessage = issueText(issuesAt(issues, "rows", index, "correctColumnId"));
          const setRow = (next: Row) => onChange({ ...draft, rows: replacedAt(rows, index, next) });
          return (
            <div className={styles.row}>
              <Field
                className={styles.grow}
                label={t("authoring.edit.rowText", { n: index + 1 })}
                validationMessage={textMessage}
                validationState={textMessage ? "error" : "none"}
              >
                <Input value={textOf(row.text)} maxLength={1000} onChange={(_, data) => setRow({ ...row, text: data.value })} />
              </Field>
              <Field
                className={styles.grow}
                label={t("authoring.edit.rowCorrect", { n: index + 1 })}
                validationMessage={correctMessage}
                validationState={correctMessage ? "error" : "none"}
              >
                <Select value={row.correctColumnId ?? ""} onChange={(_, data) => setRow({ ...row, correctColumnId: data.value })}>
                  {columns.some((c) => c.id === row.correctColumnId) ? null : <option value={row.correctColumnId ?? ""}>{t("authoring.edit.choose")}</option>}
                  {columns.map((column, i) => (
                    <option key={column.id || i} value={column.id}>
                      {column.text ? t("authoring.edit.columnNamed", { n: i + 1, text: column.text }) : columnName(i)}
                    </option>
                  ))}
                </Select>
              </Field>
              <IssueLine issues={issuesAt(issues, "rows", index, "id")} />
            </div>
          );
        }}
      />
    </div>
  );
}
