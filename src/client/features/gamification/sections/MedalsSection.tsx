import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { LockClosedRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { MedalView } from "../../../../contracts/gamification";
import { formatIso } from "../../../i18n/format";
import { useSectionStyles } from "./sectionStyles";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))", gap: tokens.spacingHorizontalM },
  medal: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    textAlign: "center",
  },
  image: { width: "64px", height: "64px", objectFit: "contain" },
  // Greyed, with the word "Locked" (colour is never the only sign).
  lockedImage: { filter: "grayscale(1)", opacity: 0.5 },
  name: { fontWeight: tokens.fontWeightSemibold },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  lock: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXXS, fontSize: tokens.fontSizeBase200 },
});

/** (2) Every medal of the edition: unlocked with its date, locked greyed with its progress. */
export function MedalsSection({ medals }: { medals: MedalView[] }) {
  const { t, i18n } = useTranslation("gamification");
  const section = useSectionStyles();
  const styles = useStyles();
  return (
    <section className={section.section} aria-labelledby="gamification-medals">
      <h2 id="gamification-medals" className={section.heading}>
        {t("medals.heading")}
      </h2>
      {medals.length === 0 ? (
        <p className={section.muted}>{t("medals.empty")}</p>
      ) : (
        <ul className={mergeClasses(section.list, styles.grid)}>
          {medals.map((m) => {
            const progress = Math.min(m.progress, m.count);
            const label = m.unlocked ? t("medals.nameUnlocked", { name: m.name }) : t("medals.nameLocked", { name: m.name, progress, count: m.count });
            return (
              <li key={m.id} className={styles.medal} aria-label={label} data-locked={!m.unlocked || undefined}>
                <img className={mergeClasses(styles.image, !m.unlocked && styles.lockedImage)} src={m.imageUrl} alt="" />
                <span className={styles.name}>{m.name}</span>
                <span className={styles.small}>{m.description}</span>
                {m.unlocked ? (
                  m.unlockedAt ? (
                    <span className={styles.small}>{t("medals.unlockedAt", { date: formatIso(m.unlockedAt, i18n.language, { dateStyle: "medium" }) })}</span>
                  ) : null
                ) : (
                  <>
                    <span className={styles.lock}>
                      <LockClosedRegular aria-hidden />
                      {t("medals.locked")}
                    </span>
                    <span className={styles.small}>{t("medals.progress", { progress, count: m.count })}</span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
