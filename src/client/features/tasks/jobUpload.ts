import type { JobFile } from "../../../contracts/tasks";

/*
 * A student's hand-in upload (POST front/jobs/{guid}/files, multipart field "file"). fetch cannot
 * report upload progress, so this one call uses XMLHttpRequest with upload.onprogress. It sends the
 * headers the app's baseQuery sends (bearer token, edition) and fails with RTK Query's error shape
 * ({ status, data }) so errorMessage() translates the server's key (FILE_TYPE_NOT_ALLOWED,
 * FILE_TOO_LARGE, JOB_FILES_LIMIT…).
 */

export type JobUploadRequest = {
  jobGuid: string;
  file: File;
  token?: string;
  edition?: string;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
};

export type JobUploadError = { status: number | "FETCH_ERROR"; data?: unknown };

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function uploadJobFile({ jobGuid, file, token, edition, onProgress }: JobUploadRequest): Promise<JobFile> {
  return new Promise<JobFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/front/jobs/${encodeURIComponent(jobGuid)}/files`);
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    if (edition) xhr.setRequestHeader("x-edition", edition);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "data" in body) {
        onProgress?.(1);
        resolve((body as { data: JobFile }).data);
      } else {
        reject({ status: xhr.status, data: body } satisfies JobUploadError);
      }
    };
    xhr.onerror = () => reject({ status: "FETCH_ERROR" } satisfies JobUploadError);
    xhr.onabort = () => reject({ status: "FETCH_ERROR" } satisfies JobUploadError);
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
