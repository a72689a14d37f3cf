import { Button, makeStyles, mergeClasses, MessageBar, MessageBarActions, MessageBarBody, tokens } from "@fluentui/react-components";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ToolHistoryItem } from "../../../contracts/teacher-tools-base";
import { formatIso, numberFormat } from "../../i18n/format";
import { errorMessage } from "../../ui/errors";
import { RouterLink } from "../../ui/RouterLink";
import { toolPaths } from "./toolLook";

export const useToolStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "1100px" },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
    gap: tokens.spacingHorizontalL,
    listStyleType: "none",
    margin: 0,
    padding: 0,
  },
  scroller: { overflowX: "auto" },
  table: { borderCollapse: "collapse", width: "100%" },
  caption: { textAlign: "start", fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalS },
  cell: {
    textAlign: "start",
    verticalAlign: "top",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  text: { whiteSpace: "pre-wrap", margin: 0, fontFamily: "inherit", lineHeight: tokens.lineHeightBase400 },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

/** A failed load: "<context>: <the server's error in words>", with Retry. */
export function ToolsLoadError({ context, error, onRetry }: { context: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("aiTools");
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{t("contextMessage", { context, message: errorMessage(t, error) })}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onRetry}>
          {t("common:actions.retry")}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** Numbers and dates in the UI language. */
export function useToolFormat() {
  const { i18n } = useTranslation("aiTools");
  const language = i18n.language;
  return useMemo(() => {
    const decimal = numberFormat(language, { maximumFractionDigits: 1 });
    const decimal2 = numberFormat(language, { maximumFractionDigits: 2 });
    const integer = numberFormat(language, { maximumFractionDigits: 0 });
    return {
      dateTime: (iso: string) => formatIso(iso, language, { dateStyle: "medium", timeStyle: "short" }),
      decimal: (n: number) => decimal.format(n),
      decimal2: (n: number) => decimal2.format(n),
      integer: (n: number) => integer.format(n),
    };
  }, [language]);
}

/** A result's notes (what was left out and why), under the section heading every result shares; nothing when there are none. */
export function ToolNotes({ id, notes }: { id: string; notes: readonly string[] }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  if (notes.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{t("notes.title")}</h2>
      <ul>
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The history's table (the history page, the AI Tutor panel): title (a link to the instance), tool
 * and creation date, and a column of actions per row when `actions` is given.
 */
export function HistoryTable({ id, caption, items, actions }: { id: string; caption: string; items: readonly ToolHistoryItem[]; actions?: { label: string; cell: (item: ToolHistoryItem) => ReactNode } }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  return (
    <div className={styles.scroller} role="region" aria-labelledby={id} tabIndex={0}>
      <table className={styles.table}>
        <caption id={id} className={styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {(["title", "tool", "created"] as const).map((c) => (
              <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                {t(`history.columns.${c}`)}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                {actions.label}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className={styles.cell}>
                <RouterLink to={toolPaths.instance(item.id)}>{item.title}</RouterLink>
              </th>
              <td className={styles.cell}>{t(`tools.${item.tool}.title`)}</td>
              <td className={styles.cell}>{f.dateTime(item.createdAt)}</td>
              {actions ? <td className={styles.cell}>{actions.cell(item)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
