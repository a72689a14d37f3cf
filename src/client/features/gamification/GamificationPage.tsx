import { makeStyles, tokens } from "@fluentui/react-components";
import { TrophyRegular } from "@fluentui/react-icons";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useEdition } from "../../app/publicData";
import { useAppSelector } from "../../app/store";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../ui/States";
import { selectCurrentUser } from "../auth/authSlice";
import { useGetGamificationProfileQuery } from "./gamificationApi";
import { isGamifiedStudent } from "./gamificationSocket";
import { LedgerSection } from "./sections/LedgerSection";
import { LevelSection } from "./sections/LevelSection";
import { MedalsSection } from "./sections/MedalsSection";
import { RankingSection } from "./sections/RankingSection";
import { ShopSection } from "./sections/ShopSection";

const useStyles = makeStyles({
  // The bought theme colours the banner (a band above the sections); the text stays on the page's background.
  banner: { height: "8px", borderRadius: tokens.borderRadiusCircular, backgroundColor: `var(--gamification-theme, ${tokens.colorBrandBackground})` },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalL,
    "@media (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  wide: { gridColumn: "1 / -1" },
});

/** /gamification (issue 18): a gamified student's level, medals, class ranking, achievements and shop. */
export function GamificationPage() {
  const { t } = useTranslation("gamification");
  const styles = useStyles();
  const user = useAppSelector(selectCurrentUser);
  const { data: edition } = useEdition();
  const allowed = isGamifiedStudent(user, edition);
  const { data: profile, isLoading, isError, refetch } = useGetGamificationProfileQuery(undefined, { skip: !allowed });

  let body;
  if (!allowed || (profile && !profile.enabled)) body = <EmptyState icon={<TrophyRegular />} title={t("title")} body={t("disabled")} />;
  else if (isLoading) body = <BusyIndicator label={t("loading")} />;
  else if (!profile) body = isError ? <ErrorState onRetry={() => void refetch()} /> : null;
  else
    body = (
      <>
        <div className={styles.banner} aria-hidden />
        <div className={styles.grid}>
          <LevelSection profile={profile} />
          <RankingSection />
          <div className={styles.wide}>
            <MedalsSection medals={profile.medals} />
          </div>
          <LedgerSection />
          <ShopSection />
        </div>
      </>
    );
  const theme = profile?.equippedColours.theme;
  return (
    <div style={theme ? ({ "--gamification-theme": theme } as CSSProperties) : undefined}>
      <AppPageHeader subtitle={t("subtitle")} />
      {body}
    </div>
  );
}
