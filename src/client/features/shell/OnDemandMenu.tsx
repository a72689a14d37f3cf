import { Suspense, useState, type ReactElement, type ReactNode } from "react";

/** What the menu's trigger button gets: it announces a menu, starts loading it, and opens it. */
export type MenuTriggerProps = {
  "aria-haspopup": "menu";
  "aria-expanded": false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
};

/**
 * A header menu whose code loads on demand (ADR 0027): the trigger shows at once; the menu's chunk
 * (Fluent Menu with its positioning and focus code) starts loading when the reader reaches for the
 * button (hover or focus), and the menu replaces the trigger, opened, on the click. Until its code
 * is there the trigger stays as it is.
 */
export function OnDemandMenu({ load, trigger, menu }: { load: () => Promise<unknown>; trigger: (props: MenuTriggerProps) => ReactElement; menu: ReactNode }) {
  const [active, setActive] = useState(false);
  const button = trigger({
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: () => setActive(true),
  });
  if (!active) return button;
  return <Suspense fallback={button}>{menu}</Suspense>;
}
