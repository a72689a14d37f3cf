import type { Middleware } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from "@reduxjs/toolkit/query/react";
import { Mutex } from "./mutex";
import type { AuthSession } from "../../contracts/auth";
import type { Success } from "../../contracts/common";
import { loggedOut, sessionStarted, type AuthState } from "../features/auth/authSlice";
import { currentEditionSlug } from "./edition";
import { attachApi } from "./store";

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth: AuthState }).auth.record?.token;
    if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
    const edition = currentEditionSlug();
    if (edition) headers.set("x-edition", edition);
    return headers;
  },
});

const refreshMutex = new Mutex();

/** Calls that start a session (or need none): a 401 from them is an answer, not an expired token. */
const SESSIONLESS = ["/auth/login", "/auth/signup", "/auth/refresh", "/auth/token-login", "/auth/recover-password", "/auth/reset-password"];

/**
 * On a 401 with a session, rotate the refresh token once (one refresh at a time for all
 * concurrent calls) and retry; if the refresh is refused, the session is over.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  await refreshMutex.wait();
  let result = await rawBaseQuery(args, api, extra);
  const record = (api.getState() as { auth: AuthState }).auth.record;
  const url = typeof args === "string" ? args : args.url;
  if (result.error?.status !== 401 || !record || SESSIONLESS.some((p) => url.startsWith(p))) return result;
  if (refreshMutex.locked) {
    await refreshMutex.wait();
    return rawBaseQuery(args, api, extra);
  }
  const release = refreshMutex.lock();
  try {
    const refreshed = await rawBaseQuery(
      { url: "/auth/refresh", method: "POST", headers: { authorization: `Bearer ${record.refreshToken}` } },
      api,
      extra,
    );
    if (refreshed.data) {
      api.dispatch(sessionStarted((refreshed.data as Success<AuthSession>).data));
      result = await rawBaseQuery(args, api, extra);
    } else {
      api.dispatch(loggedOut());
    }
  } finally {
    release();
  }
  return result;
};

/** The single RTK Query API; features add their endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: "api",
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    "Me",
    "Organization",
    "Edition",
    "Courses",
    "Publications",
    "Languages",
    "Health",
    "Course",
    "Members",
    "Program",
    "Stream",
    "Gradebook",
    "Resources",
    "Licences",
    "AvailablePublications",
    "Contents",
    "Lesson",
    "LessonItems",
    "CmsContents",
    "ResourceMaterials",
    "Results",
    "Projection",
    "Attempts",
    "Assessments",
    "Questions",
    "ErrorReports",
  ],
  endpoints: () => ({}),
});

/** On sign-out the cache goes with the session: nothing of the last reader stays for the next. */
const resetOnLogout: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) store.dispatch(baseApi.util.resetApiState());
  return result;
};

// This module is the door to RTK Query: whoever loads it (a signed-in screen's chunk, the route
// data starters) plugs the API into the store (ADR 0031).
attachApi({ api: baseApi, middleware: [baseApi.middleware, resetOnLogout], setup: (store) => void setupListeners(store.dispatch) });
