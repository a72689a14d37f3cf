import { Link } from "@fluentui/react-components";
import type { MouseEvent, ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";

/** A Fluent link that navigates inside the app and still is a real link (new tab, copy link). */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={(e: MouseEvent<HTMLAnchorElement>) => onClick(e)}>
      {children}
    </Link>
  );
}
