import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router-dom";
import { ClassKeyCard } from "../components/ClassKeyCard";
import { MembersPanel } from "../components/MembersPanel";
import { PublicationsPanel } from "../components/PublicationsPanel";
import { StreamPanel } from "../components/StreamPanel";
import { useGetStreamInfiniteQuery } from "../courseApi";
import { STUDENT_VIEW, useCourseContext, VIEW_PARAM } from "../courseContext";
import { courseTabOf, courseTabPath, TAB_PARAM } from "../courseTabs";

// Practice (issue 15): a student's cards and lessons to revisit for this class, the teachers' practice sets; loaded with the panel.
const RecommendationCards = lazy(() =>
  import(/* webpackChunkName: "practice-cards" */ "../../practice/RecommendationCards").then((m) => ({ default: m.RecommendationCards })),
);
const UnitRecommendationsCard = lazy(() =>
  import(/* webpackChunkName: "practice-cards" */ "../../practice/UnitRecommendationsCard").then((m) => ({ default: m.UnitRecommendationsCard })),
);
const PracticeSetsPanel = lazy(() =>
  import(/* webpackChunkName: "practice-sets" */ "../../practice/PracticeSetsPanel").then((m) => ({ default: m.PracticeSetsPanel })),
);

// Gamification (issue 18): the class's ranking mode, ranking and medals by hand, for its teachers; loaded only when the class has it on.
const ClassGamificationPanel = lazy(() =>
  import(/* webpackChunkName: "gamification-class" */ "../../gamification/ClassGamificationPanel").then((m) => ({ default: m.ClassGamificationPanel })),
);

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(280px, 360px)",
    gap: tokens.spacingHorizontalXL,
    alignItems: "start",
    "@media (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  side: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, minWidth: 0 },
  /**
   * One column (phones, narrow panes): the side panels sit under the stream. Shown before the
   * stream's posts, they would be pushed down the screen when the posts arrive (a 0.12 layout
   * shift); they appear with the posts instead, below them.
   */
  sideAfterStream: { "@media (max-width: 900px)": { display: "none" } },
});

/**
 * The class home (/course/:guid): the stream, and beside it the class key (teachers), the people
 * and the publications. "View as student" hides every editing control and the key. With
 * `?tab=<name>` (a Teams class tab's URL) it hands over to that tab's route.
 */
export function CourseHomePage() {
  const { course } = useCourseContext();
  const [params] = useSearchParams();
  // `?tab=program` (a Teams class tab's URL) opens that tab instead of the stream; other parameters stay.
  const tab = courseTabOf(params.get(TAB_PARAM));
  if (tab && tab !== "stream") {
    const rest = new URLSearchParams(params);
    rest.delete(TAB_PARAM);
    const query = rest.toString();
    return <Navigate replace to={{ pathname: courseTabPath(course.guid, tab), search: query ? `?${query}` : "" }} />;
  }
  return <CourseHome />;
}

function CourseHome() {
  const styles = useStyles();
  const { t } = useTranslation("course");
  const { course, studentView, editing } = useCourseContext();
  // The same subscription as StreamPanel's; deferred like its posts, so both show in the same pass.
  const { streamLoading, streamLoaded } = useGetStreamInfiniteQuery(course.guid, {
    selectFromResult: ({ data, isLoading }) => ({ streamLoading: isLoading, streamLoaded: data !== undefined }),
  });
  const streamShown = useDeferredValue(streamLoaded);
  const streamPending = streamLoading || (streamLoaded && !streamShown);
  const search = course.canEdit && studentView ? `?${VIEW_PARAM}=${STUDENT_VIEW}` : "";
  return (
    <div className={styles.grid}>
      <StreamPanel course={course} studentView={studentView} />
      <aside className={mergeClasses(styles.side, streamPending && styles.sideAfterStream)} aria-label={t("side.label")}>
        {editing ? <ClassKeyCard course={course} /> : null}
        <MembersPanel course={course} editing={editing} />
        <PublicationsPanel course={course} search={search} />
        {course.myRole === "student" ? (
          <Suspense fallback={null}>
            <RecommendationCards courseGuid={course.guid} headingLevel={2} />
            <UnitRecommendationsCard courseGuid={course.guid} headingLevel={2} />
          </Suspense>
        ) : editing ? (
          <Suspense fallback={null}>
            <PracticeSetsPanel courseGuid={course.guid} />
          </Suspense>
        ) : null}
        {editing && course.editionGamified && course.settings.gamification ? (
          <Suspense fallback={null}>
            <ClassGamificationPanel courseGuid={course.guid} />
          </Suspense>
        ) : null}
      </aside>
    </div>
  );
}
