import type { AuthLoginReq, AuthRecoverReq, AuthResetReq, AuthSession, AuthSignupReq } from "../../../contracts/auth";
import { callApi } from "../../app/http";

/**
 * The calls that start a session or need none. Plain fetches (app/http.ts), not RTK Query: there
 * is nothing to cache, and the sign-in screens then load no RTK Query code (ADR 0031). A failure
 * rejects with `{ status, data }`, read by errorKeyOf like any other call's.
 */

/** What `{ ok: true }` endpoints (recover, reset, change password, logout) answer. */
export type AuthOk = { ok: true };

export const login = (body: AuthLoginReq) => callApi<AuthSession>("/auth/login", { method: "POST", body });

export const signup = (body: AuthSignupReq) => callApi<AuthSession>("/auth/signup", { method: "POST", body });

export const recoverPassword = (body: AuthRecoverReq) => callApi<AuthOk>("/auth/recover-password", { method: "POST", body });

export const resetPassword = (body: AuthResetReq) => callApi<AuthOk>("/auth/reset-password", { method: "POST", body });

/** The one-time token travels in the Authorization header, never in a body or query. */
export const tokenLogin = (token: string) => callApi<AuthSession>("/auth/token-login", { method: "POST", token });
