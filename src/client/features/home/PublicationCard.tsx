import { Badge, Text } from "@fluentui/react-components";
import { BookOpenRegular, KeyRegular, LayerRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { ContentCard } from "../../../contracts/contents";
import type { PublicationKind } from "../../../contracts/courses";
import type { DisciplineCode } from "../../../contracts/reference";
import { useCardStyles } from "./cardStyles";

/** What a card shows: a publication from the Programs list or a book search result. */
export type PublicationCardView = {
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
  title: c.name,
  kind: c.kind,
  coverUrl: c.coverUrl,
  discipline: c.discipline,
  educationYear: c.educationYear,
  unitCount: c.unitCount,
  access: c.access,
});

/** One program or book on the Programs tab: title, year and subject, kind, units, licensed or not. */
export function PublicationCard({ publication }: { publication: PublicationCardView }) {
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
