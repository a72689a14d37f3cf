import { Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { FactList } from "../../ui/FactList";
import { useGetGamificationProfileQuery } from "./gamificationApi";

/** The profile's gamification facts (a gamified student's): level, points and coins, and the way to the full screen. */
export function ProfileGamification() {
  const { t } = useTranslation("gamification");
  const { data: profile } = useGetGamificationProfileQuery();
  if (!profile?.enabled) return null;
  return (
    <section aria-labelledby="profile-gamification">
      <Text as="h3" id="profile-gamification" size={400} weight="semibold">
        {t("profile.heading")}
      </Text>
      <FactList
        facts={[
          [t("profile.level"), String(profile.level.order)],
          [t("profile.points"), String(profile.points)],
          [t("profile.coins"), String(profile.currency)],
        ]}
      />
      <Link to="/gamification">{t("profile.open")}</Link>
    </section>
  );
}
