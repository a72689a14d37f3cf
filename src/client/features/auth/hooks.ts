import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { AuthSession } from "../../../contracts/auth";
import { useAppDispatch } from "../../app/store";
import { sessionStarted } from "./authSlice";

/**
 * Refs for a form's inputs by field name, so a failed submit can focus the first invalid one.
 * The ref callbacks are cached per field to keep them stable across renders.
 */
export function useFieldFocus<F extends string>() {
  const elements = useRef(new Map<F, HTMLElement | null>());
  const callbacks = useRef(new Map<F, (el: HTMLElement | null) => void>());
  const refFor = useCallback((field: F) => {
    let cb = callbacks.current.get(field);
    if (!cb) {
      cb = (el: HTMLElement | null) => void elements.current.set(field, el);
      callbacks.current.set(field, cb);
    }
    return cb;
  }, []);
  const focus = useCallback((field: F | undefined) => {
    if (field) elements.current.get(field)?.focus();
  }, []);
  return { refFor, focus };
}

/** Whether the component is still mounted: async handlers must not update a page the user left. */
export function useMountedRef() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * What every successful sign-in does: keep the session (the store persists it), speak the
 * user's language, and leave the sign-in page without leaving it in the history.
 */
export function useStartSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  return useCallback(
    (session: AuthSession, to: string) => {
      dispatch(sessionStarted(session));
      void i18n.changeLanguage(session.user.locale);
      navigate(to, { replace: true });
    },
    [dispatch, i18n, navigate],
  );
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
