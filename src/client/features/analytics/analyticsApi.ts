import { EVIDENCE_PAGE_SIZE, type AnalyticsClassSummary, type ClassAnalytics, type KcEvidencePage } from "../../../contracts/analytics-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

export type EvidenceArg = { classGuid: string; studentGuid: string; kc: string; offset: number };
export type CsvExport = { text: string; fileName: string };

const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

/** The file name the server gave (Content-Disposition), else a plain one. */
export function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? "analytics.csv";
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Analytics"] });

/** Teacher analytics (src/server/modules/analytics, ADR 0036). Nothing is kept long: recall changes with time. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsClasses: build.query<{ items: AnalyticsClassSummary[] }, void>({
      query: () => "/front/analytics",
      transformResponse: unwrap<{ items: AnalyticsClassSummary[] }>,
      providesTags: ["Analytics"],
    }),
    getClassAnalytics: build.query<ClassAnalytics, string>({
      query: (guid) => `/front/analytics/${encodeURIComponent(guid)}`,
      transformResponse: unwrap<ClassAnalytics>,
      providesTags: ["Analytics"],
    }),
    getKcEvidence: build.query<KcEvidencePage, EvidenceArg>({
      query: (a) => `/front/analytics/${path(a.classGuid, "students", a.studentGuid, "kcs", a.kc)}/evidence?offset=${a.offset}&pageSize=${EVIDENCE_PAGE_SIZE}`,
      transformResponse: unwrap<KcEvidencePage>,
      providesTags: ["Analytics"],
    }),
    /** The CSV as text (a string keeps the store serialisable); failures keep the error envelope. */
    exportAnalyticsCsv: build.mutation<CsvExport, { guid: string; lang: string }>({
      query: ({ guid, lang }) => ({
        url: `/front/analytics/${encodeURIComponent(guid)}/export?lang=${encodeURIComponent(lang)}`,
        responseHandler: async (response: Response): Promise<unknown> =>
          response.ok ? { text: await response.text(), fileName: fileNameOf(response.headers.get("content-disposition")) } : response.json(),
      }),
    }),
  }),
});

export const { useGetAnalyticsClassesQuery, useGetClassAnalyticsQuery, useGetKcEvidenceQuery, useExportAnalyticsCsvMutation } = analyticsApi;

/**
 * Saves `text` as a file. The byte-order mark the server sent is dropped by `Response.text()`, so it
 * is put back: Excel needs it to read UTF-8.
 */
export function saveCsv(file: CsvExport): void {
  const bom = "\uFEFF";
  const blob = new Blob([file.text.startsWith(bom) ? file.text : bom + file.text], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the address is freed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
