import { Badge, Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowClockwiseRegular, CheckmarkCircleRegular, CircleRegular, ErrorCircleRegular, WarningRegular } from "@fluentui/react-icons";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AnalyticsStudent, LessonStatus } from "../../../contracts/analytics-base";
import { DEFAULT_LANGUAGE } from "../../../contracts/constants";
import { formatIso, listFormat, numberFormat } from "../../i18n/format";
import { errorMessage } from "../../ui/errors";

export const useAnalyticsStyles = makeStyles({
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
  scroller: { overflowX: "auto", maxWidth: "100%", marginBottom: tokens.spacingVerticalL },
  table: { borderCollapse: "collapse", minWidth: "100%", fontSize: tokens.fontSizeBase300 },
  caption: { captionSide: "top", textAlign: "start", fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, paddingBottom: tokens.spacingVerticalS },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    textAlign: "end",
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
  },
  head: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold, textAlign: "start" },
  rowHead: { textAlign: "start", fontWeight: tokens.fontWeightRegular, whiteSpace: "normal", minWidth: "12rem" },
  muted: { color: tokens.colorNeutralForeground2, display: "block", fontSize: tokens.fontSizeBase200 },
  section: { marginBottom: tokens.spacingVerticalXXL },
  sectionTitle: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: `0 0 ${tokens.spacingVerticalM}` },
  error: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL },
});

/** The numbers of the analytics pages in the reader's language. */
export function useAnalyticsFormat() {
  const { i18n } = useTranslation("analytics");
  const language = i18n.language;
  return useMemo(() => {
    const percent = numberFormat(language, { style: "percent", maximumFractionDigits: 0 });
    const probability = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const integer = numberFormat(language, { maximumFractionDigits: 0 });
    const list = listFormat(language, { style: "long", type: "conjunction" });
    return {
      dateTime: (iso: string) => formatIso(iso, language, { dateStyle: "medium", timeStyle: "short" }),
      list: (items: readonly string[]) => list.format(items),
      percent: (x: number) => percent.format(x),
      /** P(L) and recall, 0..1, with two decimals ("0,98"). */
      probability: (x: number) => probability.format(x),
      integer: (n: number) => integer.format(n),
      kcName: (names: Record<string, string>, code: string) => names[language] ?? names[DEFAULT_LANGUAGE] ?? code,
    };
  }, [language]);
}

export const studentNameOf = (s: Pick<AnalyticsStudent, "firstName" | "lastName"> | undefined): string => (s ? `${s.firstName} ${s.lastName}`.trim() : "");

const STATUS_LOOK = {
  on_track: { color: "success", icon: <CheckmarkCircleRegular /> },
  at_risk: { color: "warning", icon: <WarningRegular /> },
  alert: { color: "danger", icon: <ErrorCircleRegular /> },
} as const;

/** A lesson status as icon and words (never colour alone); null: nobody has practised it yet. */
export function StatusBadge({ status }: { status: LessonStatus | null }) {
  const { t } = useTranslation("analytics");
  if (status === null) {
    return (
      <Badge appearance="outline" color="informative" icon={<CircleRegular />}>
        {t("status.none")}
      </Badge>
    );
  }
  const look = STATUS_LOOK[status];
  return (
    <Badge appearance="tint" color={look.color} icon={look.icon}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Spec: 'Error loading analytics: {error}' with a Retry. */
export function AnalyticsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const styles = useAnalyticsStyles();
  const { t } = useTranslation(["analytics", "errors", "common"]);
  return (
    <div className={styles.error} role="alert">
      <Text as="p" weight="semibold">
        {t("analytics:error.load", { error: errorMessage(t, error) })}
      </Text>
      <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        {t("common:actions.retry")}
      </Button>
    </div>
  );
}
