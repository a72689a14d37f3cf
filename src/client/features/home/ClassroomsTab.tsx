import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { AddRegular, ClassRegular, KeyRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState } from "../../ui/States";
import { useCourseCreation } from "../classes/useCourseCreation";
import { CardGridSkeleton } from "./CardGridSkeleton";
import { ClassCard } from "./ClassCard";
import { useCardStyles } from "./cardStyles";
import { useGetCoursesQuery } from "./homeApi";
import { NextEventsSlot } from "./NextEventsSlot";

// The class form is big (every setting, reference lists): its own chunk, loaded on first open.
const CourseFormDialog = lazy(() =>
  import(/* webpackChunkName: "course-form-dialog" */ "../classes/CourseFormDialog").then((m) => ({ default: m.CourseFormDialog })),
);
const JoinClassDialog = lazy(() =>
  import(/* webpackChunkName: "join-class-dialog" */ "../classes/JoinClassDialog").then((m) => ({ default: m.JoinClassDialog })),
);

const useStyles = makeStyles({
  actions: { display: "flex", justifyContent: "flex-end", gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  /** The row keeps a medium button's height while the school's flags load, so the cards below do not move. */
  reserved: { minHeight: "32px" },
});

/** "New class" for teachers whose school allows it; "Join a class" for students. */
function ClassroomsActions({ student }: { student: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation("home");
  const { kinds, loading } = useCourseCreation();
  const [open, setOpen] = useState<"create" | "join" | undefined>();
  const canCreate = kinds.length > 0;
  if (!student && !canCreate) {
    return loading ? <div className={mergeClasses(styles.actions, styles.reserved)} data-testid="class-actions-reserved" /> : null;
  }
  return (
    <div className={styles.actions}>
      {student ? (
        <Button icon={<KeyRegular />} onClick={() => setOpen("join")}>
          {t("classrooms.join")}
        </Button>
      ) : (
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setOpen("create")}>
          {t(kinds.includes("class") ? "classrooms.newClass" : "classrooms.newGroup")}
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          {open === "join" ? (
            <JoinClassDialog open onClose={() => setOpen(undefined)} />
          ) : (
            <CourseFormDialog open mode="create" onClose={() => setOpen(undefined)} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}

/** The caller's classes as cards (teachers' default tab; all a student sees). */
export function ClassroomsTab({ student }: { student: boolean }) {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const { data: loaded, isLoading, isError, refetch } = useGetCoursesQuery();
  // The cards render in a background pass that yields to the browser; the skeleton stays until then.
  const data = useDeferredValue(loaded);
  const list = (() => {
    if (isLoading || (loaded && !data)) return <CardGridSkeleton label={t("classrooms.loading")} />;
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
  })();
  return (
    <>
      <ClassroomsActions student={student} />
      {list}
      {/* Once the list is final: the card comes last and moves nothing above it. */}
      {isLoading || (loaded && !data) ? null : <NextEventsSlot />}
    </>
  );
}
