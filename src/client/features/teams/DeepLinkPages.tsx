import { Navigate, useParams, useSearchParams } from "react-router-dom";
import { useHost } from "../../app/hostContext";
import { deepLinkPath } from "../../platform/deepLinks";

/** The sub-page id of this load: an explicit ?subEntityId= wins over the Teams context's. */
function useDeepLinkTarget(): string {
  const host = useHost();
  const [search] = useSearchParams();
  return deepLinkPath(search.get("subEntityId") ?? host.context.subPageId, search.get("loginContext"));
}

/** /deeplink[?subEntityId=...&loginContext=...]: opens the screen the link names (home when unknown). */
export function DeepLinkPage() {
  return <Navigate to={useDeepLinkTarget()} replace />;
}

/**
 * /auth/login/:token/deeplink: the token sign-in (TokenLoginPage) with the deep link's screen
 * as where to go once signed in.
 */
export function DeepLinkTokenPage() {
  const { token = "" } = useParams();
  const target = useDeepLinkTarget();
  return <Navigate to={`/auth/login/${encodeURIComponent(token)}?loginContext=${encodeURIComponent(target)}`} replace />;
}
