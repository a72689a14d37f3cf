import type { ProfileUpdateReq, SessionUser } from "../../../contracts/auth";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import { userUpdated } from "../auth/authSlice";

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/auth/me {locale}: the account's language follows the language switch. */
    updateProfile: build.mutation<SessionUser, ProfileUpdateReq>({
      query: (body) => ({ url: "/auth/me", method: "PATCH", body }),
      transformResponse: unwrap<SessionUser>,
      invalidatesTags: ["Me"],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Keeps the persisted auth record's user (and so the next boot's language) in step.
          dispatch(userUpdated(data));
        } catch {
          // The caller reports the failure.
        }
      },
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
