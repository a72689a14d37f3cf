import { Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { clampSlide, type Slide } from "../slides";
import { useProjectionStyles } from "./projectionStyles";

/** The power (presenter) view's panel: what comes next and how much of the unit is left. */
export function PresenterPanel({ slides, position }: { slides: Slide[]; position: number }) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const at = clampSlide(position, slides.length);
  const current = slides[at];
  const next = slides[at + 1];
  const lessonSlides = current ? slides.filter((s) => s.lessonGuid === current.lessonGuid && s.kind === "item").length : 0;
  const itemSlides = slides.filter((s) => s.kind === "item").length;
  return (
    <aside className={styles.side} aria-labelledby="projection-presenter-title">
      <h2 id="projection-presenter-title" className={styles.sideTitle}>
        {t("presenter.title")}
      </h2>
      <section aria-label={t("presenter.nextLabel")}>
        <Text as="p" weight="semibold">
          {t("presenter.nextLabel")}
        </Text>
        <Text as="p" size={500}>
          {next ? next.title : t("presenter.last")}
        </Text>
      </section>
      <Text as="p">{t("presenter.lessonItems", { count: lessonSlides })}</Text>
      <Text as="p">{t("presenter.unitItems", { count: itemSlides })}</Text>
      <Text as="p">{t("presenter.remaining", { count: Math.max(0, slides.length - at - 1) })}</Text>
    </aside>
  );
}
