import type { MouseEvent } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";
import "./auth.css";

/**
 * A link that navigates client-side yet keeps a real href (new tab, copy link). A styled anchor
 * rather than Fluent's Link, which would add its own chunk to the login route's first load.
 */
export function RouteLink({ to, children }: { to: string; children: string }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a className="auth-link" href={href} onClick={(e: MouseEvent<HTMLAnchorElement>) => handleClick(e)}>
      {children}
    </a>
  );
}
