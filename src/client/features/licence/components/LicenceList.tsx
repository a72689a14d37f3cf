import { Badge, makeStyles, shorthands, Tab, TabList, Tag, Text, tokens } from "@fluentui/react-components";
import { KeyMultipleRegular, KeyRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PersonalLicence } from "../../../../contracts/licences";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useGetLicencesQuery } from "../licenceApi";
import { formatDate, visibleCodeEnd } from "../licenceRules";

const useStyles = makeStyles({
  heading: { margin: 0 },
  tabs: { marginBlock: tokens.spacingVerticalM },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
  },
  expired: { backgroundColor: tokens.colorNeutralBackground3 },
  top: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  code: { margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase400, letterSpacing: "0.05em" },
  dates: { color: tokens.colorNeutralForeground2, display: "flex", gap: tokens.spacingHorizontalL, flexWrap: "wrap" },
  chips: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  hidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
});

type Which = "active" | "expired";

/** One personal licence: its masked code, when it started and ends, and what it opens. */
function LicenceItem({ licence }: { licence: PersonalLicence }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("licence");
  const activated = formatDate(licence.activatedAt, i18n.language);
  const ends = formatDate(licence.expiresAt, i18n.language);
  return (
    <li className={licence.isExpired ? `${styles.item} ${styles.expired}` : styles.item}>
      <div className={styles.top}>
        <h3 className={styles.code}>
          {/* Read as "Code ending in 2026", not as a row of asterisks. */}
          <span aria-hidden="true">{licence.code}</span>
          <span className={styles.hidden}>{t("licence.codeEnding", { end: visibleCodeEnd(licence.code) })}</span>
        </h3>
        {licence.isExpired ? (
          <Badge appearance="tint" color="danger">
            {t("licence.expiredBadge")}
          </Badge>
        ) : null}
      </div>
      <Text className={styles.dates}>
        <span>{t("licence.activated", { date: activated })}</span>
        <span>{licence.isExpired ? t("licence.expiredOn", { date: ends }) : t("licence.expires", { date: ends })}</span>
      </Text>
      {licence.publications.length > 0 ? (
        <ul className={styles.chips} aria-label={t("licence.publications")}>
          {licence.publications.map((p) => (
            <li key={p.guid}>
              <Tag appearance="brand" size="small" shape="circular">
                {p.title}
              </Tag>
            </li>
          ))}
        </ul>
      ) : (
        <Text>{t("licence.noPublications")}</Text>
      )}
    </li>
  );
}

function LicencesPanel({ which }: { which: Which }) {
  const styles = useStyles();
  const { t } = useTranslation("licence");
  // currentData, not data: while the other tab's list is fetched, data still holds the previous
  // tab's licences, which would show active licences under "Expired" for a moment.
  const { currentData: data, isFetching, isError, refetch } = useGetLicencesQuery({ expired: which === "expired" });
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return isFetching ? <BusyIndicator label={t("lists.loading")} /> : <ErrorState onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={which === "active" ? <KeyRegular /> : <KeyMultipleRegular />}
        title={t(`lists.${which}Empty.title`)}
        body={t(`lists.${which}Empty.body`)}
      />
    );
  }
  return (
    <ul className={styles.list} aria-label={t(`lists.${which}Label`)}>
      {data.items.map((licence) => (
        <LicenceItem key={licence.guid} licence={licence} />
      ))}
    </ul>
  );
}

/** The caller's licences, Active / Expired. */
export function LicenceList() {
  const styles = useStyles();
  const { t } = useTranslation("licence");
  const [which, setWhich] = useState<Which>("active");
  const headingId = useId();
  const tabId = (w: Which) => `${headingId}-tab-${w}`;
  const panelId = `${headingId}-panel`;
  return (
    <section aria-labelledby={headingId}>
      <Text as="h2" id={headingId} size={500} weight="semibold" className={styles.heading}>
        {t("lists.heading")}
      </Text>
      <TabList
        className={styles.tabs}
        selectedValue={which}
        aria-label={t("lists.tabsLabel")}
        onTabSelect={(_, d) => setWhich(d.value === "expired" ? "expired" : "active")}
      >
        {(["active", "expired"] as const).map((w) => (
          <Tab key={w} id={tabId(w)} value={w} aria-controls={panelId}>
            {t(`lists.${w}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(which)}>
        <LicencesPanel which={which} />
      </div>
    </section>
  );
}
