import { BookOpenRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState } from "../../ui/States";
import { CardGridSkeleton } from "./CardGridSkeleton";
import { useCardStyles } from "./cardStyles";
import { useGetPublicationsQuery } from "./homeApi";
import { PublicationCard } from "./PublicationCard";

/** The Programs tab (id "library"): publications available to the teacher. */
export function ProgramsTab() {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const { data, isLoading, isError, refetch } = useGetPublicationsQuery();
  if (isLoading) return <CardGridSkeleton label={t("programs.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return <EmptyState icon={<BookOpenRegular />} title={t("programs.empty.title")} body={t("programs.empty.body")} />;
  }
  return (
    <ul className={styles.grid} aria-label={t("programs.listLabel")}>
      {data.items.map((p) => (
        <li key={p.guid}>
          <PublicationCard publication={p} />
        </li>
      ))}
    </ul>
  );
}
