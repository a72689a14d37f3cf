import type { JobFile } from "../../../contracts/tasks";
import { uploadWithProgress } from "../lesson/uploader";

/*
 * A student's hand-in upload (POST front/jobs/{guid}/files, multipart field "file"), with progress:
 * the same XMLHttpRequest upload as content files, so the server's keys (FILE_TYPE_NOT_ALLOWED,
 * FILE_TOO_LARGE, JOB_FILES_LIMIT…) reach errorMessage() in RTK Query's error shape.
 */

export type JobUploadRequest = {
  jobGuid: string;
  file: File;
  token?: string;
  edition?: string;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
};

export function uploadJobFile({ jobGuid, file, token, edition, onProgress }: JobUploadRequest): Promise<JobFile> {
  const form = new FormData();
  form.append("file", file);
  return uploadWithProgress<JobFile>({ url: `/api/front/jobs/${encodeURIComponent(jobGuid)}/files`, form, token, edition, onProgress });
}
