import { Button, type ButtonProps } from "@fluentui/react-components";
import type { MouseEvent, ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";

export type LinkButtonProps = {
  to: string;
  children?: ReactNode;
  icon?: ButtonProps["icon"];
  appearance?: ButtonProps["appearance"];
  size?: ButtonProps["size"];
  "aria-label"?: string;
  className?: string;
};

/** A Fluent button that is a real link (new tab, copy address) and navigates inside the app. */
export function LinkButton({ to, children, ...rest }: LinkButtonProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button as="a" href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event)} {...rest}>
      {children}
    </Button>
  );
}
