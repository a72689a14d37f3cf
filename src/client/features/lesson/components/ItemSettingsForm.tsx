import { Button, Field, Input } from "@fluentui/react-components";
import { DeleteRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LessonItem, LessonItemUpdate } from "../../../../contracts/lessons";
import { useNotify } from "../../../ui/toast";
import { ConfirmDialog } from "../../course/components/ConfirmDialog";
import { useDeleteLessonItemMutation, useUpdateLessonItemMutation } from "../lessonApi";
import { itemUpdateFrom } from "../itemUpdate";
import { draftOf, isAssignment, offersDownload, type ItemSettingsDraft } from "../lessonRules";
import { useLessonStyles } from "./lessonStyles";
import { PublicationFields } from "./PublicationFields";

export type ItemSettingsFormProps = {
  item: LessonItem;
  /** The edit page lets the teacher rename the item; the sidebar keeps to the settings. */
  showTitle: boolean;
  onDeleted: () => void;
  onSaved?: (item: LessonItem) => void;
};

/**
 * An item's general settings (spec §3 general-settings sidebar, §4 publication): status with its
 * date, due date, download, and the actions Publish, Unpublish, Save (Schedule), Save and publish
 * and Delete. A refused save says 'Error updating lesson item, try again' and keeps what was typed.
 * The parent keys it by item so another item starts from its own values.
 */
export function ItemSettingsForm({ item, showTitle, onDeleted, onSaved }: ItemSettingsFormProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const notify = useNotify();
  const [draft, setDraft] = useState<ItemSettingsDraft>(() => draftOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [update, { isLoading: saving }] = useUpdateLessonItemMutation();
  const [remove, { isLoading: deleting }] = useDeleteLessonItemMutation();
  const type = item.content.type;
  const translated = Object.fromEntries(Object.entries(errors).filter(([, key]) => key).map(([field, key]) => [field, t(`form.${key}`)]));

  const send = async (body: LessonItemUpdate) => {
    try {
      const saved = await update({ guid: item.guid, lessonGuid: item.lessonGuid, body }).unwrap();
      setDraft((current) => ({ ...current, status: saved.status, publishAt: draftOf(saved).publishAt }));
      notify({ intent: "success", title: t("settings.saved") });
      onSaved?.(saved);
    } catch {
      notify({ intent: "error", title: t("settings.updateFailed") });
    }
  };

  const save = (next: ItemSettingsDraft) => {
    const checked = itemUpdateFrom(next, type);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void send(checked.body);
  };

  const change = (patch: Partial<ItemSettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if ("publishAt" in patch || "status" in patch) setErrors((current) => ({ ...current, publishAt: "" }));
  };

  const confirmDelete = async () => {
    try {
      await remove({ guid: item.guid, lessonGuid: item.lessonGuid }).unwrap();
      setConfirming(false);
      notify({ intent: "success", title: t("settings.deleted", { title: item.title }) });
      onDeleted();
    } catch {
      setConfirming(false);
      notify({ intent: "error", title: t("settings.deleteFailed") });
    }
  };

  const busy = saving || deleting;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(draft);
      }}
    >
      {showTitle ? (
        <Field label={t("settings.itemTitle")} validationMessage={translated.title} validationState={errors.title ? "error" : "none"}>
          <Input value={draft.title} maxLength={200} onChange={(_, data) => change({ title: data.value })} />
        </Field>
      ) : null}
      <PublicationFields
        draft={draft}
        onChange={change}
        errors={translated}
        showDueAt={isAssignment(type)}
        showAllowDownload={offersDownload(type)}
        disabled={busy}
      />
      <div className={styles.formActions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {draft.status === "scheduled" ? t("settings.schedule") : t("settings.save")}
        </Button>
        <Button type="button" disabled={busy} onClick={() => save({ ...draft, status: "published" })}>
          {t("settings.saveAndPublish")}
        </Button>
        {item.status !== "published" ? (
          <Button type="button" disabled={busy} onClick={() => void send({ status: "published", publishAt: null })}>
            {t("settings.publish")}
          </Button>
        ) : null}
        {item.status !== "draft" ? (
          <Button type="button" disabled={busy} onClick={() => void send({ status: "draft", publishAt: null })}>
            {t("settings.unpublish")}
          </Button>
        ) : null}
        <Button type="button" appearance="subtle" icon={<DeleteRegular />} disabled={busy} onClick={() => setConfirming(true)}>
          {t("settings.delete")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("settings.deleteTitle", { title: item.title })}
        body={t("settings.deleteBody")}
        confirmLabel={t("settings.deleteConfirm")}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
