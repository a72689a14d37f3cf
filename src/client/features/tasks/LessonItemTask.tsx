import { Badge, Button } from "@fluentui/react-components";
import { TaskListAddRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Task } from "../../../contracts/tasks";
import { useGetLessonTasksQuery } from "./tasksApi";
import { formatDue } from "./taskTabs";

/*
 * What the lesson page shows editors about tasks (its own chunk, "lesson-tasks", loaded only for
 * editors after the list painted): an "Assigned · due …" badge on assigned items and the Assign
 * action. The dialog is one more chunk, loaded when Assign is pressed.
 */
const AssignTaskDialog = lazy(() => import(/* webpackChunkName: "tasks-assign" */ "./AssignTaskDialog").then((m) => ({ default: m.AssignTaskDialog })));

export type LessonItemRef = { guid: string; title: string; courseGuid: string; lessonGuid: string };

/** The item's current assignment (an unassigned one counts as none). */
function useItemTask(item: LessonItemRef): Task | undefined {
  const { data } = useGetLessonTasksQuery({ courseGuid: item.courseGuid, lessonGuid: item.lessonGuid });
  return data?.items.find((task) => task.item.guid === item.guid && !task.removed);
}

export function LessonItemTaskBadge({ item }: { item: LessonItemRef }) {
  const { t, i18n } = useTranslation("lesson");
  const task = useItemTask(item);
  if (!task) return null;
  return (
    <Badge appearance="tint" color="brand">
      {task.dueAt ? t("itemTask.badgeDue", { date: formatDue(task.dueAt, i18n.language) }) : t("itemTask.badge")}
    </Badge>
  );
}

export function LessonItemAssignButton({ item }: { item: LessonItemRef }) {
  const { t } = useTranslation("lesson");
  const task = useItemTask(item);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<TaskListAddRegular />}
        aria-label={t(task ? "itemTask.editLabel" : "itemTask.actionLabel", { title: item.title })}
        onClick={() => setOpen(true)}
      >
        {t("itemTask.action")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AssignTaskDialog courseGuid={item.courseGuid} lessonGuid={item.lessonGuid} item={item} task={task} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
