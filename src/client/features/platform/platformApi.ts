import type { Language } from "../../../contracts/common";
import type { LanguageScope, LanguageScopeName } from "../../../contracts/platform";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

export type HealthEnvelope = { platform_health_status: string };

/** Public platform data: health (status screen) and the language scopes (credits, terms, privacy). */
export const platformApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<HealthEnvelope, void>({
      query: () => "/health",
      transformResponse: unwrap<HealthEnvelope>,
      providesTags: ["Health"],
      keepUnusedDataFor: 0,
    }),
    getLanguageScope: build.query<LanguageScope, { scope: LanguageScopeName; lang: Language }>({
      query: ({ scope, lang }) => ({ url: `/languages/scopes/${scope}`, params: { lang } }),
      transformResponse: unwrap<LanguageScope>,
      providesTags: (_r, _e, { scope }) => [{ type: "Languages", id: scope }],
    }),
  }),
});

export const { useGetHealthQuery, useGetLanguageScopeQuery } = platformApi;
