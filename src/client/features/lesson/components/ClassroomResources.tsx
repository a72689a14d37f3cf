import { Badge, Button, Spinner, Switch } from "@fluentui/react-components";
import {
  ArrowDownRegular,
  ArrowUploadRegular,
  ArrowUpRegular,
  DeleteRegular,
  EyeOffRegular,
  EyeRegular,
  FolderRegular,
  LibraryRegular,
  OpenRegular,
  RenameRegular,
} from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceMaterial } from "../../../../contracts/lessons";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useNotify } from "../../../ui/toast";
import { ConfirmDialog } from "../../course/components/ConfirmDialog";
import { useCourseContext } from "../../course/courseContext";
import {
  useDeleteResourceMaterialMutation,
  useGetResourceMaterialsQuery,
  useUpdateResourceMaterialMutation,
  type ResourceUpdateArgs,
} from "../lessonApi";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";
import { AddResourceDialog, RenameResourceDialog, UploadResourceDialog } from "./ResourceDialogs";

/** Where a classroom resource opens: the full viewer, told which class it is seen in. */
export const resourceViewerPath = (courseGuid: string, contentGuid: string): string => `/viewer/${contentGuid}?course=${courseGuid}`;

/**
 * /course/{guid}/classroom-resources (spec §2, §7 lms/resource-materials): the materials a teacher
 * keeps at hand for the class. Teachers add them from their library or upload new ones, show or
 * hide them to students, rename, reorder and delete them; students see the visible ones.
 */
export function ClassroomResources() {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const notify = useNotify();
  const { course, studentView, editing } = useCourseContext();
  const titleId = useId();
  const { data, isLoading, isError, refetch } = useGetResourceMaterialsQuery(course.guid);
  const [update] = useUpdateResourceMaterialMutation();
  const [remove, { isLoading: deleting }] = useDeleteResourceMaterialMutation();
  const [dialog, setDialog] = useState<"library" | "upload" | undefined>(undefined);
  const [renaming, setRenaming] = useState<ResourceMaterial | undefined>(undefined);
  const [deletingItem, setDeletingItem] = useState<ResourceMaterial | undefined>(undefined);

  if (isLoading) return <Spinner label={t("classroom.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  const materials = studentView ? data.filter((m) => m.visibleToStudents && !m.content.deleted) : data;

  const change = (args: ResourceUpdateArgs) =>
    update(args)
      .unwrap()
      .then(() => true)
      .catch(() => {
        notify({ intent: "error", title: t("classroom.updateFailed") });
        return false;
      });

  const confirmDelete = async () => {
    if (!deletingItem) return;
    try {
      await remove({ guid: deletingItem.guid, courseGuid: course.guid }).unwrap();
      setDeletingItem(undefined);
    } catch {
      setDeletingItem(undefined);
      notify({ intent: "error", title: t("classroom.deleteFailed") });
    }
  };

  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <div className={styles.titleRow}>
        <h2 id={titleId} className={styles.title}>
          {t("classroom.title")}
        </h2>
        {editing ? (
          <div className={styles.actions}>
            <Button icon={<LibraryRegular />} onClick={() => setDialog("library")}>
              {t("classroom.addFromLibrary")}
            </Button>
            <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => setDialog("upload")}>
              {t("classroom.upload")}
            </Button>
          </div>
        ) : null}
      </div>
      {materials.length === 0 ? (
        <EmptyState
          icon={<FolderRegular />}
          title={t("classroom.emptyTitle")}
          body={editing ? t("classroom.emptyEditorBody") : t("classroom.emptyStudentBody")}
        />
      ) : (
        <ol className={styles.list} aria-label={t("classroom.listLabel")}>
          {materials.map((material, index) => (
            <li key={material.guid} className={styles.row}>
              <span className={styles.icon}>
                <ContentTypeIcon type={material.content.type} />
              </span>
              <div className={styles.rowText}>
                <h3 className={styles.rowTitle}>{material.title}</h3>
                <div className={styles.rowMeta}>
                  <span>{t(`types.${material.content.type}`)}</span>
                  {editing ? (
                    material.visibleToStudents ? (
                      <Badge appearance="tint" color="success" icon={<EyeRegular />}>
                        {t("classroom.visible")}
                      </Badge>
                    ) : (
                      <Badge appearance="outline" color="subtle" icon={<EyeOffRegular />}>
                        {t("classroom.hidden")}
                      </Badge>
                    )
                  ) : null}
                  {material.content.deleted ? (
                    <Badge appearance="outline" color="danger">
                      {t("items.deleted")}
                    </Badge>
                  ) : null}
                </div>
              </div>
              <div className={styles.actions}>
                <LinkButton
                  to={resourceViewerPath(course.guid, material.content.guid)}
                  appearance="primary"
                  size="small"
                  icon={<OpenRegular />}
                  aria-label={t("classroom.openLabel", { title: material.title })}
                >
                  {t("classroom.open")}
                </LinkButton>
                {editing ? (
                  <>
                    <Switch
                      checked={material.visibleToStudents}
                      label={t("classroom.visible")}
                      aria-label={t("classroom.visibleLabel", { title: material.title })}
                      onChange={(_, d) => void change({ guid: material.guid, courseGuid: course.guid, body: { visibleToStudents: d.checked } })}
                    />
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<RenameRegular />}
                      aria-label={t("classroom.renameLabel", { title: material.title })}
                      onClick={() => setRenaming(material)}
                    />
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowUpRegular />}
                      aria-label={t("classroom.moveUp", { title: material.title })}
                      disabledFocusable={index === 0}
                      onClick={() => void change({ guid: material.guid, courseGuid: course.guid, body: { position: index } })}
                    />
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowDownRegular />}
                      aria-label={t("classroom.moveDown", { title: material.title })}
                      disabledFocusable={index === materials.length - 1}
                      onClick={() => void change({ guid: material.guid, courseGuid: course.guid, body: { position: index + 2 } })}
                    />
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={t("classroom.deleteLabel", { title: material.title })}
                      onClick={() => setDeletingItem(material)}
                    />
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <>
          <AddResourceDialog open={dialog === "library"} courseGuid={course.guid} onClose={() => setDialog(undefined)} />
          <UploadResourceDialog open={dialog === "upload"} courseGuid={course.guid} onClose={() => setDialog(undefined)} />
          {renaming ? (
            <RenameResourceDialog
              key={renaming.guid}
              material={renaming}
              onClose={() => setRenaming(undefined)}
              onRename={async (title) => {
                if (await change({ guid: renaming.guid, courseGuid: course.guid, body: { title } })) setRenaming(undefined);
              }}
            />
          ) : null}
          <ConfirmDialog
            open={deletingItem !== undefined}
            title={t("classroom.deleteTitle", { title: deletingItem?.title ?? "" })}
            body={t("classroom.deleteBody")}
            confirmLabel={t("classroom.delete")}
            busy={deleting}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeletingItem(undefined)}
          />
        </>
      ) : null}
    </section>
  );
}
