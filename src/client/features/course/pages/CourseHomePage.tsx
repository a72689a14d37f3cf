import { makeStyles, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router-dom";
import { ClassKeyCard } from "../components/ClassKeyCard";
import { MembersPanel } from "../components/MembersPanel";
import { PublicationsPanel } from "../components/PublicationsPanel";
import { StreamPanel } from "../components/StreamPanel";
import { STUDENT_VIEW, useCourseContext, VIEW_PARAM } from "../courseContext";
import { courseTabOf, courseTabPath, TAB_PARAM } from "../courseTabs";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(280px, 360px)",
    gap: tokens.spacingHorizontalXL,
    alignItems: "start",
    "@media (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  side: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * The class home (/course/:guid): the stream, and beside it the class key (teachers), the people
 * and the publications. "View as student" hides every editing control and the key. With
 * `?tab=<name>` (a Teams class tab's URL) it hands over to that tab's route.
 */
export function CourseHomePage() {
  const styles = useStyles();
  const { t } = useTranslation("course");
  const { course, studentView, editing } = useCourseContext();
  const [params] = useSearchParams();
  const search = course.canEdit && studentView ? `?${VIEW_PARAM}=${STUDENT_VIEW}` : "";
  // `?tab=program` (a Teams class tab's URL) opens that tab instead of the stream; other parameters stay.
  const tab = courseTabOf(params.get(TAB_PARAM));
  if (tab && tab !== "stream") {
    const rest = new URLSearchParams(params);
    rest.delete(TAB_PARAM);
    const query = rest.toString();
    return <Navigate replace to={{ pathname: courseTabPath(course.guid, tab), search: query ? `?${query}` : "" }} />;
  }
  return (
    <div className={styles.grid}>
      <StreamPanel course={course} studentView={studentView} />
      <aside className={styles.side} aria-label={t("side.label")}>
        {editing ? <ClassKeyCard course={course} /> : null}
        <MembersPanel course={course} editing={editing} />
        <PublicationsPanel course={course} search={search} />
      </aside>
    </div>
  );
}
