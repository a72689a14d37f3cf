import type {
  AuthChangePasswordReq,
  AuthLoginReq,
  AuthRecoverReq,
  AuthResetReq,
  AuthSession,
  AuthSignupReq,
  SessionUser,
} from "../../../contracts/auth";
import { baseApi, unwrap } from "../../app/api";
import { userUpdated } from "./authSlice";

/** What `{ ok: true }` endpoints (recover, reset, change password, logout) answer. */
export type AuthOk = { ok: true };

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthSession, AuthLoginReq>({
      query: (body) => ({ url: "/auth/login", method: "POST", body }),
      transformResponse: unwrap,
    }),
    signup: build.mutation<AuthSession, AuthSignupReq>({
      query: (body) => ({ url: "/auth/signup", method: "POST", body }),
      transformResponse: unwrap,
    }),
    recoverPassword: build.mutation<AuthOk, AuthRecoverReq>({
      query: (body) => ({ url: "/auth/recover-password", method: "POST", body }),
      transformResponse: unwrap,
    }),
    resetPassword: build.mutation<AuthOk, AuthResetReq>({
      query: (body) => ({ url: "/auth/reset-password", method: "POST", body }),
      transformResponse: unwrap,
    }),
    changePassword: build.mutation<AuthOk, AuthChangePasswordReq>({
      query: (body) => ({ url: "/auth/change-password", method: "POST", body }),
      transformResponse: unwrap,
    }),
    logout: build.mutation<AuthOk, void>({
      query: () => ({ url: "/auth/logout", method: "POST" }),
      transformResponse: unwrap,
    }),
    /** The one-time token travels in the Authorization header, never in a body or query. */
    tokenLogin: build.mutation<AuthSession, string>({
      query: (token) => ({ url: "/auth/token-login", method: "POST", headers: { authorization: `Bearer ${token}` } }),
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
  useLoginMutation,
  useSignupMutation,
  useRecoverPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useLogoutMutation,
  useTokenLoginMutation,
  useGetMeQuery,
} = authApi;
