import { Button, Field, Input, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTHORABLE_CONTENT_TYPES } from "../../../../contracts/lessons-base";
import type { ContentSummary, ContentTypeCode, ResourceMaterial } from "../../../../contracts/lessons";
import { errorMessage } from "../../../ui/errors";
import { ModalDialog } from "../../../ui/ModalDialog";
import { SelectField } from "../../../ui/Select";
import { useNotify } from "../../../ui/toast";
import { useCreateResourceMaterialMutation } from "../lessonApi";
import { contentRequestFrom, emptySource, useContentCreation, type SourceDraft } from "../useContentCreation";
import { ContentSourceFields } from "./ContentSourceFields";
import { LibraryPicker } from "./LibraryPicker";
import { useLessonStyles } from "./lessonStyles";

type DialogProps = { open: boolean; courseGuid: string; onClose: () => void };

/** Adds one content of the teacher's library to the class's resources (visible to students). */
export function AddResourceDialog({ open, courseGuid, onClose }: DialogProps) {
  const { t } = useTranslation(["lesson", "errors"]);
  const notify = useNotify();
  const [chosen, setChosen] = useState<ContentSummary | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [add, { isLoading }] = useCreateResourceMaterialMutation();
  const close = () => {
    setChosen(undefined);
    setFailure(undefined);
    onClose();
  };
  const submit = async () => {
    if (!chosen) {
      setFailure(t("form.contentRequired"));
      return;
    }
    try {
      await add({ courseGuid, contentGuid: chosen.guid, visibleToStudents: true }).unwrap();
      notify({ intent: "success", title: t("classroom.added", { title: chosen.title }) });
      close();
    } catch (error) {
      setFailure(`${t("classroom.addFailed")}: ${errorMessage(t, error)}`);
    }
  };
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t("classroom.addFromLibrary")}
      size="small"
      actions={
        <>
          <Button onClick={close} disabled={isLoading}>
            {t("classroom.cancel")}
          </Button>
          <Button appearance="primary" onClick={() => void submit()} disabled={isLoading}>
            {t("classroom.add")}
          </Button>
        </>
      }
    >
      <LibraryPicker selectedGuid={chosen?.guid} onSelect={setChosen} />
      {failure ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
    </ModalDialog>
  );
}

/** Uploads (or writes) a new content and adds it to the class's resources. */
export function UploadResourceDialog({ open, courseGuid, onClose }: DialogProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation(["lesson", "errors"]);
  const notify = useNotify();
  const [type, setType] = useState<ContentTypeCode>("CTTY_05");
  const [source, setSource] = useState<SourceDraft>(emptySource);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Record<string, string | number> | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { create, progress } = useContentCreation();
  const [add] = useCreateResourceMaterialMutation();
  const close = () => {
    setSource(emptySource());
    setErrors({});
    setFailure(undefined);
    onClose();
  };
  const submit = async () => {
    const request = contentRequestFrom(type, source);
    setParams(request.params);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      const content = await create(request.body);
      await add({ courseGuid, contentGuid: content.guid, title: request.body.create.title, visibleToStudents: true }).unwrap();
      notify({ intent: "success", title: t("classroom.added", { title: request.body.create.title }) });
      close();
    } catch (error) {
      setFailure(`${t("classroom.addFailed")}: ${errorMessage(t, error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t("classroom.uploadTitle")}
      size="small"
      actions={
        <>
          <Button onClick={close} disabled={busy}>
            {t("classroom.cancel")}
          </Button>
          <Button appearance="primary" onClick={() => void submit()} disabled={busy}>
            {t("classroom.add")}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <SelectField
          label={t("classroom.type")}
          value={type}
          options={AUTHORABLE_CONTENT_TYPES.map((code) => ({ value: code, label: t(`types.${code}`) }))}
          onChange={(value) => {
            setType(value as ContentTypeCode);
            setErrors({});
          }}
          disabled={busy}
        />
        <ContentSourceFields
          key={type}
          type={type}
          draft={source}
          onChange={(change) => setSource((current) => ({ ...current, ...change }))}
          errors={errors}
          params={params}
          progress={progress}
          disabled={busy}
        />
        {failure ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ModalDialog>
  );
}

/** Renames a resource for this class (the content keeps its own title). */
export function RenameResourceDialog({
  material,
  onClose,
  onRename,
}: {
  material: ResourceMaterial;
  onClose: () => void;
  onRename: (title: string) => Promise<void>;
}) {
  const { t } = useTranslation("lesson");
  const [title, setTitle] = useState(material.title);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t("form.required"));
      return;
    }
    setBusy(true);
    try {
      await onRename(trimmed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t("classroom.renameTitle")}
      size="s"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t("classroom.cancel")}
          </Button>
          <Button appearance="primary" onClick={() => void submit()} disabled={busy}>
            {t("classroom.save")}
          </Button>
        </>
      }
    >
      <Field label={t("classroom.newName")} required validationMessage={error} validationState={error ? "error" : "none"}>
        <Input value={title} maxLength={200} onChange={(_, d) => setTitle(d.value)} />
      </Field>
    </ModalDialog>
  );
}
