import { Button } from "@fluentui/react-components";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router-dom";
import { ReadyMarker } from "../../app/ready";
import { RouteErrorBoundary } from "../../app/RouteErrorBoundary";
import { useAppSelector } from "../../app/store";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { selectCurrentUser, selectIsAuthenticated } from "../auth/authSlice";
import { ShellHeader } from "./ShellHeader";

export const MAIN_ID = "main-content";

/** The assistant's button, for users who have it: never part of a first load (the sign-in pages' least of all). */
const ChatbotLauncher = lazy(() => import(/* webpackChunkName: "chatbot-launcher" */ "../chatbot/ChatbotLauncher").then((m) => ({ default: m.ChatbotLauncher })));

/** Only needed when a page fails, so not part of the first load. */
const ErrorState = lazy(() => import(/* webpackChunkName: "error-state" */ "../../ui/States").then((m) => ({ default: m.ErrorState })));

function PageLoading() {
  const { t } = useTranslation("common");
  return (
    <div className="app-page-loading" role="status">
      <BusyIndicator label={t("app.loading")} />
    </div>
  );
}

/**
 * The page frame (styles: app/global.css): skip link, header, and a main landmark holding the route's page. `minimal`
 * (sign-in screens) or a signed-out reader gets the logo + language header only.
 */
export function ShellLayout({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation("common");
  const signedIn = useAppSelector(selectIsAuthenticated);
  const chatbot = useAppSelector((state) => selectCurrentUser(state)?.chatbotEnabled ?? false);
  const { pathname } = useLocation();
  // The header's bell loads once this layout's first page is on display (a new layout after sign-in starts over).
  const [pageShown, setPageShown] = useState(false);
  const onShown = useCallback(() => setPageShown(true), []);
  return (
    <>
      <Button as="a" href={`#${MAIN_ID}`} className="app-skip" appearance="primary">
        {t("app.skipToContent")}
      </Button>
      <ShellHeader full={signedIn && !minimal} afterFirstScreen={pageShown} />
      <main id={MAIN_ID} className="app-main" tabIndex={-1}>
        {/* Keyed by path so moving to another page clears a failed one. */}
        <RouteErrorBoundary
          key={pathname}
          fallback={(retry) => (
            <Suspense fallback={null}>
              <ErrorState onRetry={retry} />
            </Suspense>
          )}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <ReadyMarker onShown={onShown} />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {signedIn && !minimal && chatbot && pageShown ? (
        <Suspense fallback={null}>
          <ChatbotLauncher />
        </Suspense>
      ) : null}
    </>
  );
}
