import { Field, Input, Textarea } from "@fluentui/react-components";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { CONTENT_TYPE_RULES } from "../../../../contracts/lessons-base";
import type { ContentTypeCode } from "../../../../contracts/lessons";
import { LabeledProgress } from "../../../ui/ProgressBar";
import { acceptAttribute, CAPTIONS_ACCEPT, formatBytes, takesCaptions, uploadLimitOf } from "../lessonRules";
import type { SourceDraft } from "../useContentCreation";

export type ContentSourceFieldsProps = {
  type: ContentTypeCode;
  draft: SourceDraft;
  onChange: (change: Partial<SourceDraft>) => void;
  /** lesson:form keys per field, and the parameters of a file error. */
  errors: Record<string, string>;
  params?: Record<string, string | number>;
  /** Fraction uploaded while an upload runs. */
  progress: number | undefined;
  disabled?: boolean;
};

/**
 * A new content's title, description and source, by its type's rules (spec §3): a file or
 * package with its formats and size limit (and captions for video and audio), an address, or text.
 */
export function ContentSourceFields({ type, draft, onChange, errors, params, progress, disabled }: ContentSourceFieldsProps) {
  const { t, i18n } = useTranslation("lesson");
  const rules = CONTENT_TYPE_RULES[type];
  const message = (field: string) => {
    const key = errors[field];
    if (!key) return undefined;
    if (key === "fileTooLarge") return t("form.fileTooLarge", { max: formatBytes(Number(params?.max ?? uploadLimitOf(type)), i18n.language) });
    if (key === "fileType") return t("form.fileType", { accept: params?.accept ?? rules.accept.join(", ") });
    return t(`form.${key}`);
  };
  const state = (field: string) => (errors[field] ? "error" : "none");
  const pickFile = (field: "file" | "captions") => (event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.files?.[0] });
  return (
    <>
      <Field label={t("add.contentTitle")} required validationMessage={message("title")} validationState={state("title")}>
        <Input value={draft.title} maxLength={200} disabled={disabled} onChange={(_, data) => onChange({ title: data.value })} />
      </Field>
      <Field label={t("add.description")} validationMessage={message("description")} validationState={state("description")}>
        <Textarea value={draft.description} maxLength={2000} disabled={disabled} onChange={(_, data) => onChange({ description: data.value })} />
      </Field>
      {rules.source === "file" || rules.source === "package" ? (
        <>
          <Field
            label={t("add.file")}
            required
            hint={t("add.fileHint", { accept: rules.accept.join(", "), max: formatBytes(uploadLimitOf(type), i18n.language) })}
            validationMessage={message("file")}
            validationState={state("file")}
          >
            {(props) => <input {...props} type="file" accept={acceptAttribute(rules.accept)} disabled={disabled} onChange={pickFile("file")} />}
          </Field>
          {takesCaptions(type) ? (
            <Field label={t("add.captions")} hint={t("add.captionsHint")} validationMessage={message("captions")} validationState={state("captions")}>
              {(props) => <input {...props} type="file" accept={CAPTIONS_ACCEPT} disabled={disabled} onChange={pickFile("captions")} />}
            </Field>
          ) : null}
          {progress !== undefined ? (
            <LabeledProgress label={t("add.uploading")} value={progress} max={1} hint={t("add.uploadProgress", { percent: Math.round(progress * 100) })} />
          ) : null}
        </>
      ) : null}
      {rules.source === "url" ? (
        <Field label={t("add.url")} required hint={t("add.urlHint")} validationMessage={message("url")} validationState={state("url")}>
          <Input type="url" value={draft.url} maxLength={2000} disabled={disabled} onChange={(_, data) => onChange({ url: data.value })} />
        </Field>
      ) : null}
      {rules.source === "text" ? (
        <Field label={t("add.body")} validationMessage={message("body")} validationState={state("body")}>
          <Textarea value={draft.body} resize="vertical" rows={8} disabled={disabled} onChange={(_, data) => onChange({ body: data.value })} />
        </Field>
      ) : null}
    </>
  );
}
