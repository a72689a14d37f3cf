import type { AuthChangePasswordReq, SessionUser } from "../../../contracts/auth";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import type { AuthOk } from "./authCalls";
import { userUpdated } from "./authSlice";

/** Signed-in account calls (the sign-in calls themselves are plain fetches: authCalls.ts). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<AuthOk, AuthChangePasswordReq>({
      query: (body) => ({ url: "/auth/change-password", method: "POST", body }),
      transformResponse: unwrap,
    }),
    logout: build.mutation<AuthOk, void>({
      query: () => ({ url: "/auth/logout", method: "POST" }),
      transformResponse: unwrap,
    }),
    getMe: build.query<SessionUser, void>({
      query: () => "/auth/me",
      transformResponse: unwrap,
      providesTags: ["Me"],
      // Keeps the persisted record's user in step with what the server says about them.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(userUpdated((await queryFulfilled).data));
        } catch {
          // The caller sees the error through the hook.
        }
      },
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useLogoutMutation,
  useGetMeQuery,
} = authApi;
