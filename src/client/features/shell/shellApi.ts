import type { Edition } from "../../../contracts/organization";
import { baseApi, unwrap } from "../../app/api";

/** The edition (brand) serving this browser: public, fetched before sign-in. */
export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEdition: build.query<Edition, void>({
      query: () => "/edition",
      transformResponse: unwrap<Edition>,
      providesTags: ["Edition"],
      // Branding changes rarely; keep it for the whole visit once loaded.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetEditionQuery } = shellApi;
