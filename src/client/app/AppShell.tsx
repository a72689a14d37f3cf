import { FluentProvider } from "@fluentui/react-components";
import { Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { HostTheme } from "../platform";
import { ComingSoonProvider } from "../ui/ComingSoon";
import { Splash } from "../ui/Splash";
import { AppToaster } from "../ui/toast";
import { useHost } from "./hostContext";
import { useEdition } from "./publicData";
import { useAppSelector } from "./store";
import { loadThemeVariants, themeFor, themeReady } from "./theme";
import { selectIsLoading } from "./uiSlice";

/**
 * Follows the host's theme (Teams theme switch, OS dark mode) for as long as the app runs;
 * `ready` is false while a dark or contrast theme's chunk is still loading.
 */
function useHostTheme(): { hostTheme: HostTheme; ready: boolean } {
  const host = useHost();
  const [hostTheme, setHostTheme] = useState<HostTheme>(host.context.theme);
  const [, setLoaded] = useState(0);
  useEffect(() => host.onThemeChange(setHostTheme), [host]);
  const ready = themeReady(hostTheme);
  useEffect(() => {
    if (!ready) void loadThemeVariants().then(() => setLoaded((n) => n + 1));
  }, [ready]);
  return { hostTheme, ready };
}

/**
 * Everything around the routes: the edition's brand theme, the document title, toasts, the
 * coming-soon notice and the splash while the edition or any loading task is pending.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const { hostTheme, ready } = useHostTheme();
  const { data: edition, isLoading: editionLoading } = useEdition();
  const tasksPending = useAppSelector(selectIsLoading);
  // Light until a dark or contrast theme's chunk has loaded (the splash covers that moment).
  const shownTheme = ready ? hostTheme : "default";
  const theme = useMemo(() => themeFor(shownTheme, edition?.colors.primary), [shownTheme, edition?.colors.primary]);

  useEffect(() => {
    if (edition) document.title = edition.name;
  }, [edition]);

  const splash = <Splash logoUrl={edition?.logoUrl} label={t("app.loading")} />;
  return (
    <FluentProvider theme={theme} className="app-root">
      <ComingSoonProvider>
        <Suspense fallback={splash}>{children}</Suspense>
      </ComingSoonProvider>
      <AppToaster />
      {/* Also while a dark or contrast theme loads, so the light one never flashes. */}
      {editionLoading || tasksPending || !ready ? splash : null}
    </FluentProvider>
  );
}
