import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { LedgerEntry } from "../../../../contracts/gamification";
import { formatIso } from "../../../i18n/format";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { ErrorState } from "../../../ui/States";
import { useGetLedgerInfiniteQuery } from "../gamificationApi";
import { useSectionStyles } from "./sectionStyles";

const useStyles = makeStyles({
  entry: {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr) auto",
    alignItems: "start",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  image: { width: "32px", height: "32px", objectFit: "contain" },
  placeholder: { width: "32px" },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  reason: { fontWeight: tokens.fontWeightSemibold },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  amounts: { display: "flex", flexDirection: "column", alignItems: "end", fontVariantNumeric: "tabular-nums" },
  capped: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1 },
});

function Entry({ entry }: { entry: LedgerEntry }) {
  const { t, i18n } = useTranslation("gamification");
  const styles = useStyles();
  const details = [
    entry.medal?.name,
    entry.kc ? t("ledger.kc", { name: entry.kc.name }) : undefined,
    entry.level !== null ? t("ledger.level", { level: entry.level }) : undefined,
    entry.course ? t("ledger.course", { name: entry.course.name }) : undefined,
  ].filter((d): d is string => Boolean(d));
  return (
    <li className={styles.entry}>
      {entry.medal ? <img className={styles.image} src={entry.medal.imageUrl} alt="" /> : <span className={styles.placeholder} />}
      <span className={styles.text}>
        <span className={styles.reason}>{t(`ledger.reasons.${entry.reason}`)}</span>
        {details.length > 0 ? <span className={styles.small}>{details.join(" · ")}</span> : null}
        {entry.note ? <span>{t("ledger.note", { note: entry.note })}</span> : null}
        <span className={styles.small}>{formatIso(entry.createdAt, i18n.language, { dateStyle: "medium", timeStyle: "short" })}</span>
      </span>
      <span className={styles.amounts}>
        {entry.points !== 0 ? <span>{t("ledger.points", { count: entry.points })}</span> : null}
        {entry.currency !== 0 ? <span>{t("ledger.coins", { count: entry.currency })}</span> : null}
        {entry.capped ? <span className={styles.capped}>{t("ledger.capped")}</span> : null}
      </span>
    </li>
  );
}

/** (4) The achievements: every ledger entry, newest first, a page at a time. */
export function LedgerSection() {
  const { t } = useTranslation("gamification");
  const section = useSectionStyles();
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetLedgerInfiniteQuery();
  const entries = data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className={section.section} aria-labelledby="gamification-ledger">
      <h2 id="gamification-ledger" className={section.heading}>
        {t("ledger.heading")}
      </h2>
      {isLoading ? <BusyIndicator label={t("loading")} /> : null}
      {isError && !data ? <ErrorState onRetry={() => void refetch()} /> : null}
      {data && entries.length === 0 ? <p className={section.muted}>{t("ledger.empty")}</p> : null}
      {entries.length > 0 ? (
        <ul className={mergeClasses(section.list)}>
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ul>
      ) : null}
      {hasNextPage ? (
        <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {t("ledger.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
