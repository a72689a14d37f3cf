import { Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { GamificationProfile } from "../../../../contracts/gamification";
import { LabeledProgress } from "../../../ui/ProgressBar";
import { useSectionStyles } from "./sectionStyles";

/** (1) The level: its order, the points, the bar to the next threshold, and the coins. */
export function LevelSection({ profile }: { profile: GamificationProfile }) {
  const { t } = useTranslation("gamification");
  const styles = useSectionStyles();
  const { level, points, currency } = profile;
  const next = level.nextThreshold;
  return (
    <section className={styles.section} aria-labelledby="gamification-level">
      <h2 id="gamification-level" className={styles.heading}>
        {t("level.heading")}
      </h2>
      <Text size={600} weight="semibold">
        {t("level.current", { level: level.order })}
      </Text>
      <Text>{t("level.points", { count: points })}</Text>
      {next !== null ? (
        <LabeledProgress
          label={t("level.progress", { level: level.order + 1 })}
          value={Math.max(0, points - level.threshold)}
          max={Math.max(1, next - level.threshold)}
          hint={t("level.progressHint", { points, next })}
        />
      ) : (
        <Text className={styles.muted}>{t("level.max")}</Text>
      )}
      <Text>
        {t("level.coins")}: <strong>{t("level.coinsValue", { count: currency })}</strong>
      </Text>
    </section>
  );
}
