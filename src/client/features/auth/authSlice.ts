import { createAction, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AuthSession, SessionUser } from "../../../contracts/auth";
import { loadAuthRecord, recordFromSession, type AuthRecord } from "./authStorage";

export type AuthState = { record: AuthRecord | undefined };

/** Dispatched on logout: every slice that holds user data resets on it (spec §4). */
export const loggedOut = createAction("auth/loggedOut");

const authSlice = createSlice({
  name: "auth",
  initialState: (): AuthState => ({ record: loadAuthRecord() }),
  reducers: {
    sessionStarted(state, action: PayloadAction<AuthSession>) {
      state.record = recordFromSession(action.payload);
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
