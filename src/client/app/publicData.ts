import { createSlice, type PayloadAction, type ThunkAction, type ThunkDispatch, type UnknownAction } from "@reduxjs/toolkit";
import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import type { Edition } from "../../contracts/organization";
import type { SsoProvider } from "../features/auth/sso";
import { loggedOut, sessionStarted, type AuthState } from "../features/auth/authSlice";
import { setRegion } from "../i18n/region";
import { callApi } from "./http";

/**
 * What every visitor's first screen reads before anyone signs in: the edition serving this browser
 * (GET /api/edition: brand, languages, country) and its single sign-on providers
 * (GET /api/auth/providers). Plain fetches kept in the store, not RTK Query, so the sign-in screens
 * load no RTK Query code (ADR 0031). The server usually inlines both into the HTML (bootData.ts).
 */
export type PublicValues = { edition: Edition; ssoProviders: SsoProvider[] };
export type PublicKey = keyof PublicValues;

export type PublicEntry<T> = {
  status: "idle" | "loading" | "ready" | "failed";
  value?: T;
  /** The signed-in tenant the value was fetched for (GET /api/edition gives a signed-in caller their own). */
  tenant?: string;
};
export type PublicDataState = { [K in PublicKey]: PublicEntry<PublicValues[K]> };

const PATHS: Record<PublicKey, string> = { edition: "/edition", ssoProviders: "/auth/providers" };

const initialState = (): PublicDataState => ({ edition: { status: "idle" }, ssoProviders: { status: "idle" } });

const publicDataSlice = createSlice({
  name: "publicData",
  initialState,
  reducers: {
    publicLoading(state, action: PayloadAction<PublicKey>) {
      state[action.payload].status = "loading";
    },
    publicLoaded(state, action: PayloadAction<{ [K in PublicKey]: { key: K; value: PublicValues[K]; tenant?: string } }[PublicKey]>) {
      const { key, value, tenant } = action.payload;
      state[key] = { status: "ready", value, tenant } as never;
    },
    publicFailed(state, action: PayloadAction<PublicKey>) {
      state[action.payload].status = "failed";
    },
  },
  extraReducers: (builder) => {
    builder
      // Signed in to another tenant than the edition shown: fetch theirs (their brand, their languages).
      .addCase(sessionStarted, (state, action) => {
        const { edition } = state;
        if (edition.value && edition.value.guid !== action.payload.user.tenantGuid) state.edition = { status: "idle" };
      })
      // A signed-in reader's own edition is not the next visitor's: the host's is fetched again.
      .addCase(loggedOut, (state) => {
        if (state.edition.tenant !== undefined) state.edition = { status: "idle" };
      });
  },
});

export const { publicLoaded } = publicDataSlice.actions;
const { publicLoading, publicFailed } = publicDataSlice.actions;
export const publicDataReducer = publicDataSlice.reducer;

type WithPublicData = { auth: AuthState; publicData: PublicDataState };
type PublicThunk<R> = ThunkAction<R, WithPublicData, unknown, UnknownAction>;

/** One request per value at a time, per store (keyed by the store's dispatch). */
const inFlight = new WeakMap<object, Partial<Record<PublicKey, Promise<unknown>>>>();

/** Loads a value unless it is loaded or loading; resolves with it, rejects with the call's error. */
export function loadPublic<K extends PublicKey>(key: K): PublicThunk<Promise<PublicValues[K]>> {
  return (dispatch, getState) => {
    const { auth, publicData } = getState();
    const entry = publicData[key] as PublicEntry<PublicValues[K]>;
    if (entry.status === "ready" && entry.value !== undefined) return Promise.resolve(entry.value);
    const pending = inFlight.get(dispatch) ?? {};
    inFlight.set(dispatch, pending);
    const running = pending[key] as Promise<PublicValues[K]> | undefined;
    if (running) return running;
    dispatch(publicLoading(key));
    const record = auth.record;
    const call = callApi<PublicValues[K]>(PATHS[key], { token: record?.token }).then(
      (value) => {
        // The edition's country picks the regional formats and words (pt-BR or pt-PT).
        if (key === "edition") setRegion((value as Edition).country);
        dispatch(publicLoaded({ key, value, tenant: record?.user.tenantGuid } as Parameters<typeof publicLoaded>[0]));
        return value;
      },
      (error: unknown) => {
        dispatch(publicFailed(key));
        throw error;
      },
    );
    pending[key] = call;
    const settle = () => delete pending[key];
    call.then(settle, settle);
    return call;
  };
}

/**
 * A public value for a component: loads it on first use (the entry has usually started it, or the
 * HTML carried it). `isLoading` until it is known, as RTK Query's was, so the splash covers it.
 */
export function usePublicData<K extends PublicKey>(key: K): { data: PublicValues[K] | undefined; isLoading: boolean } {
  const dispatch = useDispatch<ThunkDispatch<WithPublicData, unknown, UnknownAction>>();
  const entry = useSelector((s: WithPublicData) => s.publicData[key]) as PublicEntry<PublicValues[K]>;
  useEffect(() => {
    // A failed load is not retried on every render; a later visit (or sign-in) asks again.
    if (entry.status === "idle") dispatch(loadPublic(key)).catch(() => undefined);
  }, [dispatch, entry.status, key]);
  return { data: entry.value, isLoading: entry.status === "idle" || entry.status === "loading" };
}

export const useEdition = () => usePublicData("edition");
