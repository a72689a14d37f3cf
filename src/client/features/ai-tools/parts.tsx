import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, tokens } from "@fluentui/react-components";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatIso, numberFormat } from "../../i18n/format";
import { errorMessage } from "../../ui/errors";

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
