import { combineSlices, configureStore, createDynamicMiddleware, type Middleware, type Reducer, type UnknownAction, type WithSlice } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { authReducer, loggedOut, sessionStarted, userUpdated } from "../features/auth/authSlice";
import { saveAuthRecord } from "../features/auth/authStorage";
import type { baseApi } from "./api";
import { publicDataReducer } from "./publicData";
import { uiReducer } from "./uiSlice";

/*
 * The store starts without RTK Query (ADR 0031): the sign-in screens never load it. The first
 * module that imports app/api.ts (any signed-in screen's chunk, or the route-data starters) calls
 * `attachApi`, which injects the API's reducer and middleware into every store, made before or after.
 * Features that load later inject their own slices the same way (`slice.injectInto(rootReducer)`: notifications).
 */
export const rootReducer = combineSlices({ auth: authReducer, ui: uiReducer, publicData: publicDataReducer }).withLazyLoadedSlices<
  WithSlice<typeof baseApi>
>();
/**
 * The state as code that reads it sees it: only modules that import app/api.ts read the API's
 * slice, and importing it attaches the slice, so it is there whenever they run.
 */
export type RootState = ReturnType<typeof rootReducer> & WithSlice<typeof baseApi>;

/** Keeps the persisted auth record in step with the store. */
const persistAuth: Middleware<object, RootState> = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionStarted.match(action) || userUpdated.match(action) || loggedOut.match(action)) {
    saveAuthRecord(store.getState().auth.record);
  }
  return result;
};

/** What app/api.ts hands over when it loads: its reducer's slice, middleware and store setup. */
export type ApiAttachment = {
  api: typeof baseApi;
  middleware: readonly Middleware[];
  /** Runs once per store (RTK Query's focus and online listeners). */
  setup: (store: AppStore) => void;
};

let attachment: ApiAttachment | undefined;
/** Stores made before the API loaded (in the browser, the one store made at boot). */
const waiting = new Set<(a: ApiAttachment) => void>();

/** Called by app/api.ts as it is evaluated; idempotent. */
export function attachApi(next: ApiAttachment): void {
  if (attachment) return;
  attachment = next;
  rootReducer.inject(next.api);
  for (const attach of waiting) attach(next);
  waiting.clear();
}

/** The action that fills an injected slice's initial state at once (no RTK Query hook reads an empty store). */
const API_ATTACHED = { type: "app/apiAttached" } as const;

export function makeStore(preloadedState?: Partial<RootState>) {
  const dynamic = createDynamicMiddleware<RootState>();
  const store = configureStore({
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(persistAuth, dynamic.middleware),
  });
  const attach = (a: ApiAttachment) => {
    dynamic.addMiddleware(...(a.middleware as Middleware[]));
    store.dispatch(API_ATTACHED);
    a.setup(store);
  };
  if (attachment) attach(attachment);
  else waiting.add(attach);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
