import { lazy, useEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useHost } from "../../app/hostContext";
import { useAppSelector } from "../../app/store";
import { subPageIdToPath } from "../../platform/deepLinks";
import { selectIsAuthenticated } from "../auth/authSlice";
import { teamsSsoApplies } from "./ssoRules";

/** The SSO screens, only ever downloaded inside Teams. */
const TeamsSignIn = lazy(() =>
  import(/* webpackChunkName: "teams-sign-in" */ "./TeamsSignIn").then((m) => ({ default: m.TeamsSignIn })),
);

/** A Teams deep link's sub-page is followed once per load, not on every later navigation. */
let deepLinkFollowed = false;
/** For tests: forget that the deep link was followed. */
export const resetTeamsDeepLink = () => {
  deepLinkFollowed = false;
};

/**
 * Inside Teams: signs in with Teams SSO before any route renders (instead of the login page) and
 * opens a deep link's sub-page. Standalone it renders its children untouched.
 */
export function TeamsGate({ children }: { children: ReactNode }) {
  const host = useHost();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { pathname } = useLocation();
  const { frameContext, subPageId } = host.context;
  if (!teamsSsoApplies(host.context, pathname)) return children;
  if (!signedIn) return <TeamsSignIn />;
  return (
    <>
      {(frameContext ?? "content") === "content" ? <FollowDeepLink subPageId={subPageId} /> : null}
      {children}
    </>
  );
}

/** Opens the screen a Teams deep link (sub-page id) names, once per load. */
function FollowDeepLink({ subPageId }: { subPageId: string | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (deepLinkFollowed) return;
    deepLinkFollowed = true;
    const target = subPageIdToPath(subPageId);
    if (target && target !== pathname) void navigate(target, { replace: true });
  }, [navigate, pathname, subPageId]);
  return null;
}
