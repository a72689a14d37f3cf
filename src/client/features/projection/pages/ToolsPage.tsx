import { makeStyles, mergeClasses, Spinner, Text, tokens } from "@fluentui/react-components";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { errorKeyOf } from "../../../app/apiResult";
import { EmptyState, ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useGetProjectionCourseQuery, useGetProjectionMembersQuery } from "../projectionApi";
import { GroupMaker } from "../tools/GroupMaker";
import { StudentPicker, type ToolStudent } from "../tools/StudentPicker";
import { Timer } from "../tools/Timer";

const useStyles = makeStyles({
  root: {
    minHeight: "100dvh",
    boxSizing: "border-box",
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 26rem), 1fr))", gap: tokens.spacingHorizontalXL },
  card: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  wide: { gridColumn: "1 / -1" },
});

const isTeacherRole = (role: string | undefined) => role === "teacher" || role === "coteacher";

/** /tools/{courseProjectGuid}: classroom tools for the projected class (teachers only): timer, random student, groups. */
export function ToolsPage() {
  const { courseProjectGuid = "" } = useParams();
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const members = useGetProjectionMembersQuery(courseProjectGuid);
  const course = useGetProjectionCourseQuery(courseProjectGuid);
  const students = useMemo<ToolStudent[]>(
    () =>
      (members.data?.items ?? [])
        .filter((m) => m.role === "student")
        .map((m) => ({ guid: m.guid, name: `${m.firstName} ${m.lastName}`.trim() })),
    [members.data],
  );

  if (members.isLoading) {
    return (
      <main className={styles.root}>
        <Spinner label={t("loading")} />
      </main>
    );
  }
  const notAvailable = (members.error && ["NOT_FOUND", "FORBIDDEN"].includes(errorKeyOf(members.error))) || (members.data && !isTeacherRole(members.data.myRole));
  if (notAvailable) {
    return (
      <main className={styles.root}>
        <EmptyState title={t("errors:PAGE_NOT_AVAILABLE")} body={t("tools.teachersOnly")} />
      </main>
    );
  }
  if (members.error || !members.data) {
    return (
      <main className={styles.root}>
        <ErrorState message={errorMessage(t, members.error)} onRetry={() => void members.refetch()} />
      </main>
    );
  }

  return (
    <main className={styles.root}>
      <header>
        <h1 className={styles.heading}>{t("tools.title")}</h1>
        {course.data ? <Text size={500}>{course.data.name}</Text> : null}
      </header>
      <div className={styles.grid}>
        <div className={styles.card}>
          <Timer />
        </div>
        <div className={styles.card}>
          <StudentPicker students={students} />
        </div>
        <div className={mergeClasses(styles.card, styles.wide)}>
          <GroupMaker students={students} />
        </div>
      </div>
    </main>
  );
}
