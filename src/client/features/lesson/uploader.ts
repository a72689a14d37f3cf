import type { ContentDetail } from "../../../contracts/lessons";

/*
 * The one upload that does not go through RTK Query: fetch cannot report upload progress, so the
 * multipart POST to the upload target uses XMLHttpRequest with upload.onprogress. It sends the same
 * headers as the app's baseQuery (bearer token, edition) and fails with the same shape as an RTK
 * Query error ({ status, data }), so errorMessage() translates the server's key.
 */

export type UploadRequest = {
  url: string;
  file: File;
  captions?: File;
  fileField: string;
  captionsField: string;
  token?: string;
  edition?: string;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export type UploadError = { status: number | "FETCH_ERROR"; data?: unknown };

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A multipart POST with upload progress (the app's other uploads use it too, e.g. a student's
 * hand-in): resolves with the envelope's `data`, rejects with RTK Query's error shape.
 */
export function uploadWithProgress<T>(request: { url: string; form: FormData; token?: string; edition?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<T> {
  const { url, form, token, edition, onProgress, signal } = request;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    if (edition) xhr.setRequestHeader("x-edition", edition);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "data" in body) {
        onProgress?.(1);
        resolve((body as { data: T }).data);
      } else {
        reject({ status: xhr.status, data: body } satisfies UploadError);
      }
    };
    xhr.onerror = () => reject({ status: "FETCH_ERROR" } satisfies UploadError);
    xhr.onabort = () => reject({ status: "FETCH_ERROR" } satisfies UploadError);
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function uploadContentFile(request: UploadRequest): Promise<ContentDetail> {
  const { url, file, captions, fileField, captionsField, token, edition, onProgress, signal } = request;
  const form = new FormData();
  form.append(fileField, file);
  if (captions) form.append(captionsField, captions);
  return uploadWithProgress<ContentDetail>({ url, form, token, edition, onProgress, signal });
}
