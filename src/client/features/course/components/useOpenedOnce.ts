import { useState } from "react";

/**
 * True from the first render where `open` is true, and from then on: a dialog or panel that starts
 * closed is not mounted (nor its code loaded) until someone opens it, and stays mounted afterwards
 * so its closing motion still plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
