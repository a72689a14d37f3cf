import { createAction, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AuthSession, SessionUser } from "../../../contracts/auth";
import type { HostUser } from "../../platform";
import { loadAuthRecord, recordFromSession, type AuthRecord } from "./authStorage";

export type AuthState = { record: AuthRecord | undefined };

/** Dispatched on logout: every slice that holds user data resets on it (spec §4). */
export const loggedOut = createAction("auth/loggedOut");

const authSlice = createSlice({
  name: "auth",
  initialState: (): AuthState => ({ record: loadAuthRecord() }),
  reducers: {
    /**
     * A new or refreshed session. Teams SSO names the Teams user it was issued for; a refresh of
     * the same person's session keeps the one it had (ADR 0021).
     */
    sessionStarted(state, action: PayloadAction<AuthSession & { teamsUser?: HostUser }>) {
      const { teamsUser, ...session } = action.payload;
      const previous = state.record?.user.guid === session.user.guid ? state.record.teamsUser : undefined;
      state.record = recordFromSession(session, Date.now(), teamsUser ?? previous);
    },
    userUpdated(state, action: PayloadAction<SessionUser>) {
      if (state.record) state.record.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => {
      state.record = undefined;
    });
  },
});

export const { sessionStarted, userUpdated } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuthRecord = (s: WithAuth): AuthRecord | undefined => s.auth.record;
export const selectCurrentUser = (s: WithAuth): SessionUser | undefined => s.auth.record?.user;
export const selectIsAuthenticated = (s: WithAuth): boolean => s.auth.record !== undefined;
