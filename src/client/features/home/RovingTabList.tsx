import {
  renderTabList_unstable,
  useFluent,
  useTabListContextValues_unstable,
  useTabListStyles_unstable,
  useTabList_unstable,
  useMergedRefs,
  type TabListProps,
} from "@fluentui/react-components";
import { forwardRef, useLayoutEffect, useRef, type KeyboardEvent } from "react";

/** The tabs a key can move to: enabled tabs, in document order. */
const enabledTabs = (list: HTMLElement): HTMLElement[] =>
  Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]')).filter((tab) => !tab.hasAttribute("disabled") && tab.getAttribute("aria-disabled") !== "true");

/** Where a key moves focus among `count` tabs from `index` (circular, like Fluent's TabList); undefined for other keys. */
export function nextTabIndex(key: string, index: number, count: number, opts: { vertical: boolean; rtl: boolean }): number | undefined {
  if (count === 0) return undefined;
  const forward = opts.vertical ? "ArrowDown" : opts.rtl ? "ArrowLeft" : "ArrowRight";
  const backward = opts.vertical ? "ArrowUp" : opts.rtl ? "ArrowRight" : "ArrowLeft";
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

/**
 * Fluent's TabList (same look, same Tab children, same selection), with the WAI-ARIA roving tab
 * index instead of tabster's arrow-key group. That group keeps two focus sentinels inside the list
 * (`<i tabindex="0" aria-hidden="true" data-tabster-dummy>`) that axe and Lighthouse report as
 * `aria-hidden-focus`; here nothing aria-hidden is focusable. Tab enters on the selected tab,
 * the arrow keys (circular), Home and End move between tabs, and a click or Enter selects.
 */
export const RovingTabList = forwardRef<HTMLDivElement, TabListProps>(function RovingTabList(props, ref) {
  const { dir } = useFluent();
  const listRef = useRef<HTMLDivElement>(null);
  const state = useTabList_unstable(props, useMergedRefs(ref, listRef));
  // The tabster "mover" attribute is what creates the sentinels: the list keeps every other attribute.
  const { "data-tabster": _mover, ...root } = state.root as typeof state.root & { "data-tabster"?: string };
  const { onKeyDown } = props;
  state.root = {
    ...root,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      const list = listRef.current;
      if (event.defaultPrevented || !list || event.altKey || event.ctrlKey || event.metaKey) return;
      const tabs = enabledTabs(list);
      const current = tabs.findIndex((tab) => tab === document.activeElement);
      const next = nextTabIndex(event.key, Math.max(current, 0), tabs.length, { vertical: state.vertical, rtl: dir === "rtl" });
      if (next === undefined) return;
      event.preventDefault();
      tabs[next]?.focus();
    },
  };

  // Roving tab index: only the selected tab (or the first, when none is) is in the page's tab order.
  // By value (each Tab writes it on its button): the tabs learn the selection a render later.
  const selectedValue = state.selectedValue === undefined ? undefined : String(state.selectedValue);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const tabs = enabledTabs(list);
    const selected = tabs.find((tab) => tab.getAttribute("value") === selectedValue) ?? tabs[0];
    for (const tab of tabs) tab.tabIndex = tab === selected ? 0 : -1;
  });

  const contextValues = useTabListContextValues_unstable(state);
  useTabListStyles_unstable(state);
  return renderTabList_unstable(state, contextValues);
});
