import type { LicenceRedeem, PersonalLicence, PersonalLicencePublications, ProfileLicences } from "../../../contracts/licences";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** Licence codes (spec §7): redeem one, list the caller's personal licences, a licence's publications. */
export const licenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/front/redeem: what it opens becomes available to add to classes, so both lists refresh. */
    redeemLicence: build.mutation<PersonalLicence, LicenceRedeem>({
      query: (body) => ({ url: "/front/redeem", method: "POST", body }),
      transformResponse: unwrap<PersonalLicence>,
      invalidatesTags: ["Licences", "AvailablePublications"],
    }),
    /** GET /api/front/profile/licenses: active licences, or expired ones with `expired`. */
    getLicences: build.query<ProfileLicences, { expired: boolean }>({
      query: ({ expired }) => ({ url: "/front/profile/licenses", params: expired ? { isExpired: "true" } : undefined }),
      transformResponse: unwrap<ProfileLicences>,
      providesTags: ["Licences"],
    }),
    /** GET /api/licenses/personals/:id/publications. */
    getLicencePublications: build.query<PersonalLicencePublications, string>({
      query: (id) => `/licenses/personals/${encodeURIComponent(id)}/publications`,
      transformResponse: unwrap<PersonalLicencePublications>,
      providesTags: (_result, _error, id) => [{ type: "Licences", id }],
    }),
  }),
});

export const { useRedeemLicenceMutation, useGetLicencesQuery, useGetLicencePublicationsQuery } = licenceApi;
