import type { Edition } from "../../../contracts/organization";
import type { Success } from "../../../contracts/common";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import { setRegion } from "../../i18n/region";

/** The edition (brand) serving this browser: public, fetched before sign-in. */
export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEdition: build.query<Edition, void>({
      query: () => "/edition",
      transformResponse: (body: Success<Edition>) => {
        const edition = unwrap(body);
        // The edition's country picks the regional formats and words (pt-BR or pt-PT).
        setRegion(edition.country);
        return edition;
      },
      providesTags: ["Edition"],
      // Branding changes rarely; keep it for the whole visit once loaded.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetEditionQuery } = shellApi;
