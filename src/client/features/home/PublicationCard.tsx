import { Badge, Text } from "@fluentui/react-components";
import { BookOpenRegular, KeyRegular, LayerRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ContentCard } from "../../../contracts/contents";
import type { PublicationKind } from "../../../contracts/courses";
import type { DisciplineCode } from "../../../contracts/reference";
import { useCardStyles } from "./cardStyles";
import { educationName } from "../../i18n/education";

/** What a card shows: a publication from the Programs list or a book search result. */
export type PublicationCardView = {
  /** The publication: its card opens its preview (/publication/{guid}). */
  guid: string;
  title: string;
  kind: PublicationKind;
  coverUrl: string | null;
  discipline: DisciplineCode | null;
  educationYear: string | null;
  unitCount: number;
  /** Only search results say it; "licensed" ones need a licence (they get a badge). */
  access?: ContentCard["access"];
};

/** A book search result as a card. */
export const contentCardView = (c: ContentCard): PublicationCardView => ({
  guid: c.guid,
  title: c.name,
  kind: c.kind,
  coverUrl: c.coverUrl,
  discipline: c.discipline,
  educationYear: c.educationYear,
  unitCount: c.unitCount,
  access: c.access,
});

/** One program or book on the Programs tab: title, year and subject, kind, units, licensed or not; opens its preview. */
export function PublicationCard({ publication }: { publication: PublicationCardView }) {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const meta = [educationName(publication.educationYear, t), publication.discipline ? t(`disciplines.${publication.discipline}`) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <article className={styles.card}>
      {publication.coverUrl ? <img className={styles.cover} src={publication.coverUrl} alt="" /> : null}
      <div className={styles.body}>
        <h2 className={styles.title}>
          {/* The whole card opens the preview: units, lessons and contents before adding it to a class. */}
          <Link to={`/publication/${publication.guid}`} className={styles.stretchedLink}>
            {publication.title}
          </Link>
        </h2>
        {meta ? <Text className={styles.meta}>{meta}</Text> : null}
        <div className={styles.footer}>
          <Badge
            appearance="tint"
            color={publication.kind === "program" ? "brand" : "informative"}
            icon={publication.kind === "program" ? <LayerRegular /> : <BookOpenRegular />}
          >
            {t(`publication.kinds.${publication.kind}`)}
          </Badge>
          {publication.access === "licensed" ? (
            <Badge appearance="outline" color="important" icon={<KeyRegular />}>
              {t("search.licensed")}
            </Badge>
          ) : null}
          <Text size={200}>{t("publication.units", { count: publication.unitCount })}</Text>
        </div>
      </div>
    </article>
  );
}
