import { Badge, Button, makeStyles, Switch, tokens } from "@fluentui/react-components";
import { DeleteRegular, EditRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { CourseDetail } from "../../../../contracts/course-settings";
import { HOME_PATH } from "../../../app/guards";
import { useAppDispatch } from "../../../app/store";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { courseApi, useArchiveCourseMutation } from "../courseApi";
import { ConfirmDialog } from "./ConfirmDialog";

/** The new-class form in edit mode (features/classes): only loaded when a teacher opens it. */
const CourseFormDialog = lazy(() =>
  import(/* webpackChunkName: "course-form-dialog" */ "../../classes/CourseFormDialog").then((m) => ({ default: m.CourseFormDialog })),
);

const useStyles = makeStyles({
  root: {
    display: "flex",
    alignItems: "center",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalM,
    minHeight: "32px",
  },
  spacer: { flexGrow: 1 },
});

export type CourseToolbarProps = {
  course: CourseDetail;
  studentView: boolean;
  editing: boolean;
  /** Turns the teacher's "view as student" on or off (kept in the URL). */
  onStudentViewChange: (on: boolean) => void;
};

/** Under the header: the caller's role, "View as student", and the teacher's edit and delete actions. */
export function CourseToolbar({ course, studentView, editing, onStudentViewChange }: CourseToolbarProps) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "common"]);
  const navigate = useNavigate();
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const [editOpen, setEditOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [archive, archiving] = useArchiveCourseMutation();

  const onSaved = () => {
    // The settings may have changed who may post in the stream.
    dispatch(courseApi.util.invalidateTags([{ type: "Stream", id: course.guid }, { type: "Members", id: course.guid }]));
  };
  const remove = async () => {
    const result = await archive(course.guid);
    if ("error" in result) return;
    setConfirmDelete(false);
    notify({ intent: "success", title: t("deleteDialog.done", { name: course.name }) });
    navigate(HOME_PATH);
  };
  const roleBadge = course.myRole === "coteacher" || course.myRole === "observer";
  if (!course.canEdit && !roleBadge) return null;

  return (
    <div className={styles.root}>
      {roleBadge ? (
        <Badge appearance="tint" color="informative">
          {t(`course:roles.${course.myRole}`)}
        </Badge>
      ) : null}
      <span className={styles.spacer} />
      {course.canEdit ? (
        <Switch label={t("studentView.toggle")} checked={studentView} onChange={(_, data) => onStudentViewChange(data.checked)} />
      ) : null}
      {editing ? (
        <Button icon={<EditRegular />} onClick={() => setEditOpen(true)}>
          {t("actions.edit")}
        </Button>
      ) : null}
      {editing && course.canManageTeachers ? (
        <Button icon={<DeleteRegular />} onClick={() => setConfirmDelete(true)}>
          {t("actions.delete")}
        </Button>
      ) : null}
      {editOpen ? (
        <Suspense fallback={null}>
          <CourseFormDialog open={editOpen} onClose={() => setEditOpen(false)} mode="edit" course={course} onSaved={onSaved} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={t("deleteDialog.title", { name: course.name })}
        body={t("deleteDialog.body")}
        confirmLabel={t("deleteDialog.confirm")}
        busy={archiving.isLoading}
        error={archiving.error ? errorMessage(t, archiving.error) : undefined}
        onConfirm={() => void remove()}
        onCancel={() => {
          archiving.reset();
          setConfirmDelete(false);
        }}
      />
    </div>
  );
}
