import { combineReducers, configureStore, type Middleware } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { useDispatch, useSelector } from "react-redux";
import { authReducer, loggedOut, sessionStarted, userUpdated } from "../features/auth/authSlice";
import { saveAuthRecord } from "../features/auth/authStorage";
import { baseApi } from "./api";
import { uiReducer } from "./uiSlice";

const reducer = combineReducers({
  auth: authReducer,
  ui: uiReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});
export type RootState = ReturnType<typeof reducer>;

/** Keeps the persisted auth record in step with the store. */
const persistAuth: Middleware<object, RootState> = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionStarted.match(action) || userUpdated.match(action) || loggedOut.match(action)) {
    saveAuthRecord(store.getState().auth.record);
  }
  if (loggedOut.match(action)) store.dispatch(baseApi.util.resetApiState());
  return result;
};

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, persistAuth),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
