import { useEffect } from "react";
import { useAppDispatch } from "../app/store";
import { loadingFinished, loadingStarted } from "../app/uiSlice";
import { BusyIndicator } from "./BusyIndicator";

export type SplashProps = {
  /** Edition logo, when known (decorative: the label carries the meaning). */
  logoUrl?: string;
  /** Accessible label; absent only before translations load. */
  label?: string;
};

/** Full-screen splash while the app boots or any loading task is pending (spec §2). Styles: app/global.css. */
export function Splash({ logoUrl, label }: SplashProps) {
  return (
    <div className="app-splash" role="status" aria-live="polite" aria-busy="true" data-testid="splash">
      {logoUrl ? <img className="app-splash__logo" src={logoUrl} alt="" /> : null}
      <BusyIndicator size="large" label={label} />
    </div>
  );
}

/** Registers a loading task (shows the splash) while `active` is true, and clears it after. */
export function useLoadingTask(id: string, active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return undefined;
    dispatch(loadingStarted(id));
    return () => {
      dispatch(loadingFinished(id));
    };
  }, [dispatch, id, active]);
}
