import { Badge, Text } from "@fluentui/react-components";
import { BookOpenRegular, LayerRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { PublicationCard as Publication } from "../../../contracts/courses";
import { useCardStyles } from "./cardStyles";

/** One program or book on the Programs tab: title, kind and how many units it has. */
export function PublicationCard({ publication }: { publication: Publication }) {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const meta = [publication.educationYear, publication.discipline ? t(`disciplines.${publication.discipline}`) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <article className={styles.card}>
      {publication.coverUrl ? <img className={styles.cover} src={publication.coverUrl} alt="" /> : null}
      <div className={styles.body}>
        <h2 className={styles.title}>{publication.title}</h2>
        {meta ? <Text className={styles.meta}>{meta}</Text> : null}
        <div className={styles.footer}>
          <Badge
            appearance="tint"
            color={publication.kind === "program" ? "brand" : "informative"}
            icon={publication.kind === "program" ? <LayerRegular /> : <BookOpenRegular />}
          >
            {t(`publication.kinds.${publication.kind}`)}
          </Badge>
          <Text size={200}>{t("publication.units", { count: publication.unitCount })}</Text>
        </div>
      </div>
    </article>
  );
}
