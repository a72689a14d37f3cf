import { Button, Spinner } from "@fluentui/react-components";
import { ArrowLeftRegular, ClipboardTaskRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { KanbanStudentPlacement, KanbanTaskOverview, KanbanTeacherBoard } from "../../../contracts/kanban-base";
import { EmptyState, ErrorState } from "../../ui/States";
import { SelectField } from "../../ui/Select";
import { ContentTypeIcon } from "../lesson/components/ContentTypeIcon";
import { AddCardForm } from "./AddCardForm";
import { useGetStudentKanbanQuery } from "./kanbanApi";
import { KanbanBoard } from "./KanbanBoard";
import { TaskMarks, useDueText } from "./KanbanCardView";
import { columnLabelKey } from "./kanbanRules";
import { useKanbanStyles } from "./kanbanStyles";

export type TeacherKanbanProps = {
  data: KanbanTeacherBoard;
  studentGuid: string | undefined;
  onChooseStudent: (guid: string | undefined) => void;
};

/** Every student who appears on the overview, once, by name. */
function studentsOf(tasks: readonly KanbanTaskOverview[]): Array<{ guid: string; name: string }> {
  const byGuid = new Map<string, string>();
  for (const task of tasks) for (const col of task.columns) for (const s of col.students) byGuid.set(s.guid, s.name);
  return [...byGuid].map(([guid, name]) => ({ guid, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The teacher's board of a lesson (ADR 0032): where the class is on each task (how many students
 * in each column, and who, with their state and late marks), a student's own board read-only
 * ("view as a student"), and the teacher's own notes on the lesson, movable like a student's cards.
 */
export function TeacherKanban({ data, studentGuid, onChooseStudent }: TeacherKanbanProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const overviewId = useId();
  const notesId = useId();
  const students = studentsOf(data.tasks);
  const ref = { courseGuid: data.course.guid, lessonGuid: data.lesson.guid };

  return (
    <>
      {students.length > 0 ? (
        <div className={styles.picker}>
          <SelectField
            label={t("teacher.viewAs")}
            placeholder={t("teacher.chooseStudent")}
            value={studentGuid ?? ""}
            onChange={(value) => onChooseStudent(value || undefined)}
            options={students.map((s) => ({ value: s.guid, label: s.name }))}
          />
        </div>
      ) : null}
      {studentGuid ? (
        <StudentBoardView courseGuid={ref.courseGuid} lessonGuid={ref.lessonGuid} studentGuid={studentGuid} onClose={() => onChooseStudent(undefined)} />
      ) : (
        <section className={styles.section} aria-labelledby={overviewId}>
          <h3 id={overviewId} className={styles.sectionTitle}>
            {t("teacher.overviewTitle")}
          </h3>
          <p className={styles.muted}>{t("teacher.overviewHint")}</p>
          {data.tasks.length === 0 ? (
            <EmptyState icon={<ClipboardTaskRegular />} title={t("teacher.noTasks")} body={t("teacher.noTasksBody")} />
          ) : (
            data.tasks.map((task) => <TaskOverview key={task.itemGuid} task={task} onChooseStudent={onChooseStudent} />)
          )}
        </section>
      )}
      <section className={styles.section} aria-labelledby={notesId}>
        <h3 id={notesId} className={styles.sectionTitle}>
          {t("teacher.myCards")}
        </h3>
        <p className={styles.muted}>{t("teacher.myCardsHint")}</p>
        <AddCardForm board={ref} />
        <KanbanBoard board={data.board} label={t("teacher.myCards")} headingLevel={4} />
      </section>
    </>
  );
}

function TaskOverview({ task, onChooseStudent }: { task: KanbanTaskOverview; onChooseStudent: (guid: string) => void }) {
  const styles = useKanbanStyles();
  const { t } = useTranslation(["kanban", "lesson"]);
  const dueText = useDueText();
  const headingId = useId();
  return (
    <article className={styles.task} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.taskTitle}>
        <ContentTypeIcon type={task.contentType} />
        {task.title}
      </h4>
      <p className={styles.cardMeta}>
        <span>{t(`lesson:types.${task.contentType}`)}</span>
        <span>·</span>
        <span>{dueText(task.dueAt)}</span>
        <span>·</span>
        <span>{t("teacher.total", { count: task.total })}</span>
      </p>
      <div className={styles.placements}>
        {task.columns.map((col) => (
          <Placement key={col.column} label={t(columnLabelKey(col.column))} count={col.count} students={col.students} onChooseStudent={onChooseStudent} />
        ))}
      </div>
    </article>
  );
}

type PlacementProps = { label: string; count: number; students: KanbanStudentPlacement[]; onChooseStudent: (guid: string) => void };

/** One column of one task: how many students, and who. */
function Placement({ label, count, students, onChooseStudent }: PlacementProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const headingId = useId();
  return (
    <div className={styles.placement} role="group" aria-labelledby={headingId}>
      <h5 id={headingId} className={styles.placementTitle}>
        <span>{label}</span>
        <span className={styles.count}>{t("teacher.total", { count })}</span>
      </h5>
      {students.length === 0 ? (
        <p className={styles.empty}>{t("teacher.nobody")}</p>
      ) : (
        <ul className={styles.students}>
          {students.map((s) => (
            <li key={s.guid} className={styles.student}>
              <Button appearance="transparent" size="small" onClick={() => onChooseStudent(s.guid)} aria-label={t("teacher.viewBoard", { name: s.name })}>
                {s.name}
              </Button>
              <TaskMarks state={s.state} late={s.late} overdue={s.overdue} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type StudentBoardViewProps = { courseGuid: string; lessonGuid: string; studentGuid: string; onClose: () => void };

/** "View as a student": that student's board of the lesson, read-only (their notes stay theirs). */
function StudentBoardView({ courseGuid, lessonGuid, studentGuid, onClose }: StudentBoardViewProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const headingId = useId();
  const { data, isLoading, isFetching, refetch } = useGetStudentKanbanQuery({ courseGuid, lessonGuid, studentGuid });
  const back = (
    <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={onClose}>
      {t("teacher.closeStudent")}
    </Button>
  );
  if (isLoading || (isFetching && data?.student.guid !== studentGuid)) return <Spinner label={t("loading")} />;
  if (!data) {
    return (
      <div className={styles.section}>
        {back}
        <ErrorState onRetry={() => void refetch()} message={t("teacher.studentUnavailable")} />
      </div>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.sectionTitle}>
          {t("teacher.studentBoard", { name: data.student.name })}
        </h3>
        {back}
      </div>
      <p className={styles.muted}>{t("teacher.studentBoardHint", { name: data.student.name })}</p>
      <KanbanBoard board={data.board} label={t("teacher.studentBoard", { name: data.student.name })} headingLevel={4} />
    </section>
  );
}
