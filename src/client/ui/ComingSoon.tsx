import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TIMINGS_MS } from "../../contracts/limits";
import { useNotify } from "./toast";

type ShowComingSoon = (text?: string) => void;
const ComingSoonContext = createContext<ShowComingSoon | undefined>(undefined);

const ComingSoonDialog = lazy(() =>
  import(/* webpackChunkName: "coming-soon-dialog" */ "./ComingSoonDialog").then((m) => ({ default: m.ComingSoonDialog })),
);

/** Holds the coming-soon info dialog, so any screen can open it without rendering its own. */
export function ComingSoonProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const notify = useNotify();
  const [text, setText] = useState<string | undefined>(undefined);
  const show = useCallback<ShowComingSoon>(
    (message) => {
      if (message) setText(message);
      else notify({ intent: "info", title: t("comingSoon.title"), body: t("comingSoon.body"), timeoutMs: TIMINGS_MS.comingSoonToast });
    },
    [notify, t],
  );
  return (
    <ComingSoonContext.Provider value={show}>
      {children}
      {text !== undefined ? (
        <Suspense fallback={null}>
          <ComingSoonDialog text={text} onClose={() => setText(undefined)} />
        </Suspense>
      ) : null}
    </ComingSoonContext.Provider>
  );
}

/**
 * The coming-soon notice (spec §2, §9): `comingSoon()` shows a 2-second info toast,
 * `comingSoon(text)` an info dialog with that text.
 */
export function useComingSoon(): ShowComingSoon {
  const show = useContext(ComingSoonContext);
  if (!show) throw new Error("useComingSoon() needs a <ComingSoonProvider> above it");
  return show;
}
