import { ClassRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState } from "../../ui/States";
import { CardGridSkeleton } from "./CardGridSkeleton";
import { ClassCard } from "./ClassCard";
import { useCardStyles } from "./cardStyles";
import { useGetCoursesQuery } from "./homeApi";

/** The caller's classes as cards (teachers' default tab; all a student sees). */
export function ClassroomsTab({ student }: { student: boolean }) {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const { data, isLoading, isError, refetch } = useGetCoursesQuery();
  if (isLoading) return <CardGridSkeleton label={t("classrooms.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={<ClassRegular />}
        title={t("classrooms.empty.title")}
        body={t(student ? "classrooms.empty.studentBody" : "classrooms.empty.teacherBody")}
      />
    );
  }
  return (
    <ul className={styles.grid} aria-label={t("classrooms.listLabel")}>
      {data.items.map((course) => (
        <li key={course.guid}>
          <ClassCard course={course} />
        </li>
      ))}
    </ul>
  );
}
