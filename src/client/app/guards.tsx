import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import type { Role } from "../../contracts/constants";
import { selectCurrentUser, selectIsAuthenticated } from "../features/auth/authSlice";
import { useAppSelector } from "./store";

export const LOGIN_PATH = "/auth/login";
export const HOME_PATH = "/home";

/** What the guard leaves in `location.state` when it sends a signed-out reader to sign in. */
export type FromState = { from: { pathname: string; search: string; hash: string } };

/**
 * Where to go after signing in: the remembered place when it is one of ours (a same-app path,
 * not a sign-in or sign-out screen), else home.
 */
export function returnPath(state: unknown, fallback: string = HOME_PATH): string {
  if (!state || typeof state !== "object" || !("from" in state)) return fallback;
  const from = (state as Partial<FromState>).from;
  if (!from || typeof from.pathname !== "string") return fallback;
  const { pathname } = from;
  if (!pathname.startsWith("/") || pathname.startsWith("//") || pathname.startsWith("/auth/") || pathname === "/logout") {
    return fallback;
  }
  return `${pathname}${typeof from.search === "string" ? from.search : ""}${typeof from.hash === "string" ? from.hash : ""}`;
}

/** Private routes: signed-out readers go to sign in, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (signedIn) return children;
  const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}

/**
 * Sign-in screens: a signed-in reader goes home, or back where they were heading, so a
 * successful sign-in needs no navigation of its own.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!signedIn) return children;
  return <Navigate to={returnPath(location.state)} replace />;
}

/**
 * Pages of one kind of work (writing questions): a signed-in reader whose role cannot do it gets
 * `fallback` (the not-found page) instead, never a screen whose every action the server refuses.
 */
export function RequireRole({ roles, fallback, children }: { roles: readonly Role[]; fallback: ReactNode; children: ReactNode }) {
  const role = useAppSelector(selectCurrentUser)?.role;
  return role !== undefined && roles.includes(role) ? children : fallback;
}
