import { useState } from "react";
import { CONTENT_TYPE_RULES, UPLOAD_LIMITS } from "../../../contracts/lessons-base";
import { ContentCreateSchema, type ContentCreate, type ContentDetail, type ContentTypeCode } from "../../../contracts/lessons";
import { currentEditionSlug } from "../../app/edition";
import { useAppSelector } from "../../app/store";
import { useCreateContentMutation, useLazyGetUploadTargetQuery } from "./lessonApi";
import { CAPTION_EXTENSIONS } from "../../../contracts/lessons-base";
import { fieldErrors, fileProblem, uploadLimitOf, type Checked } from "./lessonRules";
import { uploadContentFile } from "./uploader";

/** What the teacher typed or chose for a new content (spec §3: file, package, address or text). */
export type SourceDraft = {
  title: string;
  description: string;
  url: string;
  body: string;
  file: File | undefined;
  captions: File | undefined;
};

export const emptySource = (): SourceDraft => ({ title: "", description: "", url: "", body: "", file: undefined, captions: undefined });

export type ContentRequest = { create: ContentCreate; file?: File; captions?: File };

/** Checks a new content before anything is created (errors are lesson:form keys, with params for files). */
export function contentRequestFrom(type: ContentTypeCode, draft: SourceDraft): Checked<ContentRequest> & { params?: Record<string, string | number> } {
  const rules = CONTENT_TYPE_RULES[type];
  const errors: Record<string, string> = {};
  let params: Record<string, string | number> | undefined;
  const parsed = ContentCreateSchema.safeParse({
    type,
    title: draft.title,
    description: draft.description,
    url: rules.source === "url" ? draft.url.trim() || undefined : undefined,
    body: rules.source === "text" ? draft.body : undefined,
  });
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues));
  if (rules.source === "url" && !draft.url.trim()) errors.url = "required";
  if (rules.source === "file" || rules.source === "package") {
    if (!draft.file) errors.file = "fileRequired";
    else {
      const problem = fileProblem(draft.file, rules.accept, uploadLimitOf(type));
      if (problem) {
        errors.file = problem.key;
        params = problem.key === "fileType" ? { accept: problem.accept } : { max: problem.max };
      }
    }
    if (draft.captions) {
      const problem = fileProblem(draft.captions, CAPTION_EXTENSIONS, UPLOAD_LIMITS.captionsBytes);
      if (problem) errors.captions = problem.key;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, params };
  return { ok: true, body: { create: parsed.data, file: draft.file, captions: draft.captions } };
}

/**
 * Creates a content and, for files and packages, uploads it to the server's upload target with
 * progress. Resolves with the content as the server has it after the upload.
 */
export function useContentCreation() {
  const [createContent] = useCreateContentMutation();
  const [getUploadTarget] = useLazyGetUploadTargetQuery();
  const token = useAppSelector((state) => state.auth.record?.token);
  const [progress, setProgress] = useState<number | undefined>(undefined);

  const create = async ({ create: body, file, captions }: ContentRequest): Promise<ContentDetail> => {
    const content = await createContent(body).unwrap();
    if (!file) return content;
    const target = await getUploadTarget(content.guid).unwrap();
    setProgress(0);
    try {
      return await uploadContentFile({
        url: target.uploadUrl,
        file,
        captions,
        fileField: target.fileField,
        captionsField: target.captionsField,
        token,
        edition: currentEditionSlug(),
        onProgress: setProgress,
      });
    } finally {
      setProgress(undefined);
    }
  };
  return { create, progress };
}
