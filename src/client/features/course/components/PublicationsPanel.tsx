import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { BookRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CourseDetail } from "../../../../contracts/course-settings";
import { Panel } from "./Panel";

const useStyles = makeStyles({
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  item: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  icon: { flexShrink: 0, fontSize: "20px", color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  link: { color: tokens.colorBrandForegroundLink, ":hover": { color: tokens.colorBrandForegroundLinkHover } },
});

/** The class's books and programs, each leading to the class's program. */
export function PublicationsPanel({ course, search }: { course: CourseDetail; search: string }) {
  const styles = useStyles();
  const { t } = useTranslation("course");
  const to = { pathname: `/course/${course.guid}/program`, search };
  return (
    <Panel title={t("publications.title")}>
      {course.publications.length === 0 ? (
        <Text as="p" className={styles.muted}>
          {t(course.canEdit ? "publications.emptyTeacher" : "publications.empty")}
        </Text>
      ) : (
        <ul className={styles.list}>
          {course.publications.map((publication) => (
            <li key={publication.guid} className={styles.item}>
              <BookRegular className={styles.icon} aria-hidden="true" />
              <Link to={to} className={styles.link}>
                {publication.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {course.publications.length > 0 ? (
        <Text as="p" size={200} className={styles.muted}>
          {t("publications.hint")}
        </Text>
      ) : null}
    </Panel>
  );
}
